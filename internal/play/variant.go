package play

import (
	"fmt"
	"strings"

	"github.com/outpost-chess/outpost/chess"
)

// chess960Mark begins the stored start of a Chess960 game (see
// StoredStart).
const chess960Mark = "chess960 "

// StoredStart returns how a store keeps start, a game's start position:
// its FEN, and for a Chess960 position the word "chess960", a space and its
// FEN. The FEN alone cannot tell the variant: Chess960 position 518 is the
// standard position, and X-FEN writes its castling as KQkq.
func StoredStart(start *chess.Position) string {
	if start.Chess960() {
		return chess960Mark + start.FEN()
	}
	return start.FEN()
}

// ParseStoredStart reads a start position as StoredStart writes it.
func ParseStoredStart(s string) (*chess.Position, error) {
	if fen, ok := strings.CutPrefix(s, chess960Mark); ok {
		return chess.ParseFEN960(fen)
	}
	return chess.ParseFEN(s)
}

// VariantName returns the name of start's variant as the API and PGN write
// it: "chess960" for a Chess960 position, "standard" otherwise.
func VariantName(start *chess.Position) string {
	if start.Chess960() {
		return "chess960"
	}
	return "standard"
}

// Chess960Label returns how a game that started from start is named where
// an opening's name would be: "Chess960 #N" from Chess960 start position
// N, "Chess960" from another Chess960 position, "" in standard chess
// (where the opening names it).
func Chess960Label(start *chess.Position) string {
	if !start.Chess960() {
		return ""
	}
	if n, ok := start.Chess960Number(); ok {
		return fmt.Sprintf("Chess960 #%d", n)
	}
	return "Chess960"
}

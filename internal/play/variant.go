package play

import (
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

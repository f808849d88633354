package server

import (
	"net/http"

	"github.com/outpost-chess/outpost/chess"
)

// This file reads the variant of POST /api/games (docs/server.md): a
// Chess960 game starts from a start position by its number or at random.

// chess960Request reports whether req asks for a Chess960 game, and refuses
// a variant it does not know, a number outside Chess960 or with a PGN
// (whose Variant tag says its variant) or a FEN (which is the start).
func chess960Request(req *NewGameRequest) (bool, error) {
	chess960 := false
	switch req.Variant {
	case "", "standard":
	case "chess960":
		chess960 = true
	default:
		return false, codef(http.StatusBadRequest, "unknown_variant", map[string]any{"variant": req.Variant},
			"variant %q: the variants are standard and chess960", req.Variant)
	}
	switch {
	case req.PGN != "" && chess960:
		return false, codef(http.StatusBadRequest, "variant_and_pgn", nil, "a PGN gives its variant in its Variant tag: give no variant with it")
	case req.Number == nil:
	case !chess960:
		return false, codef(http.StatusBadRequest, "number_without_chess960", nil, "number: only a Chess960 game has a start position number")
	case req.FEN != "":
		return false, codef(http.StatusBadRequest, "number_and_fen", nil, "give a FEN or a Chess960 number, not both")
	}
	return chess960, nil
}

// newChess960 returns Chess960 start position *n, or one at random when n
// is nil; a number outside 0-959 is refused with the chess package's words.
func newChess960(n *int) (*chess.Position, error) {
	if n == nil {
		p, _ := chess.RandomChess960(nil)
		return p, nil
	}
	p, err := chess.NewChess960(*n)
	if err != nil {
		return nil, codef(http.StatusBadRequest, "bad_chess960_number", map[string]any{"number": *n}, "%s", plainError(err))
	}
	return p, nil
}

// readFEN parses a position a request gives: in standard chess, or when
// standard chess cannot read it, in Chess960 (castling by rook files or
// with a king off the e-file: the analysis board and the explorer of a
// Chess960 game send them). A FEN that both read castles alike in both. A
// FEN neither reads gets the standard reader's error.
func readFEN(fen string) (*chess.Position, error) {
	p, err := chess.ParseFEN(fen)
	if err == nil {
		return p, nil
	}
	if p960, err960 := chess.ParseFEN960(fen); err960 == nil {
		return p960, nil
	}
	return nil, err
}

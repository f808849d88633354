package chess

import (
	"errors"
	"strings"
	"testing"
)

// TestParseErrorChecks checks that refused FENs and PGN moves name the
// check that failed and its values, for the front ends' words.
func TestParseErrorChecks(t *testing.T) {
	tests := []struct {
		in     string
		check  string
		values map[string]any
	}{
		{"8/8/8/8/8/8/8 w - - 0 1", "board_ranks", map[string]any{"n": 7}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w", "fen_fields", map[string]any{"n": 2, "least": 4}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side", map[string]any{"value": "x"}},
		{"rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board_char", map[string]any{"rank": "7", "char": "X"}},
		{"rnbqkbnr/pppppppp/8p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank_long", map[string]any{"rank": "6"}},
		{"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank_short", map[string]any{"rank": "6", "n": 7}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "castling_char", map[string]any{"char": "x"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "kings", map[string]any{"color": "white", "n": 0}},
		{"rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPP1/RNBQKBNP w Qkq - 0 1", "pawn_rank", nil},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove_clock", map[string]any{"value": "x", "least": uint64(0), "most": MaxMoveCounter}},
	}
	for _, tt := range tests {
		_, err := ParseFEN(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseFEN(%q) = %v, want a ParseError", tt.in, err)
			continue
		}
		if pe.Check != tt.check || len(pe.Values) != len(tt.values) {
			t.Errorf("ParseFEN(%q): check %q %v, want %q %v", tt.in, pe.Check, pe.Values, tt.check, tt.values)
			continue
		}
		for k, v := range tt.values {
			if pe.Values[k] != v {
				t.Errorf("ParseFEN(%q): %s = %v (%T), want %v (%T)", tt.in, k, pe.Values[k], pe.Values[k], v, v)
			}
		}
	}
	_, err := ReadPGN(strings.NewReader("1. e4 e5 2. Ke3 *"))
	var pe *ParseError
	var pg *PGNError
	if !errors.As(err, &pe) || pe.Check != "illegal_move" || pe.Values["move"] != "2. Ke3" || !errors.As(err, &pg) || pg.Line != 1 {
		t.Errorf("ReadPGN of an illegal move: %v, want a PGNError on line 1 holding the check illegal_move of 2. Ke3", err)
	}
}

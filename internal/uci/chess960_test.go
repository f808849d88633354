package uci

import (
	"strings"
	"testing"
)

// TestChess960 plays UCI_Chess960 sessions: the option declared, positions
// in Shredder-FEN and X-FEN, castling read and written as the king taking
// its rook, and a Chess960 FEN refused without the option.
func TestChess960(t *testing.T) {
	const on = "setoption name UCI_Chess960 value true\n"
	tests := []struct {
		name, in string
		want     []string // lines the output holds
	}{
		{"declared", "uci\n", []string{"option name UCI_Chess960 type check default false"}},
		{"castling in place, Shredder-FEN",
			on + "position fen 4k3/8/8/8/8/8/8/6KR w H - 0 1\ngo depth 1 searchmoves g1h1\n",
			[]string{"bestmove g1h1 ponder e8d7"}},
		{"castling in X-FEN, in the pv",
			on + "position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1\ngo depth 1 searchmoves e1b1\n",
			[]string{"pv e1b1 a7a5", "bestmove e1b1 ponder a7a5"}},
		{"moves castle by king takes rook",
			on + "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1\nd\n",
			[]string{"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"}},
		{"Shredder-FEN without the option",
			"position fen 4k3/8/8/8/8/8/8/6KR w H - 0 1\n",
			[]string{"Chess960"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			if err := Run(t.Context(), strings.NewReader(tt.in), &out, newFake()); err != nil {
				t.Fatalf("Run: %v", err)
			}
			for _, want := range tt.want {
				if !strings.Contains(out.String(), want) {
					t.Errorf("output lacks %q:\n%s", want, out.String())
				}
			}
		})
	}
}

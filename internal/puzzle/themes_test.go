package puzzle

import (
	"slices"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// TestThemes tags puzzles of known shapes: each wants its themes among
// those found, and none of those it must not have.
func TestThemes(t *testing.T) {
	tests := []struct {
		name    string
		pz      Puzzle
		want    []string
		mustNot []string
	}{
		{"back-rank mate", Puzzle{FEN: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", Moves: []string{"a1a8"}, Mate: true},
			[]string{ThemeMateIn1, ThemeBackRankMate, ThemeEndgame, ThemeOneMove}, []string{ThemeSmothered, ThemeFork}},
		{"smothered mate", Puzzle{FEN: "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", Moves: []string{"g5f7"}, Mate: true},
			[]string{ThemeMateIn1, ThemeSmothered}, []string{ThemeBackRankMate}},
		{"a hanging queen", Puzzle{FEN: "4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1", Moves: []string{"d1d5"}},
			[]string{ThemeHanging, ThemeOneMove, ThemeEndgame}, []string{ThemeMateIn1, ThemeSacrifice}},
		{"a knight attacking the queen alone: no fork", Puzzle{FEN: "4k3/8/8/2q5/8/8/3N4/4K3 w - - 0 1", Moves: []string{"d2b3"}},
			[]string{ThemeOneMove}, []string{ThemeFork}},
		{"a fork of rook and king", Puzzle{FEN: "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", Moves: []string{"b5c7"}},
			[]string{ThemeFork}, nil},
		{"a promotion", Puzzle{FEN: "8/5P1k/8/8/8/8/8/4K3 w - - 0 1", Moves: []string{"f7f8q"}},
			[]string{ThemePromotion}, nil},
		{"a queen given up on d8", Puzzle{FEN: "5rk1/5ppp/8/8/8/8/5PPP/3QR1K1 w - - 0 1", Moves: []string{"d1d8", "f8d8", "e1e8"}},
			[]string{ThemeSacrifice, ThemeShort}, nil},
		{"a double check", Puzzle{FEN: "4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 1", Moves: []string{"e2b5"}},
			[]string{ThemeDoubleCheck}, nil},
		{"the opening", Puzzle{FEN: "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", Moves: []string{"h5f7"}, Mate: true},
			[]string{ThemeOpening, ThemeMateIn1}, []string{ThemeEndgame, ThemeMiddlegame}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := chess.ParseFEN(tt.pz.FEN); err != nil {
				t.Fatal(err)
			}
			got := Themes(tt.pz)
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("themes %q lack %q", got, w)
				}
			}
			for _, w := range tt.mustNot {
				if slices.Contains(got, w) {
					t.Errorf("themes %q have %q", got, w)
				}
			}
		})
	}
}

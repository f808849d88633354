package tui

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/i18n"
	"github.com/outpost-chess/outpost/internal/puzzle"
	"github.com/outpost-chess/outpost/internal/store"
)

// testPuzzles are two puzzles with known solutions: a back-rank mate in
// one, and a hanging queen taken (a line of three moves).
var testPuzzles = []puzzle.Entry{
	{ID: "backrank01", FEN: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", LastMove: "g7g8", Moves: []string{"a1a8"}, Rating: 1000,
		Themes: []string{"mateIn1", "backRankMate", "oneMove"}},
	{ID: "queen00001", FEN: "4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1", LastMove: "d8d5", Moves: []string{"d1d5", "e8e7", "d5d7"}, Rating: 1100,
		Themes: []string{"hangingPiece", "short"}},
}

// TestPuzzlesPlain runs the line-mode trainer on a real SQLite store: a
// puzzle solved raises the rating and the streak, a wrong move loses the
// attempt (tried again, it solves without a rating), a hint and the
// solution lose it; bad input and unknown themes are answered in words.
func TestPuzzlesPlain(t *testing.T) {
	tests := []struct {
		name    string
		lang    i18n.Lang
		theme   string
		input   string
		want    []string // in this order in the output
		notWant []string
		tries   int // the attempts kept
	}{
		{name: "solved", theme: "mateIn1", input: "Ra8#\nnext\n",
			want: []string{"Puzzle backrank01, rated 1000", "Rating 1500 · streak 0 · theme: mateIn1", "Your move:", "Ra8#: solved!", "Rating 1500 → 1", "streak 1",
				"No puzzle left with this theme", "Puzzle rating 1"}, tries: 1},
		{name: "a line of three moves", theme: "hangingPiece", input: "d1d5\nQd7+\n",
			want: []string{"Qxd5 is right. The reply: Ke7. Go on.", "Qd7+: solved!", "Rating 1500 → "}, tries: 1},
		{name: "a wrong move, then right", theme: "mateIn1", input: "Ra7\nRa8#\n",
			want:    []string{"Ra7 is not the move.", "Rating 1500 → 1", "(-", "Ra8#: solved!", "streak 0"},
			notWant: []string{"(+"}, tries: 1},
		{name: "a hint and the solution", theme: "hangingPiece", input: "hint\nsolution\nQd5\n",
			want: []string{"Hint: move the queen on d1", "(-", "The solution: 1. Qxd5 Ke7 2. Qd7+", "This puzzle is over"}, tries: 1},
		{name: "bad input", theme: "mateIn1", input: "Ke2\nxyz\ntheme fork\ntheme hangingPiece\nnext\nquit\n",
			want: []string{`"Ke2" is illegal`, "Try again.", `"xyz" is not a move`, `No puzzle has the theme "fork"`, "Theme: hangingPiece", "Puzzle queen00001"}},
		{name: "in Chinese", lang: i18n.Chinese, theme: "mateIn1", input: "Ra7\nRa8#\n",
			want: []string{"轮到白方走：找出最好的一着。", "Ra7 不对。", "Ra8#：解出来了！", "战术题等级分"}, tries: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := store.Open(filepath.Join(t.TempDir(), "outpost.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			var out bytes.Buffer
			cfg := PuzzleConfig{Lang: tt.lang, Set: testPuzzles, Theme: tt.theme, Ratings: st, Seed: 1}
			if err := RunPuzzlesPlain(context.Background(), cfg, strings.NewReader(tt.input), &out); err != nil {
				t.Fatal(err)
			}
			text := out.String()
			rest := text
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("no %q (in order) in:\n%s", w, text)
				}
				rest = rest[i+len(w):]
			}
			for _, w := range tt.notWant {
				if strings.Contains(text, w) {
					t.Errorf("%q in:\n%s", w, text)
				}
			}
			attempts, err := st.PuzzleAttempts(context.Background(), PuzzlePlayer, 10)
			if err != nil || len(attempts) != tt.tries {
				t.Errorf("attempts kept: %+v, %v; want %d", attempts, err, tt.tries)
			}
		})
	}
}

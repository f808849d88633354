package tui

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
)

func TestPlain(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "two.pgn"), []byte("1. d4 d5 2. c4 *\n\n1. e4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name         string
		white, black string
		fen          string
		input        string
		want         []string // in this order in the output
		notWant      []string
		wantPlies    int
	}{
		{name: "moves against the AI", black: "ai:1", input: "e4\nNf3\n",
			want:      []string{"White: You. Black: Outpost level 1.", "8 r n b q k b n r 8", "White to move. Your move:", "You played 1. e4.", "Outpost level 1 played 1... ", "Last move: 1... ", "You played 2. Nf3.", "Outpost level 1 played 2... ", "End of input.", "The game is kept"},
			wantPlies: 4},
		{name: "bad input leaves the game unchanged", black: "ai:1", input: "xyz\ne5\nKe2\n\ne4\n",
			want:      []string{`"xyz" is not a move`, "Try again", `"e5" is illegal`, "Ke2", "illegal", "You played 1. e4."},
			notWant:   []string{"You played 1. e5"},
			wantPlies: 2},
		{name: "two people", input: "e4\ne5\nmoves\n",
			want:      []string{"White: White. Black: Black.", "White played 1. e4.", "Black to move. Your move:", "Black played 1... e5.", "1. e4       e5"},
			wantPlies: 2},
		{name: "the AI as White, the board flipped", white: "ai:1", input: "quit\n",
			want:      []string{"Outpost level 1 played 1. ", "  h g f e d c b a\n1 R N B K Q B N R 1", "Black to move. Your move:", "The game is kept"},
			wantPlies: 1},
		{name: "undo", black: "ai:1", input: "e4\nundo\nundo\nd4\n",
			want:      []string{"You played 1. e4.", "Took back 2 moves.", "There is no move of yours to take back.", "You played 1. d4."},
			wantPlies: 2},
		{name: "redo", black: "ai:1", input: "redo\ne4\nundo\nredo\nredo\n",
			want:      []string{"There is nothing to redo", "You played 1. e4.", "Took back 2 moves.", "Replayed 1. e4 ", "There is nothing to redo"},
			wantPlies: 2},
		{name: "checkmate ends the game", input: "f3\ne5\ng4\nQh4#\ne4\n",
			want:      []string{"Black played 2... Qh4#.", "Game over. 0-1: Black wins by checkmate"},
			notWant:   []string{"End of input", "White played 3. e4"},
			wantPlies: 4},
		{name: "resign", black: "ai:1", input: "resign\n",
			want:      []string{"Game over. 0-1: Black wins by resignation"},
			wantPlies: 0},
		{name: "rematch", black: "ai:1", input: "rematch\nresign\nrematch\nquit\n",
			want: []string{"The game is still on: a rematch comes once it is over", "Game over. 0-1: Black wins by resignation",
				"rematch to play it again", "Rematch: the same game again from its start, the colours swapped.", "Outpost level 1 played 1. "},
			wantPlies: 1},
		{name: "a draw offered and accepted", input: "draw\ndraw\ne4\ndraw\n", want: []string{"White offers a draw: Black accepts by typing draw",
			"You have offered a draw already", "Black to move (White offers a draw: draw accepts it", "Draw agreed.", "Game over. 1/2-1/2: Draw by agreement"}, wantPlies: 1},
		{name: "a draw offered to the AI", black: "ai:1", input: "draw\nquit\n", want: []string{"Outpost declines the draw: the position is still open"}},
		{name: "help and board", input: "help\nboard\n", want: []string{"save FILE", "1 R N B Q K B N R 1"}},
		{name: "save", input: "e4\nsave " + filepath.Join(dir, "g.pgn") + "\nsave\n", want: []string{"Saved to " + filepath.Join(dir, "g.pgn") + ".", "Could not save: no file name given"}, wantPlies: 1},
		{name: "load", black: "ai:1", input: "load " + filepath.Join(dir, "none.pgn") + "\nload " + filepath.Join(dir, "two.pgn") + "\nmoves\n",
			want: []string{"Could not load: open ", "no such file", "Loaded " + filepath.Join(dir, "two.pgn") + " (3 moves).", "Outpost level 1 played 2... ", "1. d4       d5", "2. c4"}, wantPlies: 4},
		{name: "a FEN start", fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 1", input: "O-O\n", want: []string{"White played 1. O-O."}, wantPlies: 1},
		{name: "empty input", input: "", want: []string{"End of input.", "The game is unfinished."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Config{Engine: testEngine()}
			if tc.white != "" {
				cfg.White = mustPlayer(t, tc.white)
			}
			if tc.black != "" {
				cfg.Black = mustPlayer(t, tc.black)
			}
			if tc.fen != "" {
				cfg.Start = chess.MustParseFEN(tc.fen)
			}
			k := &fakeStore{}
			cfg.Store = k
			var out bytes.Buffer
			if err := RunPlain(context.Background(), cfg, strings.NewReader(tc.input), &out); err != nil {
				t.Fatalf("RunPlain: %v", err)
			}
			text := out.String()
			rest := text
			for _, want := range tc.want {
				i := strings.Index(rest, want)
				if i < 0 {
					t.Fatalf("output lacks %q (in order):\n%s", want, text)
				}
				rest = rest[i+len(want):]
			}
			for _, not := range tc.notWant {
				if strings.Contains(text, not) {
					t.Errorf("output has %q:\n%s", not, text)
				}
			}
			if k.plies != tc.wantPlies {
				t.Errorf("kept %d plies (calls %q), want %d", k.plies, k.calls, tc.wantPlies)
			}
		})
	}
	data, err := os.ReadFile(filepath.Join(dir, "g.pgn"))
	if err != nil || !strings.Contains(string(data), "1. e4 *") {
		t.Errorf("saved file: %v\n%s", err, data)
	}
}

// TestPlainStops checks that line mode stops when its context is
// cancelled while it waits for a move, and reports a failing output.
func TestPlainStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	defer r.Close()
	done := make(chan error)
	var out bytes.Buffer
	go func() { done <- RunPlain(ctx, Config{}, r, &out) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("RunPlain after cancel: %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("RunPlain did not stop when its context was cancelled")
	}

	broken := errors.New("broken pipe")
	err = RunPlain(context.Background(), Config{}, strings.NewReader("e4\n"), failWriter{broken})
	if !errors.Is(err, broken) {
		t.Errorf("RunPlain with a failing output: %v, want %v", err, broken)
	}
}

type failWriter struct{ err error }

func (f failWriter) Write([]byte) (int, error) { return 0, f.err }

package tui_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/fixture"
	"github.com/outpost-chess/outpost/internal/termtest"
)

// TestTerminalPuzzles runs "outpost puzzle" in a real terminal (tmux): a
// back-rank mate solved with the arrow keys and Enter raises the rating
// and the streak; then, the rating kept in the store, a hanging queen
// failed with a typed wrong move lowers it, and the hint and the solution
// are shown.
func TestTerminalPuzzles(t *testing.T) {
	bin := fixture.Outpost(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "outpost.db")
	sets := map[string]string{
		"mate.jsonl":  `{"id":"backrank01","fen":"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1","lastMove":"g7g8","moves":["a1a8"],"rating":1000,"themes":["mateIn1","backRankMate"]}`,
		"queen.jsonl": `{"id":"queen00001","fen":"4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1","lastMove":"d8d5","moves":["d1d5","e8e7","d5d7"],"rating":1100,"themes":["hangingPiece","short"]}`,
	}
	for name, set := range sets {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(set+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"LANG=en_US.UTF-8", "LC_ALL=", "COLORTERM=truecolor"}

	tm := termtest.Start(t, 100, 35, env, bin, "puzzle", "--in", filepath.Join(dir, "mate.jsonl"), "--store", db)
	tm.WaitFor(30*time.Second, "Outpost — puzzles", "White to move: find the best move.", "Rating 1500 · streak 0", "Puzzle backrank01")
	// The cursor starts on the king, g1: six squares left to the rook,
	// pick it up, seven up to a8, put it down.
	tm.Send("{Left}", "{Left}", "{Left}", "{Left}", "{Left}", "{Left}", "{Enter}")
	tm.Send("{Up}", "{Up}", "{Up}", "{Up}", "{Up}", "{Up}", "{Up}", "{Enter}")
	tm.WaitFor(30*time.Second, "Ra8#: solved!", "Rating 1500 → ", "streak 1")
	tm.Save("puzzle-solved")
	tm.Send("q")
	tm.WaitExit(30 * time.Second)
	if !strings.Contains(tm.Scrollback(), "Puzzle rating ") {
		t.Errorf("no farewell with the rating:\n%s", tm.Scrollback())
	}

	tm = termtest.Start(t, 100, 35, env, bin, "puzzle", "--in", filepath.Join(dir, "queen.jsonl"), "--store", db)
	tm.WaitFor(30*time.Second, "Puzzle queen00001", "streak 0")
	if strings.Contains(tm.Screen(false), "Rating 1500 ") {
		t.Errorf("the rating won in the first run is not kept:\n%s", tm.Screen(false))
	}
	tm.Send("Qd3", "{Enter}")
	tm.WaitFor(30*time.Second, "Qd3 is not the move", "(-")
	tm.Save("puzzle-failed")
	tm.Send("?")
	tm.WaitFor(30*time.Second, "Hint: move the queen on d1")
	tm.Send("s")
	tm.WaitFor(30*time.Second, "The solution: 1. Qxd5 Ke7 2. Qd7+", "n next puzzle")
	tm.Send("q")
	tm.WaitExit(30 * time.Second)
}

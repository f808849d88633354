package tui_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/fixture"
	"github.com/outpost-chess/outpost/internal/termtest"
)

// TestTerminalChess960 starts Chess960 games in a terminal: start position
// 518 (the standard position, played as Chess960) named in the side panel
// and castled by typing O-O; and a Chess960 position given as a FEN where
// the king castles without moving, typed as the king taking its rook.
func TestTerminalChess960(t *testing.T) {
	bin := fixture.Outpost(t)
	dir := t.TempDir()
	tm := termtest.Start(t, 120, 40, []string{"LANG=en_US.UTF-8", "LC_ALL="},
		bin, "play", "--chess960", "518", "--white", "human", "--black", "human", "--store", filepath.Join(dir, "a.db"))
	tm.WaitFor(30*time.Second, "Chess960 #518", "White to move")
	for _, mv := range []string{"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"} {
		tm.Send(mv, "{Enter}")
	}
	tm.WaitFor(30*time.Second, "4. O-O", "Black to move")
	tm.Save("chess960-518")
	tm.Send("q", "y")

	tm = termtest.Start(t, 120, 40, []string{"LANG=en_US.UTF-8", "LC_ALL="},
		bin, "play", "--chess960", "--fen", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1",
		"--white", "human", "--black", "human", "--store", filepath.Join(dir, "b.db"))
	tm.WaitFor(30*time.Second, "Chess960", "White to move")
	tm.Send("g1h1", "{Enter}")
	tm.WaitFor(30*time.Second, "1. O-O", "Black to move")
	tm.Send("O-O-O", "{Enter}")
	tm.WaitFor(30*time.Second, "O-O-O", "White to move")
	tm.Save("chess960-castled")
}

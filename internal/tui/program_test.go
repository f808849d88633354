package tui

import (
	"bytes"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/outpost-chess/outpost/chess"
)

// TestProgram runs the whole program (Bubble Tea's loop, renderer and
// commands, with the AI's search on its goroutine) in a 120x40 terminal:
// it plays a move with the arrow keys, one typed in SAN, and quits.
func TestProgram(t *testing.T) {
	k := &fakeStore{}
	cfg := Config{Engine: testEngine(), Black: mustPlayer(t, "ai:1"), Store: k}
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(120, 40))
	// waitForScreen waits until the output drawn since the last call has
	// shown each of wants.
	waitForScreen := func(wants ...string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
			for _, want := range wants {
				if !bytes.Contains(b, []byte(want)) {
					return false
				}
			}
			return true
		}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	}
	waitForScreen("White to move")
	for _, k := range []tea.KeyType{tea.KeyEnter, tea.KeyUp, tea.KeyUp, tea.KeyEnter} {
		tm.Send(tea.KeyMsg{Type: k})
	}
	waitForScreen("Outpost level 1 played 1... ")
	tm.Type("Nf3")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitForScreen("2. Nf3", "Outpost level 1 played 2... ")
	tm.Type("q")
	waitForScreen("Quit? The game is unfinished")
	tm.Type("y")
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))

	m := tm.FinalModel(t).(*Model)
	moves := m.s.game().Moves()
	if len(moves) != 4 || moves[0] != mustMove(t, chess.StartingPosition(), "e2e4") || moves[2].String() != "g1f3" {
		t.Errorf("moves %v, want e2e4, a reply, g1f3 and a reply", moves)
	}
	if len(k.calls) != 4 || !m.s.kept() {
		t.Errorf("store calls %q, kept %v; want the game kept", k.calls, m.s.kept())
	}
}

// mustMove parses a move in p or fails the test.
func mustMove(t *testing.T, p *chess.Position, s string) chess.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

package tui

import (
	"context"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/sched"
)

// TestWorkOnTheScheduler plays in the full-screen game: the AI's move,
// its judgement of a draw offer and each position of a review are jobs of
// the game's scheduler.
func TestWorkOnTheScheduler(t *testing.T) {
	tests := []struct {
		name     string
		cfg      Config
		script   string
		wantJobs int64
	}{
		{"the AI's move", Config{Engine: testEngine(), Black: mustPlayer(t, "ai:1")}, "e4{enter}", 1},
		{"and a draw judgement", Config{Engine: testEngine(), Black: mustPlayer(t, "ai:1")}, "e4{enter}:draw{enter}", 2},
		{"a review's three positions, with no AI", Config{Game: gameFromMoves(t, "e4", "e5"), ReviewNodes: reviewNodes}, "R", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, tt.cfg, 120, 40)
			h.press(tt.script)
			if h.m.work.sc == nil {
				t.Fatal("no scheduler")
			}
			defer h.m.work.close()
			for deadline := time.Now().Add(10 * time.Second); h.m.work.sc.Stats().Done != tt.wantJobs; time.Sleep(time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("%d jobs done, want %d", h.m.work.sc.Stats().Done, tt.wantJobs)
				}
			}
		})
	}
}

// gateJob holds an engine until it is closed.
type gateJob chan struct{}

func (gateJob) Kind() sched.Kind { return sched.Review }

func (g gateJob) Run(context.Context, *engine.Engine) (again bool) {
	<-g
	return false
}

// TestMoveNowBeforeAnEngine asks the AI to move now while its search
// waits for the engine (a review's position holds it): the search runs
// to depth 1 once the engine is free, and the AI has a move.
func TestMoveNowBeforeAnEngine(t *testing.T) {
	sc := sched.New([]*engine.Engine{testEngine()}, nil)
	defer sc.Close()
	gate := make(gateJob)
	sc.Submit(player, gate)
	for sc.Stats().Running != 1 {
		time.Sleep(time.Millisecond)
	}
	params := engine.Params{Position: chess.StartingPosition(), Limits: engine.Limits{MoveTime: time.Minute}}
	s, cmd := startSearch(context.Background(), sc.Searcher(player, sched.Move), 1, params, 0)
	defer s.abandon()
	s.stop()
	close(gate)
	for {
		var msg tea.Msg
		done := make(chan struct{})
		go func() { msg = cmd(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("no result")
		}
		switch msg := msg.(type) {
		case progressMsg:
			cmd = waitFor(s.ch)
			continue
		case resultMsg:
			if msg.result.BestMove == chess.NoMove || msg.result.Depth != 1 {
				t.Errorf("result %+v, want a move at depth 1", msg.result)
			}
		default:
			t.Errorf("message %#v, want the result", msg)
		}
		return
	}
}

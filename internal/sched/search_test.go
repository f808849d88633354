package sched

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// TestSearch is Search's contract, as a table: a search that runs to its
// end, one whose context ends while it waits for an engine (dropped, at
// once) or while it runs (its result so far), and one whose scheduler
// closes first.
func TestSearch(t *testing.T) {
	long := engine.Limits{MoveTime: time.Minute}
	tests := []struct {
		name    string
		busy    bool          // a job holds the one engine until the end
		limits  engine.Limits // the search's
		cancel  bool          // ctx ends: once the search runs, or at once when busy
		close   bool          // the scheduler closes: before Search, or while it waits when busy
		wantErr error
	}{
		{name: "runs to its end", limits: engine.Limits{Depth: 3}},
		{name: "ctx ends while it runs: the result so far", limits: long, cancel: true},
		{name: "ctx ends while it waits: dropped", busy: true, limits: long, cancel: true, wantErr: context.Canceled},
		{name: "closed before", limits: long, close: true, wantErr: ErrClosed},
		{name: "closed while it waits", busy: true, limits: long, close: true, wantErr: ErrClosed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New([]*engine.Engine{engine.New(engine.Options{HashMB: 1, Seed: 1})}, nil)
			defer s.Close()
			gate := make(chan struct{})
			defer close(gate)
			if tt.busy {
				s.Submit("other", &labelJob{kind: ClockedMove, label: "busy", gate: gate, ran: make(chan string, 1)})
				waitRunning(t, s, 1)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			started := make(chan struct{})
			var once sync.Once
			p := engine.Params{Position: chess.StartingPosition(), Limits: tt.limits,
				Progress: func(engine.Info) { once.Do(func() { close(started) }) }}
			switch {
			case tt.cancel && tt.busy:
				cancel()
			case tt.cancel:
				go func() { <-started; cancel() }()
			case tt.close && tt.busy:
				go func() {
					for s.Queued() == 0 {
						time.Sleep(time.Millisecond)
					}
					s.Close()
				}()
			case tt.close:
				s.Close()
			}
			res, err := s.Search(ctx, "test", Hint, p)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("error %v, want %v", err, tt.wantErr)
			}
			if err == nil && res.BestMove == chess.NoMove {
				t.Errorf("result %+v, want a move", res)
			}
			if err != nil && res.BestMove != chess.NoMove {
				t.Errorf("result %+v with the error, want none", res)
			}
		})
	}
}

// TestSearchYields runs an analysis on one engine and queues a game's
// move beside it: the analysis yields, the move runs, and the analysis
// goes on to the end of its time, its progress never repeating a depth.
func TestSearchYields(t *testing.T) {
	s := New([]*engine.Engine{engine.New(engine.Options{HashMB: 1, Seed: 1})}, nil)
	defer s.Close()
	ran := make(chan string, 1)
	var depths []int
	p := engine.Params{
		Position: chess.StartingPosition(),
		Limits:   engine.Limits{MoveTime: 600 * time.Millisecond},
		Progress: func(info engine.Info) {
			if depths = append(depths, info.Depth); len(depths) == 3 {
				s.Submit("player", &labelJob{kind: ClockedMove, label: "move", ran: ran})
			}
		},
	}
	res, err := s.Search(context.Background(), "student", Analysis, p)
	if err != nil || res.BestMove == chess.NoMove {
		t.Fatalf("result %+v, error %v; want a move", res, err)
	}
	if got := receive(t, ran, 1); got[0] != "move" {
		t.Errorf("ran %q, want the move", got)
	}
	if st := s.Stats(); st.Yielded != 1 {
		t.Errorf("stats %+v, want one yield", st)
	}
	if !slices.IsSorted(depths) || len(slices.Compact(slices.Clone(depths))) != len(depths) {
		t.Errorf("progress depths %v, want each once, in order", depths)
	}
}

// TestMover: a Mover gives a search's result, and the zero Result when
// the search fails.
func TestMover(t *testing.T) {
	s := New([]*engine.Engine{engine.New(engine.Options{HashMB: 1, Seed: 1})}, nil)
	p := engine.Params{Position: chess.StartingPosition(), Limits: engine.Limits{Depth: 2}}
	m := s.Searcher("player", Move).Mover()
	if res := m.Search(context.Background(), p); res.BestMove == chess.NoMove {
		t.Errorf("result %+v, want a move", res)
	}
	s.Close()
	if res := m.Search(context.Background(), p); res.BestMove != chess.NoMove || res.Nodes != 0 {
		t.Errorf("result %+v on a closed scheduler, want the zero Result", res)
	}
}

package worker_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/worker"
	"github.com/outpost-chess/outpost/internal/worker/queuetest"
)

// setup starts a game of a person (White) against the AI at level in st,
// with White's first move played: the AI is due.
func setup(t *testing.T, st queuetest.Queue, level string) (*play.Game, *play.StoreKeeper) {
	t.Helper()
	l, err := engine.ParseLevel(level)
	if err != nil {
		t.Fatal(err)
	}
	k := play.NewStoreKeeper(st, store.Game{Source: store.SourceWeb}, false)
	g, err := play.New(context.Background(), play.Setup{Players: [2]play.Player{play.Human, play.AI(l)}}, play.Options{Keeper: k, Now: st.Now})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.MoveText(context.Background(), "e4"); err != nil {
		t.Fatal(err)
	}
	return g, k
}

// start runs a worker of one engine until the end of the test.
func start(t *testing.T, st queuetest.Queue, cfg worker.Config) *worker.Worker {
	t.Helper()
	cfg.Store = st
	cfg.Engines = []*engine.Engine{engine.New(engine.Options{HashMB: 1, Seed: 1})}
	cfg.Poll = 50 * time.Millisecond
	var mu sync.Mutex
	cfg.Logf = func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		t.Logf(format, args...)
	}
	w, err := worker.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := w.Run(ctx); err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	t.Cleanup(func() { cancel(); <-done })
	return w
}

// waitGame waits until game id satisfies cond.
func waitGame(t *testing.T, st queuetest.Queue, id string, what string, cond func(store.Game) bool) store.Game {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		g, err := st.Get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if cond(g) {
			return g
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: game %+v", what, g)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestWorkerPlays: a worker takes the AI's search and plays its move, and
// its progress reaches the listeners.
func TestWorkerPlays(t *testing.T) { queuetest.Each(t, testWorkerPlays) }

func testWorkerPlays(t *testing.T, st queuetest.Queue) {
	_, k := setup(t, st, "3")
	thinking := make(chan string, 100)
	stop, err := st.Listen(context.Background(), []string{store.ChannelThinking}, func(n store.Notification) {
		select {
		case thinking <- n.Payload:
		default:
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	w := start(t, st, worker.Config{MoveTime: 200 * time.Millisecond})
	g := waitGame(t, st, k.ID(), "the AI's move", func(g store.Game) bool { return len(g.Moves) == 2 })
	if g.Rev != 2 {
		t.Errorf("rev %d after the AI's move, want 2", g.Rev)
	}
	select {
	case p := <-thinking:
		game, rev, pr, err := worker.ParseProgress(p)
		if err != nil || game != k.ID() || rev != 1 || pr.Depth < 1 {
			t.Errorf("progress %q: %s %d %+v %v", p, game, rev, pr, err)
		}
	case <-time.After(5 * time.Second):
		t.Error("no progress was notified")
	}
	for deadline := time.Now().Add(5 * time.Second); w.Search.Count() == 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond) // the search is counted after its move is saved
	}
	if w.Search.Count() != 1 || w.Wait.Count() != 1 {
		t.Errorf("searches observed: %d run, %d waits; want 1", w.Search.Count(), w.Wait.Count())
	}
	if q, err := st.QueueStats(context.Background()); err != nil || q.Workers != 1 || q.Engines != 1 || q.Waiting+q.Running != 0 {
		t.Errorf("queue %+v, %v: want one worker of one engine and no search", q, err)
	}
}

// TestWorkerCancelled: a change of the game (a resignation) cancels the
// search where it runs, at once, and nothing is played.
func TestWorkerCancelled(t *testing.T) { queuetest.Each(t, testWorkerCancelled) }

func testWorkerCancelled(t *testing.T, st queuetest.Queue) {
	g, k := setup(t, st, "max")
	w := start(t, st, worker.Config{MoveTime: time.Minute})
	deadline := time.Now().Add(10 * time.Second)
	for w.Busy() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the worker did not take the search")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := g.Resign(context.Background(), chess.White); err != nil {
		t.Fatal(err)
	}
	resigned := time.Now()
	for w.Busy() != 0 {
		if time.Since(resigned) > 5*time.Second {
			t.Fatal("the search went on after the game ended")
		}
		time.Sleep(10 * time.Millisecond)
	}
	sg, err := st.Get(context.Background(), k.ID())
	if err != nil || len(sg.Moves) != 1 || sg.Result != "0-1" {
		t.Errorf("after the resignation: %+v, %v", sg, err)
	}
}

// TestWorkerTakesOver: a search held by a worker that died (it never
// renews its lease) is taken over once the lease runs out.
func TestWorkerTakesOver(t *testing.T) { queuetest.Each(t, testWorkerTakesOver) }

func testWorkerTakesOver(t *testing.T, st queuetest.Queue) {
	_, k := setup(t, st, "1")
	const lease = 500 * time.Millisecond
	dead, ok, err := st.ClaimSearch(context.Background(), "dead-worker", lease)
	if err != nil || !ok {
		t.Fatalf("claim: %v %v", ok, err)
	}
	claimed := time.Now()
	start(t, st, worker.Config{MoveTime: 100 * time.Millisecond, Lease: lease})
	waitGame(t, st, k.ID(), "the AI's move", func(g store.Game) bool { return len(g.Moves) == 2 })
	if d := time.Since(claimed); d < lease {
		t.Errorf("the search was played %v after the dead worker took it, within its lease (%v)", d, lease)
	}
	if held, _ := st.RenewLease(context.Background(), dead.ID, "dead-worker", lease); held {
		t.Error("the dead worker still holds the search")
	}
}

// TestWorkerAnalysis: an analysis is searched and its result stored.
func TestWorkerAnalysis(t *testing.T) { queuetest.Each(t, testWorkerAnalysis) }

func testWorkerAnalysis(t *testing.T, st queuetest.Queue) {
	g, k := setup(t, st, "1")
	ctx := context.Background()
	if err := g.Resign(ctx, chess.White); err != nil { // no AI move to search meanwhile
		t.Fatal(err)
	}
	sg, _ := st.Get(ctx, k.ID())
	id, err := st.QueueAnalysis(ctx, k.ID(), sg.Rev, worker.LimitsOf(engine.Limits{Depth: 4}))
	if err != nil {
		t.Fatal(err)
	}
	start(t, st, worker.Config{})
	deadline := time.Now().Add(30 * time.Second)
	for {
		r, done, err := st.AnalysisResult(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if done {
			a, err := worker.ParseAnalysis(r)
			if err != nil || a.Depth != 4 || a.Move == "" {
				t.Fatalf("analysis %q: %+v %v", r, a, err)
			}
			if _, err := a.Result(g.Chess().Position()); err != nil {
				t.Error(err)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("no analysis")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestWorkerFlags: a worker ends a game nobody holds once its deadline
// has passed, by play's rule (a loss on time, a draw when the other side
// could never mate, or an abort when a person's first move did not come),
// and the end is notified.
func TestWorkerFlags(t *testing.T) { queuetest.Each(t, testWorkerFlags) }

func testWorkerFlags(t *testing.T, st queuetest.Queue) {
	ends := make(chan string, 100)
	stop, err := st.Listen(context.Background(), []string{store.ChannelGame}, func(n store.Notification) {
		select {
		case ends <- n.Payload:
		default:
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	start(t, st, worker.Config{FlagSweep: 50 * time.Millisecond})
	tests := []struct {
		name, fen, moves string
		ago              time.Duration // the game's clock is this far behind
		want             chess.Outcome
	}{
		{"a loss", chess.StartFEN, "e4 e5 Nf3", 2500 * time.Millisecond, chess.Outcome{Result: chess.WhiteWins, Reason: chess.TimeForfeit}},
		{"a draw: White cannot mate", "4k2r/8/8/8/8/8/8/4K3 w - - 0 1", "Ke2 Kd8 Kd2", 2500 * time.Millisecond, chess.Outcome{Result: chess.Draw, Reason: chess.TimeForfeit}},
		{"an abort: Black's first move does not come", chess.StartFEN, "e4", play.FirstMoveLimit - 500*time.Millisecond, chess.Outcome{Reason: chess.Aborted}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The moves were made ago on a 0+1 clock (3 s each), the
			// first ones charged nothing: Black's flag falls, or its
			// time for its first move runs out, in half a second.
			past := func() time.Time { return st.Now().Add(-tt.ago) }
			k := play.NewStoreKeeper(st, store.Game{Source: store.SourceWeb}, false)
			setup := play.Setup{Game: chess.NewGameFromPosition(chess.MustParseFEN(tt.fen)),
				Players: [2]play.Player{play.Human, play.Human}, Clock: play.TimeControl{Increment: time.Second}}
			g, err := play.New(context.Background(), setup, play.Options{Keeper: k, Now: past})
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range strings.Fields(tt.moves) {
				if err := g.MoveText(context.Background(), m); err != nil {
					t.Fatal(err)
				}
			}
			left, _ := g.FlagIn()
			deadline := past().Add(left)
			sg := waitGame(t, st, k.ID(), "the flag", func(g store.Game) bool { return g.Reason != "" })
			t.Logf("ended %v after the deadline", st.Now().Sub(deadline))
			if want := tt.want; sg.Result != want.Result.String() || sg.Reason != want.Reason.String() || sg.Rev != k.Rev()+1 {
				t.Errorf("game %s: %s by %q at revision %d; want %v at %d", sg.ID, sg.Result, sg.Reason, sg.Rev, want, k.Rev()+1)
			}
			want := fmt.Sprintf("%s %d", k.ID(), sg.Rev)
			for n := ""; n != want; {
				select {
				case n = <-ends:
				case <-time.After(5 * time.Second):
					t.Fatalf("no notification %q of the end", want)
				}
			}
		})
	}
}

package engine

import (
	"context"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
)

// The tests of the parallel search. scripts/test also runs them under the
// race detector: the threads share only the hash table, whose slots are
// atomic, and the group's stop flag and node count.

func TestSetThreads(t *testing.T) {
	e := New(Options{HashMB: 1, Threads: 3})
	if got := e.Threads(); got != 3 {
		t.Fatalf("Threads() = %d after Options{Threads: 3}, want 3", got)
	}
	for _, n := range []int{0, -1, MaxThreads + 1} {
		if err := e.SetThreads(n); err == nil {
			t.Errorf("SetThreads(%d) = nil, want an error", n)
		}
	}
	if got := e.Threads(); got != 3 {
		t.Errorf("Threads() = %d after refused SetThreads, want 3 (unchanged)", got)
	}
	for _, n := range []int{1, 4, 2} {
		if err := e.SetThreads(n); err != nil {
			t.Fatalf("SetThreads(%d): %v", n, err)
		}
		if got := e.Threads(); got != n {
			t.Errorf("Threads() = %d, want %d", got, n)
		}
	}
	if got := New(Options{}).Threads(); got != 1 {
		t.Errorf("default Threads() = %d, want 1", got)
	}
}

func TestParallelSearch(t *testing.T) {
	e := New(Options{HashMB: 8, Threads: 3, Seed: 1})
	fens := []string{
		chess.StartFEN,
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", // WAC.001: Qg6, mate in 2
		"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
	}
	for _, fen := range fens {
		p := chess.MustParseFEN(fen)
		var infos []Info
		r := e.Search(context.Background(), Params{Position: p, Limits: Limits{Depth: 9},
			Progress: func(i Info) { infos = append(infos, i) }})
		if !p.IsLegal(r.BestMove) {
			t.Fatalf("%s: best move %v is illegal", fen, r.BestMove)
		}
		checkLine(t, fen, p, r.PV)
		if r.PV[0] != r.BestMove {
			t.Errorf("%s: PV %v does not start with the best move %v", fen, r.PV, r.BestMove)
		}
		if r.Depth < 9 {
			t.Errorf("%s: depth %d, want at least the limit 9", fen, r.Depth)
		}
		last := infos[len(infos)-1]
		if last.PV[0] != r.BestMove {
			t.Errorf("%s: last Info's PV %v does not start with the best move %v", fen, last.PV, r.BestMove)
		}
		// The result's nodes, counted once the helpers have stopped,
		// are at least the last report's.
		if r.Nodes < last.Nodes {
			t.Errorf("%s: result nodes %d below the last report's %d", fen, r.Nodes, last.Nodes)
		}
	}
	r := e.Search(context.Background(), Params{Position: chess.MustParseFEN(fens[2]), Limits: Limits{Depth: mateDepth(2)}})
	if r.BestMove.String() != "g3g6" || r.Score != MateIn(3) {
		t.Errorf("WAC.001 with 3 threads: %v %v, want g3g6 and mate in 2", r.BestMove, r.Score)
	}
}

// A parallel search stops at its limits: a node limit counts every thread's
// nodes, and cancelling stops the helpers too (Search returns only after
// they have).
func TestParallelSearchLimits(t *testing.T) {
	e := New(Options{HashMB: 8, Threads: 2, Seed: 1})
	p := chess.MustParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	r := e.Search(context.Background(), Params{Position: p, Limits: Limits{Nodes: 200_000}})
	// The helper adds its count every 1024 nodes, so the total may pass
	// the limit by that much per helper, and by the nodes counted after
	// the main thread stopped.
	if r.Nodes < 200_000 || r.Nodes > 200_000+200_000/2 {
		t.Errorf("node limit 200000: searched %d nodes", r.Nodes)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	r = e.Search(ctx, Params{Position: p})
	// The bounds below catch a search that does not stop, not a slow one:
	// they are generous because this runs under the race detector on a
	// busy machine too.
	if elapsed := time.Since(start); elapsed > 10*time.Second {
		t.Errorf("cancelled after 100 ms, returned after %v", elapsed)
	}
	if !p.IsLegal(r.BestMove) {
		t.Errorf("cancelled search: best move %v is illegal", r.BestMove)
	}
	r = e.Search(context.Background(), Params{Position: p, Limits: Limits{MoveTime: 200 * time.Millisecond}})
	if !p.IsLegal(r.BestMove) || r.Time > 10*time.Second {
		t.Errorf("movetime 200 ms: best move %v after %v", r.BestMove, r.Time)
	}
}

// Weakened levels search on one thread whatever the engine's count: their
// node caps are one thread's nodes, so a level means the same everywhere.
func TestParallelSearchOnlyAtFullStrength(t *testing.T) {
	for _, l := range Levels() {
		full := l.Name == "8" || l.Name == "max"
		if l.FullStrength() != full {
			t.Errorf("level %s: FullStrength() = %v, want %v", l.Name, l.FullStrength(), full)
		}
	}
	if l, _ := EloLevel(1500); !(Level{}).FullStrength() || l.FullStrength() {
		t.Error("the zero Level must be full strength and strength 1500 must not")
	}
	// Level 3 with four threads searches exactly as with one: the same
	// nodes and move (a node-capped search on one thread is
	// deterministic; helpers sharing the table would change the tree).
	// The node count alone would not show it: a node limit counts every
	// thread's nodes.
	l, _ := ParseLevel("3")
	p := chess.MustParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	one := New(Options{HashMB: 1, Threads: 1, Seed: 1}).Search(context.Background(), Params{Position: p, Level: l})
	four := New(Options{HashMB: 1, Threads: 4, Seed: 1}).Search(context.Background(), Params{Position: p, Level: l})
	if four.Nodes != one.Nodes || four.BestMove != one.BestMove {
		t.Errorf("level 3: 4 threads searched %d nodes and chose %v, 1 thread %d and %v", four.Nodes, four.BestMove, one.Nodes, one.BestMove)
	}
}

// Helpers stop by themselves at the node limit, even while the main thread
// (which enforces the limit on the total) has not run to see it.
func TestHelpersStopAtNodeLimit(t *testing.T) {
	g := &threadGroup{nodeLimit: 5000}
	a, b := &searcher{nodes: 3072}, &searcher{nodes: 1024}
	if g.poll(a) || g.poll(b) {
		t.Fatal("helpers stopped at 4096 nodes under a limit of 5000")
	}
	b.nodes += 1024
	if !g.poll(b) {
		t.Errorf("helpers searched on at %d nodes past a limit of 5000", g.helperNodes.Load())
	}
	if free := (&threadGroup{}); free.poll(&searcher{nodes: 1 << 30}) {
		t.Error("a search without a node limit stopped its helper")
	}
}

package engine

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/eval"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// TestLazyAccumulators plays random lines from the bench positions through
// the searcher's makeMove (null moves included), evaluating some plies and
// skipping others, and checks that the accumulator pair updated lazily at
// each evaluated ply equals one refreshed from scratch, and its evaluation
// eval.Network's; with a network of each shape (nnue.Shape: the second's
// king moves rebuild a side through its refresh cache).
func TestLazyAccumulators(t *testing.T) {
	layout, err := nnue.KingBucketLayout(4)
	if err != nil {
		t.Fatal(err)
	}
	for _, net := range []*nnue.Network{nnue.Random(64, 5), nnue.Shape{Hidden: 64, KingBuckets: layout, OutputBuckets: 8}.Random(5)} {
		t.Run(net.Shape.String(), func(t *testing.T) { testLazyAccumulators(t, net) })
	}
}

func testLazyAccumulators(t *testing.T, net *nnue.Network) {
	e := New(Options{HashMB: 1, Network: net})
	rng := rand.New(rand.NewPCG(5, 5))
	fresh := net.NewAccumulators(1)
	for _, fen := range BenchFENs {
		for range 8 {
			p := chess.MustParseFEN(fen)
			s := e.newSearcher(context.Background(), &Params{Position: p}, e.workers[0])
			for ply := 0; ply < 40; ply++ {
				pos := &s.stack[ply].pos
				if rng.IntN(3) == 0 {
					got := s.evaluate(ply)
					s.updateAccumulators(ply) // evaluate leaves it if the cache had the score
					net.Refresh(&fresh[0], pos)
					for c := chess.White; c <= chess.Black; c++ {
						if !slices.Equal(s.accs[ply].Perspective(c), fresh[0].Perspective(c)) {
							t.Fatalf("%s, ply %d (%s): the lazily updated accumulator differs from the refreshed one", fen, ply, pos.FEN())
						}
					}
					want := Score(eval.Network(net, &fresh[0], pos, nil))
					if !pos.BareKing(chess.White) && !pos.BareKing(chess.Black) {
						want = want * Score(200-min(pos.HalfmoveClock(), 100)) / 200
					}
					if got != want {
						t.Fatalf("%s, ply %d (%s): evaluate = %d, want %d", fen, ply, pos.FEN(), got, want)
					}
				}
				moves := pos.LegalMoves()
				if len(moves) == 0 {
					break
				}
				m := moves[rng.IntN(len(moves))]
				if !pos.InCheck() && rng.IntN(8) == 0 {
					m = chess.NullMove
				}
				s.makeMove(ply, m)
			}
		}
	}
}

// TestSearchWithNetwork checks that a search with a network finds a mate
// and keeps its bench deterministic, and that switching to the
// hand-crafted evaluation and back gives the same result as an engine that
// never switched.
func TestSearchWithNetwork(t *testing.T) {
	net := nnue.Random(64, 9)
	e := New(Options{HashMB: 4, Seed: 1, Network: net})
	r := e.Search(context.Background(), Params{Position: chess.MustParseFEN("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), Limits: Limits{Depth: 6}})
	if r.BestMove.String() != "d1d8" || r.Score != MateIn(1) {
		t.Errorf("with a network: %v %v, want d1d8 mating in one", r.BestMove, r.Score)
	}
	search := func(e *Engine) Result {
		e.Clear()
		return e.Search(context.Background(), Params{Position: chess.StartingPosition(), Limits: Limits{Depth: 8}})
	}
	first := search(e)
	if err := e.SetNetwork(nil); err != nil {
		t.Fatal(err)
	}
	if e.Network() != nil {
		t.Fatal("SetNetwork(nil) kept a network")
	}
	handCrafted := search(e)
	if err := e.SetNetwork(net); err != nil {
		t.Fatal(err)
	}
	again := search(e)
	if again.Nodes != first.Nodes || again.BestMove != first.BestMove {
		t.Errorf("after switching back: %d nodes, %v; first %d nodes, %v", again.Nodes, again.BestMove, first.Nodes, first.BestMove)
	}
	if handCrafted.Nodes == first.Nodes {
		t.Errorf("the hand-crafted search searched as many nodes (%d) as the network's: did it evaluate with the network?", first.Nodes)
	}
	if want := search(New(Options{HashMB: 4, HandCrafted: true})); handCrafted.Nodes != want.Nodes {
		t.Errorf("hand-crafted after a network: %d nodes, a hand-crafted engine %d", handCrafted.Nodes, want.Nodes)
	}
}

func TestSetNetworkRejectsInvalid(t *testing.T) {
	e := New(Options{HashMB: 1, HandCrafted: true})
	bad := nnue.Random(32, 1)
	bad.OutputWeights = bad.OutputWeights[:10]
	if err := e.SetNetwork(bad); err == nil {
		t.Fatal("SetNetwork accepted a network with 10 output weights")
	}
	if e.Network() != nil {
		t.Fatal("a rejected network was kept")
	}
}

// TestNetworkSearchDoesNotAllocate checks that the search with a network
// allocates nothing per node: a second search of the same position (the
// accumulators made by the first) allocates no more than a handful of
// objects, whatever its node count.
func TestNetworkSearchDoesNotAllocate(t *testing.T) {
	e := New(Options{HashMB: 4, Seed: 1, Network: nnue.Random(256, 3)})
	p := chess.MustParseFEN(BenchFENs[1])
	e.Search(context.Background(), Params{Position: p, Limits: Limits{Depth: 2}})
	var nodes uint64
	allocs := testing.AllocsPerRun(1, func() {
		e.Clear()
		nodes = e.Search(context.Background(), Params{Position: p, Limits: Limits{Depth: 10}}).Nodes
	})
	if allocs > 200 || nodes < 10000 {
		t.Errorf("%v allocations for %d nodes, want a few per search and none per node", allocs, nodes)
	}
}

// BenchmarkBenchNetwork runs the bench with a random 256-wide network: the
// network's speed in the search (BenchmarkBench is the hand-crafted
// evaluation's).
func BenchmarkBenchNetwork(b *testing.B) {
	net := nnue.Random(256, 1)
	for b.Loop() {
		Bench(BenchDepth, net, nil)
	}
}

// TestThreadsWithNetwork checks that a parallel search evaluates with the
// network in every thread (each with its own accumulators), sharing one
// network read-only.
func TestThreadsWithNetwork(t *testing.T) {
	net := nnue.Random(64, 4)
	e := New(Options{HashMB: 4, Threads: 2, Network: net})
	r := e.Search(context.Background(), Params{Position: chess.MustParseFEN(BenchFENs[1]), Limits: Limits{Depth: 9}})
	if r.BestMove == chess.NoMove {
		t.Fatal("no move")
	}
	for i, w := range e.workers {
		if w.accsNet != net {
			t.Errorf("thread %d did not search with the network", i)
		}
	}
}

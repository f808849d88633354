package nnue

import (
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// benchKernels runs b's body once per kernel implementation this machine
// has, as sub-benchmarks named by it.
func benchKernels(b *testing.B, body func(b *testing.B)) {
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	for _, impl := range []struct {
		name string
		avx2 bool
	}{{"go", false}, {"avx2", true}} {
		if impl.avx2 && !hasAVX2 {
			continue
		}
		b.Run(impl.name, func(b *testing.B) {
			useAVX2 = impl.avx2
			body(b)
		})
	}
}

// moveChange returns the position fen and the Change of its move mv.
func moveChange(tb testing.TB, fen, mv string) (*chess.Position, Change) {
	p := chess.MustParseFEN(fen)
	m, err := p.ParseUCI(mv)
	if err != nil {
		tb.Fatal(err)
	}
	after := *p
	after.MakeMove(m)
	return p, ChangeOf(p, &after)
}

// benchShapes are the shapes the benchmarks measure: today's network
// (H = 256) and the bucketed one (H = 512, 4 king buckets, 8 output buckets).
func benchShapes(b *testing.B) []Shape {
	return []Shape{{Hidden: 256, OutputBuckets: 1}, bucketed(b, 512, 4, 8)}
}

// BenchmarkUpdate measures one move's accumulator update (both perspectives)
// from the parent's accumulator into the child's; "castling" crosses a king
// bucket in the bucketed shape (a rebuild from the refresh cache).
func BenchmarkUpdate(b *testing.B) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	for _, s := range benchShapes(b) {
		for _, tc := range []struct{ name, fen, move string }{
			{"quiet", kiwipete, "d5d6"},
			{"capture", kiwipete, "e2a6"},
			{"castling", kiwipete, "e1g1"},
		} {
			b.Run(shapeName(s)+"/"+tc.name, func(b *testing.B) { benchUpdate(b, s, tc.fen, tc.move) })
		}
	}
}

// benchUpdate measures the update of move mv from fen in a network of shape s.
func benchUpdate(b *testing.B, s Shape, fen, mv string) {
	net := s.Random(1)
	p, ch := moveChange(b, fen, mv)
	accs := net.NewAccumulators(2)
	net.Refresh(&accs[0], p)
	benchKernels(b, func(b *testing.B) {
		for b.Loop() {
			net.Update(&accs[1], &accs[0], &ch)
		}
	})
}

// BenchmarkEvaluate measures the output layer: the SCReLU dot product of
// both perspectives.
func BenchmarkEvaluate(b *testing.B) {
	for _, s := range benchShapes(b) {
		b.Run(shapeName(s), func(b *testing.B) {
			net := s.Random(1)
			p := chess.StartingPosition()
			accs := net.NewAccumulators(1)
			net.Refresh(&accs[0], p)
			benchKernels(b, func(b *testing.B) {
				for b.Loop() {
					net.Evaluate(&accs[0], chess.White)
				}
			})
		})
	}
}

// BenchmarkRefresh measures computing the starting position's accumulator
// from scratch (32 pieces).
func BenchmarkRefresh(b *testing.B) {
	for _, s := range benchShapes(b) {
		b.Run(shapeName(s), func(b *testing.B) {
			net := s.Random(1)
			p := chess.StartingPosition()
			accs := net.NewAccumulators(1)
			benchKernels(b, func(b *testing.B) {
				for b.Loop() {
					net.Refresh(&accs[0], p)
				}
			})
		})
	}
}

// TestNoAllocation checks that a move's change, update and evaluation
// allocate nothing: they run at every node of a search. The king's move
// crosses a bucket of the bucketed shape (a rebuild from the cache).
func TestNoAllocation(t *testing.T) {
	for _, s := range []Shape{{Hidden: 256, OutputBuckets: 1}, bucketed(t, 512, 4, 8)} {
		net := s.Random(1)
		p := chess.MustParseFEN("4k3/8/8/8/8/8/3PPP2/4K3 w - - 0 1")
		m, _ := p.ParseUCI("e1d1")
		after := *p
		after.MakeMove(m)
		accs := net.NewAccumulators(2)
		net.Refresh(&accs[0], p)
		withKernels(t, func(t *testing.T) {
			allocs := testing.AllocsPerRun(100, func() {
				ch := ChangeOf(p, &after)
				net.Update(&accs[1], &accs[0], &ch)
				net.Evaluate(&accs[1], after.SideToMove())
				net.Refresh(&accs[0], p)
			})
			if allocs != 0 {
				t.Fatalf("%v: %v allocations per move, want 0", s, allocs)
			}
		})
	}
}

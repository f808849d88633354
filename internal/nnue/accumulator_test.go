package nnue

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/fixture"
)

// suitePositions returns the positions of the perft suite
// (chess/testdata/perftsuite.epd): castling both ways, en passant,
// promotions with and without capture, checks and pins.
func suitePositions(t testing.TB) []*chess.Position {
	t.Helper()
	var ps []*chess.Position
	for _, e := range fixture.PerftSuite(t) {
		p := *e.Position
		ps = append(ps, &p)
	}
	return ps
}

// walker checks, at every node of a perft walk, that the accumulator
// updated move by move equals the one refreshed from scratch, and that the
// evaluation equals the reference's.
type walker struct {
	t     *testing.T
	net   *Network
	accs  []Accumulator // accs[ply]; the last is scratch for the refresh
	nodes int
}

func (w *walker) check(p *chess.Position, ply int, what string) {
	w.nodes++
	fresh := &w.accs[len(w.accs)-1]
	w.net.Refresh(fresh, p)
	if !slices.Equal(w.accs[ply].v, fresh.v) {
		w.t.Fatalf("%s: the updated accumulator differs from the refreshed one at %s", what, p.FEN())
	}
	if got, want := w.net.Evaluate(&w.accs[ply], p.SideToMove()), referenceEvaluate(w.net, p); got != want {
		w.t.Fatalf("%s: Evaluate = %d, the reference %d at %s", what, got, want, p.FEN())
	}
}

func (w *walker) walk(p *chess.Position, ply, depth int) {
	w.check(p, ply, "after a move")
	if depth == 0 {
		return
	}
	if !p.InCheck() {
		child := *p
		child.MakeNullMove()
		ch := ChangeOf(p, &child)
		w.net.Update(&w.accs[ply+1], &w.accs[ply], &ch)
		w.check(&child, ply+1, "after a null move")
	}
	var ml chess.MoveList
	p.GenerateMoves(&ml, chess.AllMoves)
	for _, m := range ml.Slice() {
		child := *p
		child.MakeMove(m)
		ch := ChangeOf(p, &child)
		w.net.Update(&w.accs[ply+1], &w.accs[ply], &ch)
		w.walk(&child, ply+1, depth-1)
	}
}

// TestIncrementalEqualsRefresh walks the perft suite's positions (three
// plies; two with -short) and checks the accumulator at every node, with
// each kernel implementation this machine has, for a network of each shape
// (the perft suite's castling and king moves cross king buckets and the
// mirror).
func TestIncrementalEqualsRefresh(t *testing.T) {
	depth := 3
	if testing.Short() {
		depth = 2
	}
	positions := suitePositions(t)
	for _, tc := range []struct {
		shape Shape
		depth int
	}{{Shape{Hidden: 32, OutputBuckets: 1}, depth}, {bucketed(t, 32, 8, 8), 2}} {
		t.Run(shapeName(tc.shape), func(t *testing.T) {
			withKernels(t, func(t *testing.T) {
				net := tc.shape.Random(11)
				w := &walker{t: t, net: net, accs: net.NewAccumulators(tc.depth + 2)}
				for _, p := range positions {
					net.Refresh(&w.accs[0], p)
					w.walk(p, 0, tc.depth)
				}
				t.Logf("%v: %d nodes checked", tc.shape, w.nodes)
			})
		})
	}
}

// shapeName names a shape in a subtest: "H32" (version 1) or "H32-K8-O8".
func shapeName(s Shape) string {
	if s.KingBuckets == nil {
		return fmt.Sprintf("H%d", s.Hidden)
	}
	return fmt.Sprintf("H%d-K%d-O%d", s.Hidden, s.KingBucketCount(), s.OutputBuckets)
}

// TestIncrementalEqualsRefreshWide does the same for the first suite
// positions with a 256-wide network, the size the engine starts with, and a
// 512-wide one with king and output buckets, so that the kernels' main
// loops carry the work.
func TestIncrementalEqualsRefreshWide(t *testing.T) {
	positions := suitePositions(t)[:2]
	for _, s := range []Shape{{Hidden: 256, OutputBuckets: 1}, bucketed(t, 512, 4, 8)} {
		t.Run(shapeName(s), func(t *testing.T) {
			withKernels(t, func(t *testing.T) {
				net := s.Random(12)
				w := &walker{t: t, net: net, accs: net.NewAccumulators(4)}
				for _, p := range positions {
					net.Refresh(&w.accs[0], p)
					w.walk(p, 0, 2)
				}
			})
		})
	}
}

// TestIncrementalEqualsRefreshRandomGames plays random games to their end
// (or 300 plies), a null move now and then, updating one accumulator move
// by move and checking it against a refresh at every ply: games walk the
// kings across the board and back, into the endgame's output buckets, so
// the refresh cache is rebuilt from entries both fresh and long stale.
func TestIncrementalEqualsRefreshRandomGames(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 12
	}
	for _, s := range []Shape{bucketed(t, 64, 4, 8), bucketed(t, 32, 8, 4), bucketed(t, 16, 2, 1)} {
		t.Run(shapeName(s), func(t *testing.T) { testRandomGames(t, s, games) })
	}
}

// testRandomGames plays the random games of
// TestIncrementalEqualsRefreshRandomGames with a network of shape s.
func testRandomGames(t *testing.T, s Shape, games int) {
	withKernels(t, func(t *testing.T) {
		net := s.Random(5)
		accs := net.NewAccumulators(2)
		w := &walker{t: t, net: net, accs: accs}
		rng := rand.New(rand.NewPCG(uint64(s.Hidden), 9))
		for range games {
			p := chess.StartingPosition()
			net.Refresh(&accs[0], p)
			for ply := 0; ply < 300; ply++ {
				var ml chess.MoveList
				p.GenerateMoves(&ml, chess.AllMoves)
				if ml.Len() == 0 || p.HalfmoveClock() >= 100 {
					break
				}
				child := *p
				if !p.InCheck() && rng.IntN(10) == 0 {
					child.MakeNullMove()
				} else {
					child.MakeMove(ml.At(rng.IntN(ml.Len())))
				}
				ch := ChangeOf(p, &child)
				net.Update(&accs[0], &accs[0], &ch)
				p = &child
				w.check(p, 0, fmt.Sprintf("ply %d", ply))
			}
		}
		t.Logf("%v: %d positions checked", s, w.nodes)
	})
}

// referenceEvaluate is the specification's evaluation written out plainly:
// the accumulators summed feature by feature from the board (each feature
// from Shape.Feature), then the output bucket's formula in 64 bits, with
// the int32 wrap the specification asks for.
func referenceEvaluate(n *Network, p *chess.Position) int {
	h := n.Hidden
	var acc [2][]int16
	for c := chess.White; c <= chess.Black; c++ {
		acc[c] = slices.Clone(n.FeatureBias)
		for sq := chess.Square(0); sq < 64; sq++ {
			if pc := p.PieceAt(sq); pc != chess.NoPiece {
				f := n.Feature(c, p.KingSquare(c), pc, sq)
				for i := range h {
					acc[c][i] += n.FeatureWeights[f*h+i]
				}
			}
		}
	}
	stm := p.SideToMove()
	b := n.OutputBucket(p.Occupied().Count())
	ow := n.OutputWeights[b*2*h : (b+1)*2*h]
	var sum int64
	for side, ws := range [][]int16{ow[:h], ow[h:]} {
		a := acc[stm]
		if side == 1 {
			a = acc[stm.Other()]
		}
		for i, w := range ws {
			v := int64(min(max(a[i], 0), QA))
			sum += v * int64(int16(v*int64(w)))
		}
	}
	return int((int64(int32(sum)/QA) + int64(n.OutputBias[b])) * Scale / (QA * QB))
}

func TestChangeOf(t *testing.T) {
	tests := []struct {
		name             string
		fen, move        string
		nAdded, nRemoved uint8
	}{
		{"quiet", chess.StartFEN, "g1f3", 1, 1},
		{"capture", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 1, 2},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 1, 2},
		{"castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", 2, 2},
		{"promotion", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", 1, 1},
		{"promotion with capture", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8n", 1, 2},
		{"Chess960 castling, king and rook swap", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", 2, 2},
		{"Chess960 castling, king stays", "4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1h1", 1, 1},
	}
	for _, tt := range tests {
		p, err := chess.ParseFEN(tt.fen)
		if strings.HasPrefix(tt.name, "Chess960") {
			p, err = chess.ParseFEN960(tt.fen)
		}
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUCI(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		after := *p
		after.MakeMove(m)
		ch := ChangeOf(p, &after)
		if ch.nAdded != tt.nAdded || ch.nRemoved != tt.nRemoved {
			t.Errorf("%s: %d added, %d removed; want %d, %d", tt.name, ch.nAdded, ch.nRemoved, tt.nAdded, tt.nRemoved)
		}
	}
}

func TestNewAccumulatorsAligned(t *testing.T) {
	for _, h := range []int{16, 48, 256} {
		accs := New(h).NewAccumulators(5)
		for i := range accs {
			if len(accs[i].v) != 2*h || cap(accs[i].v) != 2*h {
				t.Fatalf("H=%d: accumulator %d has %d values (cap %d), want %d", h, i, len(accs[i].v), cap(accs[i].v), 2*h)
			}
			if addr := uintptr(unsafe.Pointer(unsafe.SliceData(accs[i].v))); addr%accumulatorAlign != 0 {
				t.Errorf("H=%d: accumulator %d at %#x, not %d-byte aligned", h, i, addr, accumulatorAlign)
			}
		}
	}
}

package explain

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/eval"
)

// middlegame and tactical positions for the visit tests.
const (
	italian     = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	wayward     = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 2 3" // 1.e4 e5 2.Qf3 Nc6: Qxf7+?? Kxf7
	queensGamit = "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"
)

// refNode is a node of the reference alpha-beta: what it was searched with
// and what it returned, numbered by a counter as the recursion enters it.
// cutBy is, at a cut, the visit that set the beta it compared against (-1
// otherwise): the reference keeps beside each bound the visit whose score
// set it, the node whose move raised alpha (or the node itself for a stand
// pat), and hands the bounds down swapped as the window is.
type refNode struct {
	move               chess.Move
	visit              int
	alpha, beta, score engine.Score
	before             engine.Score
	cutBy              int
	children           []*refNode
}

// reference is the plainest alpha-beta (negamax, fail-soft, with the
// explorer's terminal rules and, optionally, quiescence), written apart
// from the searcher: LegalMoves, recursion and a visit counter. It borrows
// only the method's move order.
type reference struct {
	method     Method
	quiescence bool
	width      int // the moves kept at each node, the first in order (0: all)
	root       chess.Color
	order      *searcher // for its order function only
	next       int
}

func (r *reference) search(p *chess.Position, depth, ply int, alpha, beta, before engine.Score, alphaBy, betaBy int, hashes []uint64) *refNode {
	n := &refNode{visit: r.next, alpha: alpha, beta: beta, before: before, cutBy: -1}
	r.next++
	moves := p.LegalMoves()
	evaluate := func() engine.Score {
		s := engine.Score(eval.ClassicFor(p, r.root))
		if p.SideToMove() != r.root {
			s = -s
		}
		return s
	}
	beyond := depth <= 0
	if beyond && r.quiescence && !p.InCheck() {
		moves = slices.DeleteFunc(moves, func(m chess.Move) bool {
			return !m.IsCapture() && !(m.IsPromotion() && m.Promotion() == chess.Queen)
		})
	}
	switch {
	case len(p.LegalMoves()) == 0 && p.InCheck():
		n.score = engine.MatedIn(ply)
		return n
	case len(p.LegalMoves()) == 0:
		return n
	case engine.ClassicDraw(p, hashes):
		return n
	case beyond && (!r.quiescence || len(moves) == 0 || ply >= maxPly):
		n.score = evaluate()
		return n
	}
	best := -engine.Infinite
	if beyond && !p.InCheck() {
		best = evaluate()
		if best > alpha {
			alpha, alphaBy = best, n.visit
		}
		if alpha >= beta {
			n.score, n.cutBy = best, betaBy
			return n
		}
	}
	ordered := r.order.order(p, moves, depth, ply)
	if r.width > 0 && len(ordered) > r.width {
		ordered = ordered[:r.width]
	}
	for _, m := range ordered {
		c := *p
		c.MakeMove(m)
		child := r.search(&c, depth-1, ply+1, -beta, -alpha, best, betaBy, alphaBy, append(slices.Clip(hashes), c.Hash()))
		child.move = m
		n.children = append(n.children, child)
		best = max(best, -child.score)
		if best > alpha {
			alpha, alphaBy = best, child.visit
		}
		if alpha >= beta && r.method != Minimax {
			n.cutBy = betaBy
			break
		}
	}
	n.score = best
	return n
}

// sameAsReference compares a recorded tree with the reference, node by
// node in visit order.
func sameAsReference(t *testing.T, what string, got *Node, want *refNode) {
	t.Helper()
	if got.Visit != want.visit || got.Alpha != want.alpha || got.Beta != want.beta || got.Score != want.score || got.Move != want.move ||
		(got.Ply > 0 && got.Before != want.before) {
		t.Fatalf("%s: node %v visit %d window (%d, %d) before %d score %d; reference %v visit %d window (%d, %d) before %d score %d",
			what, got.Move, got.Visit, got.Alpha, got.Beta, got.Before, got.Score, want.move, want.visit, want.alpha, want.beta, want.before, want.score)
	}
	gotCutBy := -1
	if got.Cut {
		gotCutBy = got.CutBy.Visit
	}
	if gotCutBy != want.cutBy {
		t.Fatalf("%s: the cut at visit %d was bound by visit %d, the reference by %d", what, got.Visit, gotCutBy, want.cutBy)
	}
	if got.Cut && (want.cutBy < 0 || want.cutBy >= got.Visit) {
		t.Fatalf("%s: the cut at visit %d was bound by visit %d, not an earlier one outside its subtree", what, got.Visit, want.cutBy)
	}
	if len(got.Children) != len(want.children) {
		t.Fatalf("%s: visit %d has %d children, the reference %d", what, got.Visit, len(got.Children), len(want.children))
	}
	for i := range got.Children {
		sameAsReference(t, what, got.Children[i], want.children[i])
	}
}

// TestVisitsMatchReference: the visit numbers, the windows each node was
// searched with, the parent's best score at entry and the score returned
// are those of a plain reference alpha-beta (a brute-force minimax for
// Minimax), with and without quiescence.
func TestVisitsMatchReference(t *testing.T) {
	fens := append(slices.Clone(smallFENs), italian, wayward)
	for _, fen := range fens {
		p := chess.MustParseFEN(fen)
		for _, m := range []Method{Minimax, AlphaBeta, Ordered} {
			for _, q := range []bool{false, true} {
				if q && m == Minimax {
					continue
				}
				for depth := 1; depth <= 3; depth++ {
					if m == Minimax && depth == 3 && len(fen) > 40 {
						continue // tens of thousands of nodes: depth 2 says as much
					}
					tree := search(t, fen, m, depth, TreeOptions{Seed: 3, Quiescence: q})
					ref := &reference{method: m, quiescence: q, root: p.SideToMove(), order: newSearcher(context.Background(), m, q, p.SideToMove(), 3)}
					want := ref.search(p, depth, 0, -engine.Infinite, engine.Infinite, -engine.Infinite, -1, -1, []uint64{p.Hash()})
					what := fmt.Sprintf("%s %s depth %d quiescence %v", fen, m, depth, q)
					sameAsReference(t, what, tree.Root(), want)
					if ref.next != int(tree.Nodes) {
						t.Errorf("%s: %d nodes, the reference %d", what, tree.Nodes, ref.next)
					}
				}
			}
		}
	}
}

// TestToyTreesMatchReference: trees kept to the first few moves at every
// node (TreeOptions.Width) are those of the reference recursion kept to
// the same moves, and depth 2 at width 3 is at most 13 positions, as the
// tutorials draw them.
func TestToyTreesMatchReference(t *testing.T) {
	for _, fen := range []string{italian, wayward, queensGamit} {
		p := chess.MustParseFEN(fen)
		for _, m := range []Method{Minimax, AlphaBeta, Ordered} {
			for _, q := range []bool{false, true} {
				if q && m == Minimax {
					continue
				}
				for _, width := range []int{1, 2, 3} {
					for depth := 1; depth <= 4; depth++ {
						tree := search(t, fen, m, depth, TreeOptions{Seed: 3, Quiescence: q, Width: width})
						ref := &reference{method: m, quiescence: q, width: width, root: p.SideToMove(), order: newSearcher(context.Background(), m, q, p.SideToMove(), 3)}
						want := ref.search(p, depth, 0, -engine.Infinite, engine.Infinite, -engine.Infinite, -1, -1, []uint64{p.Hash()})
						what := fmt.Sprintf("%s %s depth %d width %d quiescence %v", fen, m, depth, width, q)
						sameAsReference(t, what, tree.Root(), want)
						if depth == 2 && width == 3 && !q && tree.Nodes > 13 {
							t.Errorf("%s: %d positions, want at most 13", what, tree.Nodes)
						}
					}
				}
			}
		}
	}
	if _, err := Search(context.Background(), chess.StartingPosition(), AlphaBeta, 2, TreeOptions{Width: MaxWidth + 1}); err == nil {
		t.Errorf("width %d accepted", MaxWidth+1)
	}
}

// TestVisitOrder checks, for every method (EngineOrder's stateful order
// included), that the visits number the tree depth-first in search order
// and that each child's window follows from its parent's: (-beta, -alpha)
// with alpha raised by the best score found before it.
func TestVisitOrder(t *testing.T) {
	for _, fen := range []string{italian, wayward} {
		for _, m := range Methods {
			for _, q := range []bool{false, true} {
				if q && m == Minimax {
					continue
				}
				tree := search(t, fen, m, 3, TreeOptions{Quiescence: q})
				what := fmt.Sprintf("%s %s quiescence %v", fen, m, q)
				walk(tree.Root(), func(n *Node) {
					next := n.Visit + 1
					before := -engine.Infinite
					if n.Quiescence && n.Kind == Inner && len(n.Children) > 0 && n.Children[0].Before != before {
						before = n.Children[0].Before // the stand pat
					}
					for _, c := range n.Children {
						if c.Visit != next || c.Ply != n.Ply+1 || c.Before != before {
							t.Fatalf("%s: child %v of visit %d: visit %d ply %d before %d, want %d, %d, %d", what, c.Move, n.Visit, c.Visit, c.Ply, c.Before, next, n.Ply+1, before)
						}
						if m != Minimax && (c.Alpha != -n.Beta || c.Beta != -max(n.Alpha, before)) {
							t.Fatalf("%s: child %v of visit %d: window (%d, %d), parent's (%d, %d) with best %d", what, c.Move, n.Visit, c.Alpha, c.Beta, n.Alpha, n.Beta, before)
						}
						next += int(c.Size)
						before = max(before, -c.Score)
					}
					if n.Kind == Leaf && !n.Evaluated {
						t.Fatalf("%s: leaf at visit %d not evaluated", what, n.Visit)
					}
				})
			}
		}
	}
}

// TestVisitsKeepNumbering: a tree that keeps few nodes in memory lists the
// same visits, searched again, as one that keeps them all; pages, the size
// filter and the ancestors agree with the whole list.
func TestVisitsKeepNumbering(t *testing.T) {
	for _, m := range Methods {
		for _, q := range []bool{false, true} {
			if q && m == Minimax {
				continue
			}
			what := fmt.Sprintf("%s quiescence %v", m, q)
			full := search(t, wayward, m, 3, TreeOptions{Quiescence: q})
			small := search(t, wayward, m, 3, TreeOptions{Quiescence: q, MaxStored: 50})
			if small.StorePly() >= full.StorePly() {
				t.Fatalf("%s: the small tree keeps %d plies, the full one %d", what, small.StorePly(), full.StorePly())
			}
			all, err := full.Visits(VisitQuery{To: int(full.Nodes)})
			if err != nil || len(all.Visits) != int(full.Nodes) || all.Next != 0 {
				t.Fatalf("%s: %d visits of %d, next %d, %v", what, len(all.Visits), full.Nodes, all.Next, err)
			}
			var evals uint64
			for i, v := range all.Visits {
				if v.Visit != i || v.Evals != evals {
					t.Fatalf("%s: the %dth visit listed is %d, after %d evaluated nodes; want %d", what, i, v.Visit, v.Evals, evals)
				}
				if v.Evaluated {
					evals++
				}
			}
			if full.Root().Evals != evals {
				t.Errorf("%s: the root counts %d evaluated nodes, the list %d", what, full.Root().Evals, evals)
			}
			// Pages from the small tree, from the middle, with ancestors.
			for _, from := range []int{0, 1, int(full.Nodes) / 3, int(full.Nodes) - 7} {
				page, err := small.Visits(VisitQuery{From: from, To: int(full.Nodes), Limit: 500})
				if err != nil {
					t.Fatal(err)
				}
				n := min(500, int(full.Nodes)-from)
				if !sameJSON(page.Visits, all.Visits[from:from+n]) {
					t.Fatalf("%s: visits from %d of the small tree differ from the full tree's", what, from)
				}
				if want := from + n; (want < int(full.Nodes)) != (page.Next == want) {
					t.Errorf("%s: from %d: next %d, want %d", what, from, page.Next, want)
				}
				ancestors := []VisitView{}
				for v := all.Visits[from]; v.Parent >= 0; v = all.Visits[v.Parent] {
					ancestors = append([]VisitView{all.Visits[v.Parent]}, ancestors...)
				}
				if !sameJSON(page.Path, ancestors) {
					t.Errorf("%s: from %d: path of %d ancestors, want %d", what, from, len(page.Path), len(ancestors))
				}
			}
			big, err := small.Visits(VisitQuery{To: int(full.Nodes), MinSize: 20})
			if err != nil {
				t.Fatal(err)
			}
			var want []VisitView
			for _, v := range all.Visits {
				if v.Size >= 20 {
					want = append(want, v)
				}
			}
			if !sameJSON(big.Visits, want) {
				t.Errorf("%s: %d visits of 20 nodes or more, want %d", what, len(big.Visits), len(want))
			}
		}
	}
}

func sameJSON(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

// TestVisitViewWindow: a visit's window and scores read from White's point
// of view, and a cut names what it pruned.
func TestVisitViewWindow(t *testing.T) {
	tree := search(t, italian, AlphaBeta, 2, TreeOptions{})
	page, err := tree.Visits(VisitQuery{To: int(tree.Nodes)})
	if err != nil {
		t.Fatal(err)
	}
	root := page.Visits[0]
	if root.Parent != -1 || root.WhiteAlpha != "-∞" || root.WhiteBeta != "+∞" || root.Turn != "white" || root.SAN != "" {
		t.Errorf("root %+v", root)
	}
	cuts := 0
	for _, v := range page.Visits {
		if v.Cut == nil {
			continue
		}
		cuts++
		if v.Cut.Skipped != len(v.Cut.Pruned) || v.Cut.Skipped != v.Legal-v.Searched || v.Cut.By != v.Searched {
			t.Errorf("cut at visit %d: %+v with %d of %d moves searched", v.Visit, v.Cut, v.Searched, v.Legal)
		}
		if v.Turn == "white" && v.Cut.WhiteAlpha == "-∞" || v.Turn == "black" && v.Cut.WhiteBeta == "+∞" {
			t.Errorf("cut at visit %d with an open window %+v", v.Visit, v.Cut)
		}
	}
	if cuts == 0 {
		t.Error("no cut at depth 2")
	}
}

// TestQuiescence: on the wayward queen's position the plain search at
// depth 1 falls for Qxf7+, which quiescence sees refuted by Kxf7.
func TestQuiescence(t *testing.T) {
	p := chess.MustParseFEN(wayward)
	best := func(q bool) (string, *Tree) {
		tree := search(t, wayward, Ordered, 1, TreeOptions{Quiescence: q})
		r := tree.Root()
		return p.SAN(r.Children[r.Best].Move), tree
	}
	if san, _ := best(false); san != "Qxf7+" {
		t.Errorf("without quiescence the best move is %s, want Qxf7+ (the horizon effect)", san)
	}
	san, tree := best(true)
	if san == "Qxf7+" {
		t.Error("with quiescence the best move is still Qxf7+")
	}
	v, err := tree.Children(ParsePath("f3f7"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Quiescence || len(v.Children) != 1 || v.Children[0].SAN != "Kxf7" || v.White.CP > -500 {
		t.Errorf("Qxf7+ with quiescence: %+v", v)
	}
	if _, err := Search(context.Background(), p, Minimax, 2, TreeOptions{Quiescence: true}); err != ErrMinimaxQuiescence {
		t.Errorf("minimax with quiescence: %v", err)
	}
}

// TestEngineOrderHelps: with quiescence, the engine's ordering searches
// fewer nodes than captures first, which searches fewer than random order,
// counting the engine's shallower searches.
func TestEngineOrderHelps(t *testing.T) {
	for _, fen := range []string{italian, queensGamit, wayward} {
		opts := TreeOptions{Quiescence: true}
		var nodes []uint64
		for _, m := range []Method{AlphaBeta, Ordered, EngineOrder} {
			st, err := Compare(context.Background(), chess.MustParseFEN(fen), m, 3, opts)
			if err != nil {
				t.Fatal(err)
			}
			nodes = append(nodes, st.Nodes)
		}
		if !(nodes[0] > nodes[1] && nodes[1] > nodes[2]) {
			t.Errorf("%s: random order %d nodes, captures first %d, the engine's order %d", fen, nodes[0], nodes[1], nodes[2])
		}
	}
}

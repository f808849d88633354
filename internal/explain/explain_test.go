package explain

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/eval"
)

// small positions: few pieces, so every tree is stored whole.
var smallFENs = []string{
	"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", // Ra8 mates
	"4k3/8/8/8/8/8/4P3/4K2R w K - 0 1",
	"8/8/8/4k3/8/8/3QK3/8 b - - 0 1",
	"7k/8/6KQ/8/8/8/8/8 b - - 0 1",
	"r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
	"4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1",
}

// bruteNode is a node of the reference minimax: written as plainly as
// possible, with LegalMoves and recursion.
type bruteNode struct {
	move     chess.Move
	score    engine.Score
	children []*bruteNode
}

func brute(p *chess.Position, root chess.Color, depth, ply int, hashes []uint64) *bruteNode {
	n := &bruteNode{}
	moves := p.LegalMoves()
	switch {
	case len(moves) == 0 && p.InCheck():
		n.score = engine.MatedIn(ply)
		return n
	case len(moves) == 0:
		return n
	case engine.ClassicDraw(p, hashes):
		return n
	case depth == 0:
		n.score = engine.Score(eval.ClassicFor(p, root))
		if p.SideToMove() != root {
			n.score = -n.score
		}
		return n
	}
	n.score = -engine.Infinite
	for _, m := range moves {
		c := *p
		c.MakeMove(m)
		child := brute(&c, root, depth-1, ply+1, append(hashes[:len(hashes):len(hashes)], c.Hash()))
		child.move = m
		n.children = append(n.children, child)
		n.score = max(n.score, -child.score)
	}
	return n
}

func sameTree(t *testing.T, fen string, got *Node, want *bruteNode, path string) {
	t.Helper()
	if got.Score != want.score {
		t.Fatalf("%s %q: score %d, brute force %d", fen, path, got.Score, want.score)
	}
	if len(got.Children) != len(want.children) {
		t.Fatalf("%s %q: %d children, brute force %d", fen, path, len(got.Children), len(want.children))
	}
	for i := range got.Children {
		if got.Children[i].Move != want.children[i].move {
			t.Fatalf("%s %q: child %d is %v, brute force %v", fen, path, i, got.Children[i].Move, want.children[i].move)
		}
		sameTree(t, fen, got.Children[i], want.children[i], path+" "+got.Children[i].Move.String())
	}
}

// walk calls f for every stored node.
func walk(n *Node, f func(*Node)) {
	f(n)
	for _, c := range n.Children {
		walk(c, f)
	}
}

func search(t *testing.T, fen string, m Method, depth int, opts TreeOptions) *Tree {
	t.Helper()
	tree, err := Search(context.Background(), chess.MustParseFEN(fen), m, depth, opts)
	if err != nil {
		t.Fatalf("%s %s depth %d: %v", fen, m, depth, err)
	}
	return tree
}

func TestMinimaxIsBruteForce(t *testing.T) {
	for _, fen := range smallFENs {
		p := chess.MustParseFEN(fen)
		for depth := 1; depth <= 3; depth++ {
			tree := search(t, fen, Minimax, depth, TreeOptions{})
			sameTree(t, fen, tree.Root(), brute(p, p.SideToMove(), depth, 0, []uint64{p.Hash()}), "")
		}
	}
}

// TestMinimaxSize: the count without a search is the size of the tree
// minimax searches, at every width, mates and draws included.
func TestMinimaxSize(t *testing.T) {
	for _, fen := range smallFENs {
		p := chess.MustParseFEN(fen)
		for _, width := range []int{0, 1, 3} {
			for depth := 1; depth <= 3; depth++ {
				tree := search(t, fen, Minimax, depth, TreeOptions{Width: width})
				if got := MinimaxSize(p, depth, width); got != tree.Nodes {
					t.Errorf("%s depth %d width %d: MinimaxSize %d, the tree %d", fen, depth, width, got, tree.Nodes)
				}
			}
		}
	}
}

func TestCountsAddUp(t *testing.T) {
	for _, fen := range smallFENs {
		for depth := 1; depth <= 3; depth++ {
			mm := search(t, fen, Minimax, depth, TreeOptions{})
			for _, m := range []Method{Minimax, AlphaBeta, Ordered} {
				tree := search(t, fen, m, depth, TreeOptions{Seed: 7})
				if tree.Root().Score != mm.Root().Score {
					t.Errorf("%s depth %d: %s scores %d, minimax %d", fen, depth, m, tree.Root().Score, mm.Root().Score)
				}
				if tree.Nodes > mm.Nodes {
					t.Errorf("%s depth %d: %s visits %d nodes, minimax %d", fen, depth, m, tree.Nodes, mm.Nodes)
				}
				var stored, saved uint64
				walk(tree.Root(), func(n *Node) {
					stored++
					saved += n.Saved
					var sub uint64 = 1
					for _, c := range n.Children {
						sub += c.Size
					}
					if n.Size != sub || len(n.Children) != n.Searched {
						t.Errorf("%s depth %d %s: node size %d, children sum to %d (%d of %d searched kept)", fen, depth, m, n.Size, sub, len(n.Children), n.Searched)
					}
					if n.Cut && n.Searched+len(n.Pruned) != n.Legal {
						t.Errorf("%s depth %d %s: %d searched + %d pruned != %d legal", fen, depth, m, n.Searched, len(n.Pruned), n.Legal)
					}
				})
				if stored != tree.Nodes || tree.Root().Size != tree.Nodes {
					t.Errorf("%s depth %d %s: %d nodes stored, root size %d, reported %d", fen, depth, m, stored, tree.Root().Size, tree.Nodes)
				}
				if tree.Nodes+saved != mm.Nodes {
					t.Errorf("%s depth %d %s: %d nodes + %d saved != minimax %d", fen, depth, m, tree.Nodes, saved, mm.Nodes)
				}
				if m == Minimax && saved != 0 {
					t.Errorf("minimax saved %d nodes", saved)
				}
				st, err := Compare(context.Background(), chess.MustParseFEN(fen), m, depth, TreeOptions{Seed: 7})
				if err != nil || st.Nodes != tree.Nodes || st.Score.CP != int(mm.Root().Score) {
					t.Errorf("%s depth %d %s: Compare %+v, %v; tree %d nodes", fen, depth, m, st, err, tree.Nodes)
				}
			}
		}
	}
}

// TestMiddlegame checks the same sums on a real middlegame position at
// depth 3, and that alpha-beta saves nodes.
func TestMiddlegame(t *testing.T) {
	fen := "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	mm := search(t, fen, Minimax, 3, TreeOptions{})
	for _, m := range []Method{AlphaBeta, Ordered} {
		tree := search(t, fen, m, 3, TreeOptions{})
		var saved uint64
		walk(tree.Root(), func(n *Node) { saved += n.Saved })
		if tree.Root().Score != mm.Root().Score || tree.Nodes >= mm.Nodes || tree.Nodes+saved != mm.Nodes {
			t.Errorf("%s: score %d (minimax %d), nodes %d + saved %d vs minimax %d", m, tree.Root().Score, mm.Root().Score, tree.Nodes, saved, mm.Nodes)
		}
	}
}

func TestMate(t *testing.T) {
	tree := search(t, smallFENs[0], Ordered, 2, TreeOptions{})
	if got := tree.Root().Score; got != engine.MateIn(1) {
		t.Fatalf("root score %d, want mate in 1 (%d)", got, engine.MateIn(1))
	}
	v, err := tree.Children(ParsePath("a1a8"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if v.Kind != Mate || !v.PV || v.SAN != "Ra8#" || v.Score.Text != "mated" || v.White.Text != "mate" {
		t.Errorf("Ra8: %+v", v)
	}
	root, _ := tree.Children(nil, 0)
	if root.Score.Text != "#1" || root.Children[0].UCI != "a1a8" {
		t.Errorf("root %s, first child %s", root.Score.Text, root.Children[0].UCI)
	}
	// Stalemate: Black to move, no move, not in check.
	st := search(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Minimax, 2, TreeOptions{})
	if st.Root().Kind != Stalemate || st.Root().Score != 0 {
		t.Errorf("stalemate: kind %s score %d", st.Root().Kind, st.Root().Score)
	}
}

// TestSearchedAgain: a tree that keeps few nodes gives the same children,
// searched again, as one that keeps them all.
func TestSearchedAgain(t *testing.T) {
	fen := "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	for _, m := range []Method{Minimax, AlphaBeta, Ordered} {
		full := search(t, fen, m, 3, TreeOptions{})
		small := search(t, fen, m, 3, TreeOptions{MaxStored: 100})
		if small.StorePly() >= 3 || small.Nodes != full.Nodes {
			t.Fatalf("%s: store ply %d, nodes %d vs %d", m, small.StorePly(), small.Nodes, full.Nodes)
		}
		// Follow the PV and one other line three plies down.
		for _, pick := range []int{0, 1} {
			var path []string
			for ply := 0; ply < 3; ply++ {
				a, err1 := full.Children(path, 0)
				b, err2 := small.Children(path, 0)
				if err1 != nil || err2 != nil {
					t.Fatalf("%s %v: %v %v", m, path, err1, err2)
				}
				ja, _ := json.Marshal(a)
				jb, _ := json.Marshal(b)
				if !bytes.Equal(ja, jb) {
					t.Fatalf("%s %v: kept and searched again differ:\n%s\n%s", m, path, ja, jb)
				}
				if len(a.Children) == 0 {
					break
				}
				path = ParsePath(a.Children[min(pick, len(a.Children)-1)].Path)
			}
		}
	}
}

func TestPathErrors(t *testing.T) {
	tree := search(t, chess.StartFEN, AlphaBeta, 2, TreeOptions{})
	for _, path := range []string{"e2e5", "zz", "e2e4,e2e4"} {
		if _, err := tree.Children(ParsePath(path), 0); err == nil {
			t.Errorf("path %q: no error", path)
		}
	}
	root, _ := tree.Children(nil, 0)
	var pruned string
	for _, c := range root.Children {
		if c.Cut != nil {
			pruned = c.Path + "," + c.Cut.Pruned[0].UCI
		}
	}
	if _, err := tree.Children(ParsePath(pruned), 0); err == nil || !strings.Contains(err.Error(), "pruned") {
		t.Errorf("pruned path %q: %v", pruned, err)
	}
	if _, err := Search(context.Background(), chess.StartingPosition(), Minimax, 5, TreeOptions{}); err == nil {
		t.Error("depth 5: no error")
	}
	if _, err := ParseMethod("negascout"); err == nil {
		t.Error("method negascout: no error")
	}
}

func TestNodeLimit(t *testing.T) {
	_, err := Search(context.Background(), chess.StartingPosition(), Minimax, 4, TreeOptions{NodeLimit: 5000})
	if err != ErrTooLarge {
		t.Errorf("err = %v, want ErrTooLarge", err)
	}
}

func TestExplainReport(t *testing.T) {
	p := chess.MustParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	tree, r, err := Explain(context.Background(), p, Options{Depth: 2, Method: Ordered, MultiPV: 3, CandidateDepth: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Comparison) != 5 || r.Comparison[4].Method != Engine || r.Comparison[0].Nodes <= r.Comparison[2].Nodes {
		t.Errorf("comparison %+v", r.Comparison)
	}
	if len(r.Candidates) != 3 || len(r.Candidates[0].Line) == 0 {
		t.Errorf("candidates %+v", r.Candidates)
	}
	if r.Classic.Total != eval.Classic(p) || r.Main.Total != eval.Evaluate(p) || len(r.Classic.Pieces) != p.Occupied().Count() {
		t.Errorf("evaluations: classic %d, main %d", r.Classic.Total, r.Main.Total)
	}
	sum := 0
	for _, pc := range r.Classic.Pieces {
		sum += pc.Signed
	}
	if sum != r.Classic.Total || r.Classic.Material+r.Classic.PST != r.Classic.Total {
		t.Errorf("classic pieces sum to %d, material %d + pst %d, total %d", sum, r.Classic.Material, r.Classic.PST, r.Classic.Total)
	}
	if len(r.Root.Children) != len(p.LegalMoves()) || !r.Root.Children[0].PV {
		t.Errorf("root children: %d, first %+v", len(r.Root.Children), r.Root.Children[0])
	}
	var b bytes.Buffer
	if err := WriteText(&b, tree, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"tree: alpha-beta, captures first", "(root)", "* 4. ", "✂ cut at α=", "comparison", "minimax (no pruning)", "full engine", "classic evaluation", "hand-crafted evaluation (the engine plays with the network", "candidates", "1. "} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
}

// TestChess960Castling explores a Chess960 position where castling leaves
// the king where it stands: the move is written as the king taking its rook
// (g1h1), and that path leads back to it; g1g1 would not read.
func TestChess960Castling(t *testing.T) {
	p, err := chess.ParseFEN960("4k3/8/8/8/8/8/8/6KR w H - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	tree, err := Search(context.Background(), p, Minimax, 1, TreeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	root, err := tree.Children(nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var castle *NodeView
	for i, c := range root.Children {
		if c.SAN == "O-O" {
			castle = &root.Children[i]
		}
	}
	if castle == nil || castle.UCI != "g1h1" || castle.Path != "g1h1" {
		t.Fatalf("castling in the tree: %+v", castle)
	}
	if v, err := tree.Children([]string{castle.Path}, 0); err != nil || v.SAN != "O-O" {
		t.Errorf("the path %s: %+v, %v", castle.Path, v.SAN, err)
	}
}

package explain

import (
	"context"
	"math/rand/v2"
	"slices"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/eval"
)

// Method is one of the instrumented tree searches.
type Method string

// The instrumented searches.
const (
	Minimax   Method = "minimax"   // negamax over every move, no pruning
	AlphaBeta Method = "alphabeta" // alpha-beta, moves in (seeded) random order: the tutorials
	Ordered   Method = "ordered"   // alpha-beta, captures first (MVV-LVA), then quiet moves
	Engine    Method = "engine"    // the full engine (comparison only: no tree)
)

// Methods lists the tree searches, in the order the comparison shows them.
var Methods = []Method{Minimax, AlphaBeta, Ordered}

// ParseMethod returns the tree search called s ("" is AlphaBeta).
func ParseMethod(s string) (Method, error) {
	switch Method(s) {
	case "":
		return AlphaBeta, nil
	case Minimax, AlphaBeta, Ordered:
		return Method(s), nil
	}
	return "", errorf("unknown method %q (want minimax, alphabeta or ordered)", s)
}

// Kind says what a node of the tree is.
type Kind string

// The kinds of node.
const (
	Inner     Kind = "inner"     // searched its moves
	Leaf      Kind = "leaf"      // depth reached: scored by the classic evaluator
	Mate      Kind = "mate"      // the side to move is checkmated
	Stalemate Kind = "stalemate" // the side to move has no move and is not in check
	Draw      Kind = "draw"      // fifty-move rule, insufficient material, or a repetition in the tree
)

// Node is one position the search visited. Scores, alpha and beta are from
// the point of view of the side to move at the node (negamax).
type Node struct {
	Move  chess.Move // the move that led here (NoMove at the root)
	Ply   int        // distance from the root
	Kind  Kind
	Score engine.Score

	// Alpha and Beta are the window at entry (alpha-beta methods only).
	Alpha, Beta engine.Score
	// Cut is set when a move scored at least beta and the remaining moves
	// were skipped; CutAlpha and CutBeta are the window at that moment.
	Cut               bool
	CutAlpha, CutBeta engine.Score
	Pruned            []chess.Move // the moves skipped by the cut, in search order
	PrunedSizes       []uint64     // minimax nodes in each skipped move's subtree
	Saved             uint64       // sum of PrunedSizes: the nodes the cut saved

	Legal    int    // legal moves here (the children of minimax)
	Searched int    // children searched
	Best     int    // index in search order of the best child, -1 for none
	Size     uint64 // nodes in the subtree as searched, this one included
	PV       bool   // on the principal variation

	// Children are the searched children in search order, or nil when they
	// were not kept (see Tree.Children, which searches them again).
	Children []*Node
	stored   bool // Children holds every searched child
}

// searcher runs one instrumented search. Its move order depends only on
// the position, the ply and the seed, so a subtree searched again from the
// same window is the same subtree.
type searcher struct {
	ctx      context.Context
	method   Method
	root     chess.Color // the classic evaluator's point of view
	seed     uint64
	limit    uint64 // stop after this many nodes (0: no limit)
	nodes    uint64
	stopped  bool
	hashes   []uint64 // the positions from the root to the current node
	pcg      rand.PCG
	rng      *rand.Rand
	storePly int // keep the children of nodes above this ply
	stored   int // nodes kept
	maxStore int // above this, storePly goes down
	tree     *Node
}

func newSearcher(ctx context.Context, method Method, root chess.Color, seed uint64) *searcher {
	s := &searcher{ctx: ctx, method: method, root: root, seed: seed}
	s.rng = rand.New(&s.pcg)
	return s
}

// checkStop polls the context and the node limit now and then.
func (s *searcher) checkStop() bool {
	if s.nodes&1023 == 0 && (s.ctx.Err() != nil || (s.limit > 0 && s.nodes > s.limit)) {
		s.stopped = true
	}
	return s.stopped
}

// search searches p to depth with the window (alpha, beta) and returns its
// score and the number of nodes in its subtree. n, when not nil, records
// the node.
func (s *searcher) search(p *chess.Position, n *Node, depth, ply int, alpha, beta engine.Score) (engine.Score, uint64) {
	s.nodes++
	if s.checkStop() {
		return 0, 1
	}
	if n != nil {
		n.Ply, n.Alpha, n.Beta, n.Best = ply, alpha, beta, -1
	}
	var ml chess.MoveList
	p.GenerateMoves(&ml, chess.AllMoves)
	kind, score, terminal := s.terminal(p, &ml, depth, ply)
	if terminal {
		if n != nil {
			n.Kind, n.Score, n.Size, n.Legal, n.stored = kind, score, 1, ml.Len(), true
		}
		return score, 1
	}
	moves := s.order(p, ml.Slice(), ply)

	best, size := -engine.Infinite, uint64(1)
	bestIdx := -1
	if n != nil {
		n.Kind, n.Legal = Inner, len(moves)
		n.stored = ply < s.storePly
	}
	for i, m := range moves {
		child := *p
		child.MakeMove(m)
		s.hashes = append(s.hashes, child.Hash())
		var cn *Node
		if n != nil && ply < s.storePly {
			cn = &Node{Move: m}
		}
		score, sub := s.search(&child, cn, depth-1, ply+1, -beta, -alpha)
		score = -score
		s.hashes = s.hashes[:len(s.hashes)-1]
		size += sub
		if s.stopped {
			return 0, size
		}
		if cn != nil && ply < s.storePly { // storePly may have gone down meanwhile
			n.Children = append(n.Children, cn)
			s.stored++
			if s.stored > s.maxStore && s.storePly > 1 {
				s.lowerStorePly()
			}
		}
		if n != nil {
			n.Searched++
		}
		if score > best {
			best, bestIdx = score, i
			alpha = max(alpha, score)
			if alpha >= beta && s.method != Minimax {
				if n != nil {
					s.recordCut(p, n, moves[i+1:], depth, alpha, beta)
				}
				break
			}
		}
	}
	if n != nil {
		n.Score, n.Best, n.Size = best, bestIdx, size
		if ply >= s.storePly {
			n.Children, n.stored = nil, false
		}
	}
	return best, size
}

// terminal reports whether p ends the search: no legal move (mate or
// stalemate), a draw, or the depth reached (scored by the classic
// evaluator from the side to move's point of view).
func (s *searcher) terminal(p *chess.Position, ml *chess.MoveList, depth, ply int) (Kind, engine.Score, bool) {
	switch {
	case ml.Len() == 0 && p.InCheck():
		return Mate, engine.MatedIn(ply), true
	case ml.Len() == 0:
		return Stalemate, engine.DrawScore, true
	case engine.ClassicDraw(p, s.hashes):
		return Draw, engine.DrawScore, true
	case depth <= 0:
		score := engine.Score(eval.ClassicFor(p, s.root))
		if p.SideToMove() != s.root {
			score = -score
		}
		return Leaf, score, true
	}
	return "", 0, false
}

// recordCut notes a beta cutoff at n: the window at the cut and the moves
// skipped, with the minimax nodes under each (what the cut saved).
func (s *searcher) recordCut(p *chess.Position, n *Node, skipped []chess.Move, depth int, alpha, beta engine.Score) {
	n.Cut, n.CutAlpha, n.CutBeta = true, alpha, beta
	n.Pruned = slices.Clone(skipped)
	n.PrunedSizes = make([]uint64, len(skipped))
	n.Saved = 0
	for i, m := range skipped {
		child := *p
		child.MakeMove(m)
		s.hashes = append(s.hashes, child.Hash())
		n.PrunedSizes[i] = minimaxSize(&child, depth-1, s.hashes)
		s.hashes = s.hashes[:len(s.hashes)-1]
		n.Saved += n.PrunedSizes[i]
	}
}

// lowerStorePly keeps one ply less of the tree: the kept tree grew past
// maxStore. The children of nodes at the new storePly are dropped (Tree
// searches them again when asked).
func (s *searcher) lowerStorePly() {
	s.storePly--
	s.stored = 0
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.Ply >= s.storePly {
			n.Children, n.stored = nil, false
			return
		}
		s.stored += len(n.Children)
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(s.tree)
}

// order returns the moves in the method's search order: as generated for
// minimax, shuffled for alpha-beta (seeded by the position, so a subtree
// searched again comes out the same), captures by MVV-LVA then quiet moves
// for ordered alpha-beta.
func (s *searcher) order(p *chess.Position, moves []chess.Move, ply int) []chess.Move {
	switch s.method {
	case AlphaBeta:
		s.pcg.Seed(s.seed, p.Hash()^uint64(ply)*0x9E3779B97F4A7C15)
		s.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	case Ordered:
		slices.SortStableFunc(moves, func(a, b chess.Move) int { return mvvLVA(p, b) - mvvLVA(p, a) })
	}
	return moves
}

// orderValue ranks the piece types for MVV-LVA.
var orderValue = [chess.King + 1]int{0, 1, 3, 3, 5, 9, 20}

// mvvLVA scores a move for ordering: captures and promotions above quiet
// moves (0), the most valuable victim first, then the least valuable attacker.
func mvvLVA(p *chess.Position, m chess.Move) int {
	score := 0
	if m.IsCapture() {
		victim := chess.Pawn
		if !m.IsEnPassant() {
			victim = p.PieceAt(m.To()).Type()
		}
		score += 100 + 10*orderValue[victim] - orderValue[p.PieceAt(m.From()).Type()]
	}
	if m.IsPromotion() {
		score += 100 + 10*orderValue[m.Promotion()]
	}
	return score
}

// minimaxSize returns the number of nodes plain minimax visits below and
// including p at depth, with the same terminal rules as the search (hashes
// ends with p). It counts without evaluating, the last ply in bulk.
func minimaxSize(p *chess.Position, depth int, hashes []uint64) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml chess.MoveList
	p.GenerateMoves(&ml, chess.AllMoves)
	if ml.Len() == 0 || engine.ClassicDraw(p, hashes) {
		return 1
	}
	if depth == 1 {
		return 1 + uint64(ml.Len())
	}
	size := uint64(1)
	for _, m := range ml.Slice() {
		child := *p
		child.MakeMove(m)
		size += minimaxSize(&child, depth-1, append(hashes, child.Hash()))
	}
	return size
}

// markPV sets PV along the best children from n, as far as they are kept.
func markPV(n *Node) {
	for n != nil {
		n.PV = true
		if n.Best < 0 || n.Best >= len(n.Children) {
			return
		}
		n = n.Children[n.Best]
	}
}

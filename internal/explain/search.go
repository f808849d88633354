package explain

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"

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
	// EngineOrder is alpha-beta with the engine's move ordering (ordering.go):
	// iterative deepening to learn a best move per position (the hash move),
	// then captures by MVV-LVA, the killers and the history heuristic.
	EngineOrder Method = "engine-order"
	Engine      Method = "engine" // the full engine (comparison only: no tree)
)

// Methods lists the tree searches, in the order the comparison shows them:
// from the most positions searched to the fewest.
var Methods = []Method{Minimax, AlphaBeta, Ordered, EngineOrder}

// MethodNames is the list of the tree searches' names for an error message:
// "minimax, alphabeta, ordered or engine-order".
func MethodNames() string {
	names := make([]string, len(Methods))
	for i, m := range Methods {
		names[i] = string(m)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// ParseMethod returns the tree search called s ("" is AlphaBeta).
func ParseMethod(s string) (Method, error) {
	if s == "" {
		return AlphaBeta, nil
	}
	if slices.Contains(Methods, Method(s)) {
		return Method(s), nil
	}
	return "", errorf("unknown method %q (want %s)", s, MethodNames())
}

// Kind says what a node of the tree is.
type Kind string

// The kinds of node.
const (
	Inner     Kind = "inner"     // searched its moves
	Leaf      Kind = "leaf"      // depth reached (and, with quiescence, no capture left): scored by the classic evaluator
	Mate      Kind = "mate"      // the side to move is checkmated
	Stalemate Kind = "stalemate" // the side to move has no move and is not in check
	Draw      Kind = "draw"      // fifty-move rule, insufficient material, or a repetition in the tree
)

// Node is one position the search visited. Scores, alpha and beta are from
// the point of view of the side to move at the node (negamax).
type Node struct {
	Move chess.Move // the move that led here (NoMove at the root)
	// Visit numbers the nodes in the order the search entered them: 0 for
	// the root, then depth-first, each node's children in the order it
	// searched them. A node's subtree holds the visits Visit to
	// Visit+Size-1.
	Visit int
	Ply   int // distance from the root
	Kind  Kind
	// Quiescence is set beyond the horizon (depth 0 and deeper) when the
	// search has quiescence: there only captures and queen promotions are
	// searched (every move when in check), and the side to move may "stand
	// pat", keep the evaluation instead of capturing.
	Quiescence bool
	// Evaluated is set when the classic evaluator scored the node: a leaf,
	// or a quiescence node's stand pat.
	Evaluated bool
	Evals     uint64       // evaluated nodes in the subtree, this one included
	Score     engine.Score // the score it returned

	// Alpha and Beta are the window at entry (alpha-beta methods only);
	// AlphaBy and BetaBy where each bound came from (nil: the root's
	// infinite bounds).
	Alpha, Beta     engine.Score
	AlphaBy, BetaBy *Bound
	// Before is the parent's best score so far, from the parent's point of
	// view, when the search entered this node (-Infinite for the parent's
	// first move, or its stand pat beyond the horizon).
	Before engine.Score
	// Cut is set when a move scored at least beta and the remaining moves
	// were skipped; CutAlpha and CutBeta are the window at that moment.
	// Beyond the horizon a stand pat at least beta cuts before any move is
	// searched (Best is then -1).
	Cut               bool
	CutAlpha, CutBeta engine.Score
	// CutBy is where the beta the cut compared against came from: the
	// visit, outside this node's subtree, whose score set it.
	CutBy       *Bound
	Pruned      []chess.Move // the moves skipped by the cut, in search order
	PrunedSizes []uint64     // minimax nodes in each skipped move's subtree, down to the horizon
	Saved       uint64       // sum of PrunedSizes: the nodes the cut saved (at least, with quiescence)

	// Legal counts the moves the node could search: its legal moves, or
	// beyond the horizon its captures and queen promotions (every legal
	// move when in check).
	Legal    int
	Searched int    // children searched
	Best     int    // index in search order of the best child, -1 for none
	Size     uint64 // nodes in the subtree as searched, this one included
	PV       bool   // on the principal variation

	// Children are the searched children in search order, or nil when they
	// were not kept (see Tree.Children, which searches them again).
	Children []*Node
	stored   bool // Children holds every searched child
}

// Bound is where a bound of a window came from: the visit whose score set
// it, earlier and outside the subtree of every node whose window holds it.
// A move's score raises its parent's alpha (the move is the parent's
// child at Visit); beyond the horizon a stand pat raises the node's own
// alpha (StandPat, Visit the node itself). The bound then passes down the
// tree, alpha becoming the children's beta and so on.
type Bound struct {
	Visit    int
	Move     chess.Move // the move that led to Visit (NoMove at the root)
	SAN      string     // Move in SAN, in the position it was played in
	UCI      string     // Move in UCI notation there (king takes rook for Chess960 castling)
	StandPat bool
}

// maxPly bounds the plies from the root: a quiescence search ends there
// (scored by the evaluator) even with captures left.
const maxPly = MaxDepth + 12

// searcher runs one instrumented search. Its move order depends only on
// the position, the ply and the seed, so a subtree searched again from the
// same window is the same subtree, except with EngineOrder, whose order
// depends on what the search learnt before (see Tree.expand).
type searcher struct {
	ctx        context.Context
	method     Method
	quiescence bool
	root       chess.Color // the classic evaluator's point of view
	seed       uint64
	limit      uint64 // stop after this many nodes (0: no limit)
	width      int    // the moves searched at every node, the first in the method's order (0: all)
	nodes      uint64 // nodes searched, the shallower iterations of EngineOrder included
	evals      uint64 // nodes the evaluator scored
	visit      int    // the next node's Visit
	stopped    bool
	hashes     []uint64 // the positions from the root to the current node
	pcg        rand.PCG
	rng        *rand.Rand
	learnt     *ordering // EngineOrder's tables (nil for the other methods)

	// What is recorded: the children of recorded nodes above storePly are
	// kept; path, when set, keeps only the line it names above its length
	// (Tree.replay).
	storePly int
	path     []chess.Move
	line     []lineMove // the moves from the root (or the re-searched node) to the node searched
	stored   int        // nodes kept
	deepest  int        // the largest ply of a kept node
	maxStore int        // above this, storePly goes down
	tree     *Node
}

func newSearcher(ctx context.Context, method Method, quiescence bool, root chess.Color, seed uint64) *searcher {
	s := &searcher{ctx: ctx, method: method, quiescence: quiescence, root: root, seed: seed}
	s.rng = rand.New(&s.pcg)
	if method == EngineOrder {
		s.learnt = newOrdering()
	}
	return s
}

// checkStop polls the context and the node limit now and then.
func (s *searcher) checkStop() bool {
	if s.nodes&1023 == 0 && (s.ctx.Err() != nil || (s.limit > 0 && s.nodes > s.limit)) {
		s.stopped = true
	}
	return s.stopped
}

// run searches p to depth from the root, recording the tree in root, and
// returns the score. EngineOrder first searches every shallower depth
// (iterative deepening), as the engine does: what they learn orders the
// last search's moves; their nodes count in s.nodes but have no Visit.
func (s *searcher) run(p *chess.Position, root *Node, depth int) engine.Score {
	if s.method == EngineOrder {
		for d := 1; d < depth && !s.stopped; d++ {
			s.hashes = []uint64{p.Hash()}
			s.search(p, nil, d, 0, -engine.Infinite, engine.Infinite, nil, nil)
		}
	}
	s.hashes = []uint64{p.Hash()}
	s.visit = 0
	score, _ := s.search(p, root, depth, 0, -engine.Infinite, engine.Infinite, nil, nil)
	return score
}

// keep reports whether a recorded node at ply keeps its child reached by m.
func (s *searcher) keep(ply int, m chess.Move) bool {
	if ply < len(s.path) {
		return m == s.path[ply]
	}
	return ply < s.storePly
}

// search searches p to depth with the window (alpha, beta) and returns its
// score and the number of nodes in its subtree. n, when not nil, records
// the node. At depth 0 and below the search is over unless it has
// quiescence, which goes on with the captures.
//
// alphaBy and betaBy are where the window's bounds came from (see Bound).
func (s *searcher) search(p *chess.Position, n *Node, depth, ply int, alpha, beta engine.Score, alphaBy, betaBy *Bound) (engine.Score, uint64) {
	s.nodes++
	visit := s.visit
	s.visit++
	if s.checkStop() {
		return 0, 1
	}
	if n != nil {
		n.Visit, n.Ply, n.Alpha, n.Beta, n.Best = visit, ply, alpha, beta, -1
		n.AlphaBy, n.BetaBy = alphaBy, betaBy
		n.Quiescence = s.quiescence && depth <= 0
		evals := s.evals
		defer func() { n.Evals = s.evals - evals }()
	}
	var ml chess.MoveList
	p.GenerateMoves(&ml, chess.AllMoves)
	legal := ml.Len()
	moves := s.movesToSearch(p, ml.Slice(), depth)
	kind, score, terminal := s.terminal(p, legal, len(moves), depth, ply)
	if terminal {
		if n != nil {
			n.Kind, n.Score, n.Size, n.Legal, n.stored = kind, score, 1, len(moves), true
			n.Evaluated = kind == Leaf
		}
		return score, 1
	}
	moves = s.order(p, moves, depth, ply)
	if s.width > 0 && len(moves) > s.width {
		moves = moves[:s.width] // a toy tree, as the tutorials draw them
	}

	best, size := -engine.Infinite, uint64(1)
	bestIdx, alphaAtEntry := -1, alpha
	if n != nil {
		n.Kind, n.Legal = Inner, len(moves)
		n.stored = ply < s.storePly
	}
	if depth <= 0 && !p.InCheck() {
		// Beyond the horizon the side to move need not capture: it may
		// stand pat on the evaluation, which is then a lower bound.
		best = s.evaluate(p)
		if n != nil {
			n.Evaluated = true
		}
		if best > alpha {
			san, uci := s.lastNotation()
			alpha, alphaBy = best, &Bound{Visit: visit, Move: s.lastMove(), SAN: san, UCI: uci, StandPat: true}
		}
		if alpha >= beta && s.method != Minimax {
			if n != nil {
				n.Score, n.Size, n.stored = best, 1, true
				s.recordCut(p, n, moves, depth, alpha, beta, betaBy)
			}
			return best, 1
		}
	}
	for i, m := range moves {
		childVisit := s.visit
		cn, score, sub := s.searchChild(p, n, m, best, depth, ply, alpha, beta, alphaBy, betaBy)
		size += sub
		if s.stopped {
			return 0, size
		}
		if cn != nil && s.keep(ply, m) { // storePly may have gone down meanwhile
			s.store(n, cn)
		}
		if n != nil {
			n.Searched++
		}
		if score > best {
			best, bestIdx = score, i
			if score > alpha {
				alpha, alphaBy = score, &Bound{Visit: childVisit, Move: m, SAN: p.SAN(m), UCI: p.UCI(m)}
			}
			if alpha >= beta && s.method != Minimax {
				s.learnt.cutoff(p, moves[:i+1], depth, ply)
				if n != nil {
					s.recordCut(p, n, moves[i+1:], depth, alpha, beta, betaBy)
				}
				break
			}
		}
	}
	if bestIdx >= 0 && best > alphaAtEntry {
		// Only a move that raised alpha is known to be best: the others
		// scored at most alpha, which says nothing of their order.
		s.learnt.best(p, moves[bestIdx])
	}
	if n != nil {
		n.Score, n.Best, n.Size = best, bestIdx, size
		if ply >= s.storePly {
			n.Children, n.stored = nil, false
		}
	}
	return best, size
}

// lineMove is a move of the line from the root to the node searched, and
// the position it was played in.
type lineMove struct {
	pos  *chess.Position
	move chess.Move
}

// lastMove returns the move that led to the node searched (NoMove at the
// root), and lastNotation that move in SAN and in UCI notation.
func (s *searcher) lastMove() chess.Move {
	if len(s.line) == 0 {
		return chess.NoMove
	}
	return s.line[len(s.line)-1].move
}

func (s *searcher) lastNotation() (san, uci string) {
	if len(s.line) == 0 {
		return "", ""
	}
	l := s.line[len(s.line)-1]
	return l.pos.SAN(l.move), l.pos.UCI(l.move)
}

// searchChild searches the position after m, a move of p (n's position
// when n is not nil), with the window (alpha, beta) and its bounds'
// origins seen from the child, and returns the child's node when it is
// kept, its score from p's side to move's point of view, and the nodes
// of its subtree. best is p's best score so far (the child's Before).
func (s *searcher) searchChild(p *chess.Position, n *Node, m chess.Move, best engine.Score, depth, ply int,
	alpha, beta engine.Score, alphaBy, betaBy *Bound) (*Node, engine.Score, uint64) {
	child := *p
	child.MakeMove(m)
	s.hashes = append(s.hashes, child.Hash())
	var cn *Node
	if n != nil && s.keep(ply, m) {
		cn = &Node{Move: m, Before: best}
	}
	s.line = append(s.line, lineMove{p, m})
	score, sub := s.search(&child, cn, depth-1, ply+1, -beta, -alpha, betaBy, alphaBy)
	s.line = s.line[:len(s.line)-1]
	s.hashes = s.hashes[:len(s.hashes)-1]
	return cn, -score, sub
}

// store keeps cn, a child of n, and keeps fewer plies of the tree when it
// grew past maxStore.
func (s *searcher) store(n, cn *Node) {
	n.Children = append(n.Children, cn)
	s.stored++
	s.deepest = max(s.deepest, cn.Ply)
	for s.stored > s.maxStore && s.storePly > 1 && s.path == nil {
		s.lowerStorePly()
	}
}

// terminal reports whether p, with legal legal moves of which it would
// search toSearch, ends the search: no legal move (mate or stalemate), a
// draw, or the depth reached (scored by the classic evaluator from the side
// to move's point of view) where there is no quiescence search, or it has
// nothing left to search, or maxPly is reached.
func (s *searcher) terminal(p *chess.Position, legal, toSearch, depth, ply int) (Kind, engine.Score, bool) {
	switch {
	case legal == 0 && p.InCheck():
		return Mate, engine.MatedIn(ply), true
	case legal == 0:
		return Stalemate, engine.DrawScore, true
	case engine.ClassicDraw(p, s.hashes):
		return Draw, engine.DrawScore, true
	case depth <= 0 && (!s.quiescence || ply >= maxPly || toSearch == 0):
		return Leaf, s.evaluate(p), true
	}
	return "", 0, false
}

// evaluate returns the classic evaluation of p from the side to move's
// point of view.
func (s *searcher) evaluate(p *chess.Position) engine.Score {
	s.evals++
	score := engine.Score(eval.ClassicFor(p, s.root))
	if p.SideToMove() != s.root {
		score = -score
	}
	return score
}

// movesToSearch returns the moves a node at depth searches, of its legal
// moves: all of them above the horizon, without quiescence or when in
// check, else its captures and queen promotions. It filters moves in place.
func (s *searcher) movesToSearch(p *chess.Position, moves []chess.Move, depth int) []chess.Move {
	if depth > 0 || !s.quiescence || p.InCheck() {
		return moves
	}
	return slices.DeleteFunc(moves, func(m chess.Move) bool { return !isNoisy(m) })
}

// isNoisy reports whether quiescence searches m: a capture or a promotion
// to a queen.
func isNoisy(m chess.Move) bool {
	return m.IsCapture() || (m.IsPromotion() && m.Promotion() == chess.Queen)
}

// recordCut notes a beta cutoff at n: the window at the cut and the moves
// skipped, with the minimax nodes under each down to the horizon (what the
// cut saved, at least).
func (s *searcher) recordCut(p *chess.Position, n *Node, skipped []chess.Move, depth int, alpha, beta engine.Score, by *Bound) {
	n.Cut, n.CutAlpha, n.CutBeta, n.CutBy = true, alpha, beta, by
	n.Pruned = slices.Clone(skipped)
	n.PrunedSizes = make([]uint64, len(skipped))
	n.Saved = 0
	for i, m := range skipped {
		child := *p
		child.MakeMove(m)
		s.hashes = append(s.hashes, child.Hash())
		n.PrunedSizes[i] = s.minimaxSize(&child, depth-1, n.Ply+1, s.hashes)
		s.hashes = s.hashes[:len(s.hashes)-1]
		n.Saved += n.PrunedSizes[i]
	}
}

// lowerStorePly keeps one ply less of the tree: the kept tree grew past
// maxStore. The children of nodes at the new storePly are dropped (Tree
// searches them again when asked).
func (s *searcher) lowerStorePly() {
	s.storePly = min(s.storePly, s.deepest) - 1
	s.stored, s.deepest = 0, 0
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.Ply >= s.storePly {
			n.Children, n.stored = nil, false
			return
		}
		s.stored += len(n.Children)
		for _, c := range n.Children {
			s.deepest = max(s.deepest, c.Ply)
			walk(c)
		}
	}
	walk(s.tree)
}

// order returns the moves in the method's search order: as generated for
// minimax, shuffled for alpha-beta (seeded by the position, so a subtree
// searched again comes out the same), captures by MVV-LVA then quiet moves
// for ordered alpha-beta, and the engine's order (ordering.go) for
// EngineOrder.
func (s *searcher) order(p *chess.Position, moves []chess.Move, depth, ply int) []chess.Move {
	switch s.method {
	case AlphaBeta:
		s.pcg.Seed(s.seed, p.Hash()^uint64(ply)*0x9E3779B97F4A7C15)
		s.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	case Ordered:
		slices.SortStableFunc(moves, func(a, b chess.Move) int { return mvvLVA(p, b) - mvvLVA(p, a) })
	case EngineOrder:
		s.learnt.order(p, moves, depth, ply, s.quiescence)
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
// ends with p), down to the horizon: quiescence's nodes beyond it are not
// counted. It counts without evaluating, the last ply in bulk.
func (s *searcher) minimaxSize(p *chess.Position, depth, ply int, hashes []uint64) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml chess.MoveList
	p.GenerateMoves(&ml, chess.AllMoves)
	if ml.Len() == 0 || engine.ClassicDraw(p, hashes) {
		return 1
	}
	moves := ml.Slice()
	if s.width > 0 && len(moves) > s.width {
		// The moves this method's toy tree would keep.
		moves = s.order(p, moves, depth, ply)[:s.width]
	}
	if depth == 1 {
		return 1 + uint64(len(moves))
	}
	size := uint64(1)
	for _, m := range moves {
		child := *p
		child.MakeMove(m)
		size += s.minimaxSize(&child, depth-1, ply+1, append(hashes, child.Hash()))
	}
	return size
}

// MinimaxSize returns the number of positions plain minimax searches from
// p to depth, keeping the first width moves at every node (0: every move):
// the size of the tree Search(ctx, p, Minimax, depth, TreeOptions{Width:
// width}) makes, counted without evaluating. Any method's tree without
// quiescence is at most this size; the explorer warns with it before a
// search that would pass its node limit.
func MinimaxSize(p *chess.Position, depth, width int) uint64 {
	s := newSearcher(context.Background(), Minimax, false, p.SideToMove(), 0)
	s.width = width
	return s.minimaxSize(p, depth, 0, []uint64{p.Hash()})
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

package explain

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/outpost-chess/outpost/chess"
)

// Bounds of the explorer.
const (
	MinDepth = 1
	MaxDepth = 4
	// DefaultMaxStored is how many nodes a Tree keeps in memory; the rest
	// are searched again when asked for.
	DefaultMaxStored = 200_000
	// DefaultNodeLimit stops a search that would take too long (plain
	// minimax at depth 4 in a position with very many moves).
	DefaultNodeLimit = 20_000_000
)

func errorf(format string, args ...any) error {
	return fmt.Errorf("explain: "+format, args...)
}

// ErrTooLarge is returned when a search passes its node limit.
var ErrTooLarge = errorf("the search passed its node limit: try a smaller depth")

// Tree is the tree an instrumented search explored. It keeps the nodes near
// the root (all of them when the tree is small) and searches a subtree again
// when its children are asked for; the search is deterministic, so the
// subtree found again is the one searched the first time. It is safe for
// concurrent use.
type Tree struct {
	Method     Method
	Depth      int
	Quiescence bool   // the search went on beyond the horizon with the captures
	Width      int    // the moves searched at every node (0: all; see TreeOptions)
	Nodes      uint64 // nodes in the tree: their visits are 0 to Nodes-1
	// Warmup counts the nodes of EngineOrder's shallower searches (its
	// iterative deepening), which learnt the order the tree's search used.
	Warmup uint64

	mu        sync.Mutex
	pos       chess.Position // the root position
	seed      uint64
	root      *Node
	stored    int // nodes kept
	maxStored int
	storePly  int // the first search kept the children of nodes above this ply
}

// Root returns the root node.
func (t *Tree) Root() *Node { return t.root }

// StorePly reports how deep the first search kept the tree: nodes at
// plies up to it are in memory.
func (t *Tree) StorePly() int { return t.storePly }

// Kept returns about how many nodes the tree holds in memory now: the
// count by which it bounds itself (the server's BenchmarkExplainTreeBytes
// relates it to the heap). It grows as the children of nodes not kept are
// searched again (Children, Visits), up to about twice
// TreeOptions.MaxStored.
func (t *Tree) Kept() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.stored + 1
}

// TreeOptions configure Search.
type TreeOptions struct {
	Seed      uint64 // the random order of AlphaBeta (default 1)
	MaxStored int    // nodes kept in memory (default DefaultMaxStored)
	NodeLimit uint64 // give up past this many nodes (default DefaultNodeLimit)
	// Quiescence goes on searching captures beyond the horizon instead of
	// evaluating a position in the middle of an exchange.
	Quiescence bool
	// Width keeps only the first Width moves at every node, in the
	// method's own order (0: every move): a toy tree the size of the
	// tutorials' figures (depth 2 at width 3 is at most 13 positions).
	Width int
}

func (o *TreeOptions) defaults() {
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.MaxStored <= 0 {
		o.MaxStored = DefaultMaxStored
	}
	if o.NodeLimit == 0 {
		o.NodeLimit = DefaultNodeLimit
	}
}

// CheckDepth returns an error unless depth is in MinDepth..MaxDepth.
func CheckDepth(depth int) error {
	if depth < MinDepth || depth > MaxDepth {
		return errorf("depth %d is out of range %d..%d", depth, MinDepth, MaxDepth)
	}
	return nil
}

// Search runs method on p to depth and records the tree it explores.
func Search(ctx context.Context, p *chess.Position, method Method, depth int, opts TreeOptions) (*Tree, error) {
	if err := CheckDepth(depth); err != nil {
		return nil, err
	}
	if method == Engine || method == "" {
		return nil, errorf("no tree for method %q", method)
	}
	if err := checkQuiescence(method, opts.Quiescence); err != nil {
		return nil, err
	}
	if err := CheckWidth(opts.Width); err != nil {
		return nil, err
	}
	opts.defaults()
	s := newSearcher(ctx, method, opts.Quiescence, p.SideToMove(), opts.Seed)
	s.storePly, s.maxStore, s.limit, s.width = depth, opts.MaxStored, opts.NodeLimit, opts.Width
	if opts.Quiescence {
		s.storePly = maxPly
	}
	s.tree = &Node{}
	s.run(p, s.tree, depth)
	if s.stopped {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return nil, ErrTooLarge
	}
	markPV(s.tree)
	return &Tree{
		Method: method, Depth: depth, Quiescence: opts.Quiescence, Width: opts.Width, Nodes: s.tree.Size, Warmup: s.nodes - s.tree.Size,
		pos: *p, seed: opts.Seed, root: s.tree, stored: s.stored, maxStored: opts.MaxStored, storePly: min(s.storePly, s.deepest),
	}, nil
}

// MaxWidth is the widest toy tree (TreeOptions.Width): wider, the whole
// tree says as much.
const MaxWidth = 10

// CheckWidth returns an error unless width is 0 (every move) or 1 to
// MaxWidth.
func CheckWidth(width int) error {
	if width < 0 || width > MaxWidth {
		return errorf("width %d is out of range 1..%d (0: every move)", width, MaxWidth)
	}
	return nil
}

// ErrMinimaxQuiescence is returned for minimax with quiescence.
var ErrMinimaxQuiescence = errorf("quiescence needs alpha-beta: minimax would follow every sequence of captures to its end")

// checkQuiescence returns ErrMinimaxQuiescence for minimax with quiescence.
func checkQuiescence(method Method, quiescence bool) error {
	if quiescence && method == Minimax {
		return ErrMinimaxQuiescence
	}
	return nil
}

// ParsePath parses a path of UCI moves separated by commas or spaces ("" is
// the root).
func ParsePath(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
}

// found is a node reached by find.
type found struct {
	node   *Node
	pos    chess.Position  // the position at node
	parent *chess.Position // the position before node's move (nil at the root)
	order  int             // 1-based place in its parent's search order (0 at the root)
}

// find returns the node reached by path (UCI moves from the root), with its
// children in memory (searched again if they were not kept). A move that is
// illegal, or was not searched (pruned), is an error. Called with t.mu held.
func (t *Tree) find(path []string) (found, error) {
	f := found{node: t.root, pos: t.pos}
	hashes := []uint64{f.pos.Hash()}
	moves := make([]chess.Move, 0, len(path))
	for i, s := range path {
		m, err := f.pos.ParseUCI(s)
		if err != nil {
			return found{}, errorf("path move %d %q: %v", i+1, s, err)
		}
		t.expand(f.node, &f.pos, hashes, moves)
		j := slices.IndexFunc(f.node.Children, func(c *Node) bool { return c.Move == m })
		if j < 0 {
			if slices.Contains(f.node.Pruned, m) {
				return found{}, errorf("path move %d %s was pruned: alpha-beta never searched it", i+1, s)
			}
			return found{}, errorf("path move %d %s was not searched", i+1, s)
		}
		parent := f.pos
		f.parent = &parent
		f.pos.MakeMove(m)
		hashes = append(hashes, f.pos.Hash())
		moves = append(moves, m)
		f.node, f.order = f.node.Children[j], j+1
	}
	t.expand(f.node, &f.pos, hashes, moves)
	return f, nil
}

// expand makes sure n's searched children are in memory, searching n's
// subtree again with the window it had if they are not (path holds the
// moves from the root to n). Called with t.mu held.
func (t *Tree) expand(n *Node, pos *chess.Position, hashes []uint64, path []chess.Move) {
	if n.stored || n.Kind != Inner {
		return
	}
	var fresh *Node
	kept := 0
	if t.Method == EngineOrder {
		fresh = t.replay(path)
		kept = int(fresh.Size) - 1
	} else {
		s := newSearcher(context.Background(), t.Method, t.Quiescence, t.pos.SideToMove(), t.seed)
		s.storePly, s.maxStore, s.width = n.Ply+1, t.maxStored, t.Width
		s.hashes = slices.Clone(hashes)
		s.visit = n.Visit
		fresh = &Node{Move: n.Move}
		s.tree = fresh
		if len(path) > 0 { // the move into n, for a stand pat's Bound
			parent := t.pos
			for _, m := range path[:len(path)-1] {
				parent.MakeMove(m)
			}
			s.line = []lineMove{{&parent, path[len(path)-1]}}
		}
		s.search(pos, fresh, t.Depth-n.Ply, n.Ply, n.Alpha, n.Beta, n.AlphaBy, n.BetaBy)
		kept = len(fresh.Children)
	}
	if t.stored+kept > 2*t.maxStored {
		// Too much kept: forget what earlier requests loaded below the
		// first search's tree (it can be loaded again).
		t.forget(t.root)
		t.stored = 0
		t.count(t.root)
	}
	n.Children, n.stored = fresh.Children, true
	if n.PV {
		markPV(n)
	}
	t.stored += kept
}

// replay searches the whole tree again, as EngineOrder did the first time,
// and returns the node path leads to with its whole subtree. EngineOrder's
// move order depends on all that its search learnt before a node (the
// killers and the history), so a subtree searched on its own would come out
// different; its trees are small, which makes this affordable, and keeping
// the whole subtree makes one replay enough for it. Called with t.mu held.
func (t *Tree) replay(path []chess.Move) *Node {
	s := newSearcher(context.Background(), t.Method, t.Quiescence, t.pos.SideToMove(), t.seed)
	s.path, s.storePly, s.width = path, maxPly+1, t.Width
	root := &Node{}
	s.tree = root
	s.run(&t.pos, root, t.Depth)
	n := root
	for range path {
		n = n.Children[0]
	}
	return n
}

// forget drops the children of the nodes at or below storePly, which were
// loaded on demand. Called with t.mu held.
func (t *Tree) forget(n *Node) {
	if n.Ply >= t.storePly {
		n.Children, n.stored = nil, false
		return
	}
	for _, c := range n.Children {
		t.forget(c)
	}
}

func (t *Tree) count(n *Node) {
	t.stored += len(n.Children)
	for _, c := range n.Children {
		t.count(c)
	}
}

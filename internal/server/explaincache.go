package server

import (
	"container/list"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"sync"

	"github.com/outpost-chess/outpost/internal/explain"
)

// This file keeps the explorer's trees (explain.go) for their nodes to be
// fetched: all of them together within a number of bytes
// (Config.ExplainMemory), forgetting the least recently used first.

const (
	// defaultExplainMemory is the default of Config.ExplainMemory: one
	// of the largest trees, about 60 MB as first kept
	// (explain.DefaultMaxStored nodes), or some ten of minimax to depth 3
	// in a middlegame (the old rule kept the last 16 whatever their
	// size). The process's resident memory grows by about twice what the
	// trees hold live (Go's collector lets the heap grow to twice the live
	// data before collecting): a flood of explanations left the server at
	// 490 MiB with 256 MiB of trees, 300 with 128, 190 with 64
	// (scripts/hostile-check).
	defaultExplainMemory = 64 << 20
	// explainNodeBytes is what a tree costs for each node it keeps
	// (explain.Tree.Kept), in bytes: the heap a tree takes over its kept
	// nodes measured 234 to 317 (BenchmarkExplainTreeBytes, see
	// docs/server.md#limits).
	explainNodeBytes = 320
	// explainForgotten is how many forgotten trees' ids are remembered,
	// so that a fetch of one is told it was forgotten (410), not that it
	// never was (404).
	explainForgotten = 4096
)

// explorer holds the trees of the explorer, each by its id, within max
// bytes together (estimated: explainNodeBytes a node kept). The tree last
// made or fetched is kept even when it alone passes max.
type explorer struct {
	max int64

	mu        sync.Mutex
	bytes     int64                    // the kept trees' estimate; guarded by mu
	lru       *list.List               // of *keptTree, the most recently used first; guarded by mu
	byID      map[string]*list.Element // guarded by mu
	forgotten map[string]bool          // ids of forgotten trees; guarded by mu
	ring      []string                 // forgotten, oldest first (at most explainForgotten); guarded by mu
}

// keptTree is one tree kept, with its estimate in bytes when last used.
type keptTree struct {
	id    string
	tree  *explain.Tree
	bytes int64
}

// newExplorer returns an explorer that keeps max bytes of trees
// (defaultExplainMemory when max <= 0).
func newExplorer(max int64) *explorer {
	if max <= 0 {
		max = defaultExplainMemory
	}
	return &explorer{max: max, lru: list.New(), byID: map[string]*list.Element{}, forgotten: map[string]bool{}}
}

// add keeps tree, forgetting the least recently used trees beyond the
// bound, and returns its id.
func (x *explorer) add(tree *explain.Tree) string {
	var b [8]byte
	rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	k := &keptTree{id: id, tree: tree, bytes: treeBytes(tree)}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.byID[id] = x.lru.PushFront(k)
	x.bytes += k.bytes
	x.shrinkLocked()
	return id
}

// tree returns the tree the request's path names, now the most recently
// used: 404 for an id never made here, 410 for a tree forgotten.
func (x *explorer) tree(r *http.Request) (*explain.Tree, error) {
	id := r.PathValue("id")
	x.mu.Lock()
	defer x.mu.Unlock()
	e, ok := x.byID[id]
	switch {
	case ok:
		x.lru.MoveToFront(e)
		return e.Value.(*keptTree).tree, nil
	case x.forgotten[id]:
		return nil, codef(http.StatusGone, "explanation_forgotten", map[string]any{"maxBytes": x.max},
			"explanation %q was forgotten to make room for newer ones (this server keeps %d MiB of explanations, the least recently used go first): ask for it again",
			id, x.max>>20)
	}
	return nil, errorf(http.StatusNotFound, "unknown explanation %q: this server never made it, or has restarted since", id)
}

// measure takes the size of the tree the request's path names again,
// after its use (a tree grows as children it did not keep are searched
// again), and forgets the least recently used trees beyond the bound.
func (x *explorer) measure(r *http.Request) {
	x.mu.Lock()
	defer x.mu.Unlock()
	e, ok := x.byID[r.PathValue("id")]
	if !ok {
		return
	}
	k := e.Value.(*keptTree)
	was := k.bytes
	k.bytes = treeBytes(k.tree)
	x.bytes += k.bytes - was
	x.shrinkLocked()
}

// shrinkLocked forgets the least recently used trees until the rest fit
// within max, or one is left. Called with x.mu held.
func (x *explorer) shrinkLocked() {
	for x.bytes > x.max && x.lru.Len() > 1 {
		k := x.lru.Remove(x.lru.Back()).(*keptTree)
		delete(x.byID, k.id)
		x.bytes -= k.bytes
		x.forgotten[k.id] = true
		x.ring = append(x.ring, k.id)
		if len(x.ring) > explainForgotten {
			delete(x.forgotten, x.ring[0])
			x.ring = x.ring[1:]
		}
	}
}

// treeBytes estimates the memory tree holds.
func treeBytes(tree *explain.Tree) int64 { return int64(tree.Kept()) * explainNodeBytes }

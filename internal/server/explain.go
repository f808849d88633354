package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/outpost-chess/outpost/internal/explain"
)

// This file is the search explorer's API (docs/server.md, "Explain"):
//
//	POST /api/explain {"fen", "depth", "method", "quiescence", "treeOnly"} → the summary and an id
//	GET  /api/explain/{id}/node?path=e2e4,e7e5&limit=N → one node's children
//	GET  /api/explain/{id}/visits?from=N&to=M&min=S&limit=L → nodes in visit order (the playback)
//	GET  /api/explain/lesson?lang=zh → the guided lesson
//
// A tree is computed on the request's goroutine, one at a time (they are
// short, but plain minimax at depth 4 takes seconds), and the last few are
// kept for their nodes to be fetched.

// Limits of the explorer's API.
const (
	explainTrees        = 16 // trees kept for GET .../node and .../visits (the comparison of orderings makes four)
	explainRootChildren = 60 // children listed at the root in the summary
	explainChildren     = 30 // default children per node request
	explainMaxChildren  = 256
	explainVisits       = 1000 // default visits per request
	explainMaxVisits    = 5000
)

// ExplainRequest is the body of POST /api/explain.
type ExplainRequest struct {
	FEN        string `json:"fen"`
	Depth      int    `json:"depth"`
	Method     string `json:"method"`     // minimax, alphabeta (default), ordered or engine-order
	Quiescence bool   `json:"quiescence"` // search captures beyond the horizon (not with minimax)
	TreeOnly   bool   `json:"treeOnly"`   // the tree alone: no comparison, evaluation or candidates
}

// explorer holds the recent trees.
type explorer struct {
	busy chan struct{} // one tree computed at a time

	mu    sync.Mutex
	trees map[string]*explain.Tree // guarded by mu
	order []string                 // ids, oldest first; guarded by mu
}

// explainRoutes registers the explorer's routes.
func (srv *Server) explainRoutes(handle func(string, map[string]handlerFunc)) {
	x := &explorer{busy: make(chan struct{}, 1), trees: map[string]*explain.Tree{}}
	handle("/api/explain", map[string]handlerFunc{"POST": func(w http.ResponseWriter, r *http.Request) error {
		return srv.explain(x, w, r)
	}})
	handle("/api/explain/{id}/node", map[string]handlerFunc{"GET": x.node})
	handle("/api/explain/{id}/visits", map[string]handlerFunc{"GET": x.visits})
	handle("/api/explain/lesson", map[string]handlerFunc{"GET": lesson})
}

func (srv *Server) explain(x *explorer, w http.ResponseWriter, r *http.Request) error {
	var req ExplainRequest
	if err := decodeBody(w, r, &req, true); err != nil {
		return err
	}
	p, err := requiredFEN(req.FEN)
	if err != nil {
		return err
	}
	if req.Depth == 0 {
		req.Depth = 3
	}
	if err := explain.CheckDepth(req.Depth); err != nil {
		return errorf(http.StatusBadRequest, "depth %d is out of range %d..%d", req.Depth, explain.MinDepth, explain.MaxDepth)
	}
	method, err := explain.ParseMethod(req.Method)
	if err != nil {
		return errorf(http.StatusBadRequest, "unknown method %q (want %s)", req.Method, explain.MethodNames())
	}
	if req.Quiescence && method == explain.Minimax {
		return errorf(http.StatusBadRequest, "%s", strings.TrimPrefix(explain.ErrMinimaxQuiescence.Error(), "explain: "))
	}

	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stop := context.AfterFunc(srv.ctx, cancel)
	defer stop()
	select {
	case x.busy <- struct{}{}:
		defer func() { <-x.busy }()
	case <-ctx.Done():
		return ctx.Err()
	}
	tree, report, err := explain.Explain(ctx, p, explain.Options{Depth: req.Depth, Method: method, Limit: explainRootChildren,
		Quiescence: req.Quiescence, TreeOnly: req.TreeOnly})
	switch {
	case errors.Is(err, explain.ErrTooLarge):
		return errorf(http.StatusUnprocessableEntity, "%v", err)
	case err != nil:
		return err
	}
	report.ID = x.add(tree)
	writeJSON(w, http.StatusOK, report)
	return nil
}

// add keeps tree, forgetting the oldest beyond explainTrees, and returns
// its id.
func (x *explorer) add(tree *explain.Tree) string {
	var b [8]byte
	rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	x.mu.Lock()
	defer x.mu.Unlock()
	x.trees[id] = tree
	x.order = append(x.order, id)
	for len(x.order) > explainTrees {
		delete(x.trees, x.order[0])
		x.order = x.order[1:]
	}
	return id
}

// tree returns the tree the request's path names.
func (x *explorer) tree(r *http.Request) (*explain.Tree, error) {
	id := r.PathValue("id")
	x.mu.Lock()
	tree := x.trees[id]
	x.mu.Unlock()
	if tree == nil {
		return nil, errorf(http.StatusNotFound, "unknown explanation %q (only the last %d are kept)", id, explainTrees)
	}
	return tree, nil
}

func (x *explorer) node(w http.ResponseWriter, r *http.Request) error {
	tree, err := x.tree(r)
	if err != nil {
		return err
	}
	limit := explainChildren
	if s := r.URL.Query().Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > explainMaxChildren {
			return errorf(http.StatusBadRequest, "limit %q: want a number from 1 to %d", s, explainMaxChildren)
		}
		limit = n
	}
	v, err := tree.Children(explain.ParsePath(r.URL.Query().Get("path")), limit)
	if err != nil {
		return errorf(http.StatusBadRequest, "%s", strings.TrimPrefix(err.Error(), "explain: "))
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

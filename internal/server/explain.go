package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/internal/explain"
)

// This file is the search explorer's API (docs/server.md, "Explain"):
//
//	POST /api/explain {"fen", "depth", "method", "quiescence", "treeOnly"} → the summary and an id
//	GET  /api/explain/{id}/node?path=e2e4,e7e5&limit=N → one node's children
//	GET  /api/explain/{id}/visits?from=N&to=M&min=S&limit=L → nodes in visit order (the playback)
//	GET  /api/explain/lesson?lang=zh → the guided lesson
//	GET  /api/explain/size?fen=…&depth=N&width=W → the node budget and minimax's tree size there
//
// A tree is computed on the worker pool, as a job of the requesting client
// (so it takes its turn with the AI moves, at their lower priority, and
// never on an HTTP goroutine), within a node budget (Config.ExplainNodes):
// a tree that would pass it is refused in words, and a comparison that
// would is cut short with a note. The trees are kept for their nodes to be
// fetched, within a bound in bytes (explaincache.go); a node whose
// children were not kept is searched again, on the pool too.

// Limits of the explorer's API.
const (
	explainRootChildren = 60 // children listed at the root in the summary
	explainChildren     = 30 // default children per node request
	explainMaxChildren  = 256
	explainVisits       = 1000 // default visits per request
	explainMaxVisits    = 5000
	// defaultExplainNodes is the default node budget of one search of
	// the explorer: it lets plain minimax reach depth 4 from the
	// starting position (206,604 nodes) and depth 3 almost anywhere, at
	// about half a CPU-second on the project machine.
	defaultExplainNodes = 500_000
	// explainCandidateTime caps the engine's candidate moves of a report
	// (the command line's explain takes a second).
	explainCandidateTime = 300 * time.Millisecond
	// explainWait bounds the wait for a worker and the work: past it the
	// client is told the engines are busy.
	explainWait = 30 * time.Second
)

// ExplainRequest is the body of POST /api/explain.
type ExplainRequest struct {
	FEN        string `json:"fen"`
	Depth      int    `json:"depth"`
	Method     string `json:"method"`     // minimax, alphabeta (default), ordered or engine-order
	Quiescence bool   `json:"quiescence"` // search captures beyond the horizon (not with minimax)
	TreeOnly   bool   `json:"treeOnly"`   // the tree alone: no comparison, evaluation or candidates
	// Width keeps the first Width moves at every node (1 to 10; 0: every
	// move): a toy tree, as the tutorials draw them.
	Width int `json:"width"`
}

// explainRoutes registers the explorer's routes.
func (srv *Server) explainRoutes(handle func(string, map[string]handlerFunc)) {
	x := newExplorer(srv.cfg.ExplainMemory)
	handle("/api/explain", map[string]handlerFunc{"POST": func(w http.ResponseWriter, r *http.Request) error {
		return srv.explain(x, w, r)
	}})
	handle("/api/explain/{id}/node", map[string]handlerFunc{"GET": func(w http.ResponseWriter, r *http.Request) error {
		return srv.explainNode(x, w, r)
	}})
	handle("/api/explain/{id}/visits", map[string]handlerFunc{"GET": func(w http.ResponseWriter, r *http.Request) error {
		return srv.explainVisits(x, w, r)
	}})
	handle("/api/explain/lesson", map[string]handlerFunc{"GET": srv.explainLesson})
	handle("/api/explain/size", map[string]handlerFunc{"GET": srv.explainSize})
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
	if err := explain.CheckWidth(req.Width); err != nil {
		return errorf(http.StatusBadRequest, "width %d is out of range 1..%d (0: every move)", req.Width, explain.MaxWidth)
	}
	method, err := explain.ParseMethod(req.Method)
	if err != nil {
		return errorf(http.StatusBadRequest, "unknown method %q (want %s)", req.Method, explain.MethodNames())
	}
	if req.Quiescence && method == explain.Minimax {
		return errorf(http.StatusBadRequest, "%s", strings.TrimPrefix(explain.ErrMinimaxQuiescence.Error(), "explain: "))
	}

	var tree *explain.Tree
	var report *explain.Report
	if err := srv.onWorker(r, explainWait, func(ctx context.Context) {
		tree, report, err = explain.Explain(ctx, p, explain.Options{Depth: req.Depth, Method: method, Limit: explainRootChildren,
			NodeLimit: srv.cfg.ExplainNodes, CandidateTime: explainCandidateTime, Quiescence: req.Quiescence, TreeOnly: req.TreeOnly, Width: req.Width})
	}); err != nil {
		return err
	}
	switch {
	case errors.Is(err, explain.ErrTooLarge):
		return codef(http.StatusUnprocessableEntity, "too_big_to_explain", map[string]any{"limit": srv.cfg.ExplainNodes},
			"this tree has more than %d positions, the most this server searches for one explanation: "+
				"try a smaller depth, or alpha-beta, which searches far fewer", srv.cfg.ExplainNodes)
	case err != nil:
		return err
	}
	report.ID = x.add(tree)
	writeJSON(w, http.StatusOK, report)
	return nil
}

// explainNode is GET /api/explain/{id}/node.
func (srv *Server) explainNode(x *explorer, w http.ResponseWriter, r *http.Request) error {
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
	var v explain.NodeView
	if err := srv.onWorker(r, explainWait, func(context.Context) {
		v, err = tree.Children(explain.ParsePath(r.URL.Query().Get("path")), limit)
	}); err != nil {
		return err
	}
	x.measure(r)
	if err != nil {
		return errorf(http.StatusBadRequest, "%s", strings.TrimPrefix(err.Error(), "explain: "))
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

// ExplainSize is the answer of GET /api/explain/size: what the page needs
// to warn before a search that the server would refuse.
type ExplainSize struct {
	// Limit is the most positions this server searches for one tree
	// (Config.ExplainNodes).
	Limit uint64 `json:"limit"`
	// Minimax is the number of positions plain minimax searches in the
	// position at the depth and width asked (explain.MinimaxSize): the
	// size of minimax's tree, and a bound on alpha-beta's without
	// quiescence.
	Minimax uint64 `json:"minimax"`
}

// explainSize is GET /api/explain/size?fen=…&depth=N&width=W: the node
// budget, and how many positions minimax would search there (counted
// without evaluating, on the worker pool: a few milliseconds at depth 4).
func (srv *Server) explainSize(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	p, err := requiredFEN(q.Get("fen"))
	if err != nil {
		return err
	}
	depth, err := strconv.Atoi(q.Get("depth"))
	if err != nil || explain.CheckDepth(depth) != nil {
		return errorf(http.StatusBadRequest, "depth %q: want a number from %d to %d", q.Get("depth"), explain.MinDepth, explain.MaxDepth)
	}
	width := 0
	if s := q.Get("width"); s != "" {
		width, err = strconv.Atoi(s)
		if err != nil || explain.CheckWidth(width) != nil {
			return errorf(http.StatusBadRequest, "width %q: want a number from 1 to %d (0: every move)", s, explain.MaxWidth)
		}
	}
	var n uint64
	if err := srv.onWorker(r, explainWait, func(context.Context) {
		n = explain.MinimaxSize(p, depth, width)
	}); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ExplainSize{Limit: srv.cfg.ExplainNodes, Minimax: n})
	return nil
}

package server

import (
	"context"
	"encoding/json"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/explain"
)

// explainTree asks the server for a tree and returns its id.
func (e *testEnv) explainTree(req ExplainRequest) string {
	e.t.Helper()
	r := e.do("POST", "/api/explain", "", req)
	var rep explain.Report
	if err := json.Unmarshal(r.body, &rep); err != nil || r.status != http.StatusOK {
		e.t.Fatalf("explain %+v: %d %s", req, r.status, r.body)
	}
	return rep.ID
}

// TestExplainTreesWithinBytes keeps trees within Config.ExplainMemory, the
// least recently used forgotten first: a fetch of a forgotten tree is told
// so (410), of one never made here that it is unknown (404).
func TestExplainTreesWithinBytes(t *testing.T) {
	req := ExplainRequest{FEN: chess.StartFEN, Depth: 1, Method: "minimax", TreeOnly: true}
	p, err := chess.ParseFEN(req.FEN)
	if err != nil {
		t.Fatal(err)
	}
	tree, _, err := explain.Explain(context.Background(), p, explain.Options{Depth: 1, Method: explain.Minimax, TreeOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, Config{ExplainMemory: 3 * treeBytes(tree)}) // three such trees
	a, b, c := e.explainTree(req), e.explainTree(req), e.explainTree(req)
	if r := e.do("GET", "/api/explain/"+a+"/node", "", nil); r.status != http.StatusOK { // a is now used after b and c
		t.Fatalf("a: %d %s", r.status, r.body)
	}
	d := e.explainTree(req)
	for _, tt := range []struct {
		name, id string
		status   int
		code     string
		msg      string
	}{
		{"the least recently used", b, http.StatusGone, "explanation_forgotten", "was forgotten to make room for newer ones"},
		{"used again", a, http.StatusOK, "", ""},
		{"the third", c, http.StatusOK, "", ""},
		{"the newest", d, http.StatusOK, "", ""},
		{"never made", "0123456789abcdef", http.StatusNotFound, "not_found", "unknown explanation"},
	} {
		for _, path := range []string{"/node", "/visits"} {
			r := e.do("GET", "/api/explain/"+tt.id+path, "", nil)
			var body errorBody
			json.Unmarshal(r.body, &body)
			if r.status != tt.status || body.Code != tt.code || !strings.Contains(body.Error, tt.msg) {
				t.Errorf("%s, %s: %d %s, want %d %q %q", tt.name, path, r.status, r.body, tt.status, tt.code, tt.msg)
			}
		}
	}
}

// TestExplainFloodStaysWithinBytes makes many trees, more than the bound
// holds: the heap they leave is within the bound (and some slack), not
// their sum (before the bound: every one of the last sixteen trees).
func TestExplainFloodStaysWithinBytes(t *testing.T) {
	const bound = 8 << 20
	e := newEnv(t, Config{ExplainMemory: bound})
	req := ExplainRequest{FEN: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", Depth: 3, Method: "minimax", TreeOnly: true}
	before := liveHeap()
	for range 10 { // each about 6 MB
		e.explainTree(req)
	}
	if grew := int64(liveHeap()) - int64(before); grew > bound+bound/2 {
		t.Errorf("the trees hold %.1f MiB, past the bound of %d MiB", float64(grew)/(1<<20), bound>>20)
	}
}

// liveHeap returns the bytes of the heap in use after a collection.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkExplainTreeBytes measures what a tree holds in the heap for
// each node it keeps, the figure explainNodeBytes estimates
// (docs/server.md#limits):
//
//	go test -run '^$' -bench ExplainTreeBytes -benchtime 1x ./internal/server/
func BenchmarkExplainTreeBytes(b *testing.B) {
	const italian = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	for _, bc := range []struct {
		name       string
		fen        string
		method     explain.Method
		depth      int
		quiescence bool
	}{
		{"start/minimax/4", chess.StartFEN, explain.Minimax, 4, false},
		{"start/alphabeta/4", chess.StartFEN, explain.AlphaBeta, 4, false},
		{"italian/minimax/3", italian, explain.Minimax, 3, false},
		{"italian/alphabeta/4/quiescence", italian, explain.AlphaBeta, 4, true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p, err := chess.ParseFEN(bc.fen)
			if err != nil {
				b.Fatal(err)
			}
			var perNode float64
			for range b.N {
				before := liveHeap()
				tree, _, err := explain.Explain(context.Background(), p, explain.Options{Depth: bc.depth, Method: bc.method,
					Quiescence: bc.quiescence, TreeOnly: true, NodeLimit: defaultExplainNodes})
				if err != nil {
					b.Fatal(err)
				}
				perNode = float64(liveHeap()-before) / float64(tree.Kept())
				b.ReportMetric(float64(tree.Kept()), "kept")
				runtime.KeepAlive(tree)
			}
			b.ReportMetric(perNode, "bytes/kept")
		})
	}
}

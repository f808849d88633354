package server

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/explain"
)

func TestExplain(t *testing.T) {
	e := newEnv(t, Config{})
	fen := "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	r := e.do("POST", "/api/explain", "", ExplainRequest{FEN: fen, Depth: 3, Method: "ordered"})
	var rep explain.Report
	if err := json.Unmarshal(r.body, &rep); err != nil || r.status != 200 {
		t.Fatalf("status %d %s: %v", r.status, r.body, err)
	}
	if rep.ID == "" || rep.FEN != fen || rep.Depth != 3 || rep.Method != explain.Ordered || len(rep.Comparison) != 5 ||
		len(rep.Candidates) == 0 || len(rep.Root.Children) == 0 || len(rep.Classic.Pieces) != 32 || len(rep.Main.Terms) == 0 {
		t.Fatalf("report %s", r.body)
	}
	pv := rep.Root.Children[0]
	if !pv.PV || pv.Path != pv.UCI {
		t.Fatalf("first root child %+v", pv)
	}

	// The PV child's children, then a grandchild's.
	var node explain.NodeView
	r = e.do("GET", "/api/explain/"+rep.ID+"/node?path="+pv.Path, "", nil)
	if err := json.Unmarshal(r.body, &node); err != nil || r.status != 200 {
		t.Fatalf("node: status %d %s", r.status, r.body)
	}
	if node.Path != pv.Path || node.SAN != pv.SAN || node.Size != pv.Size || len(node.Children) == 0 || !node.Children[0].PV {
		t.Fatalf("node %s", r.body)
	}
	deeper := node.Children[0].Path
	r = e.do("GET", "/api/explain/"+rep.ID+"/node?limit=2&path="+deeper, "", nil)
	node = explain.NodeView{}
	json.Unmarshal(r.body, &node)
	if r.status != 200 || len(node.Children) > 2 || node.Ply != 2 || (node.Searched > 2 && node.More != node.Searched-2) {
		t.Fatalf("limit 2: status %d %s", r.status, r.body)
	}

	// Bad input.
	for _, tc := range []struct {
		method, path string
		body         any
		status       int
		msg          string
	}{
		{"POST", "/api/explain", ExplainRequest{FEN: "8/8/8 w - - 0 1", Depth: 2}, 400, "bad FEN"},
		{"POST", "/api/explain", ExplainRequest{Depth: 2}, 400, "missing field fen"},
		{"POST", "/api/explain", ExplainRequest{FEN: chess.StartFEN, Depth: 5}, 400, "depth 5 is out of range 1..4"},
		{"POST", "/api/explain", ExplainRequest{FEN: chess.StartFEN, Depth: -1}, 400, "out of range"},
		{"POST", "/api/explain", ExplainRequest{FEN: chess.StartFEN, Depth: 2, Method: "mtdf"}, 400, "unknown method"},
		{"POST", "/api/explain", ExplainRequest{FEN: chess.StartFEN, Depth: 2, Width: 11}, 400, "width 11 is out of range 1..10 (0: every move)"},
		{"POST", "/api/explain", `{"fen":`, 400, "malformed JSON"},
		{"GET", "/api/explain", nil, 405, "not allowed"},
		{"GET", "/api/explain/nope/node", nil, 404, "unknown explanation"},
		{"GET", "/api/explain/" + rep.ID + "/node?path=e2e5", nil, 400, "path move 1"},
		{"GET", "/api/explain/" + rep.ID + "/node?limit=0", nil, 400, "limit"},
		{"GET", "/api/explain/" + rep.ID + "/node?limit=x", nil, 400, "limit"},
	} {
		r := e.do(tc.method, tc.path, "", tc.body)
		if r.status != tc.status || !strings.Contains(r.errMsg(), tc.msg) {
			t.Errorf("%s %s %v: status %d %s, want %d %q", tc.method, tc.path, tc.body, r.status, r.body, tc.status, tc.msg)
		}
	}
}

// TestExplainToyTree asks for the tutorials' tree, depth 2 at width 3:
// 13 positions for minimax, the width in the report, and each cut of
// alpha-beta's naming the visit that set its bound.
func TestExplainToyTree(t *testing.T) {
	e := newEnv(t, Config{})
	for _, m := range []string{"minimax", "ordered"} {
		r := e.do("POST", "/api/explain", "", ExplainRequest{FEN: chess.StartFEN, Depth: 2, Method: m, Width: 3, TreeOnly: true})
		var rep explain.Report
		if err := json.Unmarshal(r.body, &rep); err != nil || r.status != 200 {
			t.Fatalf("%s: status %d %s: %v", m, r.status, r.body, err)
		}
		if rep.Width != 3 || len(rep.Root.Children) != 3 || (m == "minimax" && rep.TreeNodes != 13) {
			t.Errorf("%s: width %d, %d root children, %d positions", m, rep.Width, len(rep.Root.Children), rep.TreeNodes)
		}
		for _, c := range rep.Root.Children {
			if c.Cut != nil && (c.Cut.BoundBy < 1 || c.Cut.BoundBy >= c.Visit || c.Cut.BoundSAN == "") {
				t.Errorf("%s: the cut at %s names visit %d %q", m, c.SAN, c.Cut.BoundBy, c.Cut.BoundSAN)
			}
		}
	}
}

// TestExplainOnTheWorkers checks that a tree is searched on the worker pool
// (a job of the pool, not the request's goroutine) within the node budget:
// a tree over it is refused in words, a comparison over it is cut short.
func TestExplainOnTheWorkers(t *testing.T) {
	e := newEnv(t, Config{ExplainNodes: 5000})
	before := e.srv.pool.Stats().Done
	r := e.do("POST", "/api/explain", "", ExplainRequest{FEN: chess.StartFEN, Depth: 3, Method: "alphabeta"})
	var rep explain.Report
	if err := json.Unmarshal(r.body, &rep); err != nil || r.status != 200 {
		t.Fatalf("status %d %s: %v", r.status, r.body, err)
	}
	if got := jobsDone(e.srv, before+1) - before; got != 1 {
		t.Errorf("%d jobs of the pool ran for the explanation, want 1", got)
	}
	if mm := rep.Comparison[0]; mm.Method != explain.Minimax || mm.Complete || mm.Nodes > 2*5000 || !strings.Contains(mm.Note, "stopped") {
		t.Errorf("minimax's comparison over the budget: %+v", mm)
	}
	// Fetching a node is a job too.
	before = e.srv.pool.Stats().Done
	if r := e.do("GET", "/api/explain/"+rep.ID+"/node?path="+rep.Root.Children[0].Path, "", nil); r.status != 200 {
		t.Errorf("node: %d %s", r.status, r.body)
	}
	if got := jobsDone(e.srv, before+1) - before; got != 1 {
		t.Errorf("%d jobs of the pool ran for the node, want 1", got)
	}

	r = e.do("POST", "/api/explain", "", ExplainRequest{FEN: chess.StartFEN, Depth: 4, Method: "minimax"})
	var refusal errorBody
	_ = json.Unmarshal(r.body, &refusal)
	if r.status != 422 || !strings.Contains(r.errMsg(), "more than 5000 positions") || !strings.Contains(r.errMsg(), "smaller depth") ||
		refusal.Code != "too_big_to_explain" || fmt.Sprint(refusal.Params["limit"]) != "5000" {
		t.Errorf("a tree over the budget: %d %s", r.status, r.body)
	}
}

// TestExplainSize: the page learns the node budget and minimax's tree size
// before it asks for a tree; bad input is refused in words.
func TestExplainSize(t *testing.T) {
	e := newEnv(t, Config{ExplainNodes: 5000})
	start := url.QueryEscape(chess.StartFEN)
	for _, tc := range []struct {
		query   string
		status  int
		minimax uint64 // or the error's words
		msg     string
	}{
		{"fen=" + start + "&depth=2", 200, 421, ""},           // 1 + 20 + 400
		{"fen=" + start + "&depth=4", 200, 206_604, ""},       // over the budget: the page warns
		{"fen=" + start + "&depth=2&width=3", 200, 13, ""},    // the tutorials' figure
		{"fen=" + start + "&depth=3&width=0", 200, 9_323, ""}, // every move
		{"depth=2", 400, 0, "missing field fen"},
		{"fen=nonsense&depth=2", 400, 0, "bad FEN"},
		{"fen=" + start + "&depth=9", 400, 0, "depth \"9\": want a number from 1 to 4"},
		{"fen=" + start, 400, 0, "depth \"\""},
		{"fen=" + start + "&depth=2&width=11", 400, 0, "width \"11\": want a number from 1 to 10"},
	} {
		r := e.do("GET", "/api/explain/size?"+tc.query, "", nil)
		if r.status != tc.status {
			t.Errorf("%s: status %d %s, want %d", tc.query, r.status, r.body, tc.status)
			continue
		}
		if tc.status != 200 {
			if !strings.Contains(r.errMsg(), tc.msg) {
				t.Errorf("%s: %q, want %q", tc.query, r.errMsg(), tc.msg)
			}
			continue
		}
		var size ExplainSize
		if err := json.Unmarshal(r.body, &size); err != nil || size.Limit != 5000 || size.Minimax != tc.minimax {
			t.Errorf("%s: %s, want limit 5000 and minimax %d", tc.query, r.body, tc.minimax)
		}
	}
}

// jobsDone returns the pool's count of finished jobs once it reaches want,
// or after a few seconds. A worker counts a job once the job has returned,
// which is after the job has let its caller go on.
func jobsDone(srv *Server, want int64) int64 {
	for deadline := time.Now().Add(5 * time.Second); srv.pool.Stats().Done < want && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	return srv.pool.Stats().Done
}

// TestOnWorkerBusy asks for a worker while the only one searches: past the
// wait the client is told the engines are busy, and the work never runs.
func TestOnWorkerBusy(t *testing.T) {
	e := newEnv(t, Config{Workers: 1, MoveTime: 20 * time.Second})
	g, _ := e.create(NewGameRequest{Level: "max"})
	e.move(g, "e4", 0)
	waitRunning(t, e.srv, 1)
	var ran atomic.Bool
	err := e.srv.onWorker(httptest.NewRequest("GET", "/", nil), 50*time.Millisecond, func(context.Context) { ran.Store(true) })
	var ae *apiError
	if !errors.As(err, &ae) || ae.status != 503 || !strings.Contains(ae.msg, "busy") {
		t.Errorf("onWorker with the worker busy: %v", err)
	}
	// The search ends; the worker takes the job and skips its work.
	done := e.srv.pool.Stats().Done
	e.do("DELETE", "/api/games/"+g.id, g.token, nil)
	for deadline := time.Now().Add(10 * time.Second); e.srv.pool.Stats().Done < done+2; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the pool did not take the job")
		}
	}
	if ran.Load() {
		t.Error("the work ran after its wait had ended")
	}
}

// TestExplainVisits pages through a tree in visit order, with the
// ancestors of the first visit, and reads the lesson.
func TestExplainVisits(t *testing.T) {
	e := newEnv(t, Config{})
	fen := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 2 3"
	r := e.do("POST", "/api/explain", "", ExplainRequest{FEN: fen, Depth: 2, Method: "engine-order", Quiescence: true, TreeOnly: true})
	var rep explain.Report
	if err := json.Unmarshal(r.body, &rep); err != nil || r.status != 200 {
		t.Fatalf("status %d %s: %v", r.status, r.body, err)
	}
	if !rep.Quiescence || rep.Method != explain.EngineOrder || len(rep.Comparison) != 0 || len(rep.Candidates) != 0 || len(rep.Root.Children) == 0 || rep.Warmup == 0 {
		t.Fatalf("tree-only report %s", r.body)
	}
	var all []explain.VisitView
	for from := 0; from < int(rep.TreeNodes); {
		r := e.do("GET", fmt.Sprintf("/api/explain/%s/visits?from=%d&limit=100", rep.ID, from), "", nil)
		var page explain.VisitPage
		if err := json.Unmarshal(r.body, &page); err != nil || r.status != 200 || len(page.Visits) == 0 {
			t.Fatalf("visits from %d: status %d %.300s", from, r.status, r.body)
		}
		if page.Nodes != rep.TreeNodes || page.Visits[0].Visit != from || (from > 0) != (len(page.Path) > 0) {
			t.Fatalf("visits from %d: %d nodes, first %d, %d ancestors", from, page.Nodes, page.Visits[0].Visit, len(page.Path))
		}
		all = append(all, page.Visits...)
		from = page.Next
		if from == 0 {
			break
		}
	}
	if len(all) != int(rep.TreeNodes) || all[len(all)-1].Visit != len(all)-1 {
		t.Fatalf("%d visits listed of %d", len(all), rep.TreeNodes)
	}

	// Compressed for a client that asks.
	req, _ := http.NewRequest("GET", e.http.URL+"/api/explain/"+rep.ID+"/visits?min=10", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := e.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	zr, err := gzip.NewReader(resp.Body)
	if err != nil || resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q: %v", resp.Header.Get("Content-Encoding"), err)
	}
	var big explain.VisitPage
	if err := json.NewDecoder(zr).Decode(&big); err != nil || len(big.Visits) == 0 || len(big.Visits) >= len(all) {
		t.Fatalf("visits of 10 nodes or more: %d of %d, %v", len(big.Visits), len(all), err)
	}

	for _, tc := range []struct {
		path, msg string
		status    int
	}{
		{"/api/explain/" + rep.ID + "/visits?from=-1", "from \"-1\": want a number from 0", 400},
		{"/api/explain/" + rep.ID + "/visits?from=9999999", "from \"9999999\"", 400},
		{"/api/explain/" + rep.ID + "/visits?from=5&to=2", "to 2 is before from 5", 400},
		{"/api/explain/" + rep.ID + "/visits?limit=0", "limit \"0\"", 400},
		{"/api/explain/" + rep.ID + "/visits?min=x", "min \"x\"", 400},
		{"/api/explain/nope/visits", "unknown explanation", 404},
		{"/api/explain/lesson?lang=fr", "lang \"fr\": want en or zh", 400},
	} {
		r := e.do("GET", tc.path, "", nil)
		if r.status != tc.status || !strings.Contains(r.errMsg(), tc.msg) {
			t.Errorf("GET %s: status %d %s, want %d %q", tc.path, r.status, r.body, tc.status, tc.msg)
		}
	}
	r = e.do("POST", "/api/explain", "", ExplainRequest{FEN: fen, Depth: 2, Method: "minimax", Quiescence: true})
	if r.status != 400 || !strings.Contains(r.errMsg(), "quiescence needs alpha-beta") {
		t.Errorf("minimax with quiescence: status %d %s", r.status, r.body)
	}

	for _, lang := range []string{"", "zh"} {
		r := e.do("GET", "/api/explain/lesson?lang="+lang, "", nil)
		var les explain.Lesson
		if err := json.Unmarshal(r.body, &les); err != nil || r.status != 200 || len(les.Steps) < 5 || les.Steps[0].Show.FEN != explain.LessonFEN {
			t.Fatalf("lesson %q: status %d %.300s", lang, r.status, r.body)
		}
		if (lang == "zh") != strings.Contains(les.Title, "国际象棋") {
			t.Errorf("lesson %q: title %q", lang, les.Title)
		}
	}
}

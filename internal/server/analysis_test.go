package server

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

func TestLiveAnalysis(t *testing.T) {
	e := newEnv(t, Config{})
	// After 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? White mates at once.
	s := e.openSSE("POST", "/api/analysis", `{"moves": ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"], "multipv": 3, "depth": 5}`)
	seen := map[int]bool{}
	var ev sseEvent
	for ev = range s.events {
		if ev.name != "info" {
			break
		}
		var line AnalysisLine
		if err := json.Unmarshal([]byte(ev.data), &line); err != nil {
			t.Fatal(err)
		}
		if line.MultiPV < 1 || line.MultiPV > 3 || line.Ply != 6 || len(line.PV) == 0 || len(line.PVUCI) != len(line.PV) {
			t.Errorf("line %+v", line)
		}
		seen[line.MultiPV] = true
	}
	if ev.name != "done" || len(seen) != 3 {
		t.Fatalf("last event %+v, lines %v", ev, seen)
	}
	var done AnalysisDone
	json.Unmarshal([]byte(ev.data), &done)
	if done.BestMove != "h5f7" || done.BestSAN != "Qxf7#" || done.Score.Mate == nil || *done.Score.Mate != 1 || done.Depth != 5 {
		t.Errorf("done %+v", done)
	}
	s.waitEnd(t)

	// A position without moves answers at once.
	s = e.openSSE("POST", "/api/analysis", `{"fen": "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"}`)
	ev = s.next(t, "done")
	json.Unmarshal([]byte(ev.data), &done)
	if done.BestMove != "" || done.Score.Mate == nil || *done.Score.Mate != 0 {
		t.Errorf("checkmate: %s", ev.data)
	}
}

func TestLiveAnalysisErrors(t *testing.T) {
	e := newEnv(t, Config{})
	for _, body := range []string{
		``, `{`, `{"fen": "nonsense"}`, `{"moves": ["e4", "e4"]}`, `{"multipv": 6}`, `{"multipv": -1}`,
		`{"depth": 100}`, `{"movetime": 30001}`, `{"movetime": -5}`,
	} {
		r := e.do("POST", "/api/analysis", "", body)
		if r.status != http.StatusBadRequest || r.errMsg() == "" {
			t.Errorf("%s: %d %s", body, r.status, r.body)
		}
	}
	if r := e.do("GET", "/api/analysis", "", nil); r.status != http.StatusMethodNotAllowed {
		t.Errorf("GET: %d", r.status)
	}
}

// A client has one live analysis: a new one stops the one before, and one
// whose client leaves stops too.
func TestLiveAnalysisStops(t *testing.T) {
	e := newEnv(t, Config{Workers: 1})
	first := e.openSSE("POST", "/api/analysis", `{"movetime": 30000}`)
	first.next(t, "info")
	second := e.openSSE("POST", "/api/analysis", `{"movetime": 30000}`)
	first.waitEnd(t)
	second.next(t, "info")
	second.cancel()
	deadline := time.Now().Add(10 * time.Second)
	for e.srv.pool.Stats().Running != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the search goes on after its client left")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

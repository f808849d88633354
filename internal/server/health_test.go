package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestHealth: a server of its own reports its database and engines, and
// its metrics count the AI's searches.
func TestHealth(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "ai", Level: "1"})
	e.move(g, "e4", 0)
	e.waitFor(g, "the AI's reply", func(st GameState) bool { return st.Plies == 2 })
	// The worker counts its search done just after the reply is out.
	var h Health
	for deadline := time.Now().Add(10 * time.Second); ; {
		r := e.do("GET", "/api/health", "", nil)
		if r.status != http.StatusOK || json.Unmarshal(r.body, &h) != nil {
			t.Fatalf("health: %d %s", r.status, r.body)
		}
		if h.Running == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if h != (Health{Status: "ok", Database: "ok", Workers: 1, Engines: 2}) {
		t.Errorf("health %+v", h)
	}
	body := string(e.do("GET", "/metrics", "", nil).body)
	for _, want := range []string{"outpost_database_up 1", "outpost_engines_alive 2", "outpost_search_seconds_count 1", "outpost_games_in_memory 1", "outpost_engine_jobs_queued 0", "outpost_engine_jobs_yielded_total 0"} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q:\n%s", want, body)
		}
	}
	e.store.Close()
	if r := e.do("GET", "/api/health", "", nil); r.status != http.StatusServiceUnavailable || !strings.Contains(string(r.body), `"down"`) {
		t.Errorf("health with the database closed: %d %s", r.status, r.body)
	}
}

package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
)

// TestFailureHidesTheDatabase plays on a server whose PostgreSQL database
// stops answering (a real outage: it refuses connections): a move, a new
// game and the health answer 503 with a code and a sentence that show
// nothing of the database (its user, name, address), the log has the
// detail under the request's id, and the game goes on once the database
// is back.
func TestFailureHidesTheDatabase(t *testing.T) {
	url := storetest.PostgresURL(t)
	pg, err := store.OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pg.Close() })
	logs := &logBuffer{t: t}
	e := newEnvOn(t, nil, Config{Store: pg, Workers: 1, Logf: logs.logf})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	e.move(g, "e4", 0)

	end := storetest.PostgresOutage(t, url)
	hidden := []string{"user=", "database=", "127.0.0.1", "dial", "SQLSTATE", "outpost_test_", "postgres"}
	for _, tt := range []struct {
		name, method, path, token string
		body                      any
	}{
		{"a move", "POST", "/api/games/" + g.id + "/moves", g.token, map[string]any{"move": "e5", "ply": 1}},
		{"a new game", "POST", "/api/games", "", NewGameRequest{White: "human", Black: "human"}},
		{"the list", "GET", "/api/games", "", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := e.do(tt.method, tt.path, tt.token, tt.body)
			wantFailure(t, r, logs, http.StatusServiceUnavailable, "database_unavailable", hidden, "")
		})
	}
	r := e.do("GET", "/api/health", "", nil)
	var h Health
	json.Unmarshal(r.body, &h)
	if r.status != http.StatusServiceUnavailable || h.Status != "down" || h.Reason != "the database does not answer" {
		t.Errorf("health in the outage: %d %s", r.status, r.body)
	}
	for _, word := range hidden {
		if strings.Contains(string(r.body), word) {
			t.Errorf("health shows the database's %q: %s", word, r.body)
		}
	}
	if !logs.has("health: the database does not answer", "failed to connect") {
		t.Error("the log lacks the outage's detail")
	}

	end()
	for deadline := time.Now().Add(10 * time.Second); ; {
		r := e.do("POST", "/api/games/"+g.id+"/moves", g.token, map[string]any{"move": "e5", "ply": 1})
		if r.status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the move after the outage: %d %s", r.status, r.body)
		}
		time.Sleep(50 * time.Millisecond)
	}
	e.wantHealth("after the outage", "ok", "ok", "")
}

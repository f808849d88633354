package server

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
)

// health returns the server's health answer and its status code.
func (e *testEnv) health() (Health, int) {
	e.t.Helper()
	r := e.do("GET", "/api/health", "", nil)
	var h Health
	if err := json.Unmarshal(r.body, &h); err != nil {
		e.t.Fatalf("health: %d %s", r.status, r.body)
	}
	return h, r.status
}

// wantHealth fails the test unless the health answer has status and a
// reason holding reason ("" for none, with status 200).
func (e *testEnv) wantHealth(when, status, database, reason string) {
	e.t.Helper()
	h, code := e.health()
	wantCode := http.StatusOK
	if database != "ok" {
		wantCode = http.StatusServiceUnavailable
	}
	if code != wantCode || h.Status != status || h.Database != database || (reason == "") != (h.Reason == "") || !strings.Contains(h.Reason, reason) {
		e.t.Errorf("health %s: %d %+v, want %d, status %q, database %q, reason %q", when, code, h, wantCode, status, database, reason)
	}
}

// wantFailure fails the test unless r is the answer of a failure of the
// store: status, code, a sentence without any of the database's words
// (hidden), and the request's id in the body, as in the header, and in
// a line of the log with the database's detail.
func wantFailure(t *testing.T, r response, logs *logBuffer, status int, code string, hidden []string, detail string) {
	t.Helper()
	var b errorBody
	if err := json.Unmarshal(r.body, &b); err != nil || r.status != status || b.Code != code {
		t.Errorf("the failure's answer: %d %s, want %d %q", r.status, r.body, status, code)
	}
	for _, word := range hidden {
		if strings.Contains(string(r.body), word) {
			t.Errorf("the answer shows the database's %q: %s", word, r.body)
		}
	}
	id := r.header.Get(RequestIDHeader)
	if len(id) != 16 || b.RequestID != id {
		t.Errorf("request id %q in the header, %q in the body", id, b.RequestID)
	}
	if !logs.has(id, detail) {
		t.Errorf("the log has no line with the request id %s and %q", id, detail)
	}
}

// TestHealthWhileWritesFail fills the disk of a server's database (a real
// one: a small tmpfs): a move is refused with database_full, the health
// says "degraded" with 503 and why, /metrics counts the failures; once
// room is made the move is played and the health is "ok" again, by itself.
func TestHealthWhileWritesFail(t *testing.T) {
	disk := storetest.SmallDisk(t, 2<<20)
	st, err := store.Open(filepath.Join(disk.Dir, "outpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	logs := &logBuffer{t: t}
	e := newEnvOn(t, st, Config{Workers: 1, Logf: logs.logf})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	e.move(g, "e4", 0)
	e.wantHealth("before", "ok", "ok", "")

	free := disk.Fill()
	for range 2 {
		r := e.do("POST", "/api/games/"+g.id+"/moves", g.token, map[string]any{"move": "e5", "ply": 1})
		wantFailure(t, r, logs, http.StatusServiceUnavailable, "database_full", []string{"(13)", "database or disk", "commit"}, "database or disk is full")
	}
	e.wantHealth("with the disk full", "degraded", "failing", "writes of games fail: the disk is full (2 in a row since ")
	metrics := string(e.do("GET", "/metrics", "", nil).body)
	if !strings.Contains(metrics, "outpost_store_write_failures_total 2\n") || !strings.Contains(metrics, "outpost_store_read_failures_total 0\n") {
		t.Errorf("metrics with the disk full:\n%s", metrics)
	}

	free()
	if st := e.move(g, "e5", 1); st.Plies != 2 {
		t.Errorf("after room was made: %d plies", st.Plies)
	}
	e.wantHealth("after room was made", "ok", "ok", "")
}

// TestHealthWhileReadsFail starts a server on a database whose games on a
// page are damaged: the health says "degraded" with 503 while reads of
// games fail, the damaged game's answer says so without SQLite's words,
// and a game read well makes the health "ok" again.
func TestHealthWhileReadsFail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "outpost.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	e := newEnvOn(t, st, Config{Workers: 1})
	var games []game
	for range 60 { // several pages of the file
		g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
		games = append(games, g)
	}
	e.close()
	st.Close()
	victim := games[30]
	storetest.CorruptPage(t, path, victim.id)

	st, err = store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	logs := &logBuffer{t: t}
	e = newEnvOn(t, st, Config{Workers: 1, Logf: logs.logf})
	r := e.do("GET", "/api/games/"+victim.id, "", nil)
	wantFailure(t, r, logs, http.StatusInternalServerError, "damaged", []string{"malformed", "(11)"}, "malformed")
	if !strings.Contains(r.errMsg(), victim.id) || !strings.Contains(r.errMsg(), "damaged") {
		t.Errorf("the damaged game's answer: %s", r.body)
	}
	e.wantHealth("with a damaged game read", "degraded", "failing", "reads of games fail: the database is damaged")
	if m := string(e.do("GET", "/metrics", "", nil).body); strings.Contains(m, "outpost_store_read_failures_total 0\n") {
		t.Errorf("metrics with a damaged game read:\n%s", m)
	}

	for _, g := range games {
		if _, err := st.Get(context.Background(), g.id); err == nil {
			e.get(g)
			break
		}
	}
	e.wantHealth("after a game was read", "ok", "ok", "")
}

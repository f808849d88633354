package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/outpost-chess/outpost/internal/store"
)

// testEnv is a server on a fresh store, served by httptest.
type testEnv struct {
	t     testing.TB
	srv   *Server
	store *store.SQLite
	http  *httptest.Server
}

// newEnv starts a server for a test with fast settings: level 1 AIs answer
// within milliseconds, MoveTime bounds the others. cfg's zero fields get
// the test defaults.
func newEnv(t testing.TB, cfg Config) *testEnv {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "outpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return newEnvOn(t, st, cfg)
}

// newEnvOn starts a server for a test on an open store.
func newEnvOn(t testing.TB, st *store.SQLite, cfg Config) *testEnv {
	t.Helper()
	if cfg.Store == nil {
		cfg.Store = st
	}
	if cfg.Workers == 0 {
		cfg.Workers = 2
	}
	if cfg.HashMB == 0 {
		cfg.HashMB = 1
	}
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	if cfg.MoveTime == 0 {
		cfg.MoveTime = 50 * time.Millisecond
	}
	if cfg.HintTime == 0 {
		cfg.HintTime = 50 * time.Millisecond
	}
	if cfg.GamesPerMinute == 0 {
		cfg.GamesPerMinute = -1 // tests create many games; TestGamesPerMinute sets a limit
	}
	if cfg.PGNPerMinute == 0 {
		cfg.PGNPerMinute = -1 // as many games' PGN; TestPGNPerMinute sets a limit
	}
	if cfg.Static == nil {
		cfg.Static = fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>Outpost</title>")}}
	}
	if cfg.Logf == nil {
		cfg.Logf = t.Logf
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(nil)
	hs.Config = srv.HTTPServer()
	hs.Listener = srv.Listener(hs.Listener)
	hs.Start()
	e := &testEnv{t: t, srv: srv, store: st, http: hs}
	t.Cleanup(e.close)
	return e
}

func (e *testEnv) close() {
	e.srv.CloseStreams()
	e.http.Close()
	e.srv.Close()
}

// response is an answer of the API.
type response struct {
	status int
	header http.Header
	body   []byte
}

// errMsg returns the error reason of an error answer.
func (r response) errMsg() string {
	var b errorBody
	json.Unmarshal(r.body, &b)
	return b.Error
}

// state decodes a GameState answer.
func (r response) state(t testing.TB) GameState {
	t.Helper()
	var st GameState
	if err := json.Unmarshal(r.body, &st); err != nil {
		t.Fatalf("status %d, body %q: %v", r.status, r.body, err)
	}
	return st
}

// do sends a request; body is sent as is when a string or []byte, else as
// JSON (with Content-Type: application/json). token, when not empty, goes
// in the Authorization header.
func (e *testEnv) do(method, path, token string, body any) response {
	e.t.Helper()
	req := e.newRequest(method, path, token, body)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return e.send(req)
}

// newRequest makes the request do sends, without its Content-Type.
func (e *testEnv) newRequest(method, path, token string, body any) *http.Request {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, e.http.URL+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return req
}

// send sends req and reads the answer.
func (e *testEnv) send(req *http.Request) response {
	e.t.Helper()
	resp, err := e.http.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return response{resp.StatusCode, resp.Header, data}
}

// game is a game created by a test.
type game struct {
	id, token string
}

// create makes a game and fails the test unless it is created.
func (e *testEnv) create(req NewGameRequest) (game, GameState) {
	e.t.Helper()
	r := e.do("POST", "/api/games", "", req)
	if r.status != http.StatusCreated {
		e.t.Fatalf("create %+v: status %d: %s", req, r.status, r.body)
	}
	var ng NewGameResponse
	if err := json.Unmarshal(r.body, &ng); err != nil {
		e.t.Fatal(err)
	}
	return game{ng.ID, ng.Token}, ng.Game
}

// list returns the ids of the games the server lists.
func (e *testEnv) list() []string {
	e.t.Helper()
	r := e.do("GET", "/api/games?limit=1000", "", nil)
	var l struct{ Games []Summary }
	if err := json.Unmarshal(r.body, &l); err != nil || r.status != http.StatusOK {
		e.t.Fatalf("list: %d %s", r.status, r.body)
	}
	ids := make([]string, len(l.Games))
	for i, g := range l.Games {
		ids[i] = g.ID
	}
	return ids
}

// get returns the game's state.
func (e *testEnv) get(g game) GameState {
	e.t.Helper()
	r := e.do("GET", "/api/games/"+g.id, "", nil)
	if r.status != http.StatusOK {
		e.t.Fatalf("get %s: status %d: %s", g.id, r.status, r.body)
	}
	return r.state(e.t)
}

// getRaw returns the game's state as sent, to compare before and after.
func (e *testEnv) getRaw(g game) string {
	e.t.Helper()
	return string(e.do("GET", "/api/games/"+g.id, "", nil).body)
}

// move plays a move and fails the test unless it is accepted.
func (e *testEnv) move(g game, mv string, ply int) GameState {
	e.t.Helper()
	r := e.do("POST", "/api/games/"+g.id+"/moves", g.token, map[string]any{"move": mv, "ply": ply})
	if r.status != http.StatusOK {
		e.t.Fatalf("move %s at ply %d: status %d: %s", mv, ply, r.status, r.body)
	}
	return r.state(e.t)
}

// waitFor polls the game until cond holds, and fails the test after 10s.
func (e *testEnv) waitFor(g game, what string, cond func(GameState) bool) GameState {
	e.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		st := e.get(g)
		if cond(st) {
			return st
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("waiting for %s: state %+v", what, st)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// stored returns the stored record of the game.
func (e *testEnv) stored(g game) store.Game {
	e.t.Helper()
	rec, err := e.store.Get(context.Background(), g.id)
	if err != nil {
		e.t.Fatal(err)
	}
	return rec
}

// sanMoves returns the SAN of a state's moves, joined by spaces.
func sanMoves(st GameState) string {
	s := make([]string, len(st.Moves))
	for i, m := range st.Moves {
		s[i] = m.SAN
	}
	return strings.Join(s, " ")
}

func uciMoves(st GameState) []string {
	s := make([]string, len(st.Moves))
	for i, m := range st.Moves {
		s[i] = m.UCI
	}
	return s
}

// logBuffer collects a server's log lines (and passes them to the test's
// log).
type logBuffer struct {
	t     testing.TB
	mu    sync.Mutex
	lines []string
}

func (l *logBuffer) logf(format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	l.t.Log(line)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, line)
}

// has reports whether a line contains every one of words.
func (l *logBuffer) has(words ...string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, line := range l.lines {
		all := true
		for _, w := range words {
			all = all && strings.Contains(line, w)
		}
		if all {
			return true
		}
	}
	return false
}

// failingStore is a store whose writes fail while fail is set, and whose
// saves fail when they hold failFrom moves or more (failFrom > 0); failed
// counts the writes that failed.
type failingStore struct {
	*store.SQLite
	fail     atomic.Bool
	failFrom atomic.Int32
	failed   atomic.Int32
}

var errDiskOnFire = errors.New("disk on fire")

func (f *failingStore) check() error {
	if f.fail.Load() {
		f.failed.Add(1)
		return errDiskOnFire
	}
	return nil
}

func (f *failingStore) Save(ctx context.Context, g *store.Game) error {
	if err := f.check(); err != nil {
		return err
	}
	if n := f.failFrom.Load(); n > 0 && len(g.Moves) >= int(n) {
		f.failed.Add(1)
		return errDiskOnFire
	}
	return f.SQLite.Save(ctx, g)
}

func (f *failingStore) SetSpeed(ctx context.Context, id string, ms int) error {
	if err := f.check(); err != nil {
		return err
	}
	return f.SQLite.SetSpeed(ctx, id, ms)
}

func (f *failingStore) Delete(ctx context.Context, id string) error {
	if err := f.check(); err != nil {
		return err
	}
	return f.SQLite.Delete(ctx, id)
}

func (g game) String() string { return fmt.Sprintf("game %s", g.id) }

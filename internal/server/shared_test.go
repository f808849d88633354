package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
)

// newSharedPair starts two servers on one new PostgreSQL database: a has
// one engine, b none (its searches run on a's worker).
func newSharedPair(t *testing.T) (a, b *testEnv, pg *store.Postgres) {
	t.Helper()
	url := storetest.PostgresURL(t)
	open := func() *store.Postgres {
		st, err := store.OpenPostgres(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	pg = open()
	a = newEnvOn(t, nil, Config{Store: pg, Workers: 1, Lease: time.Second})
	b = newEnvOn(t, nil, Config{Store: open(), Workers: -1})
	return a, b, pg
}

// TestSharedAnyServerAnyGame: a game made on one server is played on the
// other, its moves reach the first one's event stream, and the AI's
// replies, searched by the worker of the one that has engines, reach both.
func TestSharedAnyServerAnyGame(t *testing.T) {
	a, b, pg := newSharedPair(t)
	g, _ := a.create(NewGameRequest{White: "human", Black: "ai", Level: "1"})
	onA := a.openStream(g)
	onA.next(t, "state")

	st := b.move(g, "e4", 0)
	if st.Plies != 1 || !st.Thinking {
		t.Fatalf("after the move on b: %+v", st)
	}
	moved := stateOf(t, onA.next(t, "state"))
	if moved.Plies < 1 || moved.Moves[0].SAN != "e4" {
		t.Errorf("a's stream after b's move: %+v", moved)
	}
	// The AI's reply comes from a's worker, and b shows it.
	replied := b.waitFor(g, "the AI's reply", func(st GameState) bool { return st.Plies == 2 && !st.Thinking })
	a.waitFor(g, "the AI's reply on a", func(st GameState) bool { return st.Plies == 2 })
	// A move on a, at the ply b read.
	a.move(g, "Nf3", replied.Plies)
	b.waitFor(g, "the AI's second reply", func(st GameState) bool { return st.Plies == 4 })
	stored, err := pg.Get(context.Background(), g.id)
	if err != nil || len(stored.Moves) != 4 {
		t.Errorf("stored %+v, %v", stored, err)
	}

	// A hint asked of b, which has no engine: a's worker answers.
	r := b.do("POST", "/api/games/"+g.id+"/hint", g.token, nil)
	var h Hint
	if r.status != http.StatusOK || json.Unmarshal(r.body, &h) != nil || h.Move == "" {
		t.Errorf("hint on b: %d %s", r.status, r.body)
	}
	// A takeback on b is seen on a.
	b.do("POST", "/api/games/"+g.id+"/takeback", g.token, nil)
	a.waitFor(g, "the takeback on a", func(st GameState) bool { return st.Plies == 2 })
	// Deleted on a: gone on b.
	if r := a.do("DELETE", "/api/games/"+g.id, g.token, nil); r.status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", r.status, r.body)
	}
	deadline := time.Now().Add(10 * time.Second)
	for b.do("GET", "/api/games/"+g.id, "", nil).status != http.StatusNotFound {
		if time.Now().After(deadline) {
			t.Fatal("the game deleted on a is still on b")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// stateOf decodes a state event.
func stateOf(t *testing.T, ev sseEvent) GameState {
	t.Helper()
	var st GameState
	if err := json.Unmarshal([]byte(ev.data), &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestSharedRacingMoves: 20 moves at the same ply through both servers at
// once: exactly one is accepted, the others get 409, and the game holds
// the one accepted.
func TestSharedRacingMoves(t *testing.T) {
	a, b, pg := newSharedPair(t)
	g, _ := a.create(NewGameRequest{White: "human", Black: "human"})
	b.get(g) // both hold the game in memory
	moves := []string{"e4", "d4", "c4", "Nf3", "Nc3", "a3", "b3", "g3", "h3", "f4"}
	var wg sync.WaitGroup
	statuses := make([]int, 20)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := []*testEnv{a, b}[i%2]
			r := e.do("POST", "/api/games/"+g.id+"/moves", g.token, map[string]any{"move": moves[i%len(moves)], "ply": 0})
			statuses[i] = r.status
		}()
	}
	wg.Wait()
	ok := 0
	for i, s := range statuses {
		switch s {
		case http.StatusOK:
			ok++
		case http.StatusConflict:
		default:
			t.Errorf("move %d: status %d", i, s)
		}
	}
	if ok != 1 {
		t.Errorf("%d moves accepted at ply 0, want exactly 1 (statuses %v)", ok, statuses)
	}
	stored, err := pg.Get(context.Background(), g.id)
	if err != nil || len(stored.Moves) != 1 {
		t.Errorf("stored %+v, %v", stored, err)
	}
	for _, e := range []*testEnv{a, b} {
		e.waitFor(g, "one move", func(st GameState) bool { return st.Plies == 1 && st.Moves[0].UCI == stored.Moves[0] })
	}
}

// TestSharedHealth: the health endpoint and the metrics of a server on a
// shared database.
func TestSharedHealth(t *testing.T) {
	a, b, _ := newSharedPair(t)
	var h Health
	deadline := time.Now().Add(10 * time.Second)
	for {
		r := b.do("GET", "/api/health", "", nil)
		if r.status != http.StatusOK || json.Unmarshal(r.body, &h) != nil {
			t.Fatalf("health: %d %s", r.status, r.body)
		}
		if h.Workers == 1 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if h.Status != "ok" || h.Database != "ok" || !h.Shared || h.Workers != 1 || h.Engines != 1 {
		t.Errorf("health %+v", h)
	}
	r := a.do("GET", "/metrics", "", nil)
	body := string(r.body)
	for _, want := range []string{"outpost_database_up 1", "outpost_searches_queued 0", "outpost_workers_alive 1",
		"outpost_search_seconds_count", "outpost_search_wait_seconds_bucket{le=\"+Inf\"}"} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q:\n%s", want, body)
		}
	}
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("metrics Content-Type %q", ct)
	}
}

// TestSharedRedoAndOffers: what redo would play and a draw offer between
// two people are in the database: a takeback through one server is redone
// through the other, and an offer made through one is declined, then
// accepted, through the other, whatever each server held in memory.
func TestSharedRedoAndOffers(t *testing.T) {
	a, b, _ := newSharedPair(t)
	g, _ := a.create(NewGameRequest{White: "human", Black: "human"})
	a.move(g, "e4", 0)
	b.move(g, "e5", 1)
	if r := a.do("POST", "/api/games/"+g.id+"/takeback", g.token, nil); r.status != http.StatusOK {
		t.Fatalf("takeback on a: %d %s", r.status, r.body)
	}
	r := b.do("POST", "/api/games/"+g.id+"/redo", g.token, nil)
	if r.status != http.StatusOK || r.state(t).Plies != 2 {
		t.Fatalf("redo on b: %d %s", r.status, r.body)
	}
	a.waitFor(g, "the redo on a", func(st GameState) bool { return st.Plies == 2 && !st.CanRedo })

	offer := func(e *testEnv, color string) response {
		return e.do("POST", "/api/games/"+g.id+"/draw/offer", g.token, map[string]string{"color": color})
	}
	if r := offer(a, "white"); r.status != http.StatusOK {
		t.Fatalf("offer on a: %d %s", r.status, r.body)
	}
	if r := b.do("POST", "/api/games/"+g.id+"/draw/decline", g.token, map[string]string{"color": "black"}); r.status != http.StatusOK {
		t.Fatalf("decline on b: %d %s", r.status, r.body)
	}
	a.waitFor(g, "the decline on a", func(st GameState) bool { return st.DrawOffer == "" })
	if r := offer(b, "black"); r.status != http.StatusOK {
		t.Fatalf("offer on b: %d %s", r.status, r.body)
	}
	r = a.do("POST", "/api/games/"+g.id+"/draw/accept", g.token, map[string]string{"color": "white"})
	if st := r.state(t); r.status != http.StatusOK || st.Result != "1/2-1/2" || st.Reason != "agreement" {
		t.Fatalf("accept on a: %d %s", r.status, r.body)
	}
	b.waitFor(g, "the draw on b", func(st GameState) bool { return st.Result == "1/2-1/2" })
}

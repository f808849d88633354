package server

import (
	"context"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/store"
)

func TestFairness(t *testing.T) {
	e := newEnv(t, Config{Workers: 1})
	speed := 0
	var games []game
	for range 5 {
		g, _ := e.create(NewGameRequest{White: "ai", Black: "ai", Level: "1", SpeedMs: &speed, Paused: true})
		games = append(games, g)
	}
	for _, g := range games {
		e.do("PATCH", "/api/games/"+g.id, g.token, `{"paused":false}`)
	}
	// Read the games' lengths from memory, holding every game's lock at
	// once: a snapshot. (The worker holds one game's lock at a time.)
	sessions := make([]*session, len(games))
	for i, g := range games {
		s, err := e.srv.lookup(context.Background(), g.id)
		if err != nil {
			t.Fatal(err)
		}
		sessions[i] = s
	}
	lengths := func() (plies []int, over bool) {
		plies = make([]int, len(sessions))
		for _, s := range sessions {
			s.mu.Lock()
		}
		for i, s := range sessions {
			plies[i], over = s.g.Chess().Len(), over || s.g.Over()
		}
		for _, s := range sessions {
			s.mu.Unlock()
		}
		return plies, over
	}
	// The games started one after the other: measure from here.
	base, _ := lengths()
	deadline := time.Now().Add(20 * time.Second)
	for {
		plies, over := lengths()
		total := 0
		for i := range plies {
			plies[i] -= base[i]
			total += plies[i]
		}
		if lo, hi := slices.Min(plies), slices.Max(plies); hi-lo > 2 && !over {
			t.Fatalf("unfair: plies played %v since %v", plies, base)
		}
		if total >= 60 || over {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("too slow: plies %v", plies)
		}
		time.Sleep(2 * time.Millisecond)
	}
	for _, g := range games {
		e.do("PATCH", "/api/games/"+g.id, g.token, `{"paused":true}`)
	}
	if peak := e.srv.pool.Stats().Peak; peak != 1 {
		t.Errorf("%d searches at once on one worker", peak)
	}
}

// TestResponsiveWhileBusy keeps every worker in long searches and checks
// that the API answers meanwhile, set up as outpost serve sets it up.
func TestResponsiveWhileBusy(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(runtime.NumCPU() + 2))
	e := newEnv(t, Config{Workers: 2, MoveTime: 10 * time.Second, Nice: 10})
	var games []game
	for range 4 {
		g, _ := e.create(NewGameRequest{White: "ai", Black: "human", Level: "max"})
		games = append(games, g)
	}
	waitRunning(t, e.srv, 2)
	if n := e.srv.pool.Queued(); n != 2 {
		t.Errorf("%d games queued, want 2", n)
	}
	h, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	for i, req := range []struct{ method, path, body string }{
		{"GET", "/api/games/" + games[3].id, ""},
		{"GET", "/api/games", ""},
		{"POST", "/api/games/" + h.id + "/moves", `{"move":"e4","ply":0}`},
		{"GET", "/", ""},
	} {
		start := time.Now()
		r := e.do(req.method, req.path, h.token, req.body)
		if d := time.Since(start); r.status != 200 || d > 2*time.Second {
			t.Errorf("request %d %s %s: %d in %v", i, req.method, req.path, r.status, d)
		}
	}
	if peak := e.srv.pool.Stats().Peak; peak > 2 {
		t.Errorf("%d searches at once with 2 workers", peak)
	}
	for _, g := range games {
		if st := e.get(g); !st.Thinking {
			t.Errorf("game %s not thinking", g.id)
		}
	}
}

// TestResume restarts the server on the same store while an AI is to
// move: the new server plays the move.
func TestResume(t *testing.T) {
	e := newEnv(t, Config{Workers: 1, MoveTime: 20 * time.Second})
	g, _ := e.create(NewGameRequest{Level: "max"})
	e.move(g, "e4", 0)
	paused, _ := e.create(NewGameRequest{White: "ai", Level: "1", Paused: true})
	waitRunning(t, e.srv, 1)
	e.close() // the search is cancelled and its move not played
	if rec := e.stored(g); len(rec.Moves) != 1 {
		t.Fatalf("stored %q after closing", rec.Moves)
	}
	e2 := newEnvOn(t, e.store, Config{})
	st := e2.waitFor(g, "the AI's move after the restart", func(st GameState) bool { return st.Plies == 2 })
	if rec := e2.stored(g); !slices.Equal(rec.Moves, uciMoves(st)) {
		t.Errorf("stored %q, state %q", rec.Moves, uciMoves(st))
	}
	waitIdle(t, e2.srv) // the restart's loading jobs have run
	if st := e2.get(paused); st.Plies != 0 || !st.Paused {
		t.Errorf("a paused game moved after the restart: %+v", st)
	}
}

// TestEvict drops idle games from memory; they come back from the store as
// they were, and a request holding an evicted game looks it up again.
func TestEvict(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	e.move(g, "e4", 0)
	before := e.getRaw(g)
	old, err := e.srv.lookup(context.Background(), g.id)
	if err != nil {
		t.Fatal(err)
	}
	if n := e.srv.evictIdle(time.Now().Add(-time.Hour)); n != 0 {
		t.Errorf("evicted %d games used a moment ago", n)
	}
	s := e.openStream(g)
	s.next(t, "state")
	if n := e.srv.evictIdle(time.Now().Add(time.Hour)); n != 0 {
		t.Errorf("evicted %d games with a subscriber", n)
	}
	s.cancel()
	s.waitEnd(t)
	deadline := time.Now().Add(10 * time.Second)
	for old.hub.count() != 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := e.srv.evictIdle(time.Now().Add(time.Hour)); n != 1 {
		t.Fatalf("evicted %d games, want 1", n)
	}
	if after := e.getRaw(g); after != before {
		t.Errorf("reloaded game differs:\n%s\n%s", before, after)
	}
	if s2, _ := e.srv.lookup(context.Background(), g.id); s2 == old {
		t.Error("the evicted session is still in use")
	}
	e.move(g, "e5", 1)
}

// gatedStore is a store whose Get waits until gate is closed.
type gatedStore struct {
	*store.SQLite
	gate chan struct{}
}

func (g *gatedStore) Get(ctx context.Context, id string) (store.Game, error) {
	<-g.gate
	return g.SQLite.Get(ctx, id)
}

// TestResumeIsLazy restarts the server on games whose AI is to move while
// reading a game from the store waits: New returns at once (it loads no
// game itself), and the games are loaded, and their AIs move, by the
// workers once the store answers.
func TestResumeIsLazy(t *testing.T) {
	e := newEnv(t, Config{})
	var games []game
	for range 5 {
		g, _ := e.create(NewGameRequest{White: "ai", Black: "human", Level: "1", Paused: true})
		games = append(games, g)
	}
	e.close()
	for _, g := range games {
		rec := e.stored(g)
		rec.Paused = false
		if err := e.store.Save(context.Background(), &rec); err != nil {
			t.Fatal(err)
		}
	}
	gs := &gatedStore{SQLite: e.store, gate: make(chan struct{})}
	started := make(chan *testEnv, 1)
	go func() { started <- newEnvOn(t, e.store, Config{Store: gs, Workers: 1}) }()
	var e2 *testEnv
	select {
	case e2 = <-started:
	case <-time.After(30 * time.Second):
		close(gs.gate)
		t.Fatal("New waited for the games to be read")
	}
	close(gs.gate)
	for _, g := range games {
		e2.waitFor(g, "the AI's move after the restart", func(st GameState) bool { return st.Plies == 1 })
	}
}

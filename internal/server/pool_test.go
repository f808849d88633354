package server

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/store"
)

// sleepJob records when it ran and takes a while.
type sleepJob struct {
	n     int
	mu    *sync.Mutex
	order *[]int
	d     time.Duration
}

func (j *sleepJob) run(*engine.Engine) {
	j.mu.Lock()
	*j.order = append(*j.order, j.n)
	j.mu.Unlock()
	time.Sleep(j.d)
}

func TestPool(t *testing.T) {
	tests := []struct {
		workers int
		fifo    bool // with one worker, jobs run in the order queued
	}{
		{1, true}, {2, false}, {4, false},
	}
	for _, tt := range tests {
		engines := make([]*engine.Engine, tt.workers)
		p := newPool(engines, 0)
		var mu sync.Mutex
		var order []int
		const jobs = 24
		for i := range jobs {
			if !p.submit("test", &sleepJob{n: i, mu: &mu, order: &order, d: 2 * time.Millisecond}) {
				t.Fatal("submit refused")
			}
		}
		deadline := time.Now().Add(10 * time.Second)
		for p.done.Load() != jobs {
			if time.Now().After(deadline) {
				t.Fatalf("%d workers: %d of %d jobs done", tt.workers, p.done.Load(), jobs)
			}
			time.Sleep(time.Millisecond)
		}
		if peak := p.peak.Load(); peak > int32(tt.workers) || peak < 1 {
			t.Errorf("%d workers: %d jobs ran at once", tt.workers, peak)
		}
		if tt.fifo && !slices.IsSorted(order) {
			t.Errorf("one worker ran jobs in order %v", order)
		}
		p.close()
		if p.submit("test", &sleepJob{mu: &mu, order: &order}) {
			t.Error("submit after close accepted")
		}
		if p.queued() != 0 {
			t.Error("jobs left in a closed pool")
		}
	}
}

// TestFairness runs AI-against-AI games on one worker: they advance in
// turn, none starved by the others.
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
	if peak := e.srv.pool.peak.Load(); peak != 1 {
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
	if n := e.srv.pool.queued(); n != 2 {
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
	if peak := e.srv.pool.peak.Load(); peak > 2 {
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
	time.Sleep(20 * time.Millisecond)
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

// labelJob records its label when it runs, after waiting for gate.
type labelJob struct {
	label string
	gate  chan struct{}
	ran   chan<- string
}

func (j *labelJob) run(*engine.Engine) {
	if j.gate != nil {
		<-j.gate
	}
	j.ran <- j.label
}

// TestPoolTakesClientsInTurn queues the jobs of three clients behind a
// running one on one worker: they run one client after the other, each
// client's in the order queued, not all of the first client's first.
func TestPoolTakesClientsInTurn(t *testing.T) {
	p := newPool(make([]*engine.Engine, 1), 0)
	defer p.close()
	ran := make(chan string, 20)
	gate := make(chan struct{})
	p.submit("a", &labelJob{label: "a0", gate: gate, ran: ran})
	for deadline := time.Now().Add(10 * time.Second); p.running.Load() == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first job did not start")
		}
	}
	for _, l := range []string{"a1", "a2", "a3", "b1", "c1", "a4", "c2"} {
		p.submit(client(l[:1]), &labelJob{label: l, ran: ran})
	}
	close(gate)
	var order []string
	for range 8 {
		select {
		case l := <-ran:
			order = append(order, l)
		case <-time.After(10 * time.Second):
			t.Fatalf("jobs run: %q", order)
		}
	}
	// a0 ran before the rest were queued; then the turn is a, b, c, as
	// the clients first queued, each going to the back after a job.
	want := []string{"a0", "a1", "b1", "c1", "a2", "c2", "a3", "a4"}
	if !slices.Equal(order, want) {
		t.Errorf("order %q, want %q", order, want)
	}
}

// longJob runs until it is preempted (or a minute passes).
type longJob struct {
	label string
	cut   chan struct{} // closed by preempt
	ran   chan<- string // receives label when it ends
}

func newLongJob(label string, ran chan<- string) *longJob {
	return &longJob{label: label, cut: make(chan struct{}), ran: ran}
}

func (j *longJob) run(*engine.Engine) {
	select {
	case <-j.cut:
	case <-time.After(time.Minute):
	}
	j.ran <- j.label
}

func (j *longJob) preempt() { close(j.cut) }

// TestPoolPreemptsOverShare fills both workers with one client's long
// searches: when another client's job comes, the first client's newest
// search is cut short, and the newcomer's job runs next, before the first
// client's others waiting.
func TestPoolPreemptsOverShare(t *testing.T) {
	p := newPool(make([]*engine.Engine, 2), 0)
	defer p.close()
	ran := make(chan string, 20)
	hogs := []*longJob{newLongJob("hog1", ran), newLongJob("hog2", ran), newLongJob("hog3", ran)}
	for _, j := range hogs[:2] {
		p.submit("hog", j)
	}
	for deadline := time.Now().Add(10 * time.Second); p.running.Load() < 2; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the hog's jobs did not start")
		}
	}
	p.submit("hog", hogs[2]) // waits
	p.submit("player", &labelJob{label: "player", ran: ran})
	want := []string{"hog2", "player"} // the newest search cut, then the player's job
	for i, w := range want {
		select {
		case got := <-ran:
			if got != w {
				t.Fatalf("job %d to end: %s, want %s", i+1, got, w)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no job ended; want %s", w)
		}
	}
	if p.cut.Load() != 1 {
		t.Errorf("%d jobs preempted, want 1", p.cut.Load())
	}
	// End the others: close waits for them.
	hogs[0].preempt()
	hogs[2].preempt()
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

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/server"
	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
)

// startWorker runs "outpost worker" on db with args and waits for it to
// say it runs.
func startWorker(t *testing.T, db string, args ...string) *serverProcess {
	t.Helper()
	p, lines := spawnOutpost(t, append([]string{"worker", "--db", db, "--hash", "1"}, args...)...)
	select {
	case line := <-lines:
		if !strings.HasPrefix(line, "Outpost worker ") {
			t.Fatalf("the worker's first line: %q", line)
		}
	case <-p.exited:
		t.Fatalf("the worker exited (%v); output %q", p.err, p.output.String())
	case <-time.After(20 * time.Second):
		t.Fatalf("the worker did not start; output %q", p.output.String())
	}
	return p
}

// kill ends p with SIGKILL.
func (p *serverProcess) kill(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-p.exited
}

// stateEvents reads the state events of a game's event stream on the
// server at base, until the test ends.
func stateEvents(t *testing.T, base, id string) <-chan server.GameState {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/games/"+id+"/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	states := make(chan server.GameState, 100)
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		name := ""
		for sc.Scan() {
			line := sc.Text()
			if ev, ok := strings.CutPrefix(line, "event: "); ok {
				name = ev
			}
			if data, ok := strings.CutPrefix(line, "data: "); ok && name == "state" {
				var st server.GameState
				if json.Unmarshal([]byte(data), &st) == nil {
					states <- st
				}
			}
		}
	}()
	return states
}

// searching waits until the workers of the database at url run a search.
func searching(t *testing.T, pg *store.Postgres) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		q, err := pg.QueueStats(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if q.Running > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no search runs: %+v", q)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// clusterDB returns a fresh PostgreSQL database for a cluster test, its URL
// and the store on it (closed when the test ends).
func clusterDB(t *testing.T) (string, *store.Postgres) {
	t.Helper()
	url := storetest.PostgresURL(t)
	pg, err := store.OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pg.Close() })
	return url, pg
}

// TestCluster runs two server processes without engines and a worker
// process on one PostgreSQL database, as a host would behind a load
// balancer: a game made on one server is played on the other, and its
// moves reach the first one's event stream; the AI's replies come from the
// worker; of 20 moves at the same ply sent through both at once exactly
// one is accepted. Then it kills a server, and the worker, with SIGKILL in
// the middle of a search: no acknowledged move is lost, the search is
// taken over once its lease runs out, and the games go on.
func TestCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("runs server and worker processes")
	}
	url, pg := clusterDB(t)
	a := startServer(t, url, "--workers", "0")
	b := startServer(t, url, "--workers", "0")
	w := startWorker(t, url, "--workers", "1", "--movetime", "3000")
	ca, cb := &client{t: t, base: a.base}, &client{t: t, base: b.base}

	// Made on a, played on b, seen on a; the AI (level 1) replies from
	// the worker.
	g := ca.create(`{"white":"human","black":"ai","level":"1"}`)
	events := stateEvents(t, a.base, g.id)
	<-events // the state at connection
	cb.move(g, "e4", 0)
	select {
	case st := <-events:
		if st.Plies < 1 || st.Moves[0].SAN != "e4" {
			t.Errorf("a's stream after b's move: %+v", st)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("b's move did not reach a's event stream")
	}
	st := ca.waitFor(g, "the worker's reply", func(st server.GameState) bool { return st.Plies == 2 })
	ca.move(g, "Nf3", st.Plies)
	cb.waitFor(g, "the second reply", func(st server.GameState) bool { return st.Plies == 4 })

	// 20 moves at the same ply, through both servers at once.
	race := ca.create(`{"white":"human","black":"human"}`)
	cb.get(race)
	moves := []string{"e4", "d4", "c4", "Nf3", "Nc3", "a3", "b3", "g3", "h3", "f4"}
	var wg sync.WaitGroup
	statuses := make([]int, 20)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := []*client{ca, cb}[i%2]
			statuses[i], _ = c.do("POST", "/api/games/"+race.id+"/moves", race.token, `{"move":"`+moves[i%len(moves)]+`","ply":0}`)
		}()
	}
	wg.Wait()
	accepted := 0
	for _, s := range statuses {
		switch s {
		case http.StatusOK:
			accepted++
		case http.StatusConflict:
		default:
			t.Errorf("a racing move: status %d", s)
		}
	}
	if accepted != 1 {
		t.Errorf("%d of 20 moves at ply 0 accepted, want 1 (statuses %v)", accepted, statuses)
	}

	// SIGKILL of server b while the worker searches its game (level max:
	// the worker's whole 3 s): every move b acknowledged is there on a,
	// the worker's reply arrives, and the game goes on through a.
	h := cb.create(`{"white":"human","black":"human"}`)
	var acked []string
	for i, mv := range []string{"d4", "d5", "c4", "e6"} {
		acked = stateUCI(cb.move(h, mv, i))
	}
	deep := cb.create(`{"white":"human","black":"ai","level":"max"}`)
	deepAcked := stateUCI(cb.move(deep, "e4", 0))
	searching(t, pg)
	b.kill(t)
	if got := stateUCI(ca.get(h)); !slices.Equal(got, acked) {
		t.Errorf("after b was killed: moves %q on a, b acknowledged %q", got, acked)
	}
	st = ca.waitFor(deep, "the reply searched while b died", func(st server.GameState) bool { return st.Plies == 2 })
	if got := stateUCI(st); !slices.Equal(got[:1], deepAcked) {
		t.Errorf("moves %q, b acknowledged %q", got, deepAcked)
	}
	ca.move(h, "Nc3", 4)
	ca.move(deep, "d4", 2)

	// SIGKILL of the worker in the middle of that search: a new worker
	// takes it over once its lease (5 s) has run out.
	searching(t, pg)
	w.kill(t)
	killed := time.Now()
	startWorker(t, url, "--workers", "1", "--movetime", "100")
	st = ca.waitFor(deep, "the search taken over", func(st server.GameState) bool { return st.Plies == 4 })
	if d := time.Since(killed); d < 2*time.Second {
		t.Errorf("the search was played %v after its worker died, before its lease could run out", d)
	}
	ca.move(deep, "Nf3", st.Plies)
	ca.waitFor(deep, "the game going on", func(st server.GameState) bool { return st.Plies == 6 })
	if stored, err := pg.Get(context.Background(), deep.id); err != nil || len(stored.Moves) != 6 {
		t.Errorf("stored %+v, %v", stored, err)
	}
}

// TestClusterFlag kills (SIGKILL) the server a clocked game was played on,
// before its flag falls: the game ends on time all the same, ended by the
// surviving server's sweep of flags, and a player watching the game's event
// stream on that server sees it end. It logs the time from the deadline to
// the end (docs/scaling.md: go test -run TestClusterFlag -count 5 -v
// ./cmd/outpost/).
func TestClusterFlag(t *testing.T) {
	if testing.Short() {
		t.Skip("runs server processes")
	}
	url, pg := clusterDB(t)
	a := startServer(t, url, "--workers", "0")
	b := startServer(t, url, "--workers", "0")
	cb := &client{t: t, base: b.base}

	// 0+1: 3 s each. The first moves (charged nothing), then White moves
	// on b; Black's clock runs; b dies.
	g := cb.create(`{"white":"human","black":"human","clock":{"limit":0,"increment":1}}`)
	cb.move(g, "e4", 0)
	cb.move(g, "e5", 1)
	cb.move(g, "Nf3", 2)
	b.kill(t)
	sg, err := pg.Get(context.Background(), g.id)
	if err != nil {
		t.Fatal(err)
	}
	deadline := sg.ClockSince.Add(3 * time.Second) // Black's clock started after Nf3, with 3 s

	// Watched on a, which never held the game before b died.
	events := stateEvents(t, a.base, g.id)
	for {
		select {
		case st := <-events:
			if st.Status == "playing" {
				continue
			}
			late := pg.Now().Sub(deadline)
			if st.Result != "1-0" || st.Reason != "time forfeit" || late < 0 {
				t.Errorf("the end on a's stream %v after the deadline: %s by %q", late, st.Result, st.Reason)
			}
			ended, err := pg.Get(context.Background(), g.id)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("flagged: saved %v after the deadline, on a's event stream %v after it",
				ended.UpdatedAt.Sub(deadline).Round(time.Millisecond), late.Round(time.Millisecond))
			return
		case <-time.After(time.Until(deadline) + 10*time.Second):
			t.Fatalf("10 s after Black's flag fell the game is still on; a's output:\n%s", a.output.String())
		}
	}
}

package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// sseEvent is one server-sent event (a comment has name ":").
type sseEvent struct {
	name, data string
}

// stream is an open event stream.
type stream struct {
	events <-chan sseEvent // closed when the stream ends
	cancel context.CancelFunc
}

// openStream connects to a game's event stream.
func (e *testEnv) openStream(g game) *stream {
	e.t.Helper()
	return e.openSSE("GET", "/api/games/"+g.id+"/events", "")
}

// openSSE sends a request whose answer is an event stream, with body (JSON)
// unless it is "".
func (e *testEnv) openSSE(method, path, body string) *stream {
	e.t.Helper()
	return e.openSSEFrom(e.http.Client(), method, path, body)
}

// openSSEFrom is openSSE with the requests sent by c.
func (e *testEnv) openSSEFrom(c *http.Client, method, path, body string) *stream {
	e.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, method, e.http.URL+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		e.t.Fatalf("events: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	ch := make(chan sseEvent, 1000)
	go func() {
		defer close(ch)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.name != "" {
					ch <- ev
				}
				ev = sseEvent{}
			case strings.HasPrefix(line, ":"):
				ch <- sseEvent{name: ":", data: line}
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				ev.data += strings.TrimPrefix(line, "data: ")
			}
		}
	}()
	s := &stream{events: ch, cancel: cancel}
	e.t.Cleanup(cancel)
	return s
}

// next returns the next event named name (skipping others), failing the
// test after 10s or at the end of the stream.
func (s *stream) next(t *testing.T, name string) sseEvent {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case ev, ok := <-s.events:
			if !ok {
				t.Fatalf("the stream ended waiting for %q", name)
			}
			if ev.name == name {
				return ev
			}
		case <-timeout:
			t.Fatalf("no %q event", name)
		}
	}
}

// waitEnd waits for the stream to end.
func (s *stream) waitEnd(t *testing.T) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case _, ok := <-s.events:
			if !ok {
				return
			}
		case <-timeout:
			t.Fatal("the stream did not end")
		}
	}
}

func decodeState(t *testing.T, ev sseEvent) GameState {
	t.Helper()
	var st GameState
	if err := json.Unmarshal([]byte(ev.data), &st); err != nil {
		t.Fatalf("state event %q: %v", ev.data, err)
	}
	return st
}

func TestEventsStateAndThinking(t *testing.T) {
	e := newEnv(t, Config{Workers: 1, MoveTime: 400 * time.Millisecond, ThinkingInterval: time.Millisecond})
	g, _ := e.create(NewGameRequest{Level: "max"})
	s := e.openStream(g)
	if st := decodeState(t, s.next(t, "state")); st.ID != g.id || st.Plies != 0 {
		t.Errorf("first state %+v", st)
	}
	e.move(g, "e4", 0)
	// States arrive in order: the move, then the AI's reply; thinking
	// events come in between.
	var thinking []Thinking
	var last GameState
	deadline := time.After(10 * time.Second)
	for last.Plies < 2 {
		select {
		case ev, ok := <-s.events:
			if !ok {
				t.Fatal("stream ended")
			}
			switch ev.name {
			case "state":
				st := decodeState(t, ev)
				if st.Plies < last.Plies {
					t.Fatalf("states out of order: %d plies after %d", st.Plies, last.Plies)
				}
				last = st
			case "thinking":
				var th Thinking
				if err := json.Unmarshal([]byte(ev.data), &th); err != nil {
					t.Fatal(err)
				}
				thinking = append(thinking, th)
			}
		case <-deadline:
			t.Fatalf("no AI reply; last state %+v", last)
		}
	}
	if len(thinking) == 0 {
		t.Fatal("no thinking event")
	}
	th := thinking[len(thinking)-1]
	if th.Ply != 1 || th.Depth < 1 || th.Nodes == 0 || th.Score.CP == nil && th.Score.Mate == nil ||
		len(th.PV) == 0 || len(th.PV) != len(th.PVUCI) || th.PVUCI[0] != last.Moves[1-last.MovesFrom].UCI {
		t.Errorf("last thinking %+v, reply %s", th, last.Moves[1-last.MovesFrom].UCI)
	}
	if last.Thinking {
		t.Errorf("thinking after the reply: %+v", last)
	}
}

// TestEventsSendChanges checks that state events hold the moves that
// changed (from movesFrom) and that a client applying them has the game's
// moves, through moves, a takeback and a redo.
func TestEventsSendChanges(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human", PGN: "1. e4 e5 2. Nf3"})
	s := e.openStream(g)
	first := decodeState(t, s.next(t, "state"))
	if first.MovesFrom != 0 || len(first.Moves) != 3 {
		t.Fatalf("first state: movesFrom %d, %d moves; want the whole game", first.MovesFrom, len(first.Moves))
	}
	moves := first.Moves
	for _, step := range []struct {
		method, path, body string
		from, sent         int // the movesFrom and moves of the event
	}{
		{"POST", "/moves", `{"move":"Nc6","ply":3}`, 3, 1},
		{"POST", "/takeback", `{}`, 3, 0},
		{"POST", "/redo", `{}`, 3, 1},
		{"PATCH", "", `{"speedMs":100}`, 4, 0},
	} {
		if r := e.do(step.method, "/api/games/"+g.id+step.path, g.token, step.body); r.status != 200 {
			t.Fatalf("%s %s: %d %s", step.method, step.path, r.status, r.body)
		}
		st := decodeState(t, s.next(t, "state"))
		if st.MovesFrom != step.from || len(st.Moves) != step.sent {
			t.Errorf("%s %s: the event has movesFrom %d and %d moves, want %d and %d", step.method, step.path, st.MovesFrom, len(st.Moves), step.from, step.sent)
			continue
		}
		moves = append(moves[:st.MovesFrom:st.MovesFrom], st.Moves...)
		if full := e.get(g); !slices.Equal(uciMoves(full), uciMoves(GameState{Moves: moves})) || full.Plies != st.Plies {
			t.Errorf("%s %s: the client has %q, the game %q", step.method, step.path, uciMoves(GameState{Moves: moves}), uciMoves(full))
		}
	}
}

func TestEventsClientLeaves(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	var streams []*stream
	for range 3 {
		s := e.openStream(g)
		s.next(t, "state")
		streams = append(streams, s)
	}
	sess, err := e.srv.lookup(context.Background(), g.id)
	if err != nil {
		t.Fatal(err)
	}
	if n := sess.hub.count(); n != 3 {
		t.Fatalf("%d subscribers, want 3", n)
	}
	for _, s := range streams {
		s.cancel()
	}
	deadline := time.Now().Add(10 * time.Second)
	for sess.hub.count() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d subscribers left after the clients went away", sess.hub.count())
		}
		time.Sleep(time.Millisecond)
	}
	e.move(g, "e4", 0) // publishing to nobody is fine
}

func TestEventsKeepAliveDeleteAndShutdown(t *testing.T) {
	e := newEnv(t, Config{KeepAlive: 10 * time.Millisecond})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	s := e.openStream(g)
	s.next(t, ":")
	e.do("DELETE", "/api/games/"+g.id, g.token, nil)
	if ev := s.next(t, "deleted"); ev.data != `{"id":"`+g.id+`"}` {
		t.Errorf("deleted event %q", ev.data)
	}
	s.waitEnd(t)

	g2, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	s2 := e.openStream(g2)
	s2.next(t, "state")
	e.srv.CloseStreams()
	s2.waitEnd(t)
}

// TestSlowSubscriber checks that a client that reads nothing holds up
// nobody: moves keep being accepted.
func TestSlowSubscriber(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	req, _ := http.NewRequest("GET", e.http.URL+"/api/games/"+g.id+"/events", nil)
	resp, err := e.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close() // never read
	// Each change publishes a state of about 1 KB: more than the
	// connection buffers hold.
	for i := range 300 {
		if r := e.do("PATCH", "/api/games/"+g.id, g.token, map[string]int{"speedMs": i}); r.status != 200 {
			t.Fatalf("PATCH %d: %d", i, r.status)
		}
	}
}

// A stream writes the state events it has not written, in order (each the
// change from the one before), with the last thinking event of the search
// whose move the newest shows written before it; any other new state makes
// a pending thinking event stale; a stream further behind than the hub
// keeps is told to write the whole state.
func TestHubStreams(t *testing.T) {
	var h hub
	c := h.open(h.read())
	changed := h.read().changed
	next := func(what string, want ...string) {
		t.Helper()
		frames, resync := c.next(h.read())
		var got []string
		for _, f := range frames {
			got = append(got, data(f))
		}
		if resync || !slices.Equal(got, want) {
			t.Errorf("%s: the stream writes %q (resync %v), want %q", what, got, resync, want)
		}
	}
	h.publishState([]byte("state 2"))
	select {
	case <-changed:
	case <-time.After(10 * time.Second):
		t.Fatal("a publication did not wake the streams")
	}
	h.publishThinking([]byte("thinking 2a"))
	h.publishThinking([]byte("thinking 2b"))
	h.publishMove([]byte("state 3"))
	next("after the AI's move", "state 2", "thinking 2b", "state 3")
	next("after nothing new")

	h.publishThinking([]byte("thinking 3"))
	h.publishState([]byte("state 2 again"))
	next("after a takeback", "state 2 again")

	// A thinking event written is not written again before the move.
	h.publishThinking([]byte("thinking 4"))
	next("while the AI thinks", "thinking 4")
	h.publishMove([]byte("state 5"))
	next("after the move", "state 5")

	// Too far behind: the whole state.
	for i := range keptStates + 1 {
		h.publishState([]byte(fmt.Sprint("state ", 6+i)))
	}
	if frames, resync := c.next(h.read()); !resync || frames != nil {
		t.Errorf("%d states behind: %q, resync %v; want a resync", keptStates+1, frames, resync)
	}
	c.reset(h.read())
	next("after the resync")
	if h.count() != 1 || len(h.read().states) != keptStates {
		t.Errorf("%d streams, %d states kept; want 1, %d", h.count(), len(h.read().states), keptStates)
	}
	h.close()
	// With no stream, the newest state is all the hub keeps.
	h.publishState([]byte("state 30"))
	h.publishState([]byte("state 31"))
	if states := h.read().states; len(states) != 1 || data(states[0].frame) != "state 31" {
		t.Errorf("with no stream the hub keeps %d states", len(states))
	}
}

// data returns the data of an event's frame, or "".
func data(frame []byte) string {
	_, d, _ := strings.Cut(strings.TrimSuffix(string(frame), "\n\n"), "data: ")
	return d
}

package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/store"
)

// TestClockState creates a game on a clock: the state shows both clocks
// and whose runs, none before a side's first move (lichess); each side's
// first move is charged nothing and adds no increment, a later move
// charges its time and adds it; the clocks are kept with the moves.
func TestClockState(t *testing.T) {
	e := newEnv(t, Config{})
	g, st := e.create(NewGameRequest{White: "human", Black: "human", Clock: &ClockRequest{Limit: 180, Increment: 2}})
	c := st.Clock
	if c == nil || c.Limit != 180 || c.Increment != 2 || c.Running != "" || c.White != 180000 || c.Black != 180000 {
		t.Fatalf("clock at the start: %+v (no clock runs before White's first move)", c)
	}
	st = e.move(g, "e4", 0)
	if c := st.Clock; c.Running != "" || c.White != 180000 || c.Black != 180000 {
		t.Errorf("clock after 1. e4: %+v (no clock runs before Black's first move)", c)
	}
	e.move(g, "e5", 1)
	st = e.move(g, "Nf3", 2)
	if c := st.Clock; c.Running != "black" || c.White <= 180000-10000 || c.White > 182000 || c.Black > 180000 || c.Black < 170000 {
		t.Errorf("clock after 2. Nf3: %+v (the increment is added)", c)
	}
	rec := e.stored(g)
	if rec.TimeLimit != 3*time.Minute || rec.TimeIncrement != 2*time.Second || len(rec.Clocks) != 3 || rec.Clocks[0] != 3*time.Minute ||
		rec.Clocks[2] != time.Duration(st.Clock.White)*time.Millisecond || rec.ClockSince.IsZero() {
		t.Errorf("stored clock: %+v", rec)
	}
	if pgn := string(e.do("GET", "/api/games/"+g.id+"/pgn", "", nil).body); !strings.Contains(pgn, `[TimeControl "180+2"]`) ||
		!strings.Contains(pgn, "1. e4 {[%clk 0:03:00]} 1... e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:03:0") {
		t.Errorf("PGN:\n%s", pgn)
	}
	// A game without clocks has "clock": null.
	u, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	if body := e.getRaw(u); !strings.Contains(body, `"clock":null`) {
		t.Errorf("untimed state: %s", body)
	}
	// Listed with its time control.
	var list struct{ Games []Summary }
	json.Unmarshal(e.do("GET", "/api/games", "", nil).body, &list)
	for _, s := range list.Games {
		if want := map[string]string{g.id: "3+2", u.id: ""}[s.ID]; s.Clock != want {
			t.Errorf("game %s listed with clock %q, want %q", s.ID, s.Clock, want)
		}
	}
}

// TestFlagFallEvent lets White's one second run out with nobody acting,
// after the first moves: the server ends the game by its timer, tells the
// event stream, and stores the result.
func TestFlagFallEvent(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human", Clock: &ClockRequest{Limit: 1}})
	s := e.openStream(g)
	e.move(g, "Nf3", 0)
	e.move(g, "Nf6", 1)
	var st GameState
	for st.Status != "over" {
		ev := s.next(t, "state")
		st = GameState{}
		if err := json.Unmarshal([]byte(ev.data), &st); err != nil {
			t.Fatal(err)
		}
	}
	if st.Result != "0-1" || st.Reason != "time forfeit" || st.Clock.White != 0 || st.Clock.Running != "" || len(st.Dests) != 0 {
		t.Errorf("after the flag: %+v, clock %+v", st, st.Clock)
	}
	if rec := e.stored(g); rec.Result != "0-1" || rec.Reason != "time forfeit" {
		t.Errorf("stored %q %q", rec.Result, rec.Reason)
	}
	r := e.do("POST", "/api/games/"+g.id+"/moves", g.token, `{"move":"e4","ply":2}`)
	if r.status != 409 || !strings.Contains(r.errMsg(), "Black wins on time") {
		t.Errorf("a move after the flag: %d %s", r.status, r.body)
	}
	// A lone king cannot win on time: a draw.
	d, _ := e.create(NewGameRequest{White: "human", Black: "human", FEN: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", Clock: &ClockRequest{Limit: 1}})
	e.move(d, "Kd1", 0)
	e.move(d, "Kd8", 1)
	st = e.waitFor(d, "the flag", func(st GameState) bool { return st.Status == "over" })
	if st.Result != "1/2-1/2" || st.Reason != "time forfeit" {
		t.Errorf("flag against a lone king: %s %s", st.Result, st.Reason)
	}
}

// TestClockRestart stops the server and starts another on its database:
// the time in between is charged to nobody.
func TestClockRestart(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human", Clock: &ClockRequest{Limit: 60}})
	e.move(g, "e4", 0)
	e.move(g, "e5", 1)
	e.move(g, "Nf3", 2)
	e.close()
	if rec := e.stored(g); !rec.ClockSince.IsZero() {
		t.Errorf("stored at shutdown: spent %v since %v, want the clock stopped", rec.ClockSpent, rec.ClockSince)
	}
	time.Sleep(1500 * time.Millisecond) // the server is down
	e2 := newEnvOn(t, e.store, Config{})
	st := e2.get(g)
	if c := st.Clock; c.Running != "black" || c.Black < 59000 {
		t.Errorf("after the restart: %+v (1.5 s of downtime must not be charged)", c)
	}
	if rec := e2.stored(g); rec.ClockSince.IsZero() {
		t.Error("the restarted server did not start the clock")
	}
}

// TestAIOnTheClock: the AI plays within its clock; its moves carry their
// readings.
func TestAIOnTheClock(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{Level: "1", Clock: &ClockRequest{Limit: 60}})
	e.move(g, "e4", 0)
	e.waitFor(g, "the AI's first move", func(st GameState) bool { return st.Plies == 2 })
	e.move(g, "d4", 2)
	st := e.waitFor(g, "the AI's reply", func(st GameState) bool { return st.Plies == 4 })
	if c := st.Clock; c.Running != "white" || c.Black <= 0 || c.Black >= 60000 {
		t.Errorf("after the AI's reply: %+v", c)
	}
	if rec := e.stored(g); len(rec.Clocks) != 4 || rec.Clocks[1] != time.Minute || rec.Clocks[3] <= 0 {
		t.Errorf("stored readings %v", rec.Clocks)
	}
	// Two AIs on a clock ignore the speed delay: the clocks set the pace.
	speed := 60000
	a, _ := e.create(NewGameRequest{White: "ai", Black: "ai", Level: "1", SpeedMs: &speed, Clock: &ClockRequest{Limit: 60}})
	e.waitFor(a, "a few moves", func(st GameState) bool { return st.Plies >= 4 || st.Status == "over" })
	if rec := e.stored(a); rec.Source != store.SourceWeb {
		t.Errorf("stored %+v", rec)
	}
}

// TestAbortedGame: a person whose first move does not come within
// play.FirstMoveLimit has the game aborted by the server's flag timer,
// with no result: here White had used all but 300 ms of it when the
// server stopped, and the next server resumes the game with that time.
func TestAbortedGame(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human", Clock: &ClockRequest{Limit: 60}})
	e.close()
	rec := e.stored(g)
	rec.ClockSpent = play.FirstMoveLimit - 300*time.Millisecond
	if err := e.store.Save(context.Background(), &rec); err != nil {
		t.Fatal(err)
	}
	e2 := newEnvOn(t, e.store, Config{})
	st := e2.waitFor(g, "the abort", func(st GameState) bool { return st.Status == "over" })
	if st.Result != "*" || st.Reason != "aborted" || st.Clock.Running != "" || st.Clock.White != 60000 || len(st.Dests) != 0 {
		t.Errorf("after the abort: %+v, clock %+v", st, st.Clock)
	}
	if rec := e2.stored(g); rec.Result != "*" || rec.Reason != "aborted" {
		t.Errorf("stored %q %q", rec.Result, rec.Reason)
	}
	r := e2.do("POST", "/api/games/"+g.id+"/moves", g.token, `{"move":"e4","ply":0}`)
	if r.status != 409 || !strings.Contains(r.errMsg(), "Game aborted") {
		t.Errorf("a move after the abort: %d %s", r.status, r.body)
	}
}

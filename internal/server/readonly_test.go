package server

import (
	"strings"
	"testing"
)

// TestAIGivesUpWhenItsMoveCannotBeKept makes the store refuse the AI's
// move: the AI tries a few times, then stops (no search is queued any more)
// and the game says why; a change by the player, once the store works,
// makes it try again.
func TestAIGivesUpWhenItsMoveCannotBeKept(t *testing.T) {
	e := newEnv(t, Config{})
	fs := &failingStore{SQLite: e.store}
	e2 := newEnvOn(t, e.store, Config{Store: fs})
	g, _ := e2.create(NewGameRequest{White: "human", Black: "ai", Level: "1"})
	fs.failFrom.Store(2) // the human's move is kept, the AI's reply is not
	e2.move(g, "e4", 0)
	st := e2.waitFor(g, "the AI to give up", func(st GameState) bool { return st.AIError != "" })
	if st.Thinking || st.Plies != 1 || !strings.Contains(st.AIError, "its log says why") || !strings.Contains(st.AIError, "stopped trying") {
		t.Errorf("after giving up: thinking %v, %d plies, aiError %q", st.Thinking, st.Plies, st.AIError)
	}
	if n := fs.failed.Load(); n != maxAIAttempts {
		t.Errorf("%d attempts to keep the AI's move, want %d", n, maxAIAttempts)
	}
	// No attempt is pending: nothing queued, no timer.
	s, err := e2.srv.lockGame(t.Context(), g.id)
	if err != nil {
		t.Fatal(err)
	}
	if s.queued || s.timer != nil || s.cancel != nil {
		t.Errorf("the AI is still trying: queued %v, timer %v, searching %v", s.queued, s.timer != nil, s.cancel != nil)
	}
	s.mu.Unlock()

	fs.failFrom.Store(0)
	if r := e2.do("PATCH", "/api/games/"+g.id, g.token, `{"paused":false}`); r.status != 200 {
		t.Fatalf("PATCH: %d %s", r.status, r.body)
	}
	st = e2.waitFor(g, "the AI's move", func(st GameState) bool { return st.Plies == 2 })
	if st.AIError != "" {
		t.Errorf("after the AI moved: aiError %q", st.AIError)
	}
}

package server

import (
	"encoding/json"
	"net/http"
	"testing"
)

// TestRematch asks for a rematch of a clocked game from a position against
// the AI at level 3: a new game with the colours swapped, the same level,
// clock and start, its own token; a rematch without the game's token is
// refused, and the first game is left as it was.
func TestRematch(t *testing.T) {
	e := newEnv(t, Config{})
	fen := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	g, _ := e.create(NewGameRequest{White: "human", Black: "ai", Level: "3", FEN: fen, Clock: &ClockRequest{Limit: 180, Increment: 2}})
	e.move(g, "Bc4", 0)
	e.waitFor(g, "the AI's reply", func(st GameState) bool { return st.Plies == 2 })
	before := e.get(g)
	if r := e.do("POST", "/api/games/"+g.id+"/rematch", "", nil); r.status != http.StatusForbidden {
		t.Errorf("without the token: %d %s", r.status, r.body)
	}
	r := e.do("POST", "/api/games/"+g.id+"/rematch", g.token, nil)
	if r.status != http.StatusCreated {
		t.Fatalf("rematch: %d %s", r.status, r.body)
	}
	var ng NewGameResponse
	if err := json.Unmarshal(r.body, &ng); err != nil {
		t.Fatal(err)
	}
	st := ng.Game
	if ng.ID == g.id || ng.Token == "" || ng.Token == g.token || st.White != "ai" || st.WhiteLevel != "3" || st.Black != "human" ||
		st.StartFEN != fen || st.Clock == nil || st.Clock.Limit != 180 || st.Clock.Increment != 2 || st.Paused {
		t.Errorf("the rematch: %+v", st)
	}
	if after := e.get(g); sanMoves(after) != sanMoves(before) || after.White != "human" || after.Black != "ai" || after.Status != before.Status {
		t.Errorf("the first game changed: %+v", after)
	}
	// The AI plays White in the rematch: it moves by itself.
	e.waitFor(game{ng.ID, ng.Token}, "the AI's first move", func(st GameState) bool { return st.Plies == 1 })
}

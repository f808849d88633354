package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/store"
)

// TestRulesAsTheTerminal checks, through the API, the rules the web app
// once applied on its own and got wrong: they are package play's now, as
// in the terminal game.
func TestRulesAsTheTerminal(t *testing.T) {
	e := newEnv(t, Config{})
	post := func(g game, what string) response { return e.do("POST", "/api/games/"+g.id+"/"+what, g.token, nil) }

	// A takeback after a resignation no longer reopens the game.
	g, _ := e.create(NewGameRequest{Level: "1"})
	e.move(g, "e4", 0)
	e.waitFor(g, "the reply", func(st GameState) bool { return st.Plies == 2 })
	post(g, "resign")
	if st := e.get(g); st.CanTakeback || st.CanRedo {
		t.Errorf("after resigning: canTakeback %v canRedo %v", st.CanTakeback, st.CanRedo)
	}
	if r := post(g, "takeback"); r.status != 409 || !strings.Contains(r.errMsg(), "cannot be taken back") {
		t.Errorf("takeback after resigning: %d %s", r.status, r.body)
	}
	if st, rec := e.get(g), e.stored(g); st.Result != "0-1" || st.Plies != 2 || rec.Result != "0-1" || len(rec.Moves) != 2 {
		t.Errorf("the resignation was undone: %+v / %+v", st, rec)
	}

	// Redo after a resignation: refused (the terminal once played the
	// moves again and brought the resignation back).
	h, _ := e.create(NewGameRequest{White: "human", Black: "human", PGN: "1. e4 e5"})
	post(h, "takeback")
	post(h, "resign")
	if r := post(h, "redo"); r.status != 409 || !strings.Contains(r.errMsg(), "the game is over") {
		t.Errorf("redo after resigning: %d %s", r.status, r.body)
	}

	// Takeback after a mate: against the AI yes, between two people no;
	// the state says which, so the button is right.
	vsAI, _ := e.create(NewGameRequest{White: "ai", Black: "human", Level: "1", Paused: true, PGN: "1. f3 e5 2. g4"})
	if st := e.move(vsAI, "Qh4#", 3); !st.CanTakeback {
		t.Error("no takeback of a mate against the AI")
	}
	people, _ := e.create(NewGameRequest{White: "human", Black: "human", PGN: "1. f3 e5 2. g4"})
	if st := e.move(people, "Qh4#", 3); st.CanTakeback {
		t.Error("takeback offered after a mate between two people")
	}

	// Redo plays back exactly what was taken back: the move and the AI's
	// reply, whichever the front end.
	r, _ := e.create(NewGameRequest{Level: "1"})
	e.move(r, "d4", 0)
	played := e.waitFor(r, "the reply", func(st GameState) bool { return st.Plies == 2 })
	post(r, "takeback")
	if st := post(r, "redo").state(t); sanMoves(st) != sanMoves(played) || st.CanRedo {
		t.Errorf("redo: %q (can redo %v), want %q", sanMoves(st), st.CanRedo, sanMoves(played))
	}

	// A stored game at a level this version does not know is an error,
	// never played at full strength.
	ctx := context.Background()
	odd := store.Game{Source: store.SourceWeb, White: store.Human, Black: store.AI, BlackLevel: "11",
		StartFEN: chess.StartFEN, Moves: []string{"e2e4"}, TokenHash: []byte("x")}
	if err := e.store.CreateGame(ctx, &odd); err != nil {
		t.Fatal(err)
	}
	if r := e.do("GET", "/api/games/"+odd.ID, "", nil); r.status != 500 || !strings.Contains(r.errMsg(), `level "11"`) {
		t.Errorf("a game at an unknown level: %d %s", r.status, r.body)
	}
}

// TestDrawOffers offers draws: the AI answers from its search, people
// accept or decline.
func TestDrawOffers(t *testing.T) {
	e := newEnv(t, Config{})
	offer := func(g game, body string) (DrawOfferAnswer, GameState, response) {
		t.Helper()
		r := e.do("POST", "/api/games/"+g.id+"/draw/offer", g.token, body)
		var a DrawOfferAnswer
		var st GameState
		if r.status == 200 {
			if err := json.Unmarshal(r.body, &a); err != nil {
				t.Fatal(err)
			}
			json.Unmarshal(a.Game, &st)
		}
		return a, st, r
	}

	// The AI stands worse: it accepts.
	lost, _ := e.create(NewGameRequest{Level: "4", FEN: "4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1"})
	a, st, r := offer(lost, "")
	if r.status != 200 || !a.Accepted || a.Message != "Outpost accepts the draw." || st.Result != "1/2-1/2" || st.Reason != "agreement" {
		t.Errorf("offer to a lost AI: %d %s", r.status, r.body)
	}
	if rec := e.stored(lost); rec.Result != "1/2-1/2" || rec.Reason != "agreement" {
		t.Errorf("stored %q %q", rec.Result, rec.Reason)
	}
	// The AI stands better: it declines, and says why.
	won, _ := e.create(NewGameRequest{Level: "4", FEN: "qq2k3/8/8/8/8/8/8/4K3 w - - 0 1"})
	a, st, r = offer(won, "")
	if r.status != 200 || a.Accepted || !strings.HasPrefix(a.Message, "Outpost declines the draw: it stands better") || st.Status != "playing" {
		t.Errorf("offer to a winning AI: %d %s", r.status, r.body)
	}
	if _, _, r := offer(won, `{"color":"black"}`); r.status != 409 || !strings.Contains(r.errMsg(), "does not offer draws") {
		t.Errorf("an offer by the AI's side: %d %s", r.status, r.body)
	}

	// Two people: the offer stands until accepted, declined or answered by
	// a move.
	h, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	a, st, r = offer(h, "")
	if r.status != 200 || a.Accepted || st.DrawOffer != "white" || !strings.Contains(a.Message, "White offers a draw") {
		t.Errorf("white's offer: %d %s", r.status, r.body)
	}
	if st := e.move(h, "e4", 0); st.DrawOffer != "white" {
		t.Errorf("the offer fell when White moved: %+v", st)
	}
	if st := e.do("POST", "/api/games/"+h.id+"/draw/decline", h.token, nil).state(t); st.DrawOffer != "" {
		t.Errorf("after declining: %q", st.DrawOffer)
	}
	offer(h, `{"color":"black"}`)
	if st := e.move(h, "e5", 1); st.DrawOffer != "black" {
		t.Errorf("black's offer after black's move: %q", st.DrawOffer)
	}
	if st := e.move(h, "Nf3", 2); st.DrawOffer != "" {
		t.Errorf("white's move did not decline black's offer: %q", st.DrawOffer)
	}
	offer(h, `{"color":"white"}`)
	if st := e.do("POST", "/api/games/"+h.id+"/draw/accept", h.token, nil).state(t); st.Reason != "agreement" || st.Result != "1/2-1/2" {
		t.Errorf("after accepting: %+v", st)
	}
	if r := e.do("POST", "/api/games/"+h.id+"/draw/accept", h.token, nil); r.status != 409 {
		t.Errorf("accepting twice: %d %s", r.status, r.body)
	}

	// Two AIs: whose offer?
	ai, _ := e.create(NewGameRequest{White: "ai", Black: "ai", Paused: true})
	if _, _, r := offer(ai, ""); r.status != 400 || !strings.Contains(r.errMsg(), "both players are AIs") {
		t.Errorf("an offer between two AIs: %d %s", r.status, r.body)
	}
	if r := e.do("POST", "/api/games/"+h.id+"/draw/offer", "", nil); r.status != 403 {
		t.Errorf("an offer without the token: %d", r.status)
	}
}

package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/store"
)

// TestMoveErrors sends every kind of bad move and checks that each is
// refused with its reason and changes nothing, in memory or in the store.
func TestMoveErrors(t *testing.T) {
	e := newEnv(t, Config{})
	hvh, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	e.move(hvh, "e4", 0)
	aiToMove, _ := e.create(NewGameRequest{White: "ai", Black: "human", Paused: true})
	over, _ := e.create(NewGameRequest{FEN: foolsMate, White: "human", Black: "human"})

	tests := []struct {
		name   string
		g      game
		token  string
		body   any
		status int
		reason string
	}{
		{"no token", hvh, "", `{"move":"e5","ply":1}`, 403, "missing player token"},
		{"wrong token", hvh, aiToMove.token, `{"move":"e5","ply":1}`, 403, "wrong player token"},
		{"malformed", hvh, hvh.token, `{"move":"e5",`, 400, "malformed JSON"},
		{"empty body", hvh, hvh.token, ``, 400, "malformed JSON"},
		{"too big", hvh, hvh.token, `{"move":"` + strings.Repeat("x", MaxBody) + `","ply":1}`, 413, "request body over"},
		{"no move", hvh, hvh.token, `{"ply":1}`, 400, "missing field move"},
		{"no ply", hvh, hvh.token, `{"move":"e5"}`, 400, "missing field ply"},
		{"stale ply", hvh, hvh.token, `{"move":"e5","ply":0}`, 409, "stale ply: the game has 1 plies, not 0"},
		{"ply ahead", hvh, hvh.token, `{"move":"e5","ply":2}`, 409, "stale ply"},
		{"illegal", hvh, hvh.token, `{"move":"e4","ply":1}`, 400, "illegal move \"e4\": "},
		{"illegal uci", hvh, hvh.token, `{"move":"e7e4","ply":1}`, 400, "illegal move"},
		{"wrong side", hvh, hvh.token, `{"move":"d2d4","ply":1}`, 400, "illegal move"},
		{"gibberish", hvh, hvh.token, `{"move":"hello","ply":1}`, 400, "illegal move"},
		{"AI's turn", aiToMove, aiToMove.token, `{"move":"e4","ply":0}`, 409, "it is not your move: Outpost plays White"},
		{"game over", over, over.token, `{"move":"e4","ply":0}`, 409, "the game is over (Black wins by checkmate)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, rec := e.getRaw(tt.g), e.stored(tt.g)
			r := e.do("POST", "/api/games/"+tt.g.id+"/moves", tt.token, tt.body)
			if r.status != tt.status || !strings.Contains(r.errMsg(), tt.reason) {
				t.Errorf("status %d %s, want %d with %q", r.status, r.body, tt.status, tt.reason)
			}
			if after := e.getRaw(tt.g); after != before {
				t.Errorf("state changed:\n%s\n%s", before, after)
			}
			if after := e.stored(tt.g); !slices.Equal(after.Moves, rec.Moves) || after.Result != rec.Result {
				t.Errorf("store changed: %+v", after)
			}
		})
	}
}

func TestMoveAndAIReply(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{Level: "1"})
	st := e.move(g, "Nf3", 0)
	if st.Plies != 1 || st.Moves[0].UCI != "g1f3" || st.Turn != "black" || !st.Thinking || !slices.Equal(st.LastMove, []string{"g1", "f3"}) {
		t.Errorf("after the move: %+v", st)
	}
	// The AI's reply may be committed already too (level 1 is quick).
	if rec := e.stored(g); len(rec.Moves) == 0 || rec.Moves[0] != "g1f3" {
		t.Errorf("stored %q (the move must be committed before the answer)", rec.Moves)
	}
	st = e.waitFor(g, "the AI's reply", func(st GameState) bool { return st.Plies == 2 })
	if st.Thinking || st.Turn != "white" {
		t.Errorf("after the reply: %+v", st)
	}
	if rec := e.stored(g); !slices.Equal(rec.Moves, uciMoves(st)) {
		t.Errorf("stored %q, state %q", rec.Moves, uciMoves(st))
	}
	// Promotion in UCI and SAN, castling in both notations.
	p, _ := e.create(NewGameRequest{White: "human", Black: "human", FEN: promotion})
	if st := e.move(p, "a7b8r", 0); st.Moves[0].SAN != "axb8=R+" {
		t.Errorf("promotion: %+v", st.Moves)
	}
	c, _ := e.create(NewGameRequest{White: "human", Black: "human", FEN: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"})
	e.move(c, "O-O", 0)
	if st := e.move(c, "e8c8", 1); sanMoves(st) != "O-O O-O-O" {
		t.Errorf("castling: %q", sanMoves(st))
	}
	// A mating move ends the game and stores the result.
	m, _ := e.create(NewGameRequest{White: "human", Black: "human", PGN: "1. f3 e5 2. g4"})
	st = e.move(m, "Qh4#", 3)
	if st.Status != "over" || st.Result != "0-1" || st.Reason != "checkmate" {
		t.Errorf("after mate: %+v", st)
	}
	if rec := e.stored(m); rec.Result != "0-1" || rec.Reason != "checkmate" {
		t.Errorf("stored result %q %q", rec.Result, rec.Reason)
	}
}

// TestConcurrentMoves races two players on one ply: one wins, one is stale.
func TestConcurrentMoves(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	var wg sync.WaitGroup
	statuses := make([]int, 8)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mv := []string{"e4", "d4", "c4", "Nf3"}[i%4]
			statuses[i] = e.do("POST", "/api/games/"+g.id+"/moves", g.token, map[string]any{"move": mv, "ply": 0}).status
		}()
	}
	wg.Wait()
	slices.Sort(statuses)
	if want := []int{200, 409, 409, 409, 409, 409, 409, 409}; !slices.Equal(statuses, want) {
		t.Errorf("statuses %v, want %v", statuses, want)
	}
	if st, rec := e.get(g), e.stored(g); st.Plies != 1 || !slices.Equal(rec.Moves, uciMoves(st)) {
		t.Errorf("state %q, stored %q", uciMoves(st), rec.Moves)
	}
}

func TestTakebackAndRedo(t *testing.T) {
	e := newEnv(t, Config{})

	// Against the AI: your move and its reply go back together.
	g, _ := e.create(NewGameRequest{Level: "1"})
	if r := e.do("POST", "/api/games/"+g.id+"/takeback", g.token, nil); r.status != 409 || r.errMsg() != "there is no move of yours to take back" {
		t.Errorf("takeback at the start: %d %s", r.status, r.body)
	}
	if r := e.do("POST", "/api/games/"+g.id+"/redo", g.token, nil); r.status != 409 || r.errMsg() != "there is nothing to redo" {
		t.Errorf("redo with nothing to redo: %d %s", r.status, r.body)
	}
	e.move(g, "e4", 0)
	played := e.waitFor(g, "the AI's reply", func(st GameState) bool { return st.Plies == 2 })
	tests := []struct {
		name    string
		path    string
		token   string
		status  int
		plies   int
		canRedo bool
	}{
		{"no token", "takeback", "", 403, 2, false},
		{"wrong token", "takeback", "xyz", 403, 2, false},
		{"takeback", "takeback", g.token, 200, 0, true},
		{"redo", "redo", g.token, 200, 2, false},
		{"takeback again", "takeback", g.token, 200, 0, true},
	}
	for _, tt := range tests {
		r := e.do("POST", "/api/games/"+g.id+"/"+tt.path, tt.token, nil)
		st := e.get(g)
		if r.status != tt.status || st.Plies != tt.plies || st.CanRedo != tt.canRedo || len(e.stored(g).Moves) != tt.plies {
			t.Errorf("%s: status %d %s; plies %d canRedo %v", tt.name, r.status, r.errMsg(), st.Plies, st.CanRedo)
		}
		if tt.name == "redo" && !slices.Equal(uciMoves(st), uciMoves(played)) {
			t.Errorf("redo played %q, want %q", uciMoves(st), uciMoves(played))
		}
	}
	// A new move clears the redo list.
	if st := e.move(g, "d4", 0); st.CanRedo {
		t.Errorf("canRedo after a new move")
	}

	// Between two humans: one ply.
	h, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	e.move(h, "e4", 0)
	e.move(h, "e5", 1)
	r := e.do("POST", "/api/games/"+h.id+"/takeback", h.token, nil)
	if st := r.state(t); st.Plies != 1 || st.Turn != "black" || !st.CanRedo {
		t.Errorf("human takeback: %+v", st)
	}
	if st := e.do("POST", "/api/games/"+h.id+"/redo", h.token, nil).state(t); sanMoves(st) != "e4 e5" {
		t.Errorf("human redo: %q", sanMoves(st))
	}

	// A game against the AI ended on the board resumes; between two
	// people it stays over.
	m, _ := e.create(NewGameRequest{White: "ai", Black: "human", Level: "1", Paused: true, PGN: "1. f3 e5 2. g4"})
	e.move(m, "Qh4#", 3)
	st := e.do("POST", "/api/games/"+m.id+"/takeback", m.token, nil).state(t)
	if st.Status != "playing" || st.Plies != 3 || e.stored(m).Result != "*" {
		t.Errorf("takeback of the mate: %+v", st)
	}
	hm, _ := e.create(NewGameRequest{White: "human", Black: "human", PGN: "1. f3 e5 2. g4"})
	e.move(hm, "Qh4#", 3)
	if r := e.do("POST", "/api/games/"+hm.id+"/takeback", hm.token, nil); r.status != 409 || !strings.Contains(r.errMsg(), "between two people") {
		t.Errorf("takeback of a mate between two people: %d %s", r.status, r.body)
	}

	// Two AIs: one ply, and the game pauses.
	a, _ := e.create(NewGameRequest{White: "ai", Black: "ai", Level: "1", Paused: true, PGN: "1. e4 e5"})
	st = e.do("POST", "/api/games/"+a.id+"/takeback", a.token, nil).state(t)
	if st.Plies != 1 || !st.Paused {
		t.Errorf("AI takeback: %+v", st)
	}
}

// TestTakebackCancelsSearch takes back while a long search runs: the
// search stops at once and its move is never played.
func TestTakebackCancelsSearch(t *testing.T) {
	e := newEnv(t, Config{Workers: 1, MoveTime: 20 * time.Second})
	g, _ := e.create(NewGameRequest{Level: "max"})
	e.move(g, "e4", 0)
	waitRunning(t, e.srv, 1)
	start := time.Now()
	st := e.do("POST", "/api/games/"+g.id+"/takeback", g.token, nil).state(t)
	if st.Plies != 0 || st.Thinking || !st.CanRedo {
		t.Errorf("after takeback: %+v", st)
	}
	waitIdle(t, e.srv) // the search's job has returned: it played its move first, if it did
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the search took %v to stop", d)
	}
	if st := e.get(g); st.Plies != 0 || len(e.stored(g).Moves) != 0 {
		t.Errorf("a cancelled search played: %+v", st)
	}
}

// waitIdle waits until the scheduler has no job running or waiting: a
// search cancelled has returned (having played its move, if it did).
func waitIdle(t *testing.T, srv *Server) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for srv.pool.Stats().Running != 0 || srv.pool.Queued() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d jobs running and %d waiting, want none", srv.pool.Stats().Running, srv.pool.Queued())
		}
		time.Sleep(time.Millisecond)
	}
}

// waitRunning waits until n searches run.
func waitRunning(t *testing.T, srv *Server, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for srv.pool.Stats().Running != n {
		if time.Now().After(deadline) {
			t.Fatalf("%d searches running, want %d", srv.pool.Stats().Running, n)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestResign(t *testing.T) {
	e := newEnv(t, Config{})
	tests := []struct {
		name   string
		req    NewGameRequest
		body   any
		status int
		result string
	}{
		{"human white", NewGameRequest{Level: "1"}, nil, 200, "0-1"},
		{"human black", NewGameRequest{White: "ai", Black: "human", Paused: true}, nil, 200, "1-0"},
		{"two humans, side to move", NewGameRequest{White: "human", Black: "human", PGN: "1. e4"}, nil, 200, "1-0"},
		{"colour given", NewGameRequest{White: "human", Black: "human"}, `{"color":"black"}`, 200, "1-0"},
		{"two AIs need a colour", NewGameRequest{White: "ai", Black: "ai", Paused: true}, nil, 400, "*"},
		{"two AIs, colour given", NewGameRequest{White: "ai", Black: "ai", Paused: true}, `{"color":"white"}`, 200, "0-1"},
		{"bad colour", NewGameRequest{}, `{"color":"red"}`, 400, "*"},
		{"malformed", NewGameRequest{}, `{"color":`, 400, "*"},
		{"over", NewGameRequest{FEN: foolsMate}, nil, 409, "0-1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, _ := e.create(tt.req)
			r := e.do("POST", "/api/games/"+g.id+"/resign", g.token, tt.body)
			st := e.get(g)
			if r.status != tt.status || st.Result != tt.result || e.stored(g).Result != tt.result {
				t.Errorf("status %d %s, result %q; want %d, %q", r.status, r.body, st.Result, tt.status, tt.result)
			}
			if r.status == 200 && (st.Reason != "resignation" || st.Status != "over" || e.stored(g).Reason != "resignation") {
				t.Errorf("state %+v", st)
			}
		})
	}
}

func TestClaimDraw(t *testing.T) {
	e := newEnv(t, Config{})
	rep, _ := e.create(NewGameRequest{White: "human", Black: "human", PGN: "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1"})
	if st := e.get(rep); st.ClaimableDraw != "" {
		t.Errorf("claimable before the third repetition: %q", st.ClaimableDraw)
	}
	r := e.do("POST", "/api/games/"+rep.id+"/draw", rep.token, nil)
	if r.status != 409 || !strings.Contains(r.errMsg(), "no draw to claim") {
		t.Errorf("early claim: %d %s", r.status, r.body)
	}
	st := e.move(rep, "Ng8", 7)
	if st.ClaimableDraw != "threefold repetition" {
		t.Errorf("claimableDraw %q", st.ClaimableDraw)
	}
	if r := e.do("POST", "/api/games/"+rep.id+"/draw", "", nil); r.status != 403 {
		t.Errorf("claim without token: %d", r.status)
	}
	st = e.do("POST", "/api/games/"+rep.id+"/draw", rep.token, nil).state(t)
	if st.Result != "1/2-1/2" || st.Reason != "threefold repetition" || st.Status != "over" || st.ClaimableDraw != "" {
		t.Errorf("after the claim: %+v", st)
	}
	if rec := e.stored(rep); rec.Result != "1/2-1/2" || rec.Reason != "threefold repetition" {
		t.Errorf("stored %q %q", rec.Result, rec.Reason)
	}
	if r := e.do("POST", "/api/games/"+rep.id+"/draw", rep.token, nil); r.status != 409 || !strings.Contains(r.errMsg(), "the game is over") {
		t.Errorf("second claim: %d %s", r.status, r.body)
	}
	fifty, _ := e.create(NewGameRequest{White: "human", Black: "human", FEN: "4k3/8/8/8/8/8/8/4K2R w - - 100 80"})
	if st := e.do("POST", "/api/games/"+fifty.id+"/draw", fifty.token, nil).state(t); st.Reason != "the fifty-move rule" {
		t.Errorf("fifty-move claim: %+v", st)
	}
}

func TestUpdateSettings(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "ai", Black: "ai", Level: "1", Paused: true})
	errs := []struct {
		body   any
		status int
		reason string
	}{
		{`{"whiteLevel":"eleven"}`, 400, "whiteLevel: unknown level"},
		{`{"whiteLevel":"2210"}`, 400, "whiteLevel: strength 2210 is not a multiple of 50"},
		{`{"blackLevel":""}`, 400, "blackLevel: unknown level"},
		{`{"speedMs":60001}`, 400, "speedMs 60001 out of range"},
		{`{"paused":"yes"}`, 400, "malformed JSON"},
		{``, 400, "malformed JSON"},
	}
	for _, tt := range errs {
		before := e.getRaw(g)
		r := e.do("PATCH", "/api/games/"+g.id, g.token, tt.body)
		if r.status != tt.status || !strings.Contains(r.errMsg(), tt.reason) {
			t.Errorf("%v: %d %s", tt.body, r.status, r.body)
		}
		if after := e.getRaw(g); after != before {
			t.Errorf("%v changed the game", tt.body)
		}
	}
	if r := e.do("PATCH", "/api/games/"+g.id, "", `{"paused":false}`); r.status != 403 {
		t.Errorf("PATCH without token: %d", r.status)
	}
	st := e.do("PATCH", "/api/games/"+g.id, g.token, `{"whiteLevel":"2","blackLevel":"classic","speedMs":0}`).state(t)
	if st.WhiteLevel != "2" || st.BlackLevel != "classic" || st.SpeedMs != 0 || !st.Paused || st.Plies != 0 {
		t.Errorf("after PATCH: %+v", st)
	}
	if rec := e.stored(g); rec.WhiteLevel != "2" || rec.BlackLevel != "classic" || rec.SpeedMs != 0 || !rec.Paused {
		t.Errorf("stored %+v", rec)
	}
	// Resume: the two AIs play; pause: they stop.
	e.do("PATCH", "/api/games/"+g.id, g.token, `{"paused":false,"whiteLevel":"1","blackLevel":"1"}`)
	e.waitFor(g, "AI moves", func(st GameState) bool { return st.Plies >= 4 })
	st = e.do("PATCH", "/api/games/"+g.id, g.token, `{"paused":true}`).state(t)
	if !st.Paused || st.Thinking {
		t.Errorf("after pausing: %+v", st)
	}
	waitIdle(t, e.srv)
	if n := e.get(g).Plies; n != st.Plies && st.Status == "playing" {
		t.Errorf("paused game went on from %d to %d plies", st.Plies, n)
	}
}

// TestLevelChangeRestartsSearch changes the level of the side that is
// thinking: the long search stops and the new level (fast) answers.
func TestLevelChangeRestartsSearch(t *testing.T) {
	e := newEnv(t, Config{Workers: 1, MoveTime: 20 * time.Second})
	g, _ := e.create(NewGameRequest{Level: "max"})
	e.move(g, "e4", 0)
	waitRunning(t, e.srv, 1)
	e.do("PATCH", "/api/games/"+g.id, g.token, `{"blackLevel":"1"}`)
	st := e.waitFor(g, "the level 1 reply", func(st GameState) bool { return st.Plies == 2 })
	if st.BlackLevel != "1" {
		t.Errorf("state %+v", st)
	}
}

func TestAIAgainstAI(t *testing.T) {
	e := newEnv(t, Config{})
	speed := 20
	g, _ := e.create(NewGameRequest{White: "ai", Black: "ai", Level: "1", SpeedMs: &speed})
	st := e.waitFor(g, "six plies", func(st GameState) bool { return st.Plies >= 6 || st.Status == "over" })
	if rec := e.stored(g); len(rec.Moves) < st.Plies {
		t.Errorf("stored %d moves, shown %d", len(rec.Moves), st.Plies)
	}
}

func TestHint(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human", FEN: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"})
	r := e.do("POST", "/api/games/"+g.id+"/hint", g.token, nil)
	var h Hint
	if err := json.Unmarshal(r.body, &h); err != nil || r.status != 200 {
		t.Fatalf("hint: %d %s", r.status, r.body)
	}
	if h.Move != "a1a8" || h.SAN != "Ra8#" || h.Score.Mate == nil || *h.Score.Mate != 1 {
		t.Errorf("hint %+v", h)
	}
	if st := e.get(g); st.Plies != 0 {
		t.Errorf("the hint changed the game: %+v", st)
	}
	// Black to move, mated in one: the score is from White's side.
	b, _ := e.create(NewGameRequest{White: "human", Black: "human", FEN: "6k1/8/8/8/8/8/r4PPP/6K1 b - - 0 1"})
	r = e.do("POST", "/api/games/"+b.id+"/hint", b.token, nil)
	h = Hint{}
	json.Unmarshal(r.body, &h)
	if h.Score.Mate == nil || *h.Score.Mate != -1 || h.SAN != "Ra1#" {
		t.Errorf("black's hint %+v", h)
	}
	over, _ := e.create(NewGameRequest{FEN: foolsMate})
	if r := e.do("POST", "/api/games/"+over.id+"/hint", over.token, nil); r.status != 409 {
		t.Errorf("hint in a finished game: %d", r.status)
	}
	if r := e.do("POST", "/api/games/"+g.id+"/hint", "", nil); r.status != 403 {
		t.Errorf("hint without token: %d", r.status)
	}
}

func TestDelete(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{Level: "1"})
	if r := e.do("DELETE", "/api/games/"+g.id, "", nil); r.status != 403 {
		t.Errorf("delete without token: %d", r.status)
	}
	if r := e.do("DELETE", "/api/games/"+g.id, g.token, nil); r.status != 204 {
		t.Errorf("delete: %d %s", r.status, r.body)
	}
	if _, err := e.store.Get(context.Background(), g.id); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("stored after delete: %v", err)
	}
	for _, path := range []string{"", "/pgn", "/events"} {
		if r := e.do("GET", "/api/games/"+g.id+path, "", nil); r.status != 404 || r.errMsg() != `unknown game "`+g.id+`"` {
			t.Errorf("GET %s after delete: %d %s", path, r.status, r.body)
		}
	}
	if r := e.do("POST", "/api/games/"+g.id+"/moves", g.token, `{"move":"e4","ply":0}`); r.status != 404 {
		t.Errorf("move after delete: %d", r.status)
	}
}

// TestDeleteCancelsSearch deletes a game while its AI thinks.
func TestDeleteCancelsSearch(t *testing.T) {
	e := newEnv(t, Config{Workers: 1, MoveTime: 20 * time.Second})
	g, _ := e.create(NewGameRequest{Level: "max"})
	e.move(g, "e4", 0)
	waitRunning(t, e.srv, 1)
	if r := e.do("DELETE", "/api/games/"+g.id, g.token, nil); r.status != http.StatusNoContent {
		t.Fatalf("delete: %d", r.status)
	}
	waitRunning(t, e.srv, 0)
}

// TestStoreFailure makes the store fail: the move is refused with a 500
// that does not show the store's words, and the game is as it was.
func TestStoreFailure(t *testing.T) {
	e := newEnv(t, Config{})
	fs := &failingStore{SQLite: e.store}
	e2 := newEnvOn(t, e.store, Config{Store: fs})
	g, _ := e2.create(NewGameRequest{White: "human", Black: "human"})
	fs.fail.Store(true)
	before := e2.getRaw(g)
	for _, req := range []struct{ method, path, body string }{
		{"POST", "/moves", `{"move":"e4","ply":0}`},
		{"POST", "/resign", ``},
		{"PATCH", "", `{"speedMs":1}`},
		{"DELETE", "", ``},
	} {
		r := e2.do(req.method, "/api/games/"+g.id+req.path, g.token, req.body)
		if r.status != 500 || strings.Contains(r.errMsg(), "disk on fire") || !strings.Contains(r.errMsg(), "its log says why") {
			t.Errorf("%s %s: %d %s", req.method, req.path, r.status, r.body)
		}
	}
	if after := e2.getRaw(g); after != before {
		t.Errorf("state changed:\n%s\n%s", before, after)
	}
	fs.fail.Store(false)
	e2.move(g, "e4", 0)
}

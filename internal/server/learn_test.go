package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/review"
)

// reviewed reviews game g and returns its review.
func (e *testEnv) reviewed(t *testing.T, g game) review.Review {
	t.Helper()
	st := e.openStream(g)
	if r := e.do("POST", "/api/games/"+g.id+"/review", "", nil); r.status != http.StatusAccepted {
		t.Fatalf("POST review: %d %s", r.status, r.body)
	}
	p := ReviewProgress{}
	for p.Status != "done" {
		p = progressOf(t, []byte(st.next(t, "review").data))
	}
	var rv review.Review
	if err := json.Unmarshal(p.Review, &rv); err != nil {
		t.Fatal(err)
	}
	return rv
}

// TestTryMove tries moves instead of the blunder 3... Qg5?? of
// reviewedPGN: a sound move is accepted, the review's better move at once,
// the blunder itself and another blunder are not.
func TestTryMove(t *testing.T) {
	e := newReviewEnv(t, Config{})
	g := e.twoPeople(reviewedPGN)
	path := "/api/games/" + g.id + "/review/try"
	if r := e.do("POST", path, "", TryRequest{Ply: 6, Move: "Nf6"}); r.status != http.StatusNotFound || !strings.Contains(string(r.body), `"no_review"`) {
		t.Errorf("a try before the review: %d %s", r.status, r.body)
	}
	rv := e.reviewed(t, g)
	best := rv.Moves[5].Best
	if best == "" {
		t.Fatalf("the review has no better move than 3... Qg5: %+v", rv.Moves[5])
	}
	try := func(ply int, move string) TryAnswer {
		t.Helper()
		r := e.do("POST", path, "", TryRequest{Ply: ply, Move: move})
		var a TryAnswer
		if err := json.Unmarshal(r.body, &a); err != nil || r.status != http.StatusOK {
			t.Fatalf("try %d %s: %d %s", ply, move, r.status, r.body)
		}
		return a
	}
	done := e.srv.pool.Stats().Done
	if a := try(6, "d8g5"); !a.Played || a.Accepted || a.Judgement != review.Blunder || a.SAN != "Qg5" {
		t.Errorf("the blunder again: %+v", a)
	}
	if a := try(6, best); !a.Best || !a.Accepted || a.Eval != rv.Moves[4].Eval {
		t.Errorf("the better move %s: %+v", best, a)
	}
	if e.srv.pool.Stats().Done != done {
		t.Error("the game's move or the better move was searched")
	}
	if a := try(6, "Qh4"); a.Accepted || a.Judgement != review.Blunder || a.SAN != "Qh4" || a.UCI != "d8h4" {
		t.Errorf("another blunder, 3... Qh4: %+v", a)
	}
	sound := "g8f6" // 3... Nf6, or 3... Bc5 when Nf6 is the better move
	if best == sound {
		sound = "f8c5"
	}
	if a := try(6, sound); !a.Accepted || a.Judgement != review.Good || a.Best || a.Played || a.UCI != sound {
		t.Errorf("a sound move, %s: %+v", sound, a)
	}
	// The good move 1. e4 is accepted as the game played it.
	if a := try(1, "e4"); !a.Played || !a.Accepted {
		t.Errorf("1. e4: %+v", a)
	}

	for _, tt := range []struct {
		body   any
		status int
		want   string
	}{
		{TryRequest{Ply: 0, Move: "e4"}, 400, "ply 0 is out of range 1..7"},
		{TryRequest{Ply: 8, Move: "e4"}, 400, "ply 8 is out of range"},
		{TryRequest{Ply: 6, Move: "Ke3"}, 400, `"code":"illegal_move"`},
		{"{", 400, "malformed JSON"},
	} {
		r := e.do("POST", path, "", tt.body)
		if r.status != tt.status || !strings.Contains(string(r.body), tt.want) {
			t.Errorf("%v: %d %s, want %d with %s", tt.body, r.status, r.body, tt.status, tt.want)
		}
	}
	if r := e.do("POST", "/api/games/nosuchgame00/review/try", "", TryRequest{Ply: 1, Move: "e4"}); r.status != http.StatusNotFound {
		t.Errorf("an unknown game: %d %s", r.status, r.body)
	}
}

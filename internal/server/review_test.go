package server

import (
	"encoding/json"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/review"
)

// reviewedPGN is a game with a blunder at ply 6: 3... Qg5?? hangs the
// queen.
const reviewedPGN = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Qg5 4. Nxg5"

// newReviewEnv is a test server whose reviews search few nodes.
func newReviewEnv(t *testing.T, cfg Config) *testEnv {
	if cfg.ReviewNodes == 0 {
		cfg.ReviewNodes = 10_000
	}
	return newEnv(t, cfg)
}

// twoPeople creates a game between two people from pgn.
func (e *testEnv) twoPeople(pgn string) game {
	g, _ := e.create(NewGameRequest{White: "human", Black: "human", PGN: pgn})
	return g
}

// progress decodes a review event or a 202 answer.
func progressOf(t *testing.T, data []byte) ReviewProgress {
	t.Helper()
	var p ReviewProgress
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	return p
}

func TestReviewAPI(t *testing.T) {
	e := newReviewEnv(t, Config{})
	g := e.twoPeople(reviewedPGN)
	path := "/api/games/" + g.id + "/review"

	r := e.do("GET", path, "", nil)
	var body errorBody
	json.Unmarshal(r.body, &body)
	if r.status != http.StatusNotFound || body.Code != "no_review" {
		t.Fatalf("GET before a review: %d %s", r.status, r.body)
	}

	st := e.openStream(g)
	st.next(t, "state")
	r = e.do("POST", path, "", nil)
	if p := progressOf(t, r.body); r.status != http.StatusAccepted || p.Status != "running" || p.Total != 8 {
		t.Fatalf("POST: %d %s", r.status, r.body)
	}
	// The stream tells the progress, then the review.
	var last ReviewProgress
	for last.Status != "done" {
		last = progressOf(t, []byte(st.next(t, "review").data))
		if last.Status == "failed" || last.Total != 8 || last.Done > last.Total {
			t.Fatalf("review event %+v", last)
		}
	}
	var rv review.Review
	if err := json.Unmarshal(last.Review, &rv); err != nil {
		t.Fatal(err)
	}
	if len(rv.Moves) != 7 || rv.Moves[5].SAN != "Qg5" || rv.Moves[5].Judgement != review.Blunder || rv.Black.Blunders != 1 || rv.Budget.Nodes != 10_000 {
		t.Errorf("the review: %+v", rv)
	}
	if rv.Opening == nil || rv.Opening.Name != "Italian Game" {
		t.Errorf("opening %+v", rv.Opening)
	}

	// Kept: GET answers it, as does a POST without force.
	r = e.do("GET", path, "", nil)
	if r.status != http.StatusOK || string(r.body) != string(last.Review)+"\n" {
		t.Errorf("GET after the review: %d %s", r.status, r.body)
	}
	done := e.srv.pool.Stats().Done
	if r := e.do("POST", path, "", nil); r.status != http.StatusOK || string(r.body) != string(last.Review)+"\n" {
		t.Errorf("POST again: %d %s", r.status, r.body)
	}
	if e.srv.pool.Stats().Done != done {
		t.Error("a review already kept was searched again")
	}
	// Asked again, it runs again.
	if r := e.do("POST", path, "", map[string]bool{"force": true}); r.status != http.StatusAccepted {
		t.Errorf("POST with force: %d %s", r.status, r.body)
	}
	for last.Status = ""; last.Status != "done"; {
		last = progressOf(t, []byte(st.next(t, "review").data))
	}

	// A move makes the review stale.
	e.move(g, "d6", 7)
	r = e.do("GET", path, "", nil)
	json.Unmarshal(r.body, &body)
	if r.status != http.StatusNotFound || body.Code != "review_stale" {
		t.Errorf("GET after a move: %d %s", r.status, r.body)
	}
}

func TestReviewErrors(t *testing.T) {
	e := newReviewEnv(t, Config{})
	empty := e.twoPeople("")
	for _, tt := range []struct {
		method, path string
		body         any
		status       int
		code         string
	}{
		{"POST", "/api/games/" + empty.id + "/review", nil, http.StatusConflict, "no_moves"},
		{"GET", "/api/games/" + empty.id + "/review", nil, http.StatusNotFound, "no_review"},
		{"POST", "/api/games/nosuchgame00/review", nil, http.StatusNotFound, "unknown_game"},
		{"GET", "/api/games/nosuchgame00/review", nil, http.StatusNotFound, "unknown_game"},
		{"POST", "/api/games/" + empty.id + "/review", "{", http.StatusBadRequest, "bad_request"},
		{"POST", "/api/games/" + empty.id + "/review", `{"force": "yes"}`, http.StatusBadRequest, "bad_request"},
		{"DELETE", "/api/games/" + empty.id + "/review", nil, http.StatusMethodNotAllowed, "method_not_allowed"},
	} {
		r := e.do(tt.method, tt.path, "", tt.body)
		var body errorBody
		json.Unmarshal(r.body, &body)
		if r.status != tt.status || body.Code != tt.code || body.Error == "" {
			t.Errorf("%s %s %v: %d %s, want %d %q", tt.method, tt.path, tt.body, r.status, r.body, tt.status, tt.code)
		}
	}
}

func TestReviewKeptAcrossRestarts(t *testing.T) {
	e := newReviewEnv(t, Config{})
	g := e.twoPeople(reviewedPGN)
	st := e.openStream(g)
	if r := e.do("POST", "/api/games/"+g.id+"/review", "", nil); r.status != http.StatusAccepted {
		t.Fatalf("POST: %d %s", r.status, r.body)
	}
	for p := (ReviewProgress{}); p.Status != "done"; {
		p = progressOf(t, []byte(st.next(t, "review").data))
	}
	want := e.do("GET", "/api/games/"+g.id+"/review", "", nil).body
	e.close()

	again := newReviewEnv(t, Config{Store: e.store})
	r := again.do("GET", "/api/games/"+g.id+"/review", "", nil)
	if r.status != http.StatusOK || string(r.body) != string(want) || again.srv.pool.Stats().Done != 0 {
		t.Errorf("after a restart: %d %s (%d searches)", r.status, r.body, again.srv.pool.Stats().Done)
	}
}

func TestReviewWhileRunning(t *testing.T) {
	// Two reviews at a time, and positions slow enough to catch them
	// running; clients behind a trusted proxy.
	e := newReviewEnv(t, Config{MaxReviews: 2, ReviewNodes: 400_000, Workers: 1, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}})
	g := e.twoPeople(reviewedPGN)
	other := e.twoPeople("1. d4 d5")
	third := e.twoPeople("1. c4 e5")
	postFrom := func(from string, g game) response {
		req := e.newRequest("POST", "/api/games/"+g.id+"/review", "", "")
		req.Header.Set("X-Forwarded-For", from)
		return e.send(req)
	}
	path := "/api/games/" + g.id + "/review"
	if r := e.do("POST", path, "", nil); r.status != http.StatusAccepted {
		t.Fatalf("POST: %d %s", r.status, r.body)
	}
	// A second request joins the review running; GET says it runs.
	if r := e.do("POST", path, "", nil); r.status != http.StatusAccepted || progressOf(t, r.body).Status != "running" {
		t.Errorf("POST while running: %d %s", r.status, r.body)
	}
	if r := e.do("GET", path, "", nil); r.status != http.StatusAccepted || progressOf(t, r.body).Status != "running" {
		t.Errorf("GET while running: %d %s", r.status, r.body)
	}
	// A stream opened now starts with the progress.
	st := e.openStream(g)
	if p := progressOf(t, []byte(st.next(t, "review").data)); p.Status != "running" && p.Status != "done" {
		t.Errorf("first review event of a new stream: %+v", p)
	}
	// A client has one review running at a time, the server two.
	for _, tt := range []struct {
		from   string
		g      game
		status int
		code   string
	}{
		{"127.0.0.1", other, http.StatusTooManyRequests, "review_running"},
		{"192.0.2.1", other, http.StatusAccepted, ""},
		{"192.0.2.2", third, http.StatusServiceUnavailable, "reviews_busy"},
	} {
		r := postFrom(tt.from, tt.g)
		var body errorBody
		json.Unmarshal(r.body, &body)
		if r.status != tt.status || body.Code != tt.code {
			t.Errorf("a review from %s: %d %s", tt.from, r.status, r.body)
		}
	}
}

func TestOpenings(t *testing.T) {
	e := newEnv(t, Config{})
	// The game state names the opening, transpositions included.
	for _, tt := range []struct{ pgn, name string }{
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5", "Ruy Lopez"},
		{"1. Nf3 Nc6 2. e4 e5 3. Bb5", "Ruy Lopez"},
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 h5", "Ruy Lopez"},
	} {
		g := e.twoPeople(tt.pgn)
		if st := e.get(g); st.Opening == nil || st.Opening.Name != tt.name || st.Opening.ECO != "C60" || st.Opening.Ply != 5 {
			t.Errorf("%s: %+v", tt.pgn, st.Opening)
		}
	}
	if st := e.get(e.twoPeople("")); st.Opening != nil {
		t.Errorf("a new game is in the opening %+v", st.Opening)
	}
	// POST /api/analyse names the position.
	r := e.do("POST", "/api/analyse", "", `{"fen": "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"}`)
	var a Analysis
	json.Unmarshal(r.body, &a)
	if a.Opening == nil || a.Opening.Name != "Ruy Lopez" {
		t.Errorf("analyse: %s", r.body)
	}

	// GET /api/openings lists them, gzipped when asked.
	r = e.do("GET", "/api/openings", "", nil)
	var list struct{ Openings []OpeningEntry }
	if err := json.Unmarshal(r.body, &list); err != nil || r.status != http.StatusOK || len(list.Openings) != 3807 {
		t.Fatalf("openings: %d, %d entries, %v", r.status, len(list.Openings), err)
	}
	ruy := OpeningEntry{"C60", "Ruy Lopez", "1. e4 e5 2. Nf3 Nc6 3. Bb5", "西班牙开局", "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq -"}
	found := false
	for _, o := range list.Openings {
		found = found || o == ruy
	}
	if !found || r.header.Get("Cache-Control") != "public, max-age=86400" {
		t.Errorf("no %+v in the list; Cache-Control %q", ruy, r.header.Get("Cache-Control"))
	}
	req, _ := http.NewRequest("GET", e.http.URL+"/api/openings", nil)
	req.Header.Set("Accept-Encoding", "br, gzip;q=0.8")
	resp, err := e.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("Content-Encoding %q", resp.Header.Get("Content-Encoding"))
	}
}

// TestReviewedPGN exports a reviewed game: its PGN carries the review's
// annotations, and the opening's tags, as lichess's does.
func TestReviewedPGN(t *testing.T) {
	e := newReviewEnv(t, Config{})
	g := e.twoPeople(reviewedPGN)
	pgn := string(e.do("GET", "/api/games/"+g.id+"/pgn", "", nil).body)
	if !strings.Contains(pgn, `[ECO "C50"]`) || !strings.Contains(pgn, `[Opening "Italian Game"]`) || strings.Contains(pgn, "%eval") {
		t.Errorf("PGN before the review:\n%s", pgn)
	}
	st := e.openStream(g)
	e.do("POST", "/api/games/"+g.id+"/review", "", nil)
	for p := (ReviewProgress{}); p.Status != "done"; {
		p = progressOf(t, []byte(st.next(t, "review").data))
	}
	pgn = string(e.do("GET", "/api/games/"+g.id+"/pgn", "", nil).body)
	flat := strings.ReplaceAll(pgn, "\n", " ")
	for _, want := range []string{`[Annotator "Outpost"]`, `1. e4 {[%eval `, `3... Qg5 $4 {[%eval `, `Blunder.`, ` was best.} (3... `} {
		if !strings.Contains(flat, want) {
			t.Errorf("reviewed PGN lacks %q:\n%s", want, pgn)
		}
	}
	// Once the game goes on, the review is stale and left out.
	e.move(g, "d6", 7)
	if pgn := string(e.do("GET", "/api/games/"+g.id+"/pgn", "", nil).body); strings.Contains(pgn, "%eval") {
		t.Errorf("PGN after a move:\n%s", pgn)
	}
}

// TestSharedReview reviews a game on a shared database through a server
// without engines of its own for the AI (its pool runs its requests'
// work): the review is kept in the database, and the other server answers
// it.
func TestSharedReview(t *testing.T) {
	a, b, _ := newSharedPair(t)
	b.srv.cfg.ReviewNodes = 10_000
	g, _ := a.create(NewGameRequest{White: "human", Black: "human", PGN: reviewedPGN})
	st := b.openStream(g)
	if r := b.do("POST", "/api/games/"+g.id+"/review", "", nil); r.status != http.StatusAccepted {
		t.Fatalf("POST on the server without engines: %d %s", r.status, r.body)
	}
	var p ReviewProgress
	for p.Status != "done" {
		if p = progressOf(t, []byte(st.next(t, "review").data)); p.Status == "failed" {
			t.Fatalf("failed: %+v", p)
		}
	}
	r := a.do("GET", "/api/games/"+g.id+"/review", "", nil)
	if r.status != http.StatusOK || string(r.body) != string(p.Review)+"\n" {
		t.Errorf("GET on the other server: %d %s", r.status, r.body)
	}
}

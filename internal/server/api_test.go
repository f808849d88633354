package server

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/store"
)

const (
	// foolsMate is the position after 1. f3 e5 2. g4 Qh4#: White is mated.
	foolsMate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	// promotion: White to move promotes on a8 (or b8 with capture).
	promotion = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"
)

func TestCreateGame(t *testing.T) {
	e := newEnv(t, Config{})
	speed, elo := 0, 2200
	tests := []struct {
		name  string
		req   NewGameRequest
		check func(t *testing.T, st GameState)
	}{
		{"defaults", NewGameRequest{}, func(t *testing.T, st GameState) {
			if st.White != "human" || st.Black != "ai" || st.WhiteLevel != "" || st.BlackLevel != "4" ||
				st.SpeedMs != 500 || st.FEN != chess.StartFEN || st.StartFEN != chess.StartFEN ||
				st.Plies != 0 || len(st.Moves) != 0 || st.Turn != "white" || st.Status != "playing" ||
				st.Result != "*" || st.Reason != "" || st.Thinking || st.Paused || st.CanRedo || st.LastMove != nil ||
				st.Source != "web" || st.Check || st.ClaimableDraw != "" {
				t.Errorf("state %+v", st)
			}
			if len(st.Dests) != 10 || !slices.Equal(st.Dests["e2"], []string{"e3", "e4"}) || !slices.Equal(st.Dests["g1"], []string{"f3", "h3"}) {
				t.Errorf("dests %v", st.Dests)
			}
		}},
		{"levels", NewGameRequest{White: "ai", Black: "ai", Level: "2", BlackLevel: "max", SpeedMs: &speed, Paused: true}, func(t *testing.T, st GameState) {
			if st.White != "ai" || st.Black != "ai" || st.WhiteLevel != "2" || st.BlackLevel != "max" || st.SpeedMs != 0 || !st.Paused || st.Thinking ||
				st.WhiteElo != 1000 || st.BlackElo != 0 || st.Elo != 0 {
				t.Errorf("state %+v", st)
			}
		}},
		{"elo", NewGameRequest{Elo: &elo, Paused: true}, func(t *testing.T, st GameState) {
			if st.White != "human" || st.Black != "ai" || st.BlackLevel != "2200" || st.WhiteElo != 0 || st.BlackElo != 2200 || st.Elo != 2200 {
				t.Errorf("state %+v", st)
			}
		}},
		{"elo for two AIs", NewGameRequest{White: "ai", Black: "ai", Elo: &elo, Paused: true}, func(t *testing.T, st GameState) {
			if st.WhiteLevel != "2200" || st.BlackLevel != "2200" || st.Elo != 2200 {
				t.Errorf("state %+v", st)
			}
		}},
		{"a side's number", NewGameRequest{White: "ai", Black: "human", WhiteLevel: "1850", Paused: true}, func(t *testing.T, st GameState) {
			if st.WhiteLevel != "1850" || st.WhiteElo != 1850 || st.Elo != 1850 {
				t.Errorf("state %+v", st)
			}
		}},
		{"fen", NewGameRequest{FEN: "  " + promotion + "\n", White: "human", Black: "human"}, func(t *testing.T, st GameState) {
			if st.FEN != promotion || st.StartFEN != promotion || !slices.Equal(st.Dests["a7"], []string{"a8", "b8"}) {
				t.Errorf("state %+v", st)
			}
		}},
		{"fen black to move with AI", NewGameRequest{FEN: "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", Level: "1"}, func(t *testing.T, st GameState) {
			if st.Turn != "black" || !st.Thinking {
				t.Errorf("state %+v", st)
			}
		}},
		{"pgn", NewGameRequest{PGN: "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n", Black: "human"}, func(t *testing.T, st GameState) {
			if sanMoves(st) != "e4 e5 Nf3 Nc6 Bb5" || st.Status != "playing" || st.Turn != "black" ||
				!slices.Equal(st.LastMove, []string{"f1", "b5"}) || st.Moves[4].FEN != st.FEN {
				t.Errorf("state %+v", st)
			}
		}},
		{"pgn ending in mate", NewGameRequest{PGN: "1. f3 e5 2. g4 Qh4# 0-1"}, func(t *testing.T, st GameState) {
			if st.Status != "over" || st.Result != "0-1" || st.Reason != "checkmate" || !st.Check || len(st.Dests) != 0 || st.Thinking {
				t.Errorf("state %+v", st)
			}
		}},
		{"checkmate fen", NewGameRequest{FEN: foolsMate}, func(t *testing.T, st GameState) {
			if st.Status != "over" || st.Result != "0-1" || st.Reason != "checkmate" {
				t.Errorf("state %+v", st)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, st := e.create(tt.req)
			if g.id != st.ID || len(g.id) != 12 || len(g.token) < 20 {
				t.Errorf("id %q token %q state id %q", g.id, g.token, st.ID)
			}
			tt.check(t, st)
			rec := e.stored(g)
			// The store holds at least the acknowledged plies: with the AI to
			// move, its reply may already be committed too.
			if rec.StartFEN != st.StartFEN || len(rec.Moves) < st.Plies || rec.Result != st.Result || len(rec.TokenHash) != 32 {
				t.Errorf("stored %+v", rec)
			}
		})
	}
}

func TestCreateGameErrors(t *testing.T) {
	e := newEnv(t, Config{})
	tests := []struct {
		name   string
		body   any
		status int
		reason string // a part of the error
	}{
		{"malformed", `{"white":`, 400, "malformed JSON"},
		{"not an object", `[1,2]`, 400, "malformed JSON"},
		{"trailing data", `{} {}`, 400, "malformed JSON"},
		{"wrong type", `{"speedMs":"fast"}`, 400, "malformed JSON"},
		{"bad player", NewGameRequest{White: "robot"}, 400, `white must be "human" or "ai", not "robot"`},
		{"bad level", NewGameRequest{Level: "easy"}, 400, `unknown level "easy"`},
		// A number is refused in the words of every front end.
		{"elo too low", `{"elo":750}`, 400, "elo: " + strings.TrimPrefix(engine.CheckElo(750).Error(), "engine: ")},
		{"elo too high", `{"elo":2850}`, 400, "elo: " + strings.TrimPrefix(engine.CheckElo(2850).Error(), "engine: ")},
		{"elo between steps", `{"elo":2210}`, 400, "elo: " + strings.TrimPrefix(engine.CheckElo(2210).Error(), "engine: ")},
		{"elo not a number", `{"elo":"2200"}`, 400, "malformed JSON"},
		{"level and elo", `{"level":"4","elo":2200}`, 400, "level or its elo, not both"},
		{"a side's number between steps", NewGameRequest{White: "ai", WhiteLevel: "2210"}, 400,
			"whiteLevel: " + strings.TrimPrefix(engine.CheckElo(2210).Error(), "engine: ")},
		{"bad white level", NewGameRequest{White: "ai", WhiteLevel: "easy"}, 400, `whiteLevel: unknown level "easy"`},
		{"a person's level", NewGameRequest{WhiteLevel: "3"}, 400, "whiteLevel: white is played by a person"},
		{"clock limit", `{"clock":{"limit":10801,"increment":0}}`, 400, "clock: limit must be 0 to 10800 seconds, not 10801"},
		{"clock increment", `{"clock":{"limit":60,"increment":-1}}`, 400, "clock: increment must be 0 to 180 seconds, not -1"},
		{"clock of nothing", `{"clock":{"limit":0,"increment":0}}`, 400, "cannot both be 0"},
		{"clock in minutes", `{"clock":{"limit":"3+2"}}`, 400, "malformed JSON"},
		{"clock fraction", `{"clock":{"limit":1.5}}`, 400, "malformed JSON"},
		{"bad speed", `{"speedMs":-1}`, 400, "speedMs -1 out of range"},
		{"fen and pgn", NewGameRequest{FEN: chess.StartFEN, PGN: "1. e4 *"}, 400, "not both"},
		{"bad fen", NewGameRequest{FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"}, 400, "bad FEN: FEN board has 7 ranks"},
		{"checks no move gives (issue 59)", NewGameRequest{FEN: "4k3/8/8/8/8/8/8/1r2K2r w - - 0 1"}, 400,
			"bad FEN: FEN has the white king checked by the rook on b1 and the rook on h1, on one line; no legal move leads to two checks along one line"},
		{"bad pgn", NewGameRequest{PGN: "1. e4 e5 2. Ke3 *"}, 400, "bad PGN: PGN line 1"},
		{"empty pgn", NewGameRequest{PGN: "   \n"}, 400, "bad PGN: no game"},
		{"too big", `{"pgn":"` + strings.Repeat(" ", MaxBody) + `"}`, 413, "request body over 65536 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.do("POST", "/api/games", "", tt.body)
			if r.status != tt.status || !strings.Contains(r.errMsg(), tt.reason) {
				t.Errorf("status %d %q, want %d with %q", r.status, r.body, tt.status, tt.reason)
			}
			if ct := r.header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}
	if r := e.do("GET", "/api/games", "", nil); string(r.body) != "{\"games\":[]}\n" {
		t.Errorf("after failed creations: %s", r.body)
	}
}

func TestListGames(t *testing.T) {
	e := newEnv(t, Config{})
	var ids []string
	var games []game
	for _, req := range []NewGameRequest{{Level: "1", Paused: true}, {White: "human", Black: "human"}, {FEN: foolsMate}} {
		g, _ := e.create(req)
		ids = append(ids, g.id)
		games = append(games, g)
	}
	e.move(games[1], "e4", 0)

	var list struct{ Games []Summary }
	r := e.do("GET", "/api/games", "", nil)
	if err := json.Unmarshal(r.body, &list); err != nil || r.status != 200 {
		t.Fatalf("%d %s %v", r.status, r.body, err)
	}
	var got []string
	for _, m := range list.Games {
		got = append(got, m.ID)
	}
	if want := []string{ids[2], ids[1], ids[0]}; !slices.Equal(got, want) {
		t.Fatalf("ids %q, want %q", got, want)
	}
	if m := list.Games[0]; m.Result != "0-1" || m.Reason != "checkmate" || m.Source != "web" || m.White != "human" || m.Black != "ai" || m.BlackLevel != "4" || m.CreatedAt == "" {
		t.Errorf("summary %+v", m)
	}
	if m := list.Games[1]; m.Plies != 1 || m.Black != "human" || m.Result != "*" {
		t.Errorf("summary %+v", m)
	}

	queries := []struct {
		query  string
		status int
		n      int
	}{
		{"?limit=2", 200, 2},
		{"?source=web", 200, 3},
		{"?source=terminal", 200, 0},
		{"?limit=0", 400, 0},
		{"?limit=x", 400, 0},
		{"?source=mars", 400, 0},
	}
	for _, q := range queries {
		r := e.do("GET", "/api/games"+q.query, "", nil)
		list.Games = nil
		json.Unmarshal(r.body, &list)
		if r.status != q.status || len(list.Games) != q.n {
			t.Errorf("%s: status %d, %d games; want %d, %d", q.query, r.status, len(list.Games), q.status, q.n)
		}
	}
}

func TestPGN(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human", FEN: promotion})
	e.move(g, "a8=N", 0)
	e.move(g, "Kd7", 1)
	r := e.do("GET", "/api/games/"+g.id+"/pgn", "", nil)
	if r.status != 200 {
		t.Fatalf("status %d %s", r.status, r.body)
	}
	if cd := r.header.Get("Content-Disposition"); cd != `attachment; filename="outpost-`+g.id+`.pgn"` {
		t.Errorf("Content-Disposition %q", cd)
	}
	games, err := chess.ReadPGN(strings.NewReader(string(r.body)))
	if err != nil || len(games) != 1 {
		t.Fatalf("reading the PGN back: %v\n%s", err, r.body)
	}
	pg := games[0]
	if got := strings.Join(pg.SANMoves(), " "); got != "a8=N Kd7" || pg.Tag("FEN") != promotion || pg.Tag("White") != "Human" {
		t.Errorf("PGN moves %q FEN %q White %q\n%s", got, pg.Tag("FEN"), pg.Tag("White"), r.body)
	}
	g2, _ := e.create(NewGameRequest{Level: "7", FEN: foolsMate})
	r = e.do("GET", "/api/games/"+g2.id+"/pgn", "", nil)
	if !strings.Contains(string(r.body), `[Black "Outpost (level 7)"]`) || !strings.Contains(string(r.body), `[Result "0-1"]`) {
		t.Errorf("PGN:\n%s", r.body)
	}
}

func TestAnalyse(t *testing.T) {
	e := newEnv(t, Config{})
	tests := []struct {
		body   any
		status int
		check  func(a Analysis) bool
	}{
		{AnalyseRequest{FEN: chess.StartFEN}, 200, func(a Analysis) bool {
			return a.FEN == chess.StartFEN && a.Turn == "white" && len(a.Legal) == 20 && a.Status == "playing" && a.Result == "*"
		}},
		{AnalyseRequest{FEN: foolsMate}, 200, func(a Analysis) bool {
			return a.Check && len(a.Legal) == 0 && a.Status == "over" && a.Result == "0-1" && a.Reason == "checkmate"
		}},
		// Moves, in UCI or SAN, lead to the position checked; each comes
		// back with its SAN and the position after it.
		{AnalyseRequest{FEN: chess.StartFEN, Moves: []string{"f2f3", "e5", "g4", "Qh4"}}, 200, func(a Analysis) bool {
			return a.Status == "over" && a.Reason == "checkmate" && len(a.Moves) == 4 &&
				a.Moves[1] == MoveInfo{UCI: "e7e5", SAN: "e5", FEN: "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2"} &&
				a.Moves[3].SAN == "Qh4#" && a.FEN == a.Moves[3].FEN
		}},
		{AnalyseRequest{FEN: chess.StartFEN, Moves: []string{"e4", "e4"}}, 400, nil},
		{AnalyseRequest{FEN: "8/8/8/8/8/8/8/8 w - - 0 1"}, 400, nil},
		{AnalyseRequest{}, 400, nil},
		{`{"fen":`, 400, nil},
		{"", 400, nil},
	}
	for _, tt := range tests {
		r := e.do("POST", "/api/analyse", "", tt.body)
		var a Analysis
		json.Unmarshal(r.body, &a)
		if r.status != tt.status || (tt.check != nil && !tt.check(a)) || (tt.check == nil && r.errMsg() == "") {
			t.Errorf("%v: status %d %s", tt.body, r.status, r.body)
		}
	}
}

func TestRoutingErrors(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{Black: "human"})
	tests := []struct {
		method, path string
		status       int
		allow        string
	}{
		{"DELETE", "/api/games", 405, "GET, HEAD, POST"},
		{"PUT", "/api/games/" + g.id, 405, "DELETE, GET, HEAD, PATCH"},
		{"GET", "/api/games/" + g.id + "/moves", 405, "POST"},
		{"POST", "/api/games/" + g.id + "/pgn", 405, "GET, HEAD"},
		{"GET", "/api/games/" + g.id + "/takeback", 405, "POST"},
		{"GET", "/api/analyse", 405, "POST"},
		{"GET", "/api/nothing", 404, ""},
		{"GET", "/api/games/" + g.id + "/nothing", 404, ""},
		{"GET", "/api/games/abcdefghijkl", 404, ""},
		{"GET", "/api/games/not-an-id", 404, ""},
		{"GET", "/api/games/abcdefghijkl/pgn", 404, ""},
		{"GET", "/api/games/abcdefghijkl/events", 404, ""},
		{"POST", "/api/games/abcdefghijkl/moves", 404, ""},
		{"DELETE", "/api/games/abcdefghijkl", 404, ""},
	}
	for _, tt := range tests {
		r := e.do(tt.method, tt.path, g.token, `{"move":"e4","ply":0}`)
		if r.status != tt.status || r.header.Get("Allow") != tt.allow || r.errMsg() == "" {
			t.Errorf("%s %s: status %d Allow %q body %s; want %d, Allow %q", tt.method, tt.path, r.status, r.header.Get("Allow"), r.body, tt.status, tt.allow)
		}
	}
	if got := e.get(g); got.Plies != 0 {
		t.Errorf("a rejected request changed the game: %+v", got)
	}
	r := e.do("GET", "/", "", nil)
	if r.status != 200 || !strings.Contains(string(r.body), "<title>Outpost</title>") {
		t.Errorf("GET /: %d %s", r.status, r.body)
	}
}

// TestStoredGames loads games written by others: a terminal game (watched,
// not played) and a web game whose mating move was stored without its
// result (by a version that wrote the two apart).
func TestStoredGames(t *testing.T) {
	e := newEnv(t, Config{})
	ctx := context.Background()
	term := store.Game{Source: store.SourceTerminal, White: store.Human, Black: store.AI, WhiteLevel: "3", BlackLevel: "3",
		StartFEN: chess.StartFEN, Moves: []string{"e2e4", "e7e5"}}
	if err := e.store.CreateGame(ctx, &term); err != nil {
		t.Fatal(err)
	}
	g := game{id: term.ID}
	if st := e.get(g); sanMoves(st) != "e4 e5" || st.Source != "terminal" || st.Thinking {
		t.Errorf("terminal game %+v", st)
	}
	r := e.do("POST", "/api/games/"+g.id+"/moves", "anything", `{"move":"Nf3","ply":2}`)
	if r.status != 403 || !strings.Contains(r.errMsg(), "no player token") {
		t.Errorf("move in a terminal game: %d %s", r.status, r.body)
	}
	if r := e.do("GET", "/api/games/"+g.id+"/pgn", "", nil); r.status != 200 || !strings.Contains(string(r.body), "1. e4 e5 *") {
		t.Errorf("PGN of a terminal game: %d %s", r.status, r.body)
	}
	// The terminal game moves on: the server sees it.
	r2, err := play.RecordOf(term)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := play.Restore(r2, play.Options{Keeper: play.NewStoreKeeper(e.store, term, false)})
	if err != nil {
		t.Fatal(err)
	}
	if err := tg.MoveText(ctx, "Nf3"); err != nil {
		t.Fatal(err)
	}
	if st := e.get(g); st.Plies != 3 {
		t.Errorf("after the terminal's move: %d plies", st.Plies)
	}

	mated := store.Game{Source: store.SourceWeb, White: store.Human, Black: store.Human, StartFEN: chess.StartFEN,
		Moves: []string{"f2f3", "e7e5", "g2g4", "d8h4"}, TokenHash: []byte("x")}
	if err := e.store.CreateGame(ctx, &mated); err != nil {
		t.Fatal(err)
	}
	if st := e.get(game{id: mated.ID}); st.Status != "over" || st.Reason != "checkmate" {
		t.Errorf("mated game %+v", st)
	}
}

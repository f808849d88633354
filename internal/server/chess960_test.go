package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/store"
)

// castle960 is a Chess960 position where each side can castle at once: the
// king on g1 castles king's side without moving and queen's side to c1.
const castle960 = "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1"

// TestChess960Games starts Chess960 games by number, at random, from a FEN
// and from a PGN; each is Chess960 in its state (variant, number, no
// opening), its store, its PGN and its rematch.
func TestChess960Games(t *testing.T) {
	e := newEnv(t, Config{})
	n := func(i int) *int { return &i }
	const pgn960 = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1\"]\n\n1. e4 e5 *\n"
	tests := []struct {
		name   string
		req    NewGameRequest
		number int // -1: any of 0-959
		start  string
	}{
		{"518", NewGameRequest{Variant: "chess960", Number: n(518)}, 518, chess.StartFEN},
		{"0", NewGameRequest{Variant: "chess960", Number: n(0), White: "human", Black: "human"}, 0, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"},
		{"random", NewGameRequest{Variant: "chess960", Black: "human"}, -1, ""},
		{"fen", NewGameRequest{Variant: "chess960", FEN: castle960, Black: "human"}, -2, castle960},
		{"pgn", NewGameRequest{PGN: pgn960, Black: "human"}, 289, "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, st := e.create(tt.req)
			switch {
			case st.Variant != "chess960" || st.Opening != nil:
				t.Errorf("variant %q opening %v", st.Variant, st.Opening)
			case tt.number >= 0 && st.Number != tt.number, tt.number == -1 && (st.Number < 0 || st.Number > 959), tt.number == -2 && st.Number != -1:
				t.Errorf("number %d, want %d", st.Number, tt.number)
			case tt.start != "" && st.StartFEN != tt.start:
				t.Errorf("start %q, want %q", st.StartFEN, tt.start)
			}
			if rec := e.stored(g); rec.StartFEN != "chess960 "+st.StartFEN {
				t.Errorf("stored start %q", rec.StartFEN)
			}
			pgn := string(e.do("GET", "/api/games/"+g.id+"/pgn", "", nil).body)
			label := fmt.Sprintf(`[Opening "Chess960 #%d"]`, st.Number)
			if !strings.Contains(pgn, `[Variant "Chess960"]`) || tt.number != -2 && !strings.Contains(pgn, label) {
				t.Errorf("PGN:\n%s", pgn)
			}
			r := e.do("POST", "/api/games/"+g.id+"/rematch", g.token, nil)
			var ng NewGameResponse
			if err := json.Unmarshal(r.body, &ng); err != nil || r.status != http.StatusCreated {
				t.Fatalf("rematch: %d %s", r.status, r.body)
			}
			if ng.Game.Variant != "chess960" || ng.Game.StartFEN != st.StartFEN || ng.Game.Number != st.Number {
				t.Errorf("rematch: %+v", ng.Game)
			}
		})
	}
}

// TestChess960Castling castles in a Chess960 game by the king dropped on
// its rook and on its destination: the dests offer both (but not a
// destination that reads as a king's step), the moves are written as the
// king taking its rook.
func TestChess960Castling(t *testing.T) {
	e := newEnv(t, Config{})
	g, st := e.create(NewGameRequest{Variant: "chess960", FEN: castle960, White: "human", Black: "human"})
	if !slices.Equal(st.Dests["g1"], []string{"f1", "h1", "c1", "b1"}) {
		t.Errorf("dests of g1: %v", st.Dests["g1"])
	}
	st = e.move(g, "g1h1", 0)
	st = e.move(g, "g8c8", 1)
	if got := sanMoves(st); got != "O-O O-O-O" || st.Moves[0].UCI != "g1h1" || st.Moves[1].UCI != "g8b8" || !slices.Equal(st.LastMove, []string{"g8", "b8"}) ||
		st.FEN != "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w - - 2 2" {
		t.Errorf("after castling: %s, %+v", got, st)
	}
	if rec := e.stored(g); strings.Join(rec.Moves, " ") != "g1h1 g8b8" {
		t.Errorf("stored %q", rec.Moves)
	}
}

// TestChess960Refused: a variant or a number the server does not know, and
// a number where none applies, are refused in words.
func TestChess960Refused(t *testing.T) {
	e := newEnv(t, Config{})
	n := func(i int) *int { return &i }
	for _, tt := range []struct {
		name   string
		req    NewGameRequest
		code   string
		reason string
	}{
		{"960", NewGameRequest{Variant: "chess960", Number: n(960)}, "bad_chess960_number", "Chess960 position 960 does not exist: they are numbered 0 to 959"},
		{"-1", NewGameRequest{Variant: "chess960", Number: n(-1)}, "bad_chess960_number", "Chess960 position -1 does not exist"},
		{"variant", NewGameRequest{Variant: "crazyhouse"}, "unknown_variant", `variant "crazyhouse": the variants are standard and chess960`},
		{"number in standard chess", NewGameRequest{Number: n(5)}, "number_without_chess960", "only a Chess960 game has a start position number"},
		{"number and fen", NewGameRequest{Variant: "chess960", Number: n(5), FEN: castle960}, "number_and_fen", "not both"},
		{"variant and pgn", NewGameRequest{Variant: "chess960", PGN: "1. e4 *"}, "variant_and_pgn", "Variant tag"},
		{"960 fen as standard", NewGameRequest{FEN: castle960}, "bad_fen", "bad FEN"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := e.do("POST", "/api/games", "", tt.req)
			var body struct{ Code string }
			_ = json.Unmarshal(r.body, &body)
			if r.status != http.StatusBadRequest || body.Code != tt.code || !strings.Contains(r.errMsg(), tt.reason) {
				t.Errorf("%d %s, want 400 %s with %q", r.status, r.body, tt.code, tt.reason)
			}
		})
	}
}

// TestChess960Analyse: the analysis board's requests read a position
// standard chess cannot (castling with the king off e1) as Chess960, and
// write castling as the king taking its rook.
func TestChess960Analyse(t *testing.T) {
	e := newEnv(t, Config{})
	for _, tt := range []struct {
		name      string
		req       AnalyseRequest
		wantLegal []string
		wantUCI   string
	}{
		{"start", AnalyseRequest{FEN: castle960}, []string{"g1h1", "g1b1"}, ""},
		{"castled", AnalyseRequest{FEN: castle960, Moves: []string{"O-O"}}, []string{"g8h8", "g8b8"}, "g1h1"},
		{"shredder", AnalyseRequest{FEN: "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", Moves: []string{"g1b1"}}, []string{"g8h8"}, "g1b1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := e.do("POST", "/api/analyse", "", tt.req)
			var a Analysis
			if err := json.Unmarshal(r.body, &a); err != nil || r.status != http.StatusOK {
				t.Fatalf("%d %s", r.status, r.body)
			}
			for _, m := range tt.wantLegal {
				if !slices.Contains(a.Legal, m) {
					t.Errorf("legal %v lacks %s", a.Legal, m)
				}
			}
			if tt.wantUCI != "" && (len(a.Moves) != 1 || a.Moves[0].UCI != tt.wantUCI) {
				t.Errorf("moves %+v, want %s", a.Moves, tt.wantUCI)
			}
		})
	}
}

// TestChess960Review reviews a Chess960 game from position 518: the moves
// are the game's, castling written as the king taking its rook, and no
// opening is named (they do not apply).
func TestChess960Review(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{Variant: "chess960", Number: func(i int) *int { return &i }(518), White: "human", Black: "human"})
	for i, mv := range []string{"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"} {
		e.move(g, mv, i)
	}
	rv := e.reviewed(t, g)
	if len(rv.Moves) != 7 || rv.Moves[6].UCI != "e1h1" || rv.Moves[6].SAN != "O-O" || rv.Opening != nil {
		t.Errorf("review: %d moves, last %+v, opening %v", len(rv.Moves), rv.Moves[len(rv.Moves)-1], rv.Opening)
	}
	r := e.do("GET", "/api/games/"+g.id+"/pgn?review=1", "", nil)
	if r.status != http.StatusOK || !strings.Contains(string(r.body), `[Opening "Chess960 #518"]`) {
		t.Errorf("PGN: %d\n%s", r.status, r.body)
	}
}

// TestChess960Stored shows a Chess960 game another program stored (the
// terminal): the server reads it back as Chess960, castling included.
func TestChess960Stored(t *testing.T) {
	e := newEnv(t, Config{})
	sg := store.Game{Source: store.SourceTerminal, White: store.Human, Black: store.Human,
		StartFEN: "chess960 " + castle960, Moves: []string{"g1h1", "g8b8"}}
	if err := e.store.CreateGame(context.Background(), &sg); err != nil {
		t.Fatal(err)
	}
	st := e.get(game{id: sg.ID})
	if sanMoves(st) != "O-O O-O-O" || st.Variant != "chess960" || st.Number != -1 || st.StartFEN != castle960 {
		t.Errorf("state %+v", st)
	}
}

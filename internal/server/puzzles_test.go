package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/puzzle"
)

// puzzleToken returns a new puzzle player's token.
func (e *testEnv) puzzleToken() string {
	e.t.Helper()
	r := e.do("POST", "/api/puzzles/player", "", struct{}{})
	var tok PuzzleToken
	if err := json.Unmarshal(r.body, &tok); err != nil || r.status != http.StatusCreated || tok.Token == "" {
		e.t.Fatalf("new puzzle player: %d %s", r.status, r.body)
	}
	return tok.Token
}

// decode decodes a success answer into v.
func (r response) decode(t testing.TB, v any) {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("%s: %v", r.body, err)
	}
}

// longPuzzle returns a built-in puzzle whose solution has a reply in it.
func longPuzzle(t *testing.T) puzzle.Entry {
	for _, e := range puzzle.Builtin() {
		if len(e.Moves) >= 3 {
			return e
		}
	}
	t.Fatal("no built-in puzzle of three moves or more")
	return puzzle.Entry{}
}

// wrongMove returns a legal move of the solver's at ply 0 of e that does
// not solve it (Step judges it wrong).
func wrongMove(t *testing.T, e puzzle.Entry) string {
	pos, err := chess.ParseFEN(e.FEN)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range pos.LegalMoves() {
		if v, err := puzzle.Step(e, 0, m.String()); err == nil && !v.Correct {
			return m.String()
		}
	}
	t.Fatalf("puzzle %s: every move is correct", e.ID)
	return ""
}

// TestPuzzleSolveAndFail solves a puzzle move by move (the replies come
// back, the rating goes up, the streak starts), fails another (the
// rating goes down, the streak ends), and tries both again without
// counting.
func TestPuzzleSolveAndFail(t *testing.T) {
	e := newEnv(t, Config{})
	tok := e.puzzleToken()
	var before PuzzlePlayer
	e.do("GET", "/api/puzzles/player", tok, nil).decode(t, &before)
	if before.Rating != 1500 || before.Attempts != 0 || !before.Provisional || len(before.History) != 0 {
		t.Fatalf("a new player: %+v", before)
	}

	pz := longPuzzle(t)
	var view PuzzleView
	e.do("GET", "/api/puzzles/"+pz.ID, tok, nil).decode(t, &view)
	if view.FEN != pz.FEN || view.LastMove != pz.LastMove || !view.Rated || view.Plies != len(pz.Moves) || !slices.Contains(view.Legal, pz.Moves[0]) {
		t.Fatalf("view of %s: %+v", pz.ID, view)
	}
	line := []string{}
	var a PuzzleMoveAnswer
	for ply := 0; ply < len(pz.Moves); ply += 2 {
		a = PuzzleMoveAnswer{}
		e.do("POST", "/api/puzzles/"+pz.ID+"/move", tok, PuzzleMoveRequest{Line: line, Move: pz.Moves[ply]}).decode(t, &a)
		if !a.Correct || a.SAN == "" {
			t.Fatalf("ply %d: %+v", ply, a)
		}
		if last := ply+1 == len(pz.Moves); a.Solved != last || (a.Result != nil) != last || (a.Reply == "") != last {
			t.Fatalf("ply %d of %d: %+v", ply, len(pz.Moves), a)
		}
		line = a.Line
	}
	if gives := strings.HasSuffix(a.SAN, "+") || strings.HasSuffix(a.SAN, "#"); gives != a.Check {
		t.Errorf("the last move %s: check %v", a.SAN, a.Check)
	}
	if !slices.Equal(line, pz.Moves) || !a.Result.Rated || !a.Result.Solved || a.Result.After <= a.Result.Before || a.Result.Streak != 1 {
		t.Fatalf("solved: line %q, result %+v", line, a.Result)
	}
	solvedAt := a.Result.After

	other := puzzle.Builtin()[0]
	if other.ID == pz.ID {
		other = puzzle.Builtin()[1]
	}
	wrong := wrongMove(t, other)
	a = PuzzleMoveAnswer{}
	e.do("POST", "/api/puzzles/"+other.ID+"/move", tok, PuzzleMoveRequest{Move: wrong}).decode(t, &a)
	if a.Correct || a.Result == nil || !a.Result.Rated || a.Result.Solved || a.Result.Before != solvedAt || a.Result.After >= solvedAt || a.Result.Streak != 0 {
		t.Fatalf("a wrong move: %+v, result %+v", a, a.Result)
	}
	if a.FEN != other.FEN || len(a.Line) != 0 {
		t.Errorf("a wrong move is not played: %+v", a)
	}
	failedAt := a.Result.After

	// Again: correct or wrong, nothing counts.
	for _, tt := range []struct {
		id   string
		move string
	}{{other.ID, other.Moves[0]}, {pz.ID, wrongMove(t, pz)}} {
		a = PuzzleMoveAnswer{}
		e.do("POST", "/api/puzzles/"+tt.id+"/move", tok, PuzzleMoveRequest{Move: tt.move}).decode(t, &a)
		if a.Result != nil && (a.Result.Rated || a.Result.After != failedAt) {
			t.Errorf("%s again: %+v", tt.id, a.Result)
		}
	}
	var after PuzzlePlayer
	e.do("GET", "/api/puzzles/player", tok, nil).decode(t, &after)
	if after.Rating != failedAt || after.Attempts != 2 || after.Streak != 0 || len(after.History) != 2 {
		t.Fatalf("after: %+v", after)
	}
	if h := after.History; h[0].ID != other.ID || h[0].Solved || h[0].Change != failedAt-solvedAt || h[1].ID != pz.ID || !h[1].Solved || h[1].Change != solvedAt-1500 {
		t.Errorf("history: %+v", h)
	}
	// Another player starts afresh.
	var fresh PuzzlePlayer
	e.do("GET", "/api/puzzles/player", e.puzzleToken(), nil).decode(t, &fresh)
	if fresh.Rating != 1500 || fresh.Attempts != 0 {
		t.Errorf("another player: %+v", fresh)
	}
}

// TestPuzzleHintAndSolution: a hint names the piece to move and a shown
// solution the whole line; each ends the counted try as failed, once.
func TestPuzzleHintAndSolution(t *testing.T) {
	e := newEnv(t, Config{})
	tok := e.puzzleToken()
	pz := longPuzzle(t)
	var h PuzzleHint
	e.do("POST", "/api/puzzles/"+pz.ID+"/hint", tok, PuzzleLineRequest{Line: pz.Moves[:2]}).decode(t, &h)
	if h.From != pz.Moves[2][:2] || h.Result == nil || !h.Result.Rated || h.Result.Solved || h.Result.After >= 1500 {
		t.Fatalf("hint: %+v %+v", h, h.Result)
	}
	var s PuzzleSolution
	e.do("POST", "/api/puzzles/"+pz.ID+"/solution", tok, nil).decode(t, &s)
	var ucis []string
	for _, m := range s.Moves {
		ucis = append(ucis, m.UCI)
	}
	if !slices.Equal(ucis, pz.Moves) || s.Moves[0].SAN == "" || s.Result.Rated {
		t.Fatalf("solution: %+v %+v", s.Moves, s.Result)
	}
	var p PuzzlePlayer
	e.do("GET", "/api/puzzles/player", tok, nil).decode(t, &p)
	if p.Attempts != 1 || p.Rating != h.Result.After {
		t.Errorf("after a hint and the solution: %+v", p)
	}
}

// TestPuzzleNext offers puzzles not tried yet, by theme, and then tried
// ones again, not counted.
func TestPuzzleNext(t *testing.T) {
	e := newEnv(t, Config{})
	tok := e.puzzleToken()
	var themes PuzzleThemes
	e.do("GET", "/api/puzzles/themes", "", nil).decode(t, &themes)
	if themes.Count != len(puzzle.Builtin()) || len(themes.Themes) == 0 {
		t.Fatalf("themes: %+v", themes)
	}
	theme := themes.Themes[len(themes.Themes)-1]
	seen := map[string]bool{}
	for range theme.Count {
		var v PuzzleView
		e.do("GET", "/api/puzzles/next?theme="+theme.Name, tok, nil).decode(t, &v)
		if seen[v.ID] || !v.Rated || !slices.Contains(v.Themes, theme.Name) {
			t.Fatalf("next %s: %+v (seen %v)", theme.Name, v, seen)
		}
		seen[v.ID] = true
		e.do("POST", "/api/puzzles/"+v.ID+"/solution", tok, nil).decode(t, &PuzzleSolution{})
	}
	var v PuzzleView
	e.do("GET", "/api/puzzles/next?theme="+theme.Name, tok, nil).decode(t, &v)
	if !seen[v.ID] || v.Rated {
		t.Errorf("every %s puzzle tried: %+v", theme.Name, v)
	}
}

// TestPuzzleBadInput: each bad request is answered in words with its code,
// and counts nothing.
func TestPuzzleBadInput(t *testing.T) {
	e := newEnv(t, Config{})
	tok := e.puzzleToken()
	pz := longPuzzle(t)
	path := "/api/puzzles/" + pz.ID
	for _, tt := range []struct {
		name, method, path, token string
		body                      any
		status                    int
		code, msg                 string
	}{
		{"no token", "GET", "/api/puzzles/next", "", nil, 401, "no_puzzle_player", "missing puzzle player token"},
		{"a short token", "GET", "/api/puzzles/player", "abc", nil, 401, "no_puzzle_player", "not a puzzle player token"},
		{"unknown puzzle", "POST", "/api/puzzles/zzzz/move", tok, PuzzleMoveRequest{Move: "e2e4"}, 404, "unknown_puzzle", `unknown puzzle "zzzz"`},
		{"unknown puzzle's view", "GET", "/api/puzzles/zzzz", tok, nil, 404, "unknown_puzzle", `unknown puzzle "zzzz"`},
		{"unknown theme", "GET", "/api/puzzles/next?theme=nonsense", tok, nil, 400, "unknown_theme", `no puzzle has the theme "nonsense"`},
		{"illegal move", "POST", path + "/move", tok, PuzzleMoveRequest{Move: "a1a1"}, 400, "illegal_move", `move "a1a1"`},
		{"not a move", "POST", path + "/move", tok, PuzzleMoveRequest{Move: "hello"}, 400, "illegal_move", `move "hello"`},
		{"out of turn", "POST", path + "/move", tok, PuzzleMoveRequest{Line: pz.Moves[:1], Move: pz.Moves[1]}, 409, "puzzle_not_your_turn", "the opponent is to move"},
		{"another line", "POST", path + "/move", tok, PuzzleMoveRequest{Line: []string{pz.Moves[0], "a7a6"}, Move: pz.Moves[2]}, 400, "not_puzzle_line", "are not the start of puzzle"},
		{"after the end", "POST", path + "/move", tok, PuzzleMoveRequest{Line: pz.Moves, Move: pz.Moves[0]}, 409, "puzzle_solved", "is solved"},
		{"a hint out of turn", "POST", path + "/hint", tok, PuzzleLineRequest{Line: pz.Moves[:1]}, 409, "puzzle_not_your_turn", "the opponent is to move"},
		{"malformed JSON", "POST", path + "/move", tok, `{"move":`, 400, "bad_request", "malformed JSON"},
	} {
		r := e.do(tt.method, tt.path, tt.token, tt.body)
		var b errorBody
		json.Unmarshal(r.body, &b)
		if r.status != tt.status || b.Code != tt.code || !strings.Contains(b.Error, tt.msg) {
			t.Errorf("%s: %d %s %q, want %d %s %q", tt.name, r.status, b.Code, b.Error, tt.status, tt.code, tt.msg)
		}
	}
	var p PuzzlePlayer
	e.do("GET", "/api/puzzles/player", tok, nil).decode(t, &p)
	if p.Attempts != 0 || p.Rating != 1500 {
		t.Errorf("after bad requests: %+v", p)
	}
	var v PuzzleView
	e.do("GET", path, tok, nil).decode(t, &v)
	if !v.Rated {
		t.Errorf("the puzzle counts as tried after bad requests: %+v", v)
	}
}

// TestSharedPuzzles: on PostgreSQL a puzzle goes on from one server to
// another (no server holds it), and the try counts once on both.
func TestSharedPuzzles(t *testing.T) {
	a, b, _ := newSharedPair(t)
	tok := a.puzzleToken()
	pz := longPuzzle(t)
	line := []string{}
	for ply := 0; ply < len(pz.Moves); ply += 2 {
		e := []*testEnv{a, b}[ply/2%2]
		var m PuzzleMoveAnswer
		e.do("POST", "/api/puzzles/"+pz.ID+"/move", tok, PuzzleMoveRequest{Line: line, Move: pz.Moves[ply]}).decode(t, &m)
		if !m.Correct {
			t.Fatalf("ply %d: %+v", ply, m)
		}
		line = m.Line
		if m.Solved && (m.Result == nil || !m.Result.Rated) {
			t.Fatalf("solved: %+v", m.Result)
		}
	}
	for _, e := range []*testEnv{a, b} {
		var p PuzzlePlayer
		e.do("GET", "/api/puzzles/player", tok, nil).decode(t, &p)
		if p.Attempts != 1 || p.Streak != 1 || p.Rating <= 1500 {
			t.Errorf("the player on each server: %+v", p)
		}
		var v PuzzleView
		e.do("GET", "/api/puzzles/"+pz.ID, tok, nil).decode(t, &v)
		if v.Rated || v.Rating == pz.Rating {
			t.Errorf("the puzzle after a solve: %+v (rated at first %d)", v, pz.Rating)
		}
	}
}

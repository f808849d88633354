package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/puzzle"
	"github.com/outpost-chess/outpost/internal/store"
)

// This file is the Puzzles page's API (docs/puzzles.md, "The web page"):
// the built-in puzzles (puzzle.Builtin), one near the player's rating
// (puzzle.Next), each move judged here (puzzle.Step), and the attempt kept
// with both ratings after it (store.SavePuzzleAttempt). The server keeps
// no puzzle in progress: each request carries the solution's moves played
// so far (its "line"), which the server checks against the puzzle. A
// player's first try at a puzzle counts for the ratings, and ends at the
// first wrong move, a hint or the solution shown; tries after it count
// for nothing.
//
//	POST /api/puzzles/player             → {"token"}: a new puzzle player
//	GET  /api/puzzles/player             → PuzzlePlayer: rating, streak, history
//	GET  /api/puzzles/themes             → PuzzleThemes
//	GET  /api/puzzles/next?theme=        → PuzzleView: one near the player's rating
//	GET  /api/puzzles/{id}               → PuzzleView
//	POST /api/puzzles/{id}/move {"line", "move"} → PuzzleMoveAnswer
//	POST /api/puzzles/{id}/hint {"line"} → PuzzleHint
//	POST /api/puzzles/{id}/solution      → PuzzleSolution
//
// The player is who holds a puzzle token (Authorization: Bearer, as a
// game's player holds its game's token): the store knows the player by
// the token's SHA-256, never by the token.

// PuzzleView is a puzzle as the solver meets it, or goes on with it.
type PuzzleView struct {
	ID string `json:"id"`
	// Rating is the puzzle's rating now; Themes its themes (lichess's
	// names).
	Rating int      `json:"rating"`
	Themes []string `json:"themes"`
	// FEN is the position the solver faces; LastMove the opponent's move
	// that led there (UCI, "" when unknown); Color the solver's side.
	FEN      string `json:"fen"`
	LastMove string `json:"lastMove"`
	Color    string `json:"color"`
	// Legal are the solver's moves (UCI); Check is set when the solver is
	// in check.
	Legal []string `json:"legal"`
	Check bool     `json:"check"`
	// Plies is the solution's length, the solver's moves and the replies.
	Plies int `json:"plies"`
	// Rated is set when the player has not tried the puzzle before: this
	// try counts for both ratings.
	Rated bool `json:"rated"`
}

// PuzzleMoveRequest is the body of POST /api/puzzles/{id}/move: the
// solution's moves played so far (UCI, as the server's answers gave them;
// an even number: the solver is to move) and the solver's move (UCI or
// SAN).
type PuzzleMoveRequest struct {
	Line []string `json:"line"`
	Move string   `json:"move"`
}

// PuzzleLineRequest is the body of POST /api/puzzles/{id}/hint: the
// solution's moves played so far.
type PuzzleLineRequest struct {
	Line []string `json:"line"`
}

// PuzzleMoveAnswer judges a move of the solver.
type PuzzleMoveAnswer struct {
	// Correct: the move is the solution's (or another that mates at once);
	// Solved: it was the last.
	Correct bool `json:"correct"`
	Solved  bool `json:"solved"`
	// UCI and SAN are the move as the server read it.
	UCI string `json:"uci"`
	SAN string `json:"san"`
	// Reply is the opponent's answer to a correct move when the puzzle
	// goes on (UCI and SAN).
	Reply    string `json:"reply,omitempty"`
	ReplySAN string `json:"replySan,omitempty"`
	// Line is the solution's moves played now (the request's when the move
	// was wrong: it is not played); FEN the position after them and Legal
	// the solver's moves there (none once solved); Check is set when the
	// side to move there is in check.
	Line  []string `json:"line"`
	FEN   string   `json:"fen"`
	Legal []string `json:"legal"`
	Check bool     `json:"check"`
	// Result is set when the move ended the try: solved, or wrong.
	Result *PuzzleResult `json:"result,omitempty"`
}

// PuzzleResult is how a try ended and what it did to the ratings.
type PuzzleResult struct {
	Solved bool `json:"solved"`
	// Rated is set when the try counted (the player's first at the
	// puzzle): then Before and After are the player's rating before and
	// after it, else both the rating as it is.
	Rated  bool `json:"rated"`
	Before int  `json:"before"`
	After  int  `json:"after"`
	// PuzzleRating is the puzzle's rating now; Streak the puzzles solved
	// in a row by the player's counted tries, this one included.
	PuzzleRating int `json:"puzzleRating"`
	Streak       int `json:"streak"`
}

// PuzzleHint is the answer of POST /api/puzzles/{id}/hint: the square of
// the piece the solver should move (a hint ends a counted try as failed).
type PuzzleHint struct {
	From   string        `json:"from"`
	Result *PuzzleResult `json:"result,omitempty"`
}

// PuzzleSolution is the answer of POST /api/puzzles/{id}/solution: the
// whole solution from the puzzle's position (showing it ends a counted try
// as failed).
type PuzzleSolution struct {
	Moves  []MoveInfo    `json:"moves"`
	Result *PuzzleResult `json:"result,omitempty"`
}

// PuzzlePlayer is the player's puzzle record: GET /api/puzzles/player.
type PuzzlePlayer struct {
	// Rating and Deviation are the player's Glicko-2 rating (1500 ± 350
	// before any try); Provisional while the deviation is over 110, as
	// lichess marks it.
	Rating      int  `json:"rating"`
	Deviation   int  `json:"deviation"`
	Provisional bool `json:"provisional"`
	// Attempts counts the counted tries; Streak the puzzles solved in a
	// row, the latest first.
	Attempts int `json:"attempts"`
	Streak   int `json:"streak"`
	// History is the latest tries, newest first.
	History []PuzzleTry `json:"history"`
}

// PuzzleTry is one counted try of the player's history.
type PuzzleTry struct {
	ID     string    `json:"id"`
	Solved bool      `json:"solved"`
	At     time.Time `json:"at"`
	// Rating is the player's rating after it, Change what it moved.
	Rating int `json:"rating"`
	Change int `json:"change"`
}

// PuzzleThemes is the answer of GET /api/puzzles/themes: the set's size
// and its themes, the most common first.
type PuzzleThemes struct {
	Count  int          `json:"count"`
	Themes []ThemeCount `json:"themes"`
}

// ThemeCount is a theme and the puzzles that have it.
type ThemeCount struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// PuzzleToken is the answer of POST /api/puzzles/player.
type PuzzleToken struct {
	Token string `json:"token"`
}

const (
	// puzzleHistoryLen is the tries GET /api/puzzles/player lists.
	puzzleHistoryLen = 20
	// puzzlesRemembered is the latest tries read to know which puzzles a
	// player has tried (for Next and for counting a try once).
	puzzlesRemembered = 10_000
	// provisionalDeviation is the deviation past which a rating is
	// provisional (lichess's 110).
	provisionalDeviation = 110
)

// puzzleRoutes registers the Puzzles page's routes.
func (srv *Server) puzzleRoutes(handle func(string, map[string]handlerFunc)) {
	handle("/api/puzzles/player", map[string]handlerFunc{"POST": srv.newPuzzlePlayer, "GET": srv.puzzlePlayer})
	handle("/api/puzzles/themes", map[string]handlerFunc{"GET": srv.puzzleThemes})
	handle("/api/puzzles/next", map[string]handlerFunc{"GET": srv.nextPuzzle})
	handle("/api/puzzles/{id}", map[string]handlerFunc{"GET": srv.getPuzzle})
	handle("/api/puzzles/{id}/move", map[string]handlerFunc{"POST": srv.puzzleMove})
	handle("/api/puzzles/{id}/hint", map[string]handlerFunc{"POST": srv.puzzleHint})
	handle("/api/puzzles/{id}/solution", map[string]handlerFunc{"POST": srv.puzzleSolution})
}

// puzzleSet is the puzzles offered, and each by id.
var puzzleSet = sync.OnceValues(func() ([]puzzle.Entry, map[string]puzzle.Entry) {
	set := puzzle.Builtin()
	byID := make(map[string]puzzle.Entry, len(set))
	for _, e := range set {
		byID[e.ID] = e
	}
	return set, byID
})

// puzzleLocks serialize the counted tries of a player (by a hash of the
// player), so that two requests at once count one try once.
var puzzleLocks [64]sync.Mutex

// puzzlePlayerID returns the store's name of the request's puzzle player,
// from its token.
func puzzlePlayerID(r *http.Request) (string, error) {
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	tok = strings.TrimSpace(tok)
	if !ok || tok == "" {
		return "", codef(http.StatusUnauthorized, "no_puzzle_player", nil,
			"missing puzzle player token (Authorization: Bearer <token>): POST /api/puzzles/player gives one")
	}
	if len(tok) < 16 || len(tok) > 64 {
		return "", codef(http.StatusUnauthorized, "no_puzzle_player", nil,
			"not a puzzle player token: POST /api/puzzles/player gives one")
	}
	h := sha256.Sum256([]byte(tok))
	return "web-" + hex.EncodeToString(h[:16]), nil
}

// newPuzzlePlayer is POST /api/puzzles/player.
func (srv *Server) newPuzzlePlayer(w http.ResponseWriter, r *http.Request) error {
	tok, _, err := newToken()
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, PuzzleToken{Token: tok})
	return nil
}

// puzzleRequest returns the player a request for one puzzle comes from and
// the puzzle its path names: what every /api/puzzles/{id} handler reads
// first.
func puzzleRequest(r *http.Request) (player string, e puzzle.Entry, err error) {
	if player, err = puzzlePlayerID(r); err != nil {
		return "", puzzle.Entry{}, err
	}
	e, err = lookupPuzzle(r)
	return player, e, err
}

// lookupPuzzle returns the puzzle of the request's path.
func lookupPuzzle(r *http.Request) (puzzle.Entry, error) {
	id := r.PathValue("id")
	_, byID := puzzleSet()
	e, ok := byID[id]
	if !ok {
		return puzzle.Entry{}, codef(http.StatusNotFound, "unknown_puzzle", map[string]any{"id": id}, "unknown puzzle %q", id)
	}
	return e, nil
}

// puzzleRecord is what the store has of a player: the rating, the counted
// tries, and the latest of them, newest first.
type puzzleRecord struct {
	rating   puzzle.Rating
	attempts int
	tries    []store.PuzzleAttempt
}

func (srv *Server) puzzleRecord(ctx context.Context, player string, limit int) (puzzleRecord, error) {
	rec := puzzleRecord{rating: puzzle.NewRating()}
	r, ok, err := srv.store.PlayerPuzzleRating(ctx, player)
	if err != nil {
		return rec, err
	}
	if ok {
		rec.rating = puzzle.Rating{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility}
		rec.attempts = r.Attempts
	}
	rec.tries, err = srv.store.PuzzleAttempts(ctx, player, limit)
	return rec, err
}

// tried reports whether the record has a try at puzzle id.
func (rec puzzleRecord) tried(id string) bool {
	return slices.ContainsFunc(rec.tries, func(a store.PuzzleAttempt) bool { return a.PuzzleID == id })
}

// streak counts the puzzles solved in a row, the latest first.
func (rec puzzleRecord) streak() int {
	n := 0
	for n < len(rec.tries) && rec.tries[n].Solved {
		n++
	}
	return n
}

// puzzlePlayer is GET /api/puzzles/player.
func (srv *Server) puzzlePlayer(w http.ResponseWriter, r *http.Request) error {
	player, err := puzzlePlayerID(r)
	if err != nil {
		return err
	}
	// One more than listed: the change of the last listed is from it.
	rec, err := srv.puzzleRecord(r.Context(), player, puzzleHistoryLen+1)
	if err != nil {
		return err
	}
	p := PuzzlePlayer{
		Rating: round(rec.rating.Rating), Deviation: round(rec.rating.Deviation),
		Provisional: rec.rating.Deviation > provisionalDeviation, Attempts: rec.attempts, History: []PuzzleTry{},
	}
	p.Streak = rec.streak()
	for i, a := range rec.tries[:min(len(rec.tries), puzzleHistoryLen)] {
		before := puzzle.NewRating().Rating
		if i+1 < len(rec.tries) {
			before = rec.tries[i+1].PlayerAfter.Rating
		}
		p.History = append(p.History, PuzzleTry{
			ID: a.PuzzleID, Solved: a.Solved, At: a.At,
			Rating: round(a.PlayerAfter.Rating), Change: round(a.PlayerAfter.Rating) - round(before),
		})
	}
	writeJSON(w, http.StatusOK, p)
	return nil
}

// round rounds a rating for the page.
func round(x float64) int { return int(math.Round(x)) }

// puzzleThemes is GET /api/puzzles/themes.
func (srv *Server) puzzleThemes(w http.ResponseWriter, r *http.Request) error {
	set, _ := puzzleSet()
	writeJSON(w, http.StatusOK, themesOf(set))
	return nil
}

// themesOf counts the themes of set, the most common first (then by name).
func themesOf(set []puzzle.Entry) PuzzleThemes {
	counts := map[string]int{}
	for _, e := range set {
		for _, th := range e.Themes {
			counts[th]++
		}
	}
	out := PuzzleThemes{Count: len(set), Themes: []ThemeCount{}}
	for name, n := range counts {
		out.Themes = append(out.Themes, ThemeCount{Name: name, Count: n})
	}
	slices.SortFunc(out.Themes, func(a, b ThemeCount) int {
		if a.Count != b.Count {
			return b.Count - a.Count
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}

// nextPuzzle is GET /api/puzzles/next?theme=: a puzzle near the player's
// rating that the player has not tried (puzzle.Next), or, once every
// puzzle of the theme was tried, one of them again (not counted).
func (srv *Server) nextPuzzle(w http.ResponseWriter, r *http.Request) error {
	player, err := puzzlePlayerID(r)
	if err != nil {
		return err
	}
	set, _ := puzzleSet()
	theme := r.URL.Query().Get("theme")
	if theme != "" && !slices.ContainsFunc(themesOf(set).Themes, func(t ThemeCount) bool { return t.Name == theme }) {
		return codef(http.StatusBadRequest, "unknown_theme", map[string]any{"theme": theme},
			"no puzzle has the theme %q (GET /api/puzzles/themes lists them)", theme)
	}
	rec, err := srv.puzzleRecord(r.Context(), player, puzzlesRemembered)
	if err != nil {
		return err
	}
	rnd := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	e, ok := puzzle.Next(set, rec.rating.Rating, theme, rec.tried, rnd)
	if !ok {
		e, ok = puzzle.Next(set, rec.rating.Rating, theme, nil, rnd)
	}
	if !ok {
		return codef(http.StatusNotFound, "no_puzzles", nil, "this server has no puzzles")
	}
	v, err := srv.puzzleView(r.Context(), e, !rec.tried(e.ID))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

// getPuzzle is GET /api/puzzles/{id}.
func (srv *Server) getPuzzle(w http.ResponseWriter, r *http.Request) error {
	player, e, err := puzzleRequest(r)
	if err != nil {
		return err
	}
	rec, err := srv.puzzleRecord(r.Context(), player, puzzlesRemembered)
	if err != nil {
		return err
	}
	v, err := srv.puzzleView(r.Context(), e, !rec.tried(e.ID))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

// puzzleView returns e as the solver meets it.
func (srv *Server) puzzleView(ctx context.Context, e puzzle.Entry, rated bool) (PuzzleView, error) {
	pos, err := chess.ParseFEN(e.FEN)
	if err != nil {
		return PuzzleView{}, fmt.Errorf("server: puzzle %s: %w", e.ID, err)
	}
	pr, _, err := puzzle.CurrentRating(ctx, srv.store, e)
	if err != nil {
		return PuzzleView{}, err
	}
	return PuzzleView{
		ID: e.ID, Rating: round(pr.Rating), Themes: e.Themes, FEN: e.FEN, LastMove: e.LastMove,
		Color: pos.SideToMove().String(), Legal: legalUCI(pos), Check: pos.InCheck(), Plies: len(e.Moves), Rated: rated,
	}, nil
}

// legalUCI returns p's legal moves in UCI.
func legalUCI(p *chess.Position) []string {
	out := []string{}
	for _, m := range p.LegalMoves() {
		out = append(out, m.String())
	}
	return out
}

// replayLine checks that line is the start of e's solution with the solver
// to move, and returns the position after it.
func replayLine(e puzzle.Entry, line []string) (*chess.Position, error) {
	if len(line) > len(e.Moves) || !slices.Equal(line, e.Moves[:len(line)]) {
		return nil, codef(http.StatusBadRequest, "not_puzzle_line", map[string]any{"id": e.ID},
			"the moves played so far (%s) are not the start of puzzle %s's solution", strings.Join(line, " "), e.ID)
	}
	if len(line) == len(e.Moves) {
		return nil, codef(http.StatusConflict, "puzzle_solved", map[string]any{"id": e.ID},
			"puzzle %s is solved: its solution has no move after these", e.ID)
	}
	if len(line)%2 == 1 {
		return nil, codef(http.StatusConflict, "puzzle_not_your_turn", map[string]any{"id": e.ID},
			"after %d moves of puzzle %s the opponent is to move, not the solver", len(line), e.ID)
	}
	pos, err := chess.ParseFEN(e.FEN)
	if err != nil {
		return nil, fmt.Errorf("server: puzzle %s: %w", e.ID, err)
	}
	for _, u := range line {
		m, err := pos.ParseUCI(u)
		if err != nil {
			return nil, fmt.Errorf("server: puzzle %s: %w", e.ID, err)
		}
		pos.MakeMove(m)
	}
	return pos, nil
}

// puzzleMove is POST /api/puzzles/{id}/move.
func (srv *Server) puzzleMove(w http.ResponseWriter, r *http.Request) error {
	player, e, err := puzzleRequest(r)
	if err != nil {
		return err
	}
	var req PuzzleMoveRequest
	if err := decodeBody(w, r, &req, true); err != nil {
		return err
	}
	pos, err := replayLine(e, req.Line)
	if err != nil {
		return err
	}
	m, err := pos.ParseMove(strings.TrimSpace(req.Move))
	if err != nil {
		return illegalMove(&lineError{fmt.Sprintf("move %q", req.Move), err})
	}
	v, err := puzzle.Step(e, len(req.Line), m.String())
	if err != nil {
		return err
	}
	a := PuzzleMoveAnswer{Correct: v.Correct, Solved: v.Solved, UCI: m.String(), SAN: pos.SAN(m), Line: req.Line}
	if v.Correct {
		a.Line = append(slices.Clip(req.Line), e.Moves[len(req.Line)])
		if v.Solved {
			a.Line[len(a.Line)-1] = m.String() // another mate than the solution's
		}
		pos.MakeMove(m)
		if v.Reply != "" {
			reply, err := pos.ParseUCI(v.Reply)
			if err != nil {
				return fmt.Errorf("server: puzzle %s: %w", e.ID, err)
			}
			a.Reply, a.ReplySAN = reply.String(), pos.SAN(reply)
			pos.MakeMove(reply)
			a.Line = append(a.Line, v.Reply)
		}
	}
	a.FEN, a.Legal, a.Check = pos.FEN(), []string{}, pos.InCheck()
	if !v.Solved {
		a.Legal = legalUCI(pos)
	}
	if v.Solved || !v.Correct {
		a.Result, err = srv.endTry(r.Context(), player, e, v.Solved)
		if err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, a)
	return nil
}

// puzzleHint is POST /api/puzzles/{id}/hint.
func (srv *Server) puzzleHint(w http.ResponseWriter, r *http.Request) error {
	player, e, err := puzzleRequest(r)
	if err != nil {
		return err
	}
	var req PuzzleLineRequest
	if err := decodeBody(w, r, &req, false); err != nil {
		return err
	}
	if _, err := replayLine(e, req.Line); err != nil {
		return err
	}
	res, err := srv.endTry(r.Context(), player, e, false)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, PuzzleHint{From: e.Moves[len(req.Line)][:2], Result: res})
	return nil
}

// puzzleSolution is POST /api/puzzles/{id}/solution.
func (srv *Server) puzzleSolution(w http.ResponseWriter, r *http.Request) error {
	player, e, err := puzzleRequest(r)
	if err != nil {
		return err
	}
	pos, err := chess.ParseFEN(e.FEN)
	if err != nil {
		return fmt.Errorf("server: puzzle %s: %w", e.ID, err)
	}
	s := PuzzleSolution{Moves: []MoveInfo{}}
	for _, u := range e.Moves {
		m, err := pos.ParseUCI(u)
		if err != nil {
			return fmt.Errorf("server: puzzle %s: %w", e.ID, err)
		}
		san := pos.SAN(m)
		pos.MakeMove(m)
		s.Moves = append(s.Moves, MoveInfo{UCI: u, SAN: san, FEN: pos.FEN()})
	}
	if s.Result, err = srv.endTry(r.Context(), player, e, false); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s)
	return nil
}

// endTry ends the player's try at e, solved or not: the first try at a
// puzzle is kept with both ratings after it; a later one changes nothing.
func (srv *Server) endTry(ctx context.Context, player string, e puzzle.Entry, solved bool) (*PuzzleResult, error) {
	h := sha256.Sum256([]byte(player))
	mu := &puzzleLocks[int(h[0])%len(puzzleLocks)]
	mu.Lock()
	defer mu.Unlock()
	rec, err := srv.puzzleRecord(ctx, player, puzzlesRemembered)
	if err != nil {
		return nil, err
	}
	pr, _, err := puzzle.CurrentRating(ctx, srv.store, e)
	if err != nil {
		return nil, err
	}
	res := &PuzzleResult{Solved: solved, Before: round(rec.rating.Rating), After: round(rec.rating.Rating),
		PuzzleRating: round(pr.Rating), Streak: rec.streak()}
	if rec.tried(e.ID) {
		return res, nil
	}
	out, err := puzzle.Attempt(ctx, srv.store, player, e, solved)
	if err != nil {
		return nil, err
	}
	res.Rated, res.After, res.PuzzleRating = true, round(out.After.Rating), round(out.PuzzleAfter.Rating)
	res.Streak = 0
	if solved {
		res.Streak = rec.streak() + 1
	}
	return res, nil
}

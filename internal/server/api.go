package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/store"
)

// MaxBody is the largest request body the API reads.
const MaxBody = 64 << 10

// The limits of speedMs.
const (
	maxSpeedMs     = 60_000
	defaultSpeedMs = 500
	defaultLevel   = "4"
	defaultListLen = 200
	maxListLen     = 1000
)

// apiError is an answer other than success: a status and the reason.
type apiError struct {
	status int
	msg    string
}

func (e *apiError) Error() string { return e.msg }

func errorf(status int, format string, args ...any) error {
	return &apiError{status, fmt.Sprintf(format, args...)}
}

// handlerFunc is an API handler: it writes the answer on success and
// returns an error otherwise, which serve writes.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// routes builds the HTTP handler.
func (srv *Server) routes() http.Handler {
	mux := http.NewServeMux()
	handle := func(pattern string, methods map[string]handlerFunc) {
		mux.Handle(pattern, srv.methods(methods))
	}
	handle("/api/games", map[string]handlerFunc{"GET": srv.listGames, "POST": srv.createGame})
	handle("/api/games/{id}", map[string]handlerFunc{"GET": srv.getGame, "PATCH": srv.updateGame, "DELETE": srv.deleteGame})
	handle("/api/games/{id}/pgn", map[string]handlerFunc{"GET": srv.getPGN})
	handle("/api/games/{id}/events", map[string]handlerFunc{"GET": srv.events})
	handle("/api/games/{id}/moves", map[string]handlerFunc{"POST": srv.move})
	handle("/api/games/{id}/takeback", map[string]handlerFunc{"POST": srv.takeback})
	handle("/api/games/{id}/redo", map[string]handlerFunc{"POST": srv.redo})
	handle("/api/games/{id}/resign", map[string]handlerFunc{"POST": srv.resign})
	handle("/api/games/{id}/draw", map[string]handlerFunc{"POST": srv.claimDraw})
	handle("/api/games/{id}/hint", map[string]handlerFunc{"POST": srv.hint})
	handle("/api/analyse", map[string]handlerFunc{"POST": srv.analyse})
	handle("/api/levels", map[string]handlerFunc{"GET": srv.levels})
	srv.explainRoutes(handle)
	mux.Handle("/api/", srv.serve(func(w http.ResponseWriter, r *http.Request) error {
		return errorf(http.StatusNotFound, "no such API path %q", r.URL.Path)
	}))
	mux.Handle("/", http.FileServerFS(srv.cfg.Static))
	return mux
}

// methods dispatches on the request's method, answering 405 with an Allow
// header for the others. HEAD is GET without the body (the HTTP server
// drops what the handler writes).
func (srv *Server) methods(m map[string]handlerFunc) http.Handler {
	if get, ok := m[http.MethodGet]; ok {
		m[http.MethodHead] = get
	}
	allowed := make([]string, 0, len(m))
	for method := range m {
		allowed = append(allowed, method)
	}
	slices.Sort(allowed)
	allow := strings.Join(allowed, ", ")
	return srv.serve(func(w http.ResponseWriter, r *http.Request) error {
		h, ok := m[r.Method]
		if !ok {
			w.Header().Set("Allow", allow)
			return errorf(http.StatusMethodNotAllowed, "method %s not allowed (allowed: %s)", r.Method, allow)
		}
		return h(w, r)
	})
}

// serve turns a handlerFunc into an http.Handler that writes its error.
func (srv *Server) serve(h handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if err := h(w, r); err != nil {
			srv.writeError(w, r, err)
		}
	})
}

// writeError answers with err's status and reason.
func (srv *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &ae):
	case errors.Is(err, store.ErrNotFound):
		ae = &apiError{http.StatusNotFound, fmt.Sprintf("unknown game %q", r.PathValue("id"))}
	case errors.Is(err, store.ErrConflict):
		ae = &apiError{http.StatusConflict, "stale ply: the game changed"}
	case errors.Is(err, store.ErrFinished):
		ae = &apiError{http.StatusConflict, "game over"}
	case errors.As(err, &mbe):
		ae = &apiError{http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", MaxBody)}
	case errors.Is(err, store.ErrDamaged):
		srv.logf("%s %s: %v", r.Method, r.URL.Path, err)
		ae = &apiError{http.StatusInternalServerError, fmt.Sprintf("game %q cannot be read: it is damaged in the server's database (%s)",
			r.PathValue("id"), strings.TrimPrefix(err.Error(), store.ErrDamaged.Error()+": "))}
	case srv.ctx.Err() != nil:
		ae = &apiError{http.StatusServiceUnavailable, "the server is shutting down"}
	case r.Context().Err() != nil:
		ae = &apiError{http.StatusServiceUnavailable, "request cancelled"}
	default:
		srv.logf("%s %s: %v", r.Method, r.URL.Path, err)
		ae = &apiError{http.StatusInternalServerError, "internal error: " + err.Error()}
	}
	writeJSON(w, ae.status, errorBody{ae.msg})
}

// writeJSON answers with v in JSON (without HTML escapes: the answers are
// data, never HTML).
func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		writeRaw(w, http.StatusInternalServerError, []byte(`{"error":"internal error: encoding the answer"}`))
		return
	}
	writeRaw(w, status, bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// writeRaw answers with b, a JSON value.
func writeRaw(w http.ResponseWriter, status int, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
	w.Write([]byte("\n"))
}

// decodeBody reads a JSON object of at most MaxBody bytes into v. An empty
// body is an error when required, and leaves v alone otherwise.
func decodeBody(w http.ResponseWriter, r *http.Request, v any, required bool) error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			return err
		case errors.Is(err, os.ErrDeadlineExceeded):
			return errorf(http.StatusRequestTimeout, "the request body did not arrive in time")
		}
		return errorf(http.StatusBadRequest, "reading the request body: %v", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		if required {
			return errorf(http.StatusBadRequest, "malformed JSON: empty request body")
		}
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		return errorf(http.StatusBadRequest, "malformed JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errorf(http.StatusBadRequest, "malformed JSON: more data after the object")
	}
	return nil
}

// newToken returns a player token (128 random bits) and its SHA-256.
func newToken() (string, []byte, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", nil, fmt.Errorf("server: new token: %w", err)
	}
	tok := base64.RawURLEncoding.EncodeToString(b[:])
	h := sha256.Sum256([]byte(tok))
	return tok, h[:], nil
}

// authorizeGame checks the request's player token against that of the game
// its path names ({id}); an unknown game is store.ErrNotFound. It does not
// lock the game: a handler reads its body first, then calls lockGame.
func (srv *Server) authorizeGame(r *http.Request) error {
	s, err := srv.lookup(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	return authorize(r, s)
}

// authorize checks the request's player token against the game's.
func authorize(r *http.Request, s *session) error {
	if len(s.tokenHash) == 0 {
		return errorf(http.StatusForbidden, "this game has no player token: it can be watched, not played")
	}
	auth := r.Header.Get("Authorization")
	tok, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok || tok == "" {
		return errorf(http.StatusForbidden, "missing player token (Authorization: Bearer <token>)")
	}
	h := sha256.Sum256([]byte(strings.TrimSpace(tok)))
	if subtle.ConstantTimeCompare(h[:], s.tokenHash) != 1 {
		return errorf(http.StatusForbidden, "wrong player token")
	}
	return nil
}

// checkPlayer validates a player name.
func checkPlayer(field, v string) error {
	if v != store.Human && v != store.AI {
		return errorf(http.StatusBadRequest, "%s must be %q or %q, not %q", field, store.Human, store.AI, v)
	}
	return nil
}

// checkLevel validates a level name.
func checkLevel(field, v string) error {
	if _, err := engine.ParseLevel(v); err != nil {
		return errorf(http.StatusBadRequest, "%s: unknown level %q (want 1-8, classic or max)", field, v)
	}
	return nil
}

func checkSpeed(v int) error {
	if v < 0 || v > maxSpeedMs {
		return errorf(http.StatusBadRequest, "speedMs %d out of range 0..%d", v, maxSpeedMs)
	}
	return nil
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// createGame is POST /api/games.
func (srv *Server) createGame(w http.ResponseWriter, r *http.Request) error {
	var req NewGameRequest
	if err := decodeBody(w, r, &req, false); err != nil {
		return err
	}
	rec := store.Game{
		Source: store.SourceWeb,
		White:  or(req.White, store.Human), Black: or(req.Black, store.AI),
		SpeedMs: defaultSpeedMs, Paused: req.Paused,
	}
	level := or(req.Level, defaultLevel)
	rec.WhiteLevel, rec.BlackLevel = or(req.WhiteLevel, level), or(req.BlackLevel, level)
	if req.SpeedMs != nil {
		rec.SpeedMs = *req.SpeedMs
	}
	for _, err := range []error{
		checkPlayer("white", rec.White), checkPlayer("black", rec.Black),
		checkLevel("level", level), checkLevel("whiteLevel", rec.WhiteLevel), checkLevel("blackLevel", rec.BlackLevel),
		checkSpeed(rec.SpeedMs),
	} {
		if err != nil {
			return err
		}
	}

	start := chess.StartingPosition()
	var moves []chess.Move
	switch {
	case req.FEN != "" && req.PGN != "":
		return errorf(http.StatusBadRequest, "give fen or pgn, not both")
	case req.FEN != "":
		p, err := chess.ParseFEN(strings.TrimSpace(req.FEN))
		if err != nil {
			return errorf(http.StatusBadRequest, "bad FEN: %v", err)
		}
		start = p
	case req.PGN != "":
		games, err := chess.ReadPGN(strings.NewReader(req.PGN))
		if err != nil {
			return errorf(http.StatusBadRequest, "bad PGN: %v", err)
		}
		if len(games) == 0 {
			return errorf(http.StatusBadRequest, "bad PGN: no game in it")
		}
		start, moves = games[0].StartPosition(), games[0].Moves()
	}
	// Replay the moves: the game ends only by rule, whatever a PGN's
	// result marker said.
	g := chess.NewGameFromPosition(start)
	for _, m := range moves {
		if err := g.Play(m); err != nil {
			return errorf(http.StatusBadRequest, "bad PGN: %v", err)
		}
		rec.Moves = append(rec.Moves, m.String())
	}
	rec.StartFEN = start.FEN()
	rec.Result = "*"
	if o := g.Outcome(); o.IsOver() {
		rec.Result, rec.Reason = o.Result.String(), o.Reason.String()
	}
	tok, hash, err := newToken()
	if err != nil {
		return err
	}
	rec.TokenHash = hash
	if err := srv.store.CreateGame(r.Context(), &rec); err != nil {
		return err
	}
	s, err := srv.loadSession(r.Context(), rec)
	if err != nil {
		return err
	}
	srv.add(s)
	s.mu.Lock()
	s.scheduleLocked(0)
	state := s.stateJSONLocked()
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, struct {
		ID    string          `json:"id"`
		Token string          `json:"token"`
		Game  json.RawMessage `json:"game"`
	}{rec.ID, tok, state})
	return nil
}

// listGames is GET /api/games.
func (srv *Server) listGames(w http.ResponseWriter, r *http.Request) error {
	opts := store.ListOptions{Limit: defaultListLen, Source: r.URL.Query().Get("source")}
	switch opts.Source {
	case "", store.SourceWeb, store.SourceTerminal:
	default:
		return errorf(http.StatusBadRequest, "source must be %q or %q, not %q", store.SourceWeb, store.SourceTerminal, opts.Source)
	}
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxListLen {
			return errorf(http.StatusBadRequest, "limit %q: want a number from 1 to %d", v, maxListLen)
		}
		opts.Limit = n
	}
	list, err := srv.store.List(r.Context(), opts)
	if errors.Is(err, store.ErrDamaged) {
		// list holds the games that could be read.
		srv.logf("%s %s: %v", r.Method, r.URL.Path, err)
	} else if err != nil {
		return err
	}
	games := make([]Summary, len(list))
	for i, m := range list {
		games[i] = Summary{
			ID: m.ID, CreatedAt: m.CreatedAt.Format(time.RFC3339), UpdatedAt: m.UpdatedAt.Format(time.RFC3339),
			White: m.White, Black: m.Black, WhiteLevel: m.WhiteLevel, BlackLevel: m.BlackLevel,
			Result: m.Result, Reason: m.Reason, Plies: m.Plies, Source: m.Source,
		}
	}
	writeJSON(w, http.StatusOK, struct {
		Games []Summary `json:"games"`
	}{games})
	return nil
}

// getGame is GET /api/games/{id}.
func (srv *Server) getGame(w http.ResponseWriter, r *http.Request) error {
	s, err := srv.lockGame(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	state := s.stateJSONLocked()
	s.mu.Unlock()
	writeRaw(w, http.StatusOK, state)
	return nil
}

// getPGN is GET /api/games/{id}/pgn.
func (srv *Server) getPGN(w http.ResponseWriter, r *http.Request) error {
	s, err := srv.lockGame(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	g := s.game.Clone()
	white, black := playerName(s.white, s.whiteLevel), playerName(s.black, s.blackLevel)
	s.mu.Unlock()
	g.SetTag("Event", "Outpost game")
	g.SetTag("Site", "Outpost")
	g.SetTag("Date", s.createdAt.Format("2006.01.02"))
	g.SetTag("White", white)
	g.SetTag("Black", black)
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="outpost-%s.pgn"`, s.id))
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, g.PGN())
	return nil
}

// playerName names a player in PGN.
func playerName(player, level string) string {
	if player == store.AI {
		return fmt.Sprintf("Outpost (level %s)", level)
	}
	return "Human"
}

// events is GET /api/games/{id}/events.
func (srv *Server) events(w http.ResponseWriter, r *http.Request) error {
	s, err := srv.lookup(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	srv.serveEvents(w, r, s)
	return nil
}

// change runs a change of game id for its player: it checks the token,
// reads the body into req (unless nil), locks the game, calls op, and
// answers with the game's state (op's change published) or op's error.
func (srv *Server) change(w http.ResponseWriter, r *http.Request, req any, required bool, op func(ctx context.Context, s *session) error) error {
	if err := srv.authorizeGame(r); err != nil {
		return err
	}
	if req != nil {
		if err := decodeBody(w, r, req, required); err != nil {
			return err
		}
	}
	s, err := srv.lockGame(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	if err := op(r.Context(), s); err != nil {
		s.mu.Unlock()
		return err
	}
	state := s.stateJSONLocked()
	s.mu.Unlock()
	writeRaw(w, http.StatusOK, state)
	return nil
}

// errIfOver returns a 409 error when the game has ended.
func (s *session) errIfOver() error {
	if o := s.game.Outcome(); o.IsOver() {
		return errorf(http.StatusConflict, "game over: %v", o)
	}
	return nil
}

// move is POST /api/games/{id}/moves.
func (srv *Server) move(w http.ResponseWriter, r *http.Request) error {
	var req MoveRequest
	return srv.change(w, r, &req, true, func(ctx context.Context, s *session) error {
		switch {
		case strings.TrimSpace(req.Move) == "":
			return errorf(http.StatusBadRequest, "missing field move")
		case req.Ply == nil:
			return errorf(http.StatusBadRequest, "missing field ply (the number of plies played)")
		}
		if err := s.errIfOver(); err != nil {
			return err
		}
		if n := s.game.Len(); *req.Ply != n {
			return errorf(http.StatusConflict, "stale ply: the game has %d plies, not %d", n, *req.Ply)
		}
		if s.player(s.toMove()) == store.AI {
			return errorf(http.StatusConflict, "not your turn: the AI plays %s", colorName(s.toMove()))
		}
		m, err := s.game.Position().ParseMove(req.Move)
		if err != nil {
			return errorf(http.StatusBadRequest, "illegal move %q: %v", req.Move, err)
		}
		if err := srv.store.AppendMoves(ctx, s.id, s.game.Len(), []string{m.String()}); err != nil {
			return err
		}
		if err := s.playLocked(m); err != nil {
			return err // cannot happen: ParseMove returned a legal move
		}
		s.redo = nil
		s.finishIfOverLocked(ctx)
		s.changedLocked()
		return nil
	})
}

// takeback is POST /api/games/{id}/takeback.
func (srv *Server) takeback(w http.ResponseWriter, r *http.Request) error {
	return srv.change(w, r, nil, false, func(ctx context.Context, s *session) error {
		n := s.game.Len()
		bothAI := s.white == store.AI && s.black == store.AI
		keep := -1 // the plies to keep
		if bothAI {
			keep = n - 1
		} else {
			// Back to before the last move a human played.
			for k := n - 1; k >= 0; k-- {
				if s.player(s.game.PositionAt(k).SideToMove()) == store.Human {
					keep = k
					break
				}
			}
		}
		if keep < 0 {
			return errorf(http.StatusConflict, "nothing to take back")
		}
		if bothAI && !s.paused {
			if err := srv.store.UpdateSettings(ctx, s.id, s.settings(func(st *store.Settings) { st.Paused = true })); err != nil {
				return err
			}
			s.paused = true
		}
		if err := srv.store.Truncate(ctx, s.id, keep); err != nil {
			return err
		}
		undone := s.undoLocked(n - keep)
		s.redo = append(undone, s.redo...)
		s.changedLocked()
		return nil
	})
}

// settings returns the game's settings, changed by f.
func (s *session) settings(f func(st *store.Settings)) store.Settings {
	st := store.Settings{WhiteLevel: s.whiteLevel, BlackLevel: s.blackLevel, SpeedMs: s.speedMs, Paused: s.paused}
	f(&st)
	return st
}

// redo is POST /api/games/{id}/redo.
func (srv *Server) redo(w http.ResponseWriter, r *http.Request) error {
	return srv.change(w, r, nil, false, func(ctx context.Context, s *session) error {
		if len(s.redo) == 0 {
			return errorf(http.StatusConflict, "nothing to redo")
		}
		if err := s.errIfOver(); err != nil {
			return err
		}
		bothAI := s.white == store.AI && s.black == store.AI
		if !bothAI && s.player(s.toMove()) == store.AI {
			return errorf(http.StatusConflict, "not your turn: the AI plays %s", colorName(s.toMove()))
		}
		// A human's move and the AI's reply after it, when it was played.
		k := 1
		c := s.game.Clone()
		if err := c.Play(s.redo[0]); err != nil {
			return errorf(http.StatusConflict, "cannot redo: %v", err)
		}
		for !bothAI && k < len(s.redo) && !c.Outcome().IsOver() && s.player(c.Position().SideToMove()) == store.AI {
			if err := c.Play(s.redo[k]); err != nil {
				break
			}
			k++
		}
		ucis := make([]string, k)
		for i, m := range s.redo[:k] {
			ucis[i] = m.String()
		}
		if err := srv.store.AppendMoves(ctx, s.id, s.game.Len(), ucis); err != nil {
			return err
		}
		for _, m := range s.redo[:k] {
			if err := s.playLocked(m); err != nil {
				return err // cannot happen: checked on the clone
			}
		}
		s.redo = s.redo[k:]
		s.finishIfOverLocked(ctx)
		s.changedLocked()
		return nil
	})
}

// resign is POST /api/games/{id}/resign.
func (srv *Server) resign(w http.ResponseWriter, r *http.Request) error {
	var req ResignRequest
	return srv.change(w, r, &req, false, func(ctx context.Context, s *session) error {
		if err := s.errIfOver(); err != nil {
			return err
		}
		var loser chess.Color
		switch {
		case req.Color == "white":
			loser = chess.White
		case req.Color == "black":
			loser = chess.Black
		case req.Color != "":
			return errorf(http.StatusBadRequest, "color must be \"white\" or \"black\", not %q", req.Color)
		case s.white == store.Human && s.black == store.AI:
			loser = chess.White
		case s.black == store.Human && s.white == store.AI:
			loser = chess.Black
		case s.white == store.Human:
			loser = s.toMove()
		default:
			return errorf(http.StatusBadRequest, "missing field color: both players are AIs")
		}
		result := chess.WhiteWins
		if loser == chess.White {
			result = chess.BlackWins
		}
		if err := srv.store.Finish(ctx, s.id, result.String(), chess.Resignation.String()); err != nil {
			return err
		}
		if err := s.game.Resign(loser); err != nil {
			return err
		}
		s.redo = nil
		s.changedLocked()
		return nil
	})
}

// claimDraw is POST /api/games/{id}/draw.
func (srv *Server) claimDraw(w http.ResponseWriter, r *http.Request) error {
	return srv.change(w, r, nil, false, func(ctx context.Context, s *session) error {
		if err := s.errIfOver(); err != nil {
			return err
		}
		reason, ok := s.game.ClaimableDraw()
		if !ok {
			err := s.game.Clone().ClaimDraw()
			return errorf(http.StatusConflict, "%s", strings.TrimPrefix(err.Error(), "chess: "))
		}
		if err := srv.store.Finish(ctx, s.id, chess.Draw.String(), reason.String()); err != nil {
			return err
		}
		if err := s.game.ClaimDraw(); err != nil {
			return err
		}
		s.redo = nil
		s.changedLocked()
		return nil
	})
}

// updateGame is PATCH /api/games/{id}.
func (srv *Server) updateGame(w http.ResponseWriter, r *http.Request) error {
	var req SettingsRequest
	return srv.change(w, r, &req, true, func(ctx context.Context, s *session) error {
		if req.WhiteLevel != nil {
			if err := checkLevel("whiteLevel", *req.WhiteLevel); err != nil {
				return err
			}
		}
		if req.BlackLevel != nil {
			if err := checkLevel("blackLevel", *req.BlackLevel); err != nil {
				return err
			}
		}
		if req.SpeedMs != nil {
			if err := checkSpeed(*req.SpeedMs); err != nil {
				return err
			}
		}
		st := s.settings(func(st *store.Settings) {
			if req.WhiteLevel != nil {
				st.WhiteLevel = *req.WhiteLevel
			}
			if req.BlackLevel != nil {
				st.BlackLevel = *req.BlackLevel
			}
			if req.SpeedMs != nil {
				st.SpeedMs = *req.SpeedMs
			}
			if req.Paused != nil {
				st.Paused = *req.Paused
			}
		})
		if err := srv.store.UpdateSettings(ctx, s.id, st); err != nil {
			return err
		}
		before := s.levelName(s.toMove())
		pausing := st.Paused && !s.paused
		s.whiteLevel, s.blackLevel, s.speedMs, s.paused = st.WhiteLevel, st.BlackLevel, st.SpeedMs, st.Paused
		if pausing || s.levelName(s.toMove()) != before {
			s.changedLocked() // the running search is obsolete
		} else {
			s.publishLocked()
		}
		return nil
	})
}

// hint is POST /api/games/{id}/hint.
func (srv *Server) hint(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if err := srv.authorizeGame(r); err != nil {
		return err
	}
	s, err := srv.lockGame(r.Context(), id)
	if err != nil {
		return err
	}
	if err := s.errIfOver(); err != nil {
		s.mu.Unlock()
		return err
	}
	if s.hinting {
		s.mu.Unlock()
		return errorf(http.StatusConflict, "a hint for this game is already being computed")
	}
	s.hinting = true
	pos := s.game.Position()
	hashes := s.game.Hashes()
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.hinting = false
		s.mu.Unlock()
	}()

	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stop := context.AfterFunc(srv.ctx, cancel)
	defer stop()
	job := &hintJob{ctx: ctx, result: make(chan engine.Result, 1), params: engine.Params{
		Position: pos,
		History:  hashes[:len(hashes)-1],
		Limits:   engine.Limits{MoveTime: srv.cfg.HintTime},
	}}
	if !srv.pool.submit(job) {
		return errorf(http.StatusServiceUnavailable, "the server is shutting down")
	}
	var res engine.Result
	var ok bool
	select {
	case res, ok = <-job.result:
	case <-ctx.Done():
	}
	if !ok || res.BestMove == chess.NoMove {
		if srv.ctx.Err() != nil {
			return errorf(http.StatusServiceUnavailable, "the server is shutting down")
		}
		return errorf(http.StatusServiceUnavailable, "no hint: the search was cancelled")
	}
	writeJSON(w, http.StatusOK, Hint{
		Move: res.BestMove.String(), SAN: pos.SAN(res.BestMove),
		Score: newScore(res.Score, pos.SideToMove()), Depth: res.Depth,
	})
	return nil
}

// deleteGame is DELETE /api/games/{id}.
func (srv *Server) deleteGame(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if err := srv.authorizeGame(r); err != nil {
		return err
	}
	s, err := srv.lockGame(r.Context(), id)
	if err != nil {
		return err
	}
	if err := srv.store.Delete(r.Context(), id); err != nil {
		s.mu.Unlock()
		return err
	}
	s.gone, s.deleted = true, true
	s.gen++
	if s.cancel != nil {
		s.cancel()
	}
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	data, _ := json.Marshal(struct {
		ID string `json:"id"`
	}{id})
	s.hub.publishDeleted(data)
	s.mu.Unlock()
	srv.forget(id, s) // after unlocking: srv.mu is taken before a session's mu
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// requiredFEN parses fen, a request's required field "fen": a 400 error
// when it is missing or not a position.
func requiredFEN(fen string) (*chess.Position, error) {
	fen = strings.TrimSpace(fen)
	if fen == "" {
		return nil, errorf(http.StatusBadRequest, "missing field fen")
	}
	p, err := chess.ParseFEN(fen)
	if err != nil {
		return nil, errorf(http.StatusBadRequest, "bad FEN: %v", err)
	}
	return p, nil
}

// analyse is POST /api/analyse.
func (srv *Server) analyse(w http.ResponseWriter, r *http.Request) error {
	var req AnalyseRequest
	if err := decodeBody(w, r, &req, true); err != nil {
		return err
	}
	p, err := requiredFEN(req.FEN)
	if err != nil {
		return err
	}
	g := chess.NewGameFromPosition(p)
	a := Analysis{FEN: p.FEN(), Turn: colorName(p.SideToMove()), Legal: []string{}, Check: p.InCheck(),
		Status: "playing", Result: g.Outcome().Result.String()}
	for _, m := range p.LegalMoves() {
		a.Legal = append(a.Legal, m.String())
	}
	if o := g.Outcome(); o.IsOver() {
		a.Status, a.Reason = "over", o.Reason.String()
	}
	writeJSON(w, http.StatusOK, a)
	return nil
}

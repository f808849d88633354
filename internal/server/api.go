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
	"github.com/outpost-chess/outpost/internal/opening"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/sched"
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
	maxListIDs     = 500 // the games GET /api/games?ids= lists at once
)

// apiError is an answer other than success: a status, the reason, and the
// reason's code (codes.go) with its values.
type apiError struct {
	status int
	msg    string
	code   string
	params map[string]any
}

func (e *apiError) Error() string { return e.msg }

// errorf returns an error answer whose code is the status's
// (statusCode).
func errorf(status int, format string, args ...any) error {
	return &apiError{status: status, msg: fmt.Sprintf(format, args...)}
}

// codef returns an error answer with its own code and values.
func codef(status int, code string, params map[string]any, format string, args ...any) error {
	return &apiError{status: status, msg: fmt.Sprintf(format, args...), code: code, params: params}
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
	handle("/api/games", map[string]handlerFunc{"GET": srv.listGames, "POST": srv.limitCreation(srv.createGame)})
	handle("/api/games/{id}", map[string]handlerFunc{"GET": srv.getGame, "PATCH": srv.updateGame, "DELETE": srv.deleteGame})
	handle("/api/games/{id}/pgn", map[string]handlerFunc{"GET": srv.getPGN})
	handle("/api/games/{id}/events", map[string]handlerFunc{"GET": srv.events})
	handle("/api/games/{id}/moves", map[string]handlerFunc{"POST": srv.move})
	handle("/api/games/{id}/takeback", map[string]handlerFunc{"POST": srv.takeback})
	handle("/api/games/{id}/redo", map[string]handlerFunc{"POST": srv.redo})
	handle("/api/games/{id}/resign", map[string]handlerFunc{"POST": srv.resign})
	handle("/api/games/{id}/draw", map[string]handlerFunc{"POST": srv.claimDraw})
	handle("/api/games/{id}/draw/offer", map[string]handlerFunc{"POST": srv.offerDraw})
	handle("/api/games/{id}/draw/accept", map[string]handlerFunc{"POST": srv.acceptDraw})
	handle("/api/games/{id}/draw/decline", map[string]handlerFunc{"POST": srv.declineDraw})
	handle("/api/games/{id}/hint", map[string]handlerFunc{"POST": srv.hint})
	handle("/api/games/{id}/rematch", map[string]handlerFunc{"POST": srv.limitCreation(srv.rematch)})
	handle("/api/analyse", map[string]handlerFunc{"POST": srv.analyse})
	handle("/api/analysis", map[string]handlerFunc{"POST": srv.analysis})
	handle("/api/openings", map[string]handlerFunc{"GET": srv.openings})
	handle("/api/levels", map[string]handlerFunc{"GET": srv.levels})
	srv.boardRoutes(handle)
	srv.learnRoutes(handle)
	srv.puzzleRoutes(handle)
	handle("/api/health", map[string]handlerFunc{"GET": srv.getHealth})
	mux.HandleFunc("/metrics", srv.serveMetrics)
	srv.explainRoutes(handle)
	srv.reviewRoutes(handle)
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
	var re *play.RuleError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &ae):
	case errors.As(err, &re) && re.Illegal:
		ae = ruleError(http.StatusBadRequest, re)
	case errors.As(err, &re):
		ae = ruleError(http.StatusConflict, re)
	case errors.Is(err, store.ErrNotFound):
		ae = &apiError{status: http.StatusNotFound, msg: fmt.Sprintf("unknown game %q", r.PathValue("id")), code: "unknown_game"}
	case errors.Is(err, store.ErrConflict):
		ae = &apiError{status: http.StatusConflict, msg: "the game was changed elsewhere: load it again", code: "changed_elsewhere"}
	case errors.As(err, &mbe):
		ae = &apiError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("request body over %d bytes", MaxBody),
			code: "too_large", params: map[string]any{"bytes": MaxBody}}
	case errors.Is(err, store.ErrDamaged):
		ae = srv.failureAnswer(w, r, err)
	case srv.ctx.Err() != nil:
		ae = &apiError{status: http.StatusServiceUnavailable, msg: "the server is shutting down", code: "shutting_down"}
	case r.Context().Err() != nil:
		ae = &apiError{status: http.StatusServiceUnavailable, msg: "request cancelled", code: "cancelled"}
	default:
		ae = srv.failureAnswer(w, r, err)
	}
	if ae.code == "" {
		ae.code = statusCode(ae.status)
	}
	writeJSON(w, ae.status, errorBody{Error: ae.msg, Code: ae.code, Params: ae.params, RequestID: requestID(w)})
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
// lock the game: a handler reads its body first, then calls withGame.
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
		return codef(http.StatusForbidden, "watch_only", nil, "this game has no player token: it can be watched, not played")
	}
	auth := r.Header.Get("Authorization")
	tok, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok || tok == "" {
		return codef(http.StatusForbidden, "watch_only", nil, "missing player token (Authorization: Bearer <token>)")
	}
	h := sha256.Sum256([]byte(strings.TrimSpace(tok)))
	if subtle.ConstantTimeCompare(h[:], s.tokenHash) != 1 {
		return codef(http.StatusForbidden, "watch_only", nil, "wrong player token")
	}
	return nil
}

// checkPlayer validates a player name.
func checkPlayer(field, v string) error {
	if v != play.KindHuman && v != play.KindAI {
		return errorf(http.StatusBadRequest, "%s must be %q or %q, not %q", field, play.KindHuman, play.KindAI, v)
	}
	return nil
}

// parseLevel reads a level name given in field; a number is a strength
// ("2200"), refused in engine.CheckElo's words.
func parseLevel(field, v string) (engine.Level, error) {
	l, err := engine.ParseLevel(v)
	if err == nil {
		return l, nil
	}
	if v != "" && v[0] >= '0' && v[0] <= '9' {
		return engine.Level{}, eloError(field, v, err)
	}
	return engine.Level{}, codef(http.StatusBadRequest, "unknown_level", map[string]any{"level": v}, "%s: unknown level %q (want 1-8, classic, max, or a number from %d to %d in steps of %d)", field, v, engine.MinElo, engine.MaxElo, engine.EloStep)
}

// eloError is the answer to a strength engine refused with err: its words
// after field.
func eloError(field, v string, err error) error {
	return codef(http.StatusBadRequest, "bad_elo", map[string]any{"elo": v}, "%s: %s", field, strings.TrimPrefix(err.Error(), "engine: "))
}

// aiElo returns the strength an AI player plays at on the scale, or 0 for
// a person or full strength.
func aiElo(p play.Player) int {
	if !p.AI || p.Level.FullStrength() {
		return 0
	}
	return p.Level.Elo
}

func checkSpeed(v int) error {
	if v < 0 || v > maxSpeedMs {
		return errorf(http.StatusBadRequest, "speedMs %d out of range 0..%d", v, maxSpeedMs)
	}
	return nil
}

// newTimeControl reads the clock of a new game: nil is a game without
// clocks.
func newTimeControl(c *ClockRequest) (play.TimeControl, error) {
	if c == nil {
		return play.TimeControl{}, nil
	}
	maxLimit, maxInc := int(play.MaxLimit/time.Second), int(play.MaxIncrement/time.Second)
	switch {
	case c.Limit < 0 || c.Limit > maxLimit:
		return play.TimeControl{}, errorf(http.StatusBadRequest, "clock: limit must be 0 to %d seconds, not %d", maxLimit, c.Limit)
	case c.Increment < 0 || c.Increment > maxInc:
		return play.TimeControl{}, errorf(http.StatusBadRequest, "clock: increment must be 0 to %d seconds, not %d", maxInc, c.Increment)
	case c.Limit == 0 && c.Increment == 0:
		return play.TimeControl{}, errorf(http.StatusBadRequest, "clock: limit and increment cannot both be 0 (leave clock out for a game without clocks)")
	}
	return play.TimeControl{Limit: time.Duration(c.Limit) * time.Second, Increment: time.Duration(c.Increment) * time.Second}, nil
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// newPlayers reads the players of a new game: kinds (default a person
// White against the AI) and the AI's levels (level, or elo, for both unless
// a side's own is given; a person has none).
func newPlayers(req *NewGameRequest) ([2]play.Player, error) {
	var players [2]play.Player
	level := or(req.Level, defaultLevel)
	if req.Elo != nil {
		if req.Level != "" {
			return players, errorf(http.StatusBadRequest, "give the AI's level or its elo, not both")
		}
		if err := engine.CheckElo(*req.Elo); err != nil {
			return players, eloError("elo", strconv.Itoa(*req.Elo), err)
		}
		level = strconv.Itoa(*req.Elo)
	}
	if _, err := parseLevel("level", level); err != nil {
		return players, err
	}
	sides := [2]struct{ name, kind, level string }{
		{"white", or(req.White, play.KindHuman), req.WhiteLevel},
		{"black", or(req.Black, play.KindAI), req.BlackLevel},
	}
	for c, side := range sides {
		if err := checkPlayer(side.name, side.kind); err != nil {
			return players, err
		}
		if side.kind == play.KindHuman {
			if side.level != "" {
				return players, errorf(http.StatusBadRequest, "%sLevel: %s is played by a person, who has no level", side.name, side.name)
			}
			continue
		}
		l, err := parseLevel(side.name+"Level", or(side.level, level))
		if err != nil {
			return players, err
		}
		players[c] = play.AI(l)
	}
	return players, nil
}

// newChessGame reads the start of a new game: the standard position, a
// Chess960 start position, a FEN (a Chess960 one with variant chess960),
// or the moves of a PGN replayed (the game ends only by rule, whatever the
// PGN's result marker said; its Variant tag says whether it is Chess960).
func newChessGame(req *NewGameRequest) (*chess.Game, error) {
	start := chess.StartingPosition()
	var moves []chess.Move
	chess960, err := chess960Request(req)
	switch {
	case err != nil:
		return nil, err
	case req.FEN != "" && req.PGN != "":
		return nil, codef(http.StatusBadRequest, "fen_and_pgn", nil, "give fen or pgn, not both")
	case chess960 && req.FEN == "":
		start, err = newChess960(req.Number)
		if err != nil {
			return nil, err
		}
	case req.FEN != "":
		parse := chess.ParseFEN
		if chess960 {
			parse = chess.ParseFEN960
		}
		p, err := parse(strings.TrimSpace(req.FEN))
		if err != nil {
			return nil, codef(http.StatusBadRequest, "bad_fen", parseErrorParams(err), "bad FEN: %s", plainError(err))
		}
		start = p
	case req.PGN != "":
		games, err := chess.ReadPGN(strings.NewReader(req.PGN))
		if err != nil {
			return nil, codef(http.StatusBadRequest, "bad_pgn", parseErrorParams(err), "bad PGN: %s", plainError(err))
		}
		if len(games) == 0 {
			return nil, codef(http.StatusBadRequest, "pgn_empty", nil, "bad PGN: no game in it")
		}
		start, moves = games[0].StartPosition(), games[0].Moves()
	}
	g := chess.NewGameFromPosition(start)
	for _, m := range moves {
		if err := g.Play(m); err != nil {
			return nil, codef(http.StatusBadRequest, "bad_pgn", parseErrorParams(err), "bad PGN: %s", plainError(err))
		}
	}
	return g, nil
}

// parseErrorParams returns the params of a bad_fen or bad_pgn answer for
// err, a chess package's error: detail, the parser's English; check and
// its values when the rules name the check that failed (chess.ParseError:
// "board_ranks" with n, "illegal_move" with move, …); line and game when
// err is a PGN game's (chess.PGNError), so a page says it in its own
// language.
func parseErrorParams(err error) map[string]any {
	params := map[string]any{"detail": plainError(err)}
	var pe *chess.ParseError
	if errors.As(err, &pe) {
		for k, v := range pe.Values {
			params[k] = v
		}
		params["check"] = pe.Check
	}
	var pg *chess.PGNError
	if errors.As(err, &pg) {
		params["line"], params["game"] = pg.Line, pg.Game
	}
	return params
}

// plainError returns err's text without the package name a Go error
// starts with ("chess: "), for people.
func plainError(err error) string {
	text := err.Error()
	if pkg, rest, ok := strings.Cut(text, ": "); ok && !strings.ContainsAny(pkg, " \"") {
		return rest
	}
	return text
}

// createGame is POST /api/games.
func (srv *Server) createGame(w http.ResponseWriter, r *http.Request) error {
	var req NewGameRequest
	if err := decodeBody(w, r, &req, false); err != nil {
		return err
	}
	return srv.startGame(w, r, &req)
}

// startGame makes the game req asks for and answers 201 with it.
func (srv *Server) startGame(w http.ResponseWriter, r *http.Request, req *NewGameRequest) error {
	players, err := newPlayers(req)
	if err != nil {
		return err
	}
	speed := defaultSpeedMs
	if req.SpeedMs != nil {
		speed = *req.SpeedMs
	}
	if err := checkSpeed(speed); err != nil {
		return err
	}
	tc, err := newTimeControl(req.Clock)
	if err != nil {
		return err
	}
	cg, err := newChessGame(req)
	if err != nil {
		return err
	}
	if err := checkLength(cg); err != nil {
		return err
	}
	tok, hash, err := newToken()
	if err != nil {
		return err
	}
	// A PGN is kept as given: its tags, comments and variations, which the
	// moves alone lose, go out again with the game's PGN.
	keeper := play.NewStoreKeeper(srv.store, store.Game{Source: store.SourceWeb, TokenHash: hash, SpeedMs: speed, ImportPGN: req.PGN}, false)
	g, err := play.New(r.Context(), play.Setup{Game: cg, Players: players, Clock: tc, Paused: req.Paused}, play.Options{Keeper: keeper, Now: srv.now})
	if err != nil {
		return err
	}
	s := &session{
		srv: srv, id: keeper.ID(), source: store.SourceWeb, tokenHash: hash, createdAt: time.Now().UTC(),
		g: g, keeper: keeper, speedMs: speed, lastUsed: time.Now(), owner: srv.clientOf(r),
		published: cg.Moves(), // the answer has them; a stream starts with the whole state
	}
	s.setImport(req.PGN)
	srv.add(s)
	var state []byte
	s.with(func() error {
		s.publishLocked()
		state = s.stateJSONLocked()
		return nil
	})
	writeJSON(w, http.StatusCreated, struct {
		ID    string          `json:"id"`
		Token string          `json:"token"`
		Game  json.RawMessage `json:"game"`
	}{s.id, tok, state})
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
	if v := r.URL.Query().Get("ids"); v != "" {
		opts.IDs = strings.Split(v, ",")
		if len(opts.IDs) > maxListIDs {
			return errorf(http.StatusBadRequest, "ids: %d games, at most %d at once", len(opts.IDs), maxListIDs)
		}
		for _, id := range opts.IDs {
			if !store.ValidID(id) {
				return errorf(http.StatusBadRequest, "ids: %q is not a game id", id)
			}
		}
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
		if tc := (play.TimeControl{Limit: m.TimeLimit, Increment: m.TimeIncrement}); tc.Timed() {
			games[i].Clock = tc.String()
		}
	}
	writeJSON(w, http.StatusOK, struct {
		Games []Summary `json:"games"`
	}{games})
	return nil
}

// getGame is GET /api/games/{id}.
func (srv *Server) getGame(w http.ResponseWriter, r *http.Request) error {
	var state []byte
	if err := srv.withGame(r.Context(), r.PathValue("id"), func(s *session) error {
		state = s.stateJSONLocked()
		return nil
	}); err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, state)
	return nil
}

// getPGN is GET /api/games/{id}/pgn.
func (srv *Server) getPGN(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	var cg *chess.Game
	if err := srv.withGame(r.Context(), id, func(s *session) error {
		players := s.g.Players()
		cg = s.g.PGNGame(s.imported,
			chess.Tag{Name: "Event", Value: "Outpost game"},
			chess.Tag{Name: "Site", Value: "Outpost"},
			chess.Tag{Name: "Date", Value: s.createdAt.Format("2006.01.02")},
			chess.Tag{Name: "White", Value: playerName(players[chess.White])},
			chess.Tag{Name: "Black", Value: playerName(players[chess.Black])},
		)
		return nil
	}); err != nil {
		return err
	}
	pgn := srv.annotate(r.Context(), id, cg).PGN()
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="outpost-%s.pgn"`, id))
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, pgn)
	return nil
}

// playerName names a player in PGN: "Outpost 2200" for a strength by
// number, "Outpost (level 4)" for the other levels.
func playerName(p play.Player) string {
	if p.AI && p.Level.ByNumber() {
		return "Outpost " + p.LevelName()
	}
	if p.AI {
		return fmt.Sprintf("Outpost (level %s)", p.LevelName())
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
	var state []byte
	if err := srv.withGame(r.Context(), r.PathValue("id"), func(s *session) error {
		s.owner = srv.clientOf(r)
		retry := s.retryAILocked()
		err := s.retryStaleLocked(r.Context(), op(r.Context(), s), func() error { return op(r.Context(), s) })
		if retry {
			s.publishLocked() // the AI is due again
		}
		if err == nil {
			state = s.stateJSONLocked()
		}
		return err
	}); err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, state)
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
		n := s.g.Chess().Len()
		if *req.Ply != n && srv.shared != nil {
			// The player may know of a change this server has not
			// heard of yet (made through another): read the game again.
			if err := s.reloadLocked(ctx); err != nil {
				return err
			}
			n = s.g.Chess().Len()
		}
		if *req.Ply != n {
			return codef(http.StatusConflict, "stale_ply", map[string]any{"plies": n, "sent": *req.Ply}, "stale ply: the game has %d plies, not %d", n, *req.Ply)
		}
		err := s.apply(func() error { return s.g.MoveText(ctx, req.Move) })
		var re *play.RuleError
		if errors.As(err, &re) && re.Illegal {
			ae := ruleError(http.StatusBadRequest, re)
			ae.msg = fmt.Sprintf("illegal move %q: %s", req.Move, re.Text)
			return ae
		}
		return err
	})
}

// takeback is POST /api/games/{id}/takeback.
func (srv *Server) takeback(w http.ResponseWriter, r *http.Request) error {
	return srv.change(w, r, nil, false, func(ctx context.Context, s *session) error {
		return s.apply(func() error {
			_, err := s.g.Takeback(ctx)
			return err
		})
	})
}

// redo is POST /api/games/{id}/redo.
func (srv *Server) redo(w http.ResponseWriter, r *http.Request) error {
	return srv.change(w, r, nil, false, func(ctx context.Context, s *session) error {
		return s.apply(func() error {
			_, err := s.g.Redo(ctx)
			return err
		})
	})
}

// side returns the side a request speaks for: color when given, else the
// game's Speaker (answer: for an answer to a draw offer).
func (s *session) side(color string, answer bool) (chess.Color, error) {
	switch color {
	case "white":
		return chess.White, nil
	case "black":
		return chess.Black, nil
	case "":
		if c, ok := s.g.Speaker(answer); ok {
			return c, nil
		}
		return chess.White, errorf(http.StatusBadRequest, "missing field color: both players are AIs")
	}
	return chess.White, errorf(http.StatusBadRequest, "color must be \"white\" or \"black\", not %q", color)
}

// resign is POST /api/games/{id}/resign.
func (srv *Server) resign(w http.ResponseWriter, r *http.Request) error {
	var req SideRequest
	return srv.change(w, r, &req, false, func(ctx context.Context, s *session) error {
		loser, err := s.side(req.Color, false)
		if err != nil {
			return err
		}
		return s.apply(func() error { return s.g.Resign(ctx, loser) })
	})
}

// claimDraw is POST /api/games/{id}/draw.
func (srv *Server) claimDraw(w http.ResponseWriter, r *http.Request) error {
	return srv.change(w, r, nil, false, func(ctx context.Context, s *session) error {
		return s.apply(func() error { return s.g.ClaimDraw(ctx) })
	})
}

// updateGame is PATCH /api/games/{id}.
func (srv *Server) updateGame(w http.ResponseWriter, r *http.Request) error {
	var req SettingsRequest
	return srv.change(w, r, &req, true, func(ctx context.Context, s *session) error {
		players := s.g.Players()
		var levels [2]*play.Player
		for c, v := range [2]*string{req.WhiteLevel, req.BlackLevel} {
			if v == nil {
				continue
			}
			name := chess.Color(c).String()
			l, err := parseLevel(name+"Level", *v)
			if err != nil {
				return err
			}
			if !players[c].AI {
				return errorf(http.StatusBadRequest, "%sLevel: %s is played by a person, who has no level", name, name)
			}
			p := play.AI(l)
			levels[c] = &p
		}
		if req.SpeedMs != nil {
			if err := checkSpeed(*req.SpeedMs); err != nil {
				return err
			}
			if err := srv.store.SetSpeed(ctx, s.id, *req.SpeedMs); err != nil {
				return err
			}
			s.speedMs = *req.SpeedMs
		}
		v := s.g.Version()
		err := s.apply(func() error {
			for c, p := range levels {
				if p != nil {
					if err := s.g.SetLevel(ctx, chess.Color(c), *p); err != nil {
						return err
					}
				}
			}
			if req.Paused != nil {
				return s.g.SetPaused(ctx, *req.Paused)
			}
			return nil
		})
		if err == nil && s.g.Version() == v {
			s.publishLocked() // the speed, or nothing, changed
		}
		return err
	})
}

// search runs a search of params for a request about game s at revision
// rev (a hint, a draw judgement) and waits for its result: on the worker
// pool, or on a shared database by the workers (see searchShared).
func (srv *Server) search(ctx context.Context, who client, s *session, rev int64, params engine.Params) (engine.Result, error) {
	if srv.shared != nil {
		return srv.searchShared(ctx, s, rev, params.Position, params.Limits)
	}
	return srv.searchOnPool(ctx, who, sched.Hint, params)
}

// hint is POST /api/games/{id}/hint.
func (srv *Server) hint(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if err := srv.authorizeGame(r); err != nil {
		return err
	}
	var s *session
	var pos *chess.Position
	var hashes []uint64
	var rev int64
	if err := srv.withGame(r.Context(), id, func(gs *session) error {
		if gs.g.Over() {
			o := gs.g.Outcome()
			return codef(http.StatusConflict, "game_over", map[string]any{"result": o.Result.String(), "reason": o.Reason.String()}, "the game is over (%v)", o)
		}
		if gs.hinting {
			return codef(http.StatusConflict, "hint_busy", nil, "a hint for this game is already being computed")
		}
		gs.hinting = true
		s, pos, hashes, rev = gs, gs.g.Chess().Position(), gs.g.Chess().Hashes(), gs.rev()
		return nil
	}); err != nil {
		return err
	}
	defer s.with(func() error { s.hinting = false; return nil })
	res, err := srv.search(r.Context(), srv.clientOf(r), s, rev, engine.Params{
		Position: pos,
		History:  hashes[:len(hashes)-1],
		Limits:   engine.Limits{MoveTime: srv.cfg.HintTime},
	})
	if err != nil {
		return err
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
	var s *session
	if err := srv.withGame(r.Context(), id, func(gs *session) error {
		if err := srv.store.Delete(r.Context(), id); err != nil {
			return err
		}
		gs.deletedLocked()
		s = gs
		return nil
	}); err != nil {
		return err
	}
	srv.forget(id, s) // after unlocking: srv.mu is taken before a session's mu
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// requiredFEN parses fen, a request's required field "fen" (standard or
// Chess960: see readFEN): a 400 error when it is missing or not a position.
func requiredFEN(fen string) (*chess.Position, error) {
	fen = strings.TrimSpace(fen)
	if fen == "" {
		return nil, errorf(http.StatusBadRequest, "missing field fen")
	}
	p, err := readFEN(fen)
	if err != nil {
		return nil, codef(http.StatusBadRequest, "bad_fen", parseErrorParams(err), "bad FEN: %v", err)
	}
	return p, nil
}

// analyse is POST /api/analyse.
func (srv *Server) analyse(w http.ResponseWriter, r *http.Request) error {
	var req AnalyseRequest
	if err := decodeBody(w, r, &req, true); err != nil {
		return err
	}
	start, err := requiredFEN(req.FEN)
	if err != nil {
		return err
	}
	if len(req.Moves) > maxAnalysisMoves {
		return errorf(http.StatusBadRequest, "%d moves: at most %d", len(req.Moves), maxAnalysisMoves)
	}
	g := chess.NewGameFromPosition(start)
	var moves []MoveInfo
	for i, mv := range req.Moves {
		p := g.Position()
		m, err := p.ParseMove(strings.TrimSpace(mv))
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return illegalMove(&lineError{fmt.Sprintf("move %d %q", i+1, mv), err})
		}
		moves = append(moves, MoveInfo{UCI: p.UCI(m), SAN: p.SAN(m), FEN: g.Position().FEN()})
	}
	p := g.Position()
	a := Analysis{FEN: p.FEN(), Turn: p.SideToMove().String(), Legal: []string{}, Check: p.InCheck(),
		Status: "playing", Result: g.Outcome().Result.String(), Moves: moves}
	for _, m := range p.LegalMoves() {
		a.Legal = append(a.Legal, p.UCI(m))
	}
	if o := g.Outcome(); o.IsOver() {
		a.Status, a.Reason = "over", o.Reason.String()
	}
	if o, ok := opening.LichessBook().Lookup(p); ok && !p.Chess960() {
		a.Opening = &o
	}
	writeJSON(w, http.StatusOK, a)
	return nil
}

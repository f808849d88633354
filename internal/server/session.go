package server

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/store"
)

// session is a game in memory: the chess.Game rebuilt from the store, its
// settings, and the machinery around it (its AI search, its event
// subscribers). Every change takes mu, checks with chess, commits to the
// store, and only then changes the fields, so memory never runs ahead of
// the store.
type session struct {
	srv *Server
	// Set at load, never changed.
	id        string
	source    string
	tokenHash []byte
	createdAt time.Time
	cached    bool // kept in srv.sessions (web games); others are loaded per request

	mu sync.Mutex
	// The fields below are guarded by mu.
	game                   *chess.Game
	moves                  []MoveInfo // the moves of game, with SAN and FEN
	white, black           string     // store.Human or store.AI
	whiteLevel, blackLevel string
	speedMs                int
	paused                 bool
	redo                   []chess.Move // moves taken back, to redo, oldest first
	gone                   bool         // deleted or evicted: look the game up again
	deleted                bool         // deleted: the game no longer exists
	// gen counts the changes that make a search of this game obsolete
	// (a move, takeback, level change, pause, end, deletion); a search
	// that ends with another gen than it started with is discarded.
	gen uint64
	// queued is set while the game has an AI move in the pool's queue or
	// waiting for its speed delay (timer), and cleared by the worker that
	// takes it, so the game is in the queue at most once.
	queued  bool
	timer   *time.Timer        // the speed delay before the next AI move, or nil
	cancel  context.CancelFunc // cancels the running search, or nil when none runs
	hinting bool               // a hint search is queued or running
	state   []byte             // the marshalled GameState, nil when stale
	// lastUsed is when the session was last looked up, for eviction.
	lastUsed time.Time
	// owner is the client the AI's searches are charged to in the pool:
	// the player who last changed the game (serverClient until one does).
	owner client

	// hub delivers events to the game's subscribers; it has its own lock.
	hub hub
}

// loadSession rebuilds a game from its stored record: the moves are
// replayed with chess (an illegal stored move is an error), and the stored
// result is restored, or, when the moves ended the game by rule but the
// result was not stored (a crash between the two writes), stored now (for
// web games; the server does not write the terminal's).
func (srv *Server) loadSession(ctx context.Context, rec store.Game) (*session, error) {
	start, err := chess.ParseFEN(rec.StartFEN)
	if err != nil {
		return nil, fmt.Errorf("game %s: stored start position: %w", rec.ID, err)
	}
	g := chess.NewGameFromPosition(start)
	s := &session{
		srv: srv, id: rec.ID, source: rec.Source, tokenHash: rec.TokenHash, createdAt: rec.CreatedAt,
		game: g, white: rec.White, black: rec.Black, whiteLevel: rec.WhiteLevel, blackLevel: rec.BlackLevel,
		speedMs: rec.SpeedMs, paused: rec.Paused, lastUsed: time.Now(), owner: serverClient,
	}
	for i, uci := range rec.Moves {
		m, err := g.Position().ParseUCI(uci)
		if err == nil {
			err = s.playLocked(m)
		}
		if err != nil {
			return nil, fmt.Errorf("game %s: stored move %d %q: %w", rec.ID, i+1, uci, err)
		}
	}
	if err := restoreOutcome(g, rec.Result, rec.Reason); err != nil {
		return nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	if o := g.Outcome(); o.IsOver() && rec.Result == "*" && rec.Source == store.SourceWeb {
		if err := srv.store.Finish(ctx, rec.ID, o.Result.String(), o.Reason.String()); err != nil {
			srv.logf("game %s: storing its result: %v", rec.ID, err)
		}
	}
	return s, nil
}

// restoreOutcome applies a stored result that the moves do not imply
// (resignation, a claimed draw) to g.
func restoreOutcome(g *chess.Game, result, reason string) error {
	if result == "*" || result == "" || g.Outcome().IsOver() {
		return nil
	}
	r, err := chess.ParseResult(result)
	if err != nil {
		return err
	}
	switch {
	case reason == chess.Resignation.String() && r == chess.WhiteWins:
		return g.Resign(chess.Black)
	case reason == chess.Resignation.String() && r == chess.BlackWins:
		return g.Resign(chess.White)
	case reason == chess.ThreefoldRepetition.String() || reason == chess.FiftyMoveRule.String():
		if err := g.ClaimDraw(); err == nil {
			return nil
		}
	case reason == chess.DrawAgreement.String():
		return g.AgreeDraw()
	}
	return g.Adjudicate(r)
}

// playLocked plays m (legal) on the game and records it in moves.
func (s *session) playLocked(m chess.Move) error {
	before := s.game.Position()
	if err := s.game.Play(m); err != nil {
		return err
	}
	s.moves = append(s.moves, MoveInfo{UCI: m.String(), SAN: before.SAN(m), FEN: s.game.Position().FEN()})
	return nil
}

// undoLocked takes back n moves and returns them, oldest first.
func (s *session) undoLocked(n int) []chess.Move {
	undone := make([]chess.Move, n)
	for i := n - 1; i >= 0; i-- {
		undone[i], _ = s.game.Undo()
	}
	s.moves = s.moves[:len(s.moves)-n]
	return undone
}

// player returns who plays c: store.Human or store.AI.
func (s *session) player(c chess.Color) string {
	if c == chess.White {
		return s.white
	}
	return s.black
}

// levelName returns the level of the AI playing c.
func (s *session) levelName(c chess.Color) string {
	if c == chess.White {
		return s.whiteLevel
	}
	return s.blackLevel
}

// toMove returns the side to move.
func (s *session) toMove() chess.Color { return s.game.Position().SideToMove() }

// over reports whether the game has ended.
func (s *session) over() bool { return s.game.Outcome().IsOver() }

// aiDueLocked reports whether the AI should be thinking: the game is on,
// the AI is to move, and it is not paused.
func (s *session) aiDueLocked() bool {
	return !s.gone && !s.over() && !s.paused && s.player(s.toMove()) == store.AI
}

// changedLocked records a change that makes a running search obsolete (a
// move, a takeback, the end of the game, a new level for the side to move, a
// pause): it cancels the search and publishes the change.
func (s *session) changedLocked() {
	s.gen++
	if s.cancel != nil {
		s.cancel()
	}
	s.publishLocked()
}

// publishLocked publishes the new state to subscribers (under mu, so they
// see states in order) and queues the AI if it is to move.
func (s *session) publishLocked() {
	s.state = nil
	s.hub.publishState(s.stateJSONLocked())
	s.scheduleLocked(0)
}

// scheduleLocked queues the game's AI move, after delay, when the AI is due
// and no move of it is queued or running.
func (s *session) scheduleLocked(delay time.Duration) {
	if !s.aiDueLocked() || s.queued || s.cancel != nil || !s.cached {
		return
	}
	s.queued = true
	if delay <= 0 {
		if !s.srv.pool.submit(s.owner, &moveJob{s: s}) {
			s.queued = false
		}
		return
	}
	s.timer = time.AfterFunc(delay, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.timer = nil
		if !s.srv.pool.submit(s.owner, &moveJob{s: s}) {
			s.queued = false
		}
	})
}

// stateJSONLocked returns the marshalled GameState, built once per change.
func (s *session) stateJSONLocked() []byte {
	if s.state == nil {
		b, err := json.Marshal(s.stateLocked())
		if err != nil {
			panic(err) // GameState always marshals
		}
		s.state = b
	}
	return s.state
}

// stateLocked returns the game as the API shows it.
func (s *session) stateLocked() GameState {
	pos := s.game.Position()
	o := s.game.Outcome()
	st := GameState{
		ID: s.id, Source: s.source,
		FEN: pos.FEN(), StartFEN: s.game.StartPosition().FEN(),
		Moves: s.moves, Plies: len(s.moves),
		Turn:  colorName(pos.SideToMove()),
		White: s.white, Black: s.black, WhiteLevel: s.whiteLevel, BlackLevel: s.blackLevel,
		Dests:  map[string][]string{},
		Check:  pos.InCheck(),
		Status: "playing", Result: o.Result.String(),
		Thinking: s.cached && s.aiDueLocked(), Paused: s.paused, SpeedMs: s.speedMs,
		CanRedo: len(s.redo) > 0,
	}
	if st.Moves == nil {
		st.Moves = []MoveInfo{}
	}
	if o.IsOver() {
		st.Status = "over"
		if o.Reason != chess.NoReason {
			st.Reason = o.Reason.String()
		}
	} else {
		for _, m := range pos.LegalMoves() {
			from, to := m.From().String(), m.To().String()
			d := st.Dests[from]
			if len(d) == 0 || d[len(d)-1] != to {
				st.Dests[from] = append(d, to)
			}
		}
	}
	if r, ok := s.game.ClaimableDraw(); ok {
		st.ClaimableDraw = r.String()
	}
	if n := len(s.moves); n > 0 {
		uci := s.moves[n-1].UCI
		st.LastMove = []string{uci[0:2], uci[2:4]}
	}
	return st
}

func colorName(c chess.Color) string {
	if c == chess.White {
		return "white"
	}
	return "black"
}

// moveJob is a game's AI move, run by a worker.
type moveJob struct {
	s    *session
	stop context.CancelFunc // ends the search early (see preempt); guarded by s.mu
}

// run searches the game's position, if the AI is still due, and plays the
// move found, unless the game changed meanwhile.
func (j *moveJob) run(eng *engine.Engine) {
	s := j.s
	srv := s.srv
	s.mu.Lock()
	s.queued = false
	if !s.aiDueLocked() || srv.ctx.Err() != nil {
		s.mu.Unlock()
		return
	}
	side := s.toMove()
	level, err := engine.ParseLevel(s.levelName(side))
	if err != nil {
		level = engine.Level{} // a stored level this version does not know: full strength
	}
	pos := s.game.Position()
	hashes := s.game.Hashes()
	ply, gen := s.game.Len(), s.gen
	ctx, cancel := context.WithCancel(srv.ctx)
	s.cancel, j.stop = cancel, cancel
	s.mu.Unlock()

	t := thinkingThrottle{s: s, gen: gen, pos: pos, ply: ply, every: srv.cfg.ThinkingInterval}
	res := eng.Search(ctx, engine.Params{
		Position: pos,
		History:  hashes[:len(hashes)-1],
		Limits:   engine.Limits{MoveTime: srv.cfg.MoveTime},
		Level:    level,
		Progress: t.progress,
	})
	t.flush()

	s.mu.Lock()
	defer s.mu.Unlock()
	cancel()
	s.cancel = nil
	if s.gen != gen || srv.ctx.Err() != nil || res.BestMove == chess.NoMove {
		// Obsolete (or shutting down): the change that bumped gen has
		// published its state; queue the AI again if it is still due.
		s.scheduleLocked(0)
		return
	}
	uci := res.BestMove.String()
	if err := srv.store.AppendMoves(srv.ctx, s.id, ply, []string{uci}); err != nil {
		if srv.ctx.Err() == nil {
			srv.logf("game %s: storing the AI move %s: %v (trying again in a second)", s.id, uci, err)
			s.scheduleLocked(time.Second)
		}
		return
	}
	if err := s.playLocked(res.BestMove); err != nil {
		// The engine returned an illegal move: a bug. The store has it;
		// reloading the game will report it.
		srv.logf("game %s: the AI move %s: %v", s.id, uci, err)
		return
	}
	s.redo = nil
	s.finishIfOverLocked(srv.ctx)
	s.gen++
	s.state = nil
	s.hub.publishMove(s.stateJSONLocked())
	// Between two AIs, the next move waits speedMs.
	delay := time.Duration(0)
	if s.white == store.AI && s.black == store.AI {
		delay = time.Duration(s.speedMs) * time.Millisecond
	}
	s.scheduleLocked(delay)
}

// finishIfOverLocked stores the result of a game the last move ended by
// rule. A failure is only logged: loading the game finds the end again.
func (s *session) finishIfOverLocked(ctx context.Context) {
	if o := s.game.Outcome(); o.IsOver() {
		if err := s.srv.store.Finish(ctx, s.id, o.Result.String(), o.Reason.String()); err != nil {
			s.srv.logf("game %s: storing its result: %v", s.id, err)
		}
	}
}

// thinkingThrottle turns a search's progress into thinking events, at most
// one per interval (the newest wins; flush sends the last one held back).
type thinkingThrottle struct {
	s       *session
	gen     uint64
	pos     *chess.Position
	ply     int // the plies played before pos
	every   time.Duration
	last    time.Time
	pending *engine.Info
}

func (t *thinkingThrottle) progress(info engine.Info) {
	if info.MultiPV > 1 {
		return // weakened levels search several lines; show the best
	}
	if now := time.Now(); now.Sub(t.last) >= t.every {
		t.last = now
		t.pending = nil
		t.send(info)
		return
	}
	info.PV = append([]chess.Move(nil), info.PV...)
	t.pending = &info
}

func (t *thinkingThrottle) flush() {
	if t.pending != nil {
		t.send(*t.pending)
		t.pending = nil
	}
}

// send publishes info, unless the game changed since the search began.
func (t *thinkingThrottle) send(info engine.Info) {
	b, err := json.Marshal(newThinking(t.pos, t.ply, info))
	if err != nil {
		return
	}
	t.s.mu.Lock()
	defer t.s.mu.Unlock()
	if t.s.gen == t.gen {
		t.s.hub.publishThinking(b)
	}
}

// newThinking converts a search's progress from pos, the position after ply
// plies, for the API: the score from White's point of view, the PV in SAN
// and UCI.
func newThinking(pos *chess.Position, ply int, info engine.Info) Thinking {
	th := Thinking{
		Ply: ply, Depth: info.Depth, SelDepth: info.SelDepth, Score: newScore(info.Score, pos.SideToMove()),
		Nodes: info.Nodes, NPS: info.NPS, TimeMs: info.Time.Milliseconds(),
		PV: pos.SANMoves(info.PV), PVUCI: []string{},
	}
	for _, m := range info.PV[:len(th.PV)] {
		th.PVUCI = append(th.PVUCI, m.String())
	}
	return th
}

// newScore returns sc (from the side to move's point of view) from White's.
func newScore(sc engine.Score, toMove chess.Color) Score {
	sign := 1
	if toMove == chess.Black {
		sign = -1
	}
	if sc.IsMate() {
		m := sign * sc.MateMoves()
		return Score{Mate: &m}
	}
	cp := sign * int(sc)
	return Score{CP: &cp}
}

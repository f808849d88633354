package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/opening"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/progress"
	"github.com/outpost-chess/outpost/internal/sched"
	"github.com/outpost-chess/outpost/internal/store"
)

// session is a game in memory: the play.Game rebuilt from the store (which
// applies the rules and keeps every change before making it), and the
// machinery around it: its AI search, its clock's flag timer, its event
// subscribers.
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
	g       *play.Game
	keeper  *play.StoreKeeper // g's keeper (nil for a game read per request)
	speedMs int
	gone    bool // deleted or evicted: look the game up again
	deleted bool // deleted: the game no longer exists
	// queued is set while the game has an AI move in the pool's queue or
	// waiting for its speed delay (timer), and cleared by the worker that
	// takes it, so the game is in the queue at most once.
	queued    bool
	timer     *time.Timer        // the speed delay before the next AI move, or nil
	flagTimer *time.Timer        // fires when the running clock's time is up, or nil
	cancel    context.CancelFunc // cancels the running search, or nil when none runs
	hinting   bool               // a hint search is queued or running
	judging   bool               // a search judging a draw offer is queued or running
	// published is the moves of the last state published: the next is
	// sent as the moves that differ (see publishWithLocked).
	published []chess.Move
	// lastUsed is when the session was last looked up, for eviction.
	lastUsed time.Time
	// owner is the client the AI's searches are charged to in the pool:
	// the player who last changed the game (serverClient until one does).
	owner client
	// aiFailures counts the AI's moves in a row that could not be kept
	// (the store failing); after maxAIAttempts the AI stops trying and
	// aiError says why, until the player changes the game (see
	// retryAILocked).
	aiFailures int
	aiError    string
	// imported is the game the PGN it was imported from holds (its tags,
	// comments and glyphs), or nil; importPGN is that PGN as given.
	imported  *chess.Game
	importPGN string

	// hub delivers events to the game's subscribers; it has its own lock.
	hub hub
}

// loadSession rebuilds a game from its stored record with package play (an
// illegal stored move or an unknown level is an error).
func (srv *Server) loadSession(ctx context.Context, rec store.Game) (*session, error) {
	g, keeper, err := srv.restore(ctx, rec)
	if err != nil {
		return nil, err
	}
	s := &session{
		srv: srv, id: rec.ID, source: rec.Source, tokenHash: rec.TokenHash, createdAt: rec.CreatedAt,
		g: g, keeper: keeper, speedMs: rec.SpeedMs, lastUsed: time.Now(), owner: serverClient,
	}
	s.published = g.Chess().Moves()
	s.setImport(rec.ImportPGN)
	return s, nil
}

// setImport keeps the PGN a game was imported from, read (a PGN the store
// holds was read once already; one that no longer reads is left out).
func (s *session) setImport(pgn string) {
	if pgn == "" {
		return
	}
	if games, err := chess.ReadPGN(strings.NewReader(pgn)); err == nil && len(games) > 0 {
		s.imported, s.importPGN = games[0], pgn
	}
}

// restore rebuilds the play.Game of a stored game, with a keeper for a web
// game, which this server plays. On a server of its own, a web game gets
// its clock started again: the time the server was down is charged to
// nobody. On a shared database the clock runs on: other servers went on
// with the game meanwhile.
func (srv *Server) restore(ctx context.Context, rec store.Game) (*play.Game, *play.StoreKeeper, error) {
	r, err := play.RecordOf(rec)
	if err != nil {
		return nil, nil, err
	}
	var keeper *play.StoreKeeper
	opts := play.Options{Now: srv.now}
	if rec.Source == store.SourceWeb {
		keeper = play.NewStoreKeeper(srv.store, rec, false)
		opts.Keeper = keeper
	}
	g, err := play.Restore(r, opts)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	if rec.Source == store.SourceWeb && srv.shared == nil {
		if err := g.Resume(ctx); err != nil {
			return nil, nil, fmt.Errorf("game %s: starting its clock: %w", rec.ID, err)
		}
	}
	return g, keeper, nil
}

// with runs f with s locked.
func (s *session) with(f func() error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return f()
}

// rev returns the revision of the stored game that s holds (-1 when it is
// not kept by s).
func (s *session) rev() int64 {
	if s.keeper == nil {
		return -1
	}
	return s.keeper.Rev()
}

// reloadLocked reads the game again from the store, after another server
// changed it, and publishes its state: the AI's move as a move (after the
// search's last thinking event), anything else as a new state.
func (s *session) reloadLocked(ctx context.Context) error {
	rec, err := s.srv.store.Get(ctx, s.id)
	if err != nil {
		return err
	}
	g, keeper, err := s.srv.restore(ctx, rec)
	if err != nil {
		return unplayable(err)
	}
	before := s.g.Chess().Len()
	aiMoved := g.Chess().Len() == before+1 && g.Players()[g.Chess().PositionAt(before).SideToMove()].AI
	if s.cancel != nil {
		s.cancel()
	}
	s.g, s.keeper, s.speedMs = g, keeper, rec.SpeedMs
	if aiMoved {
		s.publishWithLocked(s.hub.publishMove, 0)
	} else {
		s.publishLocked()
	}
	return nil
}

// deletedLocked marks s deleted, stops its search and timers, and tells
// its event streams.
func (s *session) deletedLocked() {
	s.gone, s.deleted = true, true
	if s.cancel != nil {
		s.cancel()
	}
	s.stopTimersLocked()
	data, _ := json.Marshal(struct {
		ID string `json:"id"`
	}{s.id})
	s.hub.publishDeleted(data)
}

// aiDueLocked reports whether the AI should be thinking: the game is on,
// the AI is to move, it is not paused, the game is still there, and the AI
// has not given up keeping its move.
func (s *session) aiDueLocked() bool { return !s.gone && s.aiError == "" && s.g.AIDue() }

// maxAIAttempts is how many times the AI tries to keep a move it found
// before it gives up and the game shows why.
const maxAIAttempts = 3

// retryAILocked lets the AI try again after it gave up (a change by the
// player, who may have fixed the cause): it reports whether it had.
func (s *session) retryAILocked() bool {
	gaveUp := s.aiError != ""
	s.aiError, s.aiFailures = "", 0
	return gaveUp
}

// clockRunsLocked reports whether the game's clock runs: the game must stay
// in memory for its flag to fall on time.
func (s *session) clockRunsLocked() bool {
	_, ok := s.g.FlagIn()
	return ok
}

// apply runs op, a change to the game, and publishes what it changed: a
// change to the game (a new version) cancels a running search, publishes
// the state, and queues the AI and the flag timer as needed. Even a refused
// op may have changed the game: a change that finds the time up ends the
// game on time first.
func (s *session) apply(op func() error) error {
	v := s.g.Version()
	err := op()
	if s.g.Version() != v {
		s.changedLocked()
	}
	return err
}

// changedLocked records a change that makes a running search obsolete (a
// move, a takeback, the end of the game, a new level, a pause): it cancels
// the search and publishes the change.
func (s *session) changedLocked() {
	if s.cancel != nil {
		s.cancel()
	}
	s.publishLocked()
}

// publishLocked publishes the new state to subscribers (under mu, so they
// see states in order), queues the AI if it is to move, and sets the flag
// timer.
func (s *session) publishLocked() { s.publishWithLocked(s.hub.publishState, 0) }

// publishWithLocked is publishLocked with the hub's way of sending the
// state (send) and the delay before the AI's next move. The state sent
// holds only the moves that differ from the last one published (from the
// first that differs: movesFrom), so that its size, and the memory the
// event streams keep, do not grow with the game's length.
func (s *session) publishWithLocked(send func(state []byte), delay time.Duration) {
	moves := s.g.Chess().Moves()
	from := commonPrefix(s.published, moves)
	s.published = moves
	send(s.marshalLocked(from))
	s.scheduleLocked(delay)
	s.scheduleFlagLocked()
}

// commonPrefix returns how many moves a and b share from the start.
func commonPrefix(a, b []chess.Move) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// scheduleLocked queues the game's AI move, after delay, when the AI is due
// and no move of it is queued or running.
// On a shared database the change that made the AI due queued its search
// in the database: nothing to do here.
func (s *session) scheduleLocked(delay time.Duration) {
	if s.srv.shared != nil || !s.aiDueLocked() || s.queued || s.cancel != nil || !s.cached {
		return
	}
	s.queued = true
	if delay <= 0 {
		s.submitMoveLocked()
		return
	}
	s.timer = time.AfterFunc(delay, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.timer = nil
		s.submitMoveLocked()
	})
}

// submitMoveLocked queues the AI's move on the scheduler: a clocked
// game's first of all (see sched).
func (s *session) submitMoveLocked() {
	kind := sched.Move
	if s.g.TimeControl().Timed() {
		kind = sched.ClockedMove
	}
	if !s.srv.pool.Submit(sched.Client(s.owner), &moveJob{s: s, kind: kind, queued: time.Now()}) {
		s.queued = false
	}
}

// scheduleFlagLocked sets the flag timer to when the running clock's time
// is up, so that the game ends on time with no request arriving.
func (s *session) scheduleFlagLocked() {
	if s.flagTimer != nil {
		s.flagTimer.Stop()
		s.flagTimer = nil
	}
	left, ok := s.g.FlagIn()
	if !ok || !s.cached || s.gone {
		return
	}
	s.flagTimer = time.AfterFunc(max(left, 0)+time.Millisecond, s.flagTimeUp)
}

// flagTimeUp is the flag timer: it ends the game on time, or sets the
// timer again when the time is not quite up (or keeping failed).
func (s *session) flagTimeUp() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flagTimer = nil
	if s.gone || s.srv.ctx.Err() != nil {
		return
	}
	err := s.apply(func() error {
		_, err := s.g.CheckFlag(s.srv.ctx)
		return err
	})
	if errors.Is(err, store.ErrConflict) && s.srv.shared != nil {
		// Another server changed the game (perhaps ended it on time):
		// read it again, which sets the timer anew.
		err = s.reloadLocked(s.srv.ctx)
	}
	if err != nil {
		s.srv.logf("game %s: ending it on time: %v (trying again in a second)", s.id, err)
		s.flagTimer = time.AfterFunc(time.Second, s.flagTimeUp)
		return
	}
	if s.flagTimer == nil {
		s.scheduleFlagLocked()
	}
}

// stopTimersLocked stops the speed delay and the flag timer.
func (s *session) stopTimersLocked() {
	for _, t := range []**time.Timer{&s.timer, &s.flagTimer} {
		if *t != nil {
			(*t).Stop()
			*t = nil
		}
	}
}

// suspend stops the game's timers and its clock, for the server's
// shutdown: the time used so far is kept. On a shared database the clock
// runs on: other servers go on with the game.
func (s *session) suspend() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stopTimersLocked()
	if s.cached && !s.gone && s.srv.shared == nil {
		if err := s.g.Suspend(context.Background()); err != nil {
			s.srv.logf("game %s: stopping its clock: %v", s.id, err)
		}
	}
}

// stateJSONLocked returns the marshalled GameState, with every move. It
// is built at each call, from the game: the server keeps no copy of a
// game's history besides the game's own.
func (s *session) stateJSONLocked() []byte { return s.marshalLocked(0) }

// marshalLocked returns the marshalled GameState with the moves after the
// first from.
func (s *session) marshalLocked(from int) []byte {
	b, err := json.Marshal(s.stateLocked(from))
	if err != nil {
		panic(err) // GameState always marshals
	}
	return b
}

// stateLocked returns the game as the API shows it, with the moves after
// the first from (0: every move).
func (s *session) stateLocked(from int) GameState {
	g := s.g
	cg := g.Chess()
	pos := cg.Position()
	o := cg.Outcome()
	players := g.Players()
	moves := cg.Moves()
	st := GameState{
		ID: s.id, Source: s.source,
		FEN: pos.FEN(), StartFEN: cg.StartPosition().FEN(),
		Moves: make([]MoveInfo, 0, len(moves)-from), MovesFrom: from, Plies: len(moves),
		Turn:  pos.SideToMove().String(),
		White: players[chess.White].Kind(), Black: players[chess.Black].Kind(),
		WhiteLevel: players[chess.White].LevelName(), BlackLevel: players[chess.Black].LevelName(),
		WhiteElo: aiElo(players[chess.White]), BlackElo: aiElo(players[chess.Black]),
		Dests:  map[string][]string{},
		Check:  pos.InCheck(),
		Status: "playing", Result: o.Result.String(),
		Thinking: s.cached && s.aiDueLocked(), Paused: g.Paused(), SpeedMs: s.speedMs,
		CanRedo: g.CanRedo(), CanTakeback: g.CanTakeback(),
		Clock: newClockInfo(g.Clock()), AIError: s.aiError,
	}
	switch {
	case !players[chess.White].AI:
		st.Elo = st.BlackElo
	case !players[chess.Black].AI, st.WhiteElo == st.BlackElo:
		st.Elo = st.WhiteElo
	}
	if from < len(moves) {
		p := cg.PositionAt(from) // then the moves replayed: one pass over the history
		for _, m := range moves[from:] {
			san, uci := p.SAN(m), p.UCI(m)
			p.MakeMove(m)
			st.Moves = append(st.Moves, MoveInfo{UCI: uci, SAN: san, FEN: p.FEN()})
		}
	}
	if s.imported != nil {
		st.Import = s.importInfo(cg)
	}
	if c, ok := g.DrawOffer(); ok {
		st.DrawOffer = c.String()
	}
	if o.IsOver() {
		st.Status = "over"
		if o.Reason != chess.NoReason {
			st.Reason = o.Reason.String()
		}
	} else {
		st.Dests = dests(pos)
	}
	if r, ok := cg.ClaimableDraw(); ok {
		st.ClaimableDraw = r.String()
	}
	if n := len(moves); n > 0 {
		uci := cg.PositionAt(n - 1).UCI(moves[n-1])
		st.LastMove = []string{uci[0:2], uci[2:4]}
	}
	start := cg.StartPosition()
	st.Variant, st.Number = play.VariantName(start), -1
	if n, ok := start.Chess960Number(); ok {
		st.Number = n
	} else if m := opening.LichessBook().Find(cg); m.Named() && !start.Chess960() {
		st.Opening = &m
	}
	return st
}

// dests returns the squares each piece of pos can move to, for a board
// that lets a player drag: a castling king's destination and, in Chess960,
// its rook's square too (dropping the king on its rook castles, as on
// lichess; ParseUCI reads both), but not a destination one file away or
// where the king stands, which would read as an ordinary king move.
func dests(pos *chess.Position) map[string][]string {
	d := map[string][]string{}
	add := func(from, to string) {
		if !slices.Contains(d[from], to) {
			d[from] = append(d[from], to)
		}
	}
	for _, m := range pos.LegalMoves() {
		from, to := m.From().String(), m.To().String()
		if !m.IsCastle() || !pos.Chess960() {
			add(from, to)
			continue
		}
		if df := int(m.To().File()) - int(m.From().File()); df >= 2 || df <= -2 {
			add(from, to)
		}
		add(from, pos.UCI(m)[2:4])
	}
	return d
}

// newClockInfo returns the clocks for the API, or nil for a game without.
func newClockInfo(c play.ClockState) *ClockInfo {
	if !c.TimeControl.Timed() {
		return nil
	}
	info := &ClockInfo{
		Limit:     int(c.TimeControl.Limit / time.Second),
		Increment: int(c.TimeControl.Increment / time.Second),
		White:     c.Remaining[chess.White].Milliseconds(),
		Black:     c.Remaining[chess.Black].Milliseconds(),
	}
	if c.Running {
		info.Running = c.ToMove.String()
	}
	return info
}

// moveJob is a game's AI move, run by the scheduler.
type moveJob struct {
	s      *session
	kind   sched.Kind // ClockedMove or Move
	queued time.Time  // when it was submitted
}

func (j *moveJob) Kind() sched.Kind { return j.kind }

// Run searches the game's position, if the AI is still due, and plays the
// move found, unless the game changed meanwhile. When runCtx ends first
// (the scheduler cut the search short), it plays the best move found so
// far.
func (j *moveJob) Run(runCtx context.Context, eng *engine.Engine) (again bool) {
	j.run(runCtx, eng)
	return false
}

func (j *moveJob) run(runCtx context.Context, eng *engine.Engine) {
	s := j.s
	srv := s.srv
	ctx, cancel := context.WithCancel(runCtx)
	defer context.AfterFunc(srv.ctx, cancel)()
	var params engine.Params
	var version uint64
	var ply int
	if s.with(func() error {
		s.queued = false
		var due bool
		if params, version, due = s.g.AISearch(srv.cfg.MoveTime); !due || !s.aiDueLocked() || srv.ctx.Err() != nil {
			return play.ErrAINotDue
		}
		ply = s.g.Chess().Len()
		s.cancel = cancel
		return nil
	}) != nil {
		cancel()
		return
	}

	t := progress.Throttle{Every: srv.cfg.ThinkingInterval, Send: s.publishThinking(version, params.Position, ply)}
	params.Progress = t.Progress
	start := time.Now()
	srv.searchWait.Observe(start.Sub(j.queued))
	res := eng.Search(ctx, params)
	srv.searchTime.Observe(time.Since(start))
	t.Flush()

	s.mu.Lock()
	defer s.mu.Unlock()
	cancel()
	s.cancel = nil
	if s.gone || srv.ctx.Err() != nil || res.BestMove == chess.NoMove || s.g.Version() != version {
		// Obsolete (or shutting down): the change has published its
		// state; queue the AI again if it is still due.
		s.scheduleLocked(0)
		return
	}
	err := s.g.PlayAI(srv.ctx, version, res.BestMove)
	if s.g.Version() == version {
		// Not played, and nothing changed: keeping failed. Try again a
		// few times, then give up and say so in the game.
		if srv.ctx.Err() != nil {
			return
		}
		if s.aiFailures++; s.aiFailures < maxAIAttempts {
			srv.logf("game %s: the AI move %s: %v (attempt %d of %d; trying again in a second)", s.id, res.BestMove, err, s.aiFailures, maxAIAttempts)
			s.scheduleLocked(time.Second)
			return
		}
		srv.logf("game %s: the AI move %s: %v (attempt %d of %d; giving up)", s.id, res.BestMove, err, s.aiFailures, maxAIAttempts)
		s.aiError = fmt.Sprintf("The AI's move could not be saved (%s), so the AI stopped trying. "+
			"Try again once the server's database is fixed: any change to the game does.", failureText(err))
		s.publishLocked()
		return
	}
	s.aiFailures = 0
	if err != nil {
		// The AI's time ran out first: the game ended on time.
		s.publishLocked()
		return
	}
	// The search's last thinking event goes before the move's state (see
	// hub.publishMove). Between two AIs without clocks, the next move
	// waits speedMs (on a clock, the clocks set the pace).
	delay := time.Duration(0)
	if players := s.g.Players(); players[chess.White].AI && players[chess.Black].AI && !s.g.TimeControl().Timed() {
		delay = time.Duration(s.speedMs) * time.Millisecond
	}
	s.publishWithLocked(s.hub.publishMove, delay)
}

// publishThinking returns the function that publishes a search's progress
// from pos, the position after ply plies, as thinking events, unless the
// game changed since version.
func (s *session) publishThinking(version uint64, pos *chess.Position, ply int) func(engine.Info) {
	return func(info engine.Info) {
		b, err := json.Marshal(newThinking(pos, ply, info))
		if err != nil {
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if !s.gone && s.g.Version() == version {
			s.hub.publishThinking(b)
		}
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
	p := *pos
	for _, m := range info.PV[:len(th.PV)] {
		th.PVUCI = append(th.PVUCI, p.UCI(m))
		p.MakeMove(m)
	}
	return th
}

// newScore returns sc (from the side to move's point of view) from White's.
func newScore(sc engine.Score, toMove chess.Color) Score {
	w := sc.White(toMove)
	if w.IsMate() {
		m := w.MateMoves()
		return Score{Mate: &m}
	}
	cp := int(w)
	return Score{CP: &cp}
}

// importInfo describes the PGN the game was imported from: its tags, how
// many comments and variations it had, and the comments of the moves the
// game still shares with it (a few: sent whole in every state).
func (s *session) importInfo(cg *chess.Game) *ImportInfo {
	imp := s.imported
	info := &ImportInfo{Tags: map[string]string{}, Variations: imp.VariationCount(), Comments: map[int]string{}}
	for _, t := range imp.Tags() {
		if strings.Trim(t.Value, "?.- ") == "" {
			continue // PGN's way of saying unknown: "?", "????.??.??", "-"
		}
		switch t.Name {
		case "Event", "Site", "Date", "Round", "White", "Black", "WhiteElo", "BlackElo", "ECO", "Opening", "Variation", "TimeControl", "Annotator":
			info.Tags[t.Name] = t.Value
		}
	}
	for ply := 0; ply <= imp.Len(); ply++ {
		if imp.Comment(ply) != "" {
			info.CommentCount++
		}
	}
	shared := play.SharedPlies(cg, imp)
	for ply := 0; ply <= shared; ply++ {
		if c := imp.Comment(ply); c != "" {
			info.Comments[ply] = c
		}
		if ply == 0 {
			continue
		}
		if n := nagNumbers(imp.NAGs(ply)); n != nil {
			if info.NAGs == nil {
				info.NAGs = map[int][]int{}
			}
			info.NAGs[ply] = n
		}
		if vs := importLines(imp.Variations(ply)); vs != nil {
			if info.Lines == nil {
				info.Lines = map[int][]ImportLine{}
			}
			info.Lines[ply] = vs
		}
	}
	return info
}

// importLines turns variations into ImportLines (nil for none): each
// move with its glyphs, comment and nested variations.
func importLines(vs []*chess.Game) []ImportLine {
	if len(vs) == 0 {
		return nil
	}
	out := make([]ImportLine, len(vs))
	for i, v := range vs {
		sans := v.SANMoves()
		moves := make([]ImportMove, len(sans))
		for j, san := range sans {
			moves[j] = ImportMove{SAN: san, NAGs: nagNumbers(v.NAGs(j + 1)), Comment: v.Comment(j + 1), Lines: importLines(v.Variations(j + 1))}
		}
		out[i] = ImportLine{Moves: moves}
	}
	return out
}

// nagNumbers returns the NAGs' numbers (nil for none).
func nagNumbers(nags []chess.NAG) []int {
	if len(nags) == 0 {
		return nil
	}
	out := make([]int, len(nags))
	for i, n := range nags {
		out[i] = int(n)
	}
	return out
}

package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/worker"
)

// A server on a shared database (PostgreSQL) is one of many: any of them
// serves any game, and the AI's searches run on workers anywhere (this
// server's own, with --workers, or `outpost worker`). What changes:
//
//   - Games in memory are a cache. A change is kept at the revision the
//     server last read (the store refuses it when another server changed
//     the game since); refused so, the game is read again and the change
//     tried once more on it, where its own checks apply (a move at a ply
//     already played is refused as stale).
//   - Every change is notified by the database (store.ChannelGame): a
//     server holding the game reads it again and sends the new state to
//     its event streams. A worker's progress arrives the same way
//     (store.ChannelThinking).
//   - The AI's searches are rows of the database's queue, queued by the
//     change that makes the AI due; hints and draw judgements are analysis
//     searches, whose result the server waits for (store.ChannelSearch).
//   - Clocks run on the database's time (store.Postgres.Now), and are
//     never stopped at a shutdown or started again at a load: another
//     server goes on with the game meanwhile.
//   - A flag falls wherever the game is: besides its own flag timers, the
//     server sweeps the games whose clock's deadline has passed, its own
//     or not, as every worker does (worker.SweepFlags; its worker's when
//     it has engines). One of the two saves wins, the other is refused.

// sharedStore is what a server on a shared database needs besides Store:
// the queue its worker consumes (worker.Queue), and the asking for
// analyses and the queue's figures (store's searches.go). A PostgreSQL
// store has it.
type sharedStore interface {
	Store
	worker.Queue
	QueueAnalysis(ctx context.Context, id string, rev int64, limits string) (int64, error)
	AnalysisResult(ctx context.Context, id int64) (string, bool, error)
	QueueStats(ctx context.Context) (store.QueueStats, error)
}

// shared is the machinery of a server on a shared database.
type shared struct {
	st     sharedStore
	worker *worker.Worker // this server's engines, or nil (--workers 0)
	done   chan struct{}  // closed when the worker (or, without one, the sweep of flags) has stopped
	stop   func()         // stops listening

	mu sync.Mutex
	// waiting holds, by search id, the channel an analysis waits on.
	// Guarded by mu.
	waiting map[int64]chan struct{}
}

// startShared listens to the database's notifications and starts this
// server's worker, when it has engines, or else the sweep of flags that a
// worker runs.
func (srv *Server) startShared(st sharedStore, engines []*engine.Engine) error {
	sh := &shared{st: st, waiting: map[int64]chan struct{}{}, done: make(chan struct{})}
	stop, err := st.Listen(srv.ctx, []string{store.ChannelGame, store.ChannelThinking, store.ChannelSearch}, srv.notified)
	if err != nil {
		return fmt.Errorf("server: %w", err)
	}
	sh.stop = stop
	srv.shared = sh
	if len(engines) == 0 {
		go func() {
			defer close(sh.done)
			worker.SweepFlags(srv.ctx, st, worker.FlagSweep, srv.logf)
		}()
		return nil
	}
	w, err := worker.New(worker.Config{
		Store: st, Engines: engines, MoveTime: srv.cfg.MoveTime, ThinkingInterval: srv.cfg.ThinkingInterval,
		Lease: srv.cfg.Lease, Logf: srv.cfg.Logf, OnStart: onStart(srv.cfg.Nice), // as the scheduler's engines
	})
	if err != nil {
		stop()
		return err
	}
	sh.worker = w
	go func() {
		defer close(sh.done)
		if err := w.Run(srv.ctx); err != nil {
			srv.logf("worker: %v", err)
		}
	}()
	return nil
}

// closeShared stops listening and waits for the worker, whose searches go
// back to the queue, or the sweep of flags (srv.ctx is cancelled first).
func (sh *shared) close() {
	<-sh.done
	sh.stop()
}

// cachedSession returns game id if it is in memory.
func (srv *Server) cachedSession(id string) *session {
	srv.mu.Lock()
	e, ok := srv.sessions[id]
	srv.mu.Unlock()
	if !ok {
		return nil
	}
	select {
	case <-e.ready:
		return e.s
	default:
		return nil // being loaded: the load reads the current state
	}
}

// notified handles a notification of the shared database.
func (srv *Server) notified(n store.Notification) {
	switch {
	case n.Lost:
		srv.mu.Lock()
		var ids []string
		for id := range srv.sessions {
			ids = append(ids, id)
		}
		srv.mu.Unlock()
		for _, id := range ids {
			go srv.refresh(id, -1, false)
		}
		srv.shared.wakeAll()
	case n.Channel == store.ChannelGame:
		id, rev, deleted, err := worker.ParseGameNotification(n.Payload)
		if err == nil && srv.cachedSession(id) != nil {
			go srv.refresh(id, rev, deleted)
		}
	case n.Channel == store.ChannelThinking:
		srv.thinking(n.Payload)
	case n.Channel == store.ChannelSearch:
		var id int64
		if _, err := fmt.Sscan(n.Payload, &id); err == nil {
			srv.shared.wake(id)
		}
	}
}

// refresh brings game id in memory up to date after another program
// changed it: to revision rev (-1: whatever is stored), or gone.
func (srv *Server) refresh(id string, rev int64, deleted bool) {
	s := srv.cachedSession(id)
	if s == nil {
		return
	}
	s.mu.Lock()
	if s.gone || (rev >= 0 && rev <= s.rev()) {
		s.mu.Unlock()
		return
	}
	if deleted {
		s.deletedLocked()
		s.mu.Unlock()
		srv.forget(id, s)
		return
	}
	err := s.reloadLocked(srv.ctx)
	s.mu.Unlock()
	if errors.Is(err, store.ErrNotFound) {
		srv.refresh(id, -1, true)
	} else if err != nil && srv.ctx.Err() == nil {
		srv.logf("game %s: reading it after a change elsewhere: %v", id, err)
	}
}

// retryStaleLocked is what a change does with err, its outcome, on a
// shared database: when the store refused it (another server changed the
// game since this one read it) or the rules did (this server's copy may
// lack a change made through another: a draw offer, a takeback to redo),
// it reads the game again and runs again, once, where its own checks
// apply. Elsewhere, and after any other outcome, it returns err.
func (s *session) retryStaleLocked(ctx context.Context, err error, again func() error) error {
	var re *play.RuleError
	if s.srv.shared == nil || !(errors.Is(err, store.ErrConflict) || errors.As(err, &re)) {
		return err
	}
	if rerr := s.reloadLocked(ctx); rerr != nil {
		return rerr
	}
	return again()
}

// thinking publishes a worker's progress to the event streams of its game,
// when the game is in memory at the revision searched.
func (srv *Server) thinking(payload string) {
	id, rev, p, err := worker.ParseProgress(payload)
	if err != nil {
		return
	}
	s := srv.cachedSession(id)
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gone || s.rev() != rev || !s.aiDueLocked() {
		return
	}
	pos := s.g.Chess().Position()
	b, err := json.Marshal(newThinking(pos, s.g.Chess().Len(), p.Info(pos)))
	if err == nil {
		s.hub.publishThinking(b)
	}
}

// analysisWait bounds the wait for a hint or a draw judgement from the
// workers: past it, they are all busy or none runs.
const analysisWait = 30 * time.Second

// searchShared has the workers search game s at revision rev within
// limits (a hint, a draw judgement) and waits for the result. It fails
// when the request is cancelled, the game changes meanwhile, or no worker
// answers within analysisWait.
func (srv *Server) searchShared(ctx context.Context, s *session, rev int64, pos *chess.Position, limits engine.Limits) (engine.Result, error) {
	sh := srv.shared
	ctx, cancel := context.WithTimeout(ctx, analysisWait)
	defer cancel()
	stop := context.AfterFunc(srv.ctx, cancel)
	defer stop()
	id, err := sh.st.QueueAnalysis(ctx, s.id, rev, worker.LimitsOf(limits))
	if err != nil {
		return engine.Result{}, err
	}
	wake := make(chan struct{}, 1)
	sh.mu.Lock()
	sh.waiting[id] = wake
	sh.mu.Unlock()
	defer func() {
		sh.mu.Lock()
		delete(sh.waiting, id)
		sh.mu.Unlock()
		drop, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := sh.st.DropSearch(drop, id); err != nil {
			srv.logf("game %s: %v", s.id, err)
		}
	}()
	poll := time.NewTicker(time.Second) // in case a notification is lost
	defer poll.Stop()
	for {
		result, done, err := sh.st.AnalysisResult(ctx, id)
		switch {
		case errors.Is(err, store.ErrNotFound):
			return engine.Result{}, codef(http.StatusConflict, "changed", nil, "the game changed while Outpost was thinking")
		case err != nil && ctx.Err() == nil:
			return engine.Result{}, err
		case done:
			a, err := worker.ParseAnalysis(result)
			if err != nil {
				return engine.Result{}, err
			}
			return a.Result(pos)
		}
		select {
		case <-wake:
		case <-poll.C:
		case <-ctx.Done():
			switch {
			case srv.ctx.Err() != nil:
				return engine.Result{}, codef(http.StatusServiceUnavailable, "shutting_down", nil, "the server is shutting down")
			case errors.Is(ctx.Err(), context.DeadlineExceeded):
				return engine.Result{}, errorf(http.StatusServiceUnavailable,
					"no engine answered within %v: the workers are all busy, or none is running", analysisWait)
			}
			return engine.Result{}, codef(http.StatusServiceUnavailable, "cancelled", nil, "the search was cancelled")
		}
	}
}

// wake wakes the wait for analysis id.
func (sh *shared) wake(id int64) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if c, ok := sh.waiting[id]; ok {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

// wakeAll wakes every wait for an analysis (notifications were lost).
func (sh *shared) wakeAll() {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	for _, c := range sh.waiting {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

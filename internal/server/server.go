// Package server is Outpost's web app on the server side: the JSON HTTP API
// and server-sent events of docs/server.md, the games in memory, the pool
// of engines that plays the AI's moves, and the embedded front end.
//
// The server is authoritative and a thin adapter to package play, which
// holds the rules of play: a handler decodes the request, calls the game's
// play.Game (which keeps the change in the store before it makes it), and
// answers with the result. All engine work (the AI's moves, hints, reviews,
// live analysis, the explorer) is a job of a kind on one sched.Scheduler,
// which runs it on a fixed set of engines: a clocked game's move first, long
// analyses yielding to games' moves, the clients served in turn (see
// package sched; a search a request waits for goes through
// sched.Scheduler.Search, as the terminal game's do). A game is in its queue
// at most once, and HTTP goroutines never search. A game's clock ends it on time by a timer, with no request.
// The server works on SQLite (one process) or on PostgreSQL, shared with
// other servers and workers (shared.go; the AI's moves then wait in the
// database's queue, see package worker).
//
// Files: server.go (Server, configuration, the games in memory, restart),
// api.go (the HTTP handlers), puzzles.go (the Puzzles page), draw.go (draw offers), types.go (the JSON
// shapes), session.go (one game in memory, its AI move and flag timer),
// pool.go (the searches a request waits for, the explorer's jobs), events.go (server-sent
// events),
// review.go (a game's review, run in the background on the workers),
// analysis.go (the analysis board's live analysis), openings.go (the
// named openings),
// guard.go (the checks and headers of every request), client.go (who a
// client is, for the limits), listen.go (the HTTP server's timeouts and the
// connections per client).
package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/netip"
	"runtime"
	"sync"
	"time"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/metrics"
	"github.com/outpost-chess/outpost/internal/review"
	"github.com/outpost-chess/outpost/internal/sched"
	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/web"
)

// Store is what the server needs from the game store; *store.SQLite is the
// implementation (see package store for the contracts).
type Store interface {
	CreateGame(ctx context.Context, g *store.Game) error
	Save(ctx context.Context, g *store.Game) error
	SetSpeed(ctx context.Context, id string, ms int) error
	Get(ctx context.Context, id string) (store.Game, error)
	List(ctx context.Context, opts store.ListOptions) ([]store.Summary, error)
	Delete(ctx context.Context, id string) error
	SaveReview(ctx context.Context, r *store.Review) error
	GetReview(ctx context.Context, id string) (store.Review, error)
	PlayerPuzzleRating(ctx context.Context, player string) (store.PuzzleRating, bool, error)
	PuzzleRating(ctx context.Context, id string) (store.PuzzleRating, bool, error)
	SavePuzzleAttempt(ctx context.Context, a *store.PuzzleAttempt) error
	PuzzleAttempts(ctx context.Context, player string, limit int) ([]store.PuzzleAttempt, error)
	Ping(ctx context.Context) error
}

// Config configures a Server. Only Store is required.
type Config struct {
	// Store is the game database. A shared one (PostgreSQL's) makes
	// the server one of many on it (see shared.go).
	Store Store
	// Workers is the searches at once (default runtime.NumCPU()); -1 runs
	// no engine, for a server on a shared database whose searches run on
	// workers elsewhere (outpost worker).
	Workers int
	// Lease is how long a search of a shared database stays held by its
	// worker without renewal (default 5s, see package worker).
	Lease  time.Duration
	HashMB int    // hash table per worker, MiB (default engine.DefaultHashMB)
	Seed   uint64 // when not 0, worker i's engine is seeded Seed+i (reproducible play)

	// MoveTime is the longest an AI thinks over one move (default 1s);
	// levels with a smaller time, depth or node cap stop earlier.
	MoveTime time.Duration
	// HintTime is how long a hint searches (default 300ms).
	HintTime time.Duration
	// ReviewNodes is the node budget of each position of a review
	// (default review.DefaultNodes); MaxReviews the reviews running at
	// once (default 4), beyond which a request for another is refused.
	ReviewNodes uint64
	MaxReviews  int
	// KeepAlive is the interval of keep-alive comments on event streams
	// (default 15s).
	KeepAlive time.Duration
	// ThinkingInterval is the least time between two thinking events of a
	// search (default 100ms).
	ThinkingInterval time.Duration
	// Nice, when positive, runs each worker on a thread of its own with
	// this lower priority (Linux), so that when the cores are busy the
	// kernel serves HTTP before searches. Give the process more Ps than
	// cores (GOMAXPROCS = cores + Workers) for it to take effect: then a
	// search never holds the P an HTTP goroutine waits for.
	Nice int
	// IdleEvict is how long a game stays in memory unused, with no event
	// stream and no AI move due (default 10 minutes).
	IdleEvict time.Duration

	// ReadTimeout bounds the reading of a request, its body included
	// (default 30s); WriteTimeout the writing of an answer (default 60s);
	// IdleTimeout how long a kept-alive connection waits for its next
	// request (default 2 minutes). Event streams are exempt from the first
	// two (see HTTPServer).
	ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// GamesPerMinute is how many games one client may create a minute
	// (default 20; < 0: no limit).
	GamesPerMinute int
	// PGNPerMinute is how many PGN texts one client may have read or
	// written a minute by the analysis board's POST /api/pgn/read and
	// /api/pgn/write (default 60; < 0: no limit).
	PGNPerMinute int
	// Hosts are the names, besides IP addresses and localhost, that the
	// server answers to in the Host header (a defence against DNS
	// rebinding); "*" allows any.
	Hosts []string
	// ExplainNodes is the node budget of each search of the explorer
	// (default 500,000): a tree that passes it is refused in words.
	ExplainNodes uint64
	// ExplainMemory bounds, in bytes, what the explorer's trees kept for
	// browsing hold together (default 64 MiB): past it the least
	// recently used are forgotten (see explaincache.go).
	ExplainMemory int64
	// MaxConnsPerClient caps the connections open at once from one client
	// (default 64; see client.go for what a client is).
	MaxConnsPerClient int
	// TrustedProxies are the reverse proxies whose X-Forwarded-For names
	// the client (none by default).
	TrustedProxies []netip.Prefix

	// Static is the front end served at "/" (default web/dist).
	Static fs.FS
	// Logf, if set, receives the server's log lines (store failures).
	Logf func(format string, args ...any)
}

// Server is the web app. Make it with New, serve its HTTPServer on its
// Listener, and Close it after the HTTP server has shut down.
type Server struct {
	cfg     Config
	store   Store
	watch   *storeWatch // store, watched for /api/health (storewatch.go)
	pool    *sched.Scheduler
	handler http.Handler

	// ctx is cancelled by Close: it stops every search.
	ctx    context.Context
	stop   context.CancelFunc
	closed sync.Once
	// streamsDone is closed by CloseStreams: event streams return.
	streamsDone chan struct{}
	streamsOnce sync.Once
	// background counts the goroutines Close waits for (the janitor, the
	// reviews).
	background sync.WaitGroup
	// reviews are the reviews running and the streams listening for them.
	reviews *reviewer
	// live holds each client's live analysis.
	live *analyses

	// searchWait and searchTime are the AI's searches' waits for an
	// engine and run times (a server of its own: a shared database's
	// worker has its own), for /metrics.
	searchWait, searchTime *metrics.Histogram
	// shared is set on a shared database (see shared.go).
	shared *shared
	// now is the clocks' time: the database's on a shared one.
	now func() time.Time
	// creations limits the games a client creates, pgnWork the PGN it has
	// read and written (nil: no limit).
	creations, pgnWork *rateLimiter
	// crossOrigin refuses state-changing requests from other sites.
	crossOrigin *http.CrossOriginProtection

	mu sync.Mutex
	// sessions holds the web games in memory, by id. Guarded by mu. An
	// entry is ready once its load has finished (see lookup).
	sessions map[string]*entry
}

// entry is a game being loaded or loaded.
type entry struct {
	ready chan struct{} // closed when s and err are set
	s     *session
	err   error
}

// New returns a server with its workers started, and resumes the
// unfinished web games that go on by themselves: it queues their loading
// on the workers, which then queue the moves of the unpaused AIs to move
// and start the clocks (the time the server was down, or the game waited
// to be loaded, is charged to nobody). A damaged database does not stop it: the
// games that cannot be read are logged, answered with an error, and cost
// nothing else.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no store")
	}
	sh, isShared := cfg.Store.(sharedStore)
	switch {
	case cfg.Workers < 0 && !isShared:
		return nil, errors.New("server: no engine (Workers -1) needs a shared database, whose workers search")
	case cfg.Workers < 0:
		cfg.Workers = 0
	case cfg.Workers == 0:
		cfg.Workers = runtime.NumCPU()
	}
	if err := cfg.setDefaults(); err != nil {
		return nil, err
	}
	engines := make([]*engine.Engine, cfg.Workers)
	for i := range engines {
		seed := cfg.Seed
		if seed != 0 {
			seed += uint64(i)
		}
		engines[i] = engine.New(engine.Options{HashMB: cfg.HashMB, Seed: seed})
	}
	ctx, stop := context.WithCancel(context.Background())
	watch := &storeWatch{Store: cfg.Store}
	srv := &Server{
		cfg: cfg, store: watch, watch: watch,
		ctx: ctx, stop: stop, now: time.Now,
		searchWait: metrics.NewHistogram(metrics.LatencyBuckets), searchTime: metrics.NewHistogram(metrics.LatencyBuckets),
		streamsDone: make(chan struct{}),
		sessions:    map[string]*entry{},
		reviews:     &reviewer{running: map[string]*reviewRun{}, feeds: map[string]*reviewFeed{}, clients: map[client]int{}},
		live:        &analyses{running: map[client]*liveAnalysis{}},
		crossOrigin: http.NewCrossOriginProtection(),
	}
	if cfg.GamesPerMinute > 0 {
		srv.creations = newRateLimiter(cfg.GamesPerMinute)
	}
	if cfg.PGNPerMinute > 0 {
		srv.pgnWork = newRateLimiter(cfg.PGNPerMinute)
	}
	if isShared {
		// The engines work for the database's queue. The pool runs
		// only the explorer's searches (which use no engine of their
		// own), on as many slots, one at least.
		srv.now = sh.Now
		slots := make([]*engine.Engine, max(1, len(engines)))
		for i := range slots {
			slots[i] = engine.New(engine.Options{HashMB: 1})
		}
		srv.pool = sched.New(slots, onStart(cfg.Nice))
		if err := srv.startShared(sh, engines); err != nil {
			stop()
			return nil, err
		}
	} else {
		srv.pool = sched.New(engines, onStart(cfg.Nice))
	}
	srv.handler = srv.guard(srv.routes())
	srv.background.Add(1)
	go srv.janitor()
	if !isShared {
		// On a shared database the AI's searches wait in its queue, and
		// the clocks run on.
		srv.resume()
	}
	return srv, nil
}

// setDefaults gives the zero fields of cfg their defaults (see Config).
func (cfg *Config) setDefaults() error {
	if cfg.HashMB <= 0 {
		cfg.HashMB = engine.DefaultHashMB
	}
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = time.Second
	}
	if cfg.HintTime <= 0 {
		cfg.HintTime = 300 * time.Millisecond
	}
	if cfg.ReviewNodes == 0 {
		cfg.ReviewNodes = review.DefaultNodes
	}
	if cfg.MaxReviews <= 0 {
		cfg.MaxReviews = 4
	}
	if cfg.KeepAlive <= 0 {
		cfg.KeepAlive = 15 * time.Second
	}
	if cfg.ThinkingInterval <= 0 {
		cfg.ThinkingInterval = 100 * time.Millisecond
	}
	if cfg.ReadTimeout <= 0 {
		cfg.ReadTimeout = defaultReadTimeout
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = defaultWriteTimeout
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = defaultIdleTimeout
	}
	if cfg.GamesPerMinute == 0 {
		cfg.GamesPerMinute = defaultGamesPerMinute
	}
	if cfg.PGNPerMinute == 0 {
		cfg.PGNPerMinute = defaultPGNPerMinute
	}
	if cfg.ExplainNodes == 0 {
		cfg.ExplainNodes = defaultExplainNodes
	}
	if cfg.MaxConnsPerClient <= 0 {
		cfg.MaxConnsPerClient = defaultMaxConnsPerClient
	}
	if cfg.IdleEvict <= 0 {
		cfg.IdleEvict = 10 * time.Minute
	}
	if cfg.Static == nil {
		dist, err := fs.Sub(web.Dist, "dist")
		if err != nil {
			return fmt.Errorf("server: front end: %w", err)
		}
		cfg.Static = dist
	}
	return nil
}

// resume queues the loading of the unfinished web games that have an AI
// player or a clock, so that the AI goes on thinking and the clock
// running. It loads none itself: each game is loaded by a job of the worker
// pool, as the server's own client, when a worker takes it, so that a
// restart with many such games starts at once and spreads their loading
// (and their memory) over the workers' time. A game that cannot be listed
// or loaded is logged and left alone: it is answered with an error when
// asked for.
func (srv *Server) resume() {
	list, err := srv.store.List(srv.ctx, store.ListOptions{Source: store.SourceWeb, Unfinished: true})
	if err != nil {
		// With a DamageError, list holds the games that could be read.
		srv.logf("listing the unfinished games to resume: %v", err)
	}
	for _, m := range list {
		if m.White != store.AI && m.Black != store.AI && m.TimeLimit == 0 && m.TimeIncrement == 0 {
			continue
		}
		srv.pool.Submit(sched.Client(serverClient), &resumeJob{srv: srv, id: m.ID})
	}
}

// resumeJob loads an unfinished game at a restart and queues its AI move
// and its flag timer (see resume).
type resumeJob struct {
	srv *Server
	id  string
}

// Kind is a move's: loading the game queues its AI's move.
func (*resumeJob) Kind() sched.Kind { return sched.Move }

func (j *resumeJob) Run(context.Context, *engine.Engine) (again bool) {
	s, err := j.srv.lookup(j.srv.ctx, j.id)
	if err != nil {
		if j.srv.ctx.Err() == nil {
			j.srv.logf("game %s: %v", j.id, err)
		}
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.scheduleLocked(0)
	s.scheduleFlagLocked()
	return false
}

// Handler returns the HTTP handler: the API under /api/ and the front end.
func (srv *Server) Handler() http.Handler { return srv.handler }

// CloseStreams ends the open event streams, so that an HTTP server's
// Shutdown need not wait for them. Register it with
// http.Server.RegisterOnShutdown.
func (srv *Server) CloseStreams() {
	srv.streamsOnce.Do(func() { close(srv.streamsDone) })
}

// Close cancels the searches, stops the workers and waits for them, and
// stops the games' clocks (keeping the time used so far: the time until
// the next start is charged to nobody). Moves found by cancelled searches
// are not played: after a restart the AI thinks again. Close does not
// close the store.
func (srv *Server) Close() {
	srv.closed.Do(func() {
		srv.CloseStreams()
		srv.stop()
		srv.pool.Close()
		if srv.shared != nil {
			srv.shared.close()
		}
		srv.mu.Lock()
		for _, e := range srv.sessions {
			select {
			case <-e.ready:
				if e.s != nil {
					e.s.suspend()
				}
			default:
			}
		}
		srv.mu.Unlock()
		srv.background.Wait()
	})
}

func (srv *Server) logf(format string, args ...any) {
	if srv.cfg.Logf != nil {
		srv.cfg.Logf(format, args...)
	}
}

// lookup returns the game id: from memory, or loaded from the store (web
// games are then kept in memory; others, which another program may be
// changing, are loaded afresh each time). It returns store.ErrNotFound for
// an unknown game.
func (srv *Server) lookup(ctx context.Context, id string) (*session, error) {
	if !store.ValidID(id) {
		return nil, store.ErrNotFound
	}
	srv.mu.Lock()
	e, ok := srv.sessions[id]
	if !ok {
		e = &entry{ready: make(chan struct{})}
		srv.sessions[id] = e
	}
	srv.mu.Unlock()
	if ok {
		select {
		case <-e.ready:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if e.err != nil {
			return nil, e.err
		}
		e.s.with(func() error { e.s.lastUsed = time.Now(); return nil })
		return e.s, nil
	}

	// Load it. The load must not depend on the context of the request
	// that happens to come first, since others may be waiting for it.
	rec, err := srv.store.Get(context.WithoutCancel(ctx), id)
	var s *session
	if err == nil {
		s, err = srv.loadSession(context.WithoutCancel(ctx), rec)
		if err != nil {
			// Stored moves that do not replay: the row is damaged.
			err = unplayable(err)
		}
	}
	srv.mu.Lock()
	if err != nil || rec.Source != store.SourceWeb {
		delete(srv.sessions, id)
	}
	srv.mu.Unlock()
	if err == nil && rec.Source == store.SourceWeb {
		s.cached = true
	}
	e.s, e.err = s, err
	close(e.ready)
	return s, err
}

// add puts a new game in memory.
func (srv *Server) add(s *session) {
	s.cached = true
	e := &entry{ready: make(chan struct{}), s: s}
	close(e.ready)
	srv.mu.Lock()
	srv.sessions[s.id] = e
	srv.mu.Unlock()
}

// forget removes game id from memory, if s is what is there.
func (srv *Server) forget(id string, s *session) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if e, ok := srv.sessions[id]; ok && e.s == s {
		delete(srv.sessions, id)
	}
}

// withGame looks up game id and runs f with it locked: the one way a
// request holds a game (f's own code is the "Locked" methods of session;
// s.with locks a session again later, for a request that waited for a
// search meanwhile). It returns f's error, or the lookup's.
func (srv *Server) withGame(ctx context.Context, id string, f func(s *session) error) error {
	s, err := srv.lockGame(ctx, id)
	if err != nil {
		return err
	}
	defer s.mu.Unlock()
	return f(s)
}

// lockGame looks up game id and locks it. It retries when the game was
// evicted between the two. The caller unlocks s.mu.
func (srv *Server) lockGame(ctx context.Context, id string) (*session, error) {
	for {
		s, err := srv.lookup(ctx, id)
		if err != nil {
			return nil, err
		}
		s.mu.Lock()
		if !s.gone {
			return s, nil
		}
		deleted := s.deleted
		s.mu.Unlock()
		if deleted {
			return nil, store.ErrNotFound
		}
	}
}

// janitor evicts idle games from memory, and forgets the clients whose
// rate limit has recovered, every minute until Close.
func (srv *Server) janitor() {
	defer srv.background.Done()
	tick := time.NewTicker(time.Minute)
	defer tick.Stop()
	for {
		select {
		case <-srv.ctx.Done():
			return
		case now := <-tick.C:
			srv.evictIdle(now.Add(-srv.cfg.IdleEvict))
			for _, l := range []*rateLimiter{srv.creations, srv.pgnWork} {
				if l != nil {
					l.prune(now)
				}
			}
		}
	}
}

// evictIdle drops from memory the games unused since before, with no event
// stream, no AI move queued or running, no hint or draw judgement, and no
// clock running.
func (srv *Server) evictIdle(before time.Time) int {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	n := 0
	for id, e := range srv.sessions {
		select {
		case <-e.ready:
		default:
			continue
		}
		s := e.s
		if s == nil || s.hub.count() > 0 {
			continue
		}
		s.with(func() error {
			if s.lastUsed.Before(before) && !s.queued && s.cancel == nil && !s.hinting && !s.judging && !s.aiDueLocked() && !s.clockRunsLocked() {
				s.gone = true
				delete(srv.sessions, id)
				n++
			}
			return nil
		})
	}
	return n
}

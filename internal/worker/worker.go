// Package worker runs the AI's searches that a queue hands out: `outpost
// worker` on any machine, and `outpost serve --db postgres://...` with its
// --workers, run the same Worker on PostgreSQL's queue (store's
// searches.go). The worker declares the queue it consumes (Queue);
// MemQueue is the same queue in one process's memory, over a store of
// games, and package queuetest is the suite both queues pass. The
// worker's tests run on each.
//
// Each of a Worker's engines takes the most urgent due search from the
// queue (a clocked game's move first; on PostgreSQL with FOR UPDATE SKIP
// LOCKED) and holds it by a lease, renewed every third of the lease while
// it searches, so that the search of a worker that dies is
// taken over by another once its lease has run out. For the AI's move it
// loads the game, rebuilds it with package play, searches, and plays the
// move through play, whose keeper saves it at the revision the search was
// for: when the game changed meanwhile the save is refused and the move is
// not played. A change of the game deletes its search in the queue and is
// notified (store.ChannelGame); the worker running it cancels it at once.
// Progress goes to the servers as notifications (store.ChannelThinking),
// at most one per ThinkingInterval. An analysis (a hint, a draw offer's
// judgement) is searched within its limits, and its result stored for the
// server that asked.
//
// A worker also ends games on time: every FlagSweep it takes the games
// whose clock's deadline has passed (store's deadlines.go), rebuilds each
// with play and lets play end it on time, saved at the revision read.
// Servers on PostgreSQL run the same sweep (SweepFlags), so a game's flag
// falls on time wherever the game is, even when its server died.
//
// Clocks are charged from the queue's clock (Queue's Now: the database's
// for store.Postgres, never this machine's; this machine's for MemQueue).
//
// Files: queue.go (the Queue consumed), worker.go (Worker, its loops,
// heartbeat and listener), search.go (one search), flags.go (the sweep of
// the games whose time is up), messages.go (the notifications' and
// results' formats), memqueue.go (MemQueue), memnotify.go (its
// notifications).
package worker

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/metrics"
	"github.com/outpost-chess/outpost/internal/store"
)

// Config configures a Worker. Store and Engines are required.
type Config struct {
	Store Queue
	// Engines are the engines that search, one search each at a time.
	Engines []*engine.Engine
	// MoveTime is the longest the AI thinks over a move without a clock
	// (default 1s).
	MoveTime time.Duration
	// Lease is how long a search stays held without renewal (default
	// 5s): the longest a dead worker's search waits to be taken over.
	Lease time.Duration
	// ThinkingInterval is the least time between two progress
	// notifications of a search (default 100ms).
	ThinkingInterval time.Duration
	// Poll is how often an idle engine looks at the queue besides the
	// notifications (default 1s).
	Poll time.Duration
	// FlagSweep is how often the worker looks for games whose time is up,
	// to end them on time (default FlagSweep, 250ms; see SweepFlags).
	FlagSweep time.Duration
	// OnStart, if set, runs first on each engine's goroutine (the server
	// lowers its thread's priority there).
	OnStart func()
	// ID names the worker in the queue and in the workers table (default
	// host-pid-random).
	ID string
	// Logf receives the worker's log lines.
	Logf func(format string, args ...any)
}

// Worker runs searches from the queue on its engines. Make it with New and
// call Run.
type Worker struct {
	cfg  Config
	st   Queue
	host string

	// Wait is the time a search waited in the queue (from when it was
	// due to when it was taken); Search the time it ran. For /metrics.
	Wait, Search *metrics.Histogram

	mu sync.Mutex
	// running holds the searches under way, by game id. Guarded by mu.
	running map[string]map[*run]struct{}
	// wake is closed (and replaced) when a search is queued. Guarded by
	// mu.
	wake chan struct{}
	// busy counts the engines searching. Guarded by mu.
	busy int
}

// New returns a worker; Run starts it.
func New(cfg Config) (*Worker, error) {
	if cfg.Store == nil || len(cfg.Engines) == 0 {
		return nil, fmt.Errorf("worker: no store or no engine")
	}
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = time.Second
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 5 * time.Second
	}
	if cfg.ThinkingInterval <= 0 {
		cfg.ThinkingInterval = 100 * time.Millisecond
	}
	if cfg.Poll <= 0 {
		cfg.Poll = time.Second
	}
	if cfg.FlagSweep <= 0 {
		cfg.FlagSweep = FlagSweep
	}
	host, _ := os.Hostname()
	if cfg.ID == "" {
		var b [4]byte
		rand.Read(b[:])
		cfg.ID = fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b[:]))
	}
	return &Worker{
		cfg: cfg, st: cfg.Store, host: host,
		Wait:    metrics.NewHistogram(metrics.LatencyBuckets),
		Search:  metrics.NewHistogram(metrics.LatencyBuckets),
		running: map[string]map[*run]struct{}{},
		wake:    make(chan struct{}),
	}, nil
}

// ID returns the worker's name in the queue.
func (w *Worker) ID() string { return w.cfg.ID }

// Busy returns the number of engines searching now.
func (w *Worker) Busy() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.busy
}

// Run searches, and ends on time the games whose time is up (SweepFlags),
// until ctx ends, then gives the searches under way back to the queue
// (another worker takes them at once) and returns. It fails at
// once when it cannot listen to the database's notifications.
func (w *Worker) Run(ctx context.Context) error {
	stop, err := w.st.Listen(ctx, []string{store.ChannelGame, store.ChannelQueue}, w.notified)
	if err != nil {
		return err
	}
	defer stop()
	w.alive(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		SweepFlags(ctx, w.st, w.cfg.FlagSweep, w.logf)
	}()
	for _, eng := range w.cfg.Engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if w.cfg.OnStart != nil {
				w.cfg.OnStart()
			}
			w.loop(ctx, eng)
		}()
	}
	tick := time.NewTicker(store.WorkerTimeout / 3)
	defer tick.Stop()
	for ctx.Err() == nil {
		select {
		case <-ctx.Done():
		case <-tick.C:
			w.alive(ctx)
		}
	}
	wg.Wait()
	gone, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return w.st.WorkerGone(gone, w.cfg.ID)
}

// alive records in the database that the worker is alive.
func (w *Worker) alive(ctx context.Context) {
	if err := w.st.WorkerAlive(ctx, w.cfg.ID, w.host, len(w.cfg.Engines)); err != nil && ctx.Err() == nil {
		w.logf("%v", err)
	}
}

// loop is one engine's: take a search, run it, again, until ctx ends.
func (w *Worker) loop(ctx context.Context, eng *engine.Engine) {
	for ctx.Err() == nil {
		w.mu.Lock()
		wake := w.wake
		w.mu.Unlock()
		sr, ok, err := w.st.ClaimSearch(ctx, w.cfg.ID, w.cfg.Lease)
		if err != nil && ctx.Err() == nil {
			w.logf("%v", err)
		}
		if !ok {
			select {
			case <-ctx.Done():
			case <-wake:
			case <-time.After(w.cfg.Poll):
			}
			continue
		}
		w.Wait.Observe(max(0, w.st.Now().Sub(sr.NotBefore)))
		w.mu.Lock()
		w.busy++
		w.mu.Unlock()
		start := time.Now()
		w.run(ctx, eng, sr)
		w.Search.Observe(time.Since(start))
		w.mu.Lock()
		w.busy--
		w.mu.Unlock()
	}
}

// notified handles a notification: a queued search wakes the idle
// engines; a change of a game cancels its searches for earlier revisions;
// lost notifications make every running search check it still stands.
func (w *Worker) notified(n store.Notification) {
	switch {
	case n.Lost:
		w.mu.Lock()
		var all []*run
		for _, runs := range w.running {
			for r := range runs {
				all = append(all, r)
			}
		}
		w.wakeLocked()
		w.mu.Unlock()
		for _, r := range all {
			go r.check(w)
		}
	case n.Channel == store.ChannelQueue:
		w.mu.Lock()
		w.wakeLocked()
		w.mu.Unlock()
	case n.Channel == store.ChannelGame:
		game, rev, deleted, err := ParseGameNotification(n.Payload)
		if err != nil || (rev < 0 && !deleted) {
			return
		}
		w.mu.Lock()
		for r := range w.running[game] {
			// A notification of an earlier revision (the AI's own last
			// move, arriving late) leaves a newer search alone.
			if deleted || rev > r.sr.Rev {
				r.cancel()
			}
		}
		w.mu.Unlock()
	}
}

func (w *Worker) wakeLocked() {
	close(w.wake)
	w.wake = make(chan struct{})
}

func (w *Worker) logf(format string, args ...any) {
	if w.cfg.Logf != nil {
		w.cfg.Logf(format, args...)
	}
}

// WriteMetrics writes the worker's figures in Prometheus's text format:
// its engines, those searching, and the histograms of the searches' waits
// in the queue and of their run times.
func (w *Worker) WriteMetrics(out io.Writer) {
	metrics.Gauge(out, "outpost_worker_engines", "Engines of this process's worker.", float64(len(w.cfg.Engines)))
	metrics.Gauge(out, "outpost_worker_busy", "Engines of this process's worker searching now.", float64(w.Busy()))
	w.Wait.Write(out, "outpost_search_wait_seconds", "Time searches taken by this process waited in the queue, from when they were due.")
	w.Search.Write(out, "outpost_search_seconds", "Time this process's searches ran, from taking them to their end.")
}

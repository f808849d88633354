package server

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/outpost-chess/outpost/internal/store"
)

// storeWatch is the game store as the server uses it: Config.Store, with
// the outcome of every read and write of games recorded, for /api/health
// (reads or writes failing make the server "degraded" until one succeeds
// again) and /metrics (the failures counted).
type storeWatch struct {
	Store
	reads, writes outcomes
	down          atomic.Bool // the last Ping failed
}

// outcomes are the outcomes of one kind of use of the store.
type outcomes struct {
	mu       sync.Mutex
	failures uint64        // ever
	streak   int           // failures since the last success
	since    time.Time     // when the streak began
	last     store.Failure // what the last failure was
}

// record counts the outcome err of a use of the store under ctx. A use
// whose caller gave up says nothing of the store, and is not counted;
// neither is an answer that is not a failure (store.ErrNotFound,
// store.ErrConflict), which counts as a success.
func (o *outcomes) record(ctx context.Context, err error) {
	if err != nil && ctx.Err() != nil {
		return
	}
	f := store.FailureOf(err)
	o.mu.Lock()
	defer o.mu.Unlock()
	if f == store.NotFailed {
		o.streak = 0
		return
	}
	o.failures++
	if o.streak == 0 {
		o.since = time.Now()
	}
	o.streak++
	o.last = f
}

// failing says why what (the reads or the writes) fail, or "" when the last
// of them succeeded.
func (o *outcomes) failing(what string) string {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.streak == 0 {
		return ""
	}
	return fmt.Sprintf("%s of games fail: %s (%d in a row since %s UTC)", what, o.last, o.streak, o.since.UTC().Format(time.TimeOnly))
}

// pinged takes the outcome err of a Ping. The reads and writes that
// failed because the database did not answer fail no more once it answers.
// It logs the outcome when it differs from the last's: the database's
// details, once, when it stops answering, and when it answers again.
func (s *storeWatch) pinged(err error, logf func(string, ...any)) {
	if err == nil {
		s.reads.answered()
		s.writes.answered()
	}
	switch {
	case err != nil && s.down.CompareAndSwap(false, true):
		logf("health: the database does not answer: %v", err)
	case err == nil && s.down.CompareAndSwap(true, false):
		logf("health: the database answers again")
	}
}

// answered ends a streak of failures of a database that did not answer:
// it answers now.
func (o *outcomes) answered() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.last == store.Unavailable {
		o.streak = 0
	}
}

// count returns the failures ever.
func (o *outcomes) count() uint64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.failures
}

func (s *storeWatch) CreateGame(ctx context.Context, g *store.Game) error {
	err := s.Store.CreateGame(ctx, g)
	s.writes.record(ctx, err)
	return err
}

func (s *storeWatch) Save(ctx context.Context, g *store.Game) error {
	err := s.Store.Save(ctx, g)
	s.writes.record(ctx, err)
	return err
}

func (s *storeWatch) SetSpeed(ctx context.Context, id string, ms int) error {
	err := s.Store.SetSpeed(ctx, id, ms)
	s.writes.record(ctx, err)
	return err
}

func (s *storeWatch) Delete(ctx context.Context, id string) error {
	err := s.Store.Delete(ctx, id)
	s.writes.record(ctx, err)
	return err
}

func (s *storeWatch) SaveReview(ctx context.Context, r *store.Review) error {
	err := s.Store.SaveReview(ctx, r)
	s.writes.record(ctx, err)
	return err
}

func (s *storeWatch) Get(ctx context.Context, id string) (store.Game, error) {
	g, err := s.Store.Get(ctx, id)
	s.reads.record(ctx, err)
	return g, err
}

func (s *storeWatch) List(ctx context.Context, opts store.ListOptions) ([]store.Summary, error) {
	l, err := s.Store.List(ctx, opts)
	s.reads.record(ctx, err)
	return l, err
}

func (s *storeWatch) GetReview(ctx context.Context, id string) (store.Review, error) {
	r, err := s.Store.GetReview(ctx, id)
	s.reads.record(ctx, err)
	return r, err
}

package worker

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/store"
)

// FlagStore is the part of the store that the sweep of flags needs;
// *store.Postgres and *MemQueue have it.
type FlagStore interface {
	play.Store
	Now() time.Time
	ClaimOverdue(ctx context.Context, now time.Time, n int, retry time.Duration) ([]store.Game, error)
	SetDeadline(ctx context.Context, id string, rev int64, deadline time.Time) (bool, error)
}

const (
	// FlagSweep is how often SweepFlags looks for games whose time is up
	// by default: a flag falls at most this long after its time, plus a
	// save.
	FlagSweep = 250 * time.Millisecond
	// flagBatch is how many overdue games a sweep takes at a time.
	flagBatch = 32
	// flagRetry is how long a game a sweep took stays out of the other
	// sweeps' reach: the wait before it is tried again when the sweep
	// failed or died.
	flagRetry = time.Second
)

// SweepFlags ends the games whose deadline (play.Record.Deadline: a flag,
// or a first move's limit) has passed,
// looking every interval until ctx ends (see store's deadlines.go). Every
// server on a shared database and every Worker runs it, so a game ends on
// time even when no program holds it: its server died. A game that could
// not be ended is logged (logf) and tried again a second later; a sweep
// that fails (the database does not answer) is logged once until one
// works again.
func SweepFlags(ctx context.Context, st FlagStore, every time.Duration, logf func(format string, args ...any)) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	failing := false
	for {
		for ctx.Err() == nil {
			n, err := sweepFlags(ctx, st, logf)
			if err != nil && !failing && ctx.Err() == nil {
				logf("%v (the sweep goes on trying)", err)
			}
			failing = err != nil
			if n < flagBatch {
				break // else more may be overdue: at once
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// sweepFlags takes up to flagBatch overdue games and ends each on time. It
// returns how many it took.
func sweepFlags(ctx context.Context, st FlagStore, logf func(format string, args ...any)) (int, error) {
	games, err := st.ClaimOverdue(ctx, st.Now(), flagBatch, flagRetry)
	if err != nil {
		return 0, err
	}
	for _, sg := range games {
		if err := flagGame(ctx, st, sg); err != nil && ctx.Err() == nil {
			logf("game %s: ending it on time: %v (trying again in %v)", sg.ID, err, flagRetry)
		}
	}
	return len(games), nil
}

// flagGame rebuilds sg with package play and lets play end it on time by
// its rule (a loss, or a draw when the other side could never checkmate;
// an abort when a person's first move did not come in time),
// saved at sg's revision with the change's notification, which brings the
// end to every server's event streams. A change another program saved
// meanwhile wins: the store refuses this one, and that change wrote the
// game's deadline anew. When play finds the time not up yet (the deadline
// a migration guessed), the game gets its deadline from play; a game that
// cannot be played loses its deadline.
func flagGame(ctx context.Context, st FlagStore, sg store.Game) error {
	rec, err := play.RecordOf(sg)
	var g *play.Game
	if err == nil {
		g, err = play.Restore(rec, play.Options{Keeper: play.NewStoreKeeper(st, sg, false), Now: st.Now})
	}
	if err != nil {
		if _, serr := st.SetDeadline(ctx, sg.ID, sg.Rev, time.Time{}); serr != nil {
			return serr
		}
		return fmt.Errorf("it cannot be played (its deadline is dropped): %w", err)
	}
	flagged, err := g.CheckFlag(ctx)
	switch {
	case errors.Is(err, store.ErrConflict), errors.Is(err, store.ErrNotFound):
		return nil // changed or deleted meanwhile
	case err != nil, flagged:
		return err
	}
	deadline := time.Time{}
	if left, running := g.FlagIn(); running {
		deadline = st.Now().Add(left)
	}
	_, err = st.SetDeadline(ctx, sg.ID, sg.Rev, deadline)
	return err
}

package worker

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/outpost-chess/outpost/internal/store"
)

// MemQueue is a Queue in one process's memory, over a store of its games
// (SQLite's, on one machine): what PostgreSQL's queue is for many (store's
// searches.go, deadlines.go and notify.go), with the same contracts, which
// one suite checks on both (internal/worker/queuetest):
//
//   - CreateGame and Save store the game in the store, and then, as
//     PostgreSQL's statement does, drop the game's searches for earlier
//     revisions, queue the AI's move search when the game says the AI is
//     due (store.Game.AIDue, not before AIDelay; a clocked game's at the
//     clocked priority), keep its clock's deadline, and notify the change
//     (store.ChannelGame "ID REV", store.ChannelQueue). Delete and SetSpeed
//     pass through and notify ("ID deleted", "ID speed"); Delete drops the
//     game's searches and deadline. The store's write and the queue's
//     change are two steps, not one statement: a save that races a
//     deletion of its game may queue a search of a game gone, which the
//     worker drops when it finds no game (and the sweep forgets its
//     deadline).
//   - ClaimSearch takes the due search no live lease holds of the most
//     urgent priority (clocked move, untimed move, analysis), the one due
//     first, then the one queued first; a lease that ran out is taken
//     over. Within a priority the order is the order searches fell due:
//     neither queue is fair per client (package sched is, in a process).
//   - Notify and Listen deliver notifications to this process's listeners,
//     in order, each listener on a goroutine of its own; none is ever lost.
//   - ClaimOverdue and SetDeadline see the deadlines of the games saved
//     through this MemQueue since it was made: a game another process
//     saves (a terminal game on the same SQLite file) is that process's.
//
// Everything else of store.Store passes through to the games' store.
// Times are this machine's (Now).
type MemQueue struct {
	store.Store

	mu sync.Mutex
	// lastID is the id of the last search queued. Guarded by mu.
	lastID int64
	// searches holds the searches not dropped, by id. Guarded by mu.
	searches map[int64]*memSearch
	// revs holds each game's revision last saved through the queue.
	// Guarded by mu.
	revs map[string]int64
	// deadlines holds the running clocks' deadlines, by game. Guarded by
	// mu.
	deadlines map[string]time.Time
	// workers holds when each worker last said it was alive, and its
	// engines. Guarded by mu.
	workers map[string]memWorker
	// listeners holds those listening. Guarded by mu.
	listeners map[*memListener]struct{}
}

// memSearch is a search in a MemQueue.
type memSearch struct {
	store.Search
	priority    int
	worker      string    // the worker that took it last, "" when released
	leasedUntil time.Time // zero when no lease holds it
	done        bool      // an analysis's result is in
	result      string
}

// memWorker is a worker that said it was alive.
type memWorker struct {
	engines int
	seen    time.Time
}

// The priorities of searches, the smallest first (as store's searches.go).
const (
	memPriorityClocked = iota
	memPriorityMove
	memPriorityAnalysis
)

var _ Queue = (*MemQueue)(nil)

// NewMemQueue returns an empty queue over games, the store of the games.
// Closing it closes games.
func NewMemQueue(games store.Store) *MemQueue {
	return &MemQueue{
		Store:    games,
		searches: map[int64]*memSearch{}, revs: map[string]int64{}, deadlines: map[string]time.Time{},
		workers: map[string]memWorker{}, listeners: map[*memListener]struct{}{},
	}
}

// Now returns this machine's time: the clocks' time of a queue in one
// process.
func (q *MemQueue) Now() time.Time { return time.Now().UTC() }

// CreateGame stores a new game (see store.Store), keeps its deadline, and
// queues the AI's search when g.AIDue.
func (q *MemQueue) CreateGame(ctx context.Context, g *store.Game) error {
	if err := q.Store.CreateGame(ctx, g); err != nil {
		return err
	}
	q.saved(g)
	return nil
}

// Save stores g over its revision (see store.Store); once it is stored,
// the game's searches for earlier revisions go, the AI's search is queued
// when g.AIDue, its deadline is kept, and the change is notified.
func (q *MemQueue) Save(ctx context.Context, g *store.Game) error {
	if err := q.Store.Save(ctx, g); err != nil {
		return err
	}
	q.saved(g)
	return nil
}

// saved does for g, just stored at g.Rev, what PostgreSQL's statement
// does with it (see queueSQL in store's postgres.go). Two saves of one
// game may come here in either order: the earlier revision then only
// notifies.
func (q *MemQueue) saved(g *store.Game) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if last, ok := q.revs[g.ID]; !ok || g.Rev > last {
		q.revs[g.ID] = g.Rev
		q.dropLocked(func(s *memSearch) bool { return s.GameID == g.ID && s.Rev < g.Rev })
		if g.Deadline.IsZero() {
			delete(q.deadlines, g.ID)
		} else {
			q.deadlines[g.ID] = store.KeptDeadline(g.Deadline)
		}
		if g.AIDue {
			priority := memPriorityMove
			if g.TimeLimit+g.TimeIncrement > 0 {
				priority = memPriorityClocked
			}
			q.queueLocked(g.ID, g.Rev, store.SearchMove, "", g.AIDelay, priority)
		}
	}
	q.notifyLocked(store.ChannelGame, g.ID+" "+strconv.FormatInt(g.Rev, 10))
}

// SetSpeed sets game id's pause between two AI moves (see store.Store)
// and notifies it ("ID speed").
func (q *MemQueue) SetSpeed(ctx context.Context, id string, ms int) error {
	if err := q.Store.SetSpeed(ctx, id, ms); err != nil {
		return err
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	q.notifyLocked(store.ChannelGame, id+" speed")
	return nil
}

// Delete removes game id (see store.Store), with its searches and its
// deadline, and notifies it ("ID deleted").
func (q *MemQueue) Delete(ctx context.Context, id string) error {
	if err := q.Store.Delete(ctx, id); err != nil {
		return err
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	q.dropLocked(func(s *memSearch) bool { return s.GameID == id })
	delete(q.deadlines, id)
	delete(q.revs, id)
	q.notifyLocked(store.ChannelGame, id+" deleted")
	return nil
}

// queueLocked queues a search of game id at revision rev, due after
// delay, and notifies store.ChannelQueue.
func (q *MemQueue) queueLocked(id string, rev int64, kind, limits string, delay time.Duration, priority int) int64 {
	now := q.Now()
	q.lastID++
	q.searches[q.lastID] = &memSearch{priority: priority, Search: store.Search{
		ID: q.lastID, GameID: id, Rev: rev, Kind: kind, Limits: limits, QueuedAt: now, NotBefore: now.Add(max(delay, 0))}}
	q.notifyLocked(store.ChannelQueue, "")
	return q.lastID
}

// dropLocked removes the searches that match.
func (q *MemQueue) dropLocked(match func(*memSearch) bool) {
	for id, s := range q.searches {
		if match(s) {
			delete(q.searches, id)
		}
	}
}

// ClaimSearch takes the most urgent due search that no live lease holds
// for worker, with a lease of the given length (see MemQueue). It reports
// false when there is none.
func (q *MemQueue) ClaimSearch(ctx context.Context, worker string, lease time.Duration) (store.Search, bool, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	now := q.Now()
	var best *memSearch
	for _, s := range q.searches {
		if !s.waiting(now) {
			continue
		}
		if best == nil || cmp.Or(cmp.Compare(s.priority, best.priority), s.NotBefore.Compare(best.NotBefore), cmp.Compare(s.ID, best.ID)) < 0 {
			best = s
		}
	}
	if best == nil {
		return store.Search{}, false, nil
	}
	best.worker, best.leasedUntil = worker, now.Add(lease)
	best.Attempts++
	return best.Search, true, nil
}

// waiting reports whether s is due at now and no live lease holds it.
func (s *memSearch) waiting(now time.Time) bool {
	return !s.done && !s.NotBefore.After(now) && !s.held(now)
}

// held reports whether a live lease holds s at now.
func (s *memSearch) held(now time.Time) bool {
	return !s.leasedUntil.IsZero() && !s.leasedUntil.Before(now)
}

// heldByLocked returns search id when worker holds it (it took it last, did not
// release it, and it is not done), else nil.
func (q *MemQueue) heldByLocked(id int64, worker string) *memSearch {
	s := q.searches[id]
	if s == nil || s.done || s.worker != worker {
		return nil
	}
	return s
}

// RenewLease extends worker's lease of search id. It reports false when
// the worker no longer holds it: the search was dropped (its game
// changed) or taken over after the lease ran out.
func (q *MemQueue) RenewLease(ctx context.Context, id int64, worker string, lease time.Duration) (bool, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	s := q.heldByLocked(id, worker)
	if s == nil {
		return false, nil
	}
	s.leasedUntil = q.Now().Add(lease)
	return true, nil
}

// ReleaseSearch gives search id, which worker holds, back to the queue at
// once.
func (q *MemQueue) ReleaseSearch(ctx context.Context, id int64, worker string) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if s := q.heldByLocked(id, worker); s != nil {
		s.worker, s.leasedUntil = "", time.Time{}
		q.notifyLocked(store.ChannelQueue, "")
	}
	return nil
}

// DropSearch removes search id (nothing when it is gone).
func (q *MemQueue) DropSearch(ctx context.Context, id int64) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	delete(q.searches, id)
	return nil
}

// QueueAnalysis queues a search of game id's position at revision rev
// within limits (kept as given, for the worker) and returns its id. The
// game must be stored: it is read under the queue's lock, so that a
// Delete either comes first (store.ErrNotFound) or drops the search.
func (q *MemQueue) QueueAnalysis(ctx context.Context, id string, rev int64, limits string) (int64, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if _, err := q.Get(ctx, id); err != nil {
		return 0, fmt.Errorf("worker: queue a search: %w", err)
	}
	return q.queueLocked(id, rev, store.SearchAnalysis, limits, 0, memPriorityAnalysis), nil
}

// FinishAnalysis stores the result of analysis search id, which worker
// holds, and notifies it (store.ChannelSearch "ID"). It reports false
// when the worker no longer holds it.
func (q *MemQueue) FinishAnalysis(ctx context.Context, id int64, worker, result string) (bool, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	s := q.heldByLocked(id, worker)
	if s == nil {
		return false, nil
	}
	s.done, s.result, s.leasedUntil = true, result, time.Time{}
	q.notifyLocked(store.ChannelSearch, strconv.FormatInt(id, 10))
	return true, nil
}

// AnalysisResult returns the result of analysis search id once it is done
// (done false while it is not), or store.ErrNotFound when the search is
// gone: its game changed, or it was dropped.
func (q *MemQueue) AnalysisResult(ctx context.Context, id int64) (result string, done bool, err error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	s := q.searches[id]
	if s == nil {
		return "", false, store.ErrNotFound
	}
	return s.result, s.done, nil
}

// SearchRunning reports whether search id is still to be done.
func (q *MemQueue) SearchRunning(ctx context.Context, id int64) (bool, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	s := q.searches[id]
	return s != nil && !s.done, nil
}

// QueueStats returns the state of the queue and of the workers alive
// (seen within store.WorkerTimeout).
func (q *MemQueue) QueueStats(ctx context.Context) (store.QueueStats, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	now := q.Now()
	var st store.QueueStats
	for _, s := range q.searches {
		switch {
		case s.done:
		case s.held(now):
			st.Running++
		case s.waiting(now):
			st.Waiting++
			st.Oldest = max(st.Oldest, now.Sub(s.NotBefore))
		}
	}
	for _, w := range q.workers {
		if now.Sub(w.seen) < store.WorkerTimeout {
			st.Workers++
			st.Engines += w.engines
		}
	}
	return st, nil
}

// WorkerAlive records that worker id (with engines engines) is alive now,
// and forgets the workers not seen for an hour.
func (q *MemQueue) WorkerAlive(ctx context.Context, id, host string, engines int) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	now := q.Now()
	q.workers[id] = memWorker{engines: engines, seen: now}
	for other, w := range q.workers {
		if now.Sub(w.seen) > time.Hour {
			delete(q.workers, other)
		}
	}
	return nil
}

// WorkerGone forgets worker id, which stops.
func (q *MemQueue) WorkerGone(ctx context.Context, id string) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	delete(q.workers, id)
	return nil
}

// ClaimOverdue takes up to n games whose deadline is at or before now,
// the earliest first, and sets each one's deadline to now+retry, so that
// no other sweep takes it meanwhile (see store's deadlines.go). It returns
// the games as stored.
func (q *MemQueue) ClaimOverdue(ctx context.Context, now time.Time, n int, retry time.Duration) ([]store.Game, error) {
	q.mu.Lock()
	var ids []string
	for id, d := range q.deadlines {
		if !d.After(now) {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b string) int { return q.deadlines[a].Compare(q.deadlines[b]) })
	ids = ids[:min(len(ids), max(n, 0))]
	for _, id := range ids {
		q.deadlines[id] = now.Add(retry)
	}
	q.mu.Unlock()
	var games []store.Game
	for _, id := range ids {
		g, err := q.Get(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			q.mu.Lock()
			delete(q.deadlines, id) // deleted meanwhile (a save raced the deletion)
			q.mu.Unlock()
			continue
		}
		if err != nil {
			return games, fmt.Errorf("worker: claim the games whose time is up: %w", err)
		}
		games = append(games, g)
	}
	return games, nil
}

// SetDeadline sets game id's deadline (zero: none) if the game is still
// at revision rev, as last saved through the queue or else as stored. It
// reports whether the game was at rev.
func (q *MemQueue) SetDeadline(ctx context.Context, id string, rev int64, deadline time.Time) (bool, error) {
	q.mu.Lock()
	last, known := q.revs[id]
	q.mu.Unlock()
	if !known {
		g, err := q.Get(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("worker: set the deadline of %s: %w", id, err)
		}
		last = g.Rev
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if cur, ok := q.revs[id]; last != rev || (ok && cur != rev) {
		return false, nil
	}
	if deadline.IsZero() {
		delete(q.deadlines, id)
	} else {
		q.deadlines[id] = store.KeptDeadline(deadline)
	}
	return true, nil
}

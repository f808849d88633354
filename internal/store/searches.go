package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// The queue of searches (PostgreSQL only). A search is a row of the table
// searches: a game at a revision, and what to search there. Workers anywhere
// take the oldest due search with SELECT ... FOR UPDATE SKIP LOCKED (two
// workers never take the same one, and neither waits for the other) and
// hold it by a lease, which they renew while they search: a worker that
// dies (SIGKILL, a lost machine) stops renewing, and once its lease has
// run out another worker takes the search over. A change of the game (a
// move, a takeback, a resignation, a new level) deletes its searches for
// earlier revisions in the statement that saves it (see queueSQL), and the
// workers running them learn of it from the change's notification: the
// search is cancelled wherever it runs.

// Kinds of search.
const (
	// SearchMove is the AI's move in the game at the revision. Save
	// queues it when the AI is to move (Game.AIDue), and the move's own
	// Save removes it.
	SearchMove = "move"
	// SearchAnalysis is a search of the game's position at the revision
	// within Limits (a hint, the judgement of a draw offer), whose result
	// the worker stores for the program that asked (QueueAnalysis,
	// AnalysisResult).
	SearchAnalysis = "analysis"
)

// The priorities of searches, as package sched orders its jobs: a worker
// takes the due search of the most urgent priority first (the smallest),
// then the oldest.
const (
	priorityClocked  = "0" // the AI's move in a game with a clock
	priorityMove     = "1" // the AI's move in a game without one
	priorityAnalysis = "2" // a hint, a draw offer's judgement
)

// Search is a search taken from the queue.
type Search struct {
	ID        int64
	GameID    string
	Rev       int64
	Kind      string
	Limits    string    // SearchAnalysis: the limits, as the asker wrote them
	QueuedAt  time.Time // when it was queued
	NotBefore time.Time // when it was due
	Attempts  int       // the takes so far, this one included: over 1 when it was taken over
}

// ClaimSearch takes the most urgent due search that no live lease holds
// (a clocked game's move, then an untimed game's, then an analysis; the
// oldest of them), for worker, with a lease of the given length. It
// reports false when there is none.
func (p *Postgres) ClaimSearch(ctx context.Context, worker string, lease time.Duration) (Search, bool, error) {
	var s Search
	err := p.pool.QueryRow(ctx, `UPDATE searches SET worker = $1, leased_until = now() + $2::float8 * interval '1 millisecond',
			started_at = now(), attempts = attempts + 1
		WHERE id = (SELECT id FROM searches
			WHERE done_at IS NULL AND not_before <= now() AND (leased_until IS NULL OR leased_until < now())
			ORDER BY priority, not_before, id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, game_id, rev, kind, limits, queued_at, not_before, attempts`,
		worker, float64(lease.Milliseconds())).Scan(&s.ID, &s.GameID, &s.Rev, &s.Kind, &s.Limits, &s.QueuedAt, &s.NotBefore, &s.Attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return Search{}, false, nil
	}
	if err != nil {
		return Search{}, false, fmt.Errorf("store: claim a search: %w", err)
	}
	s.QueuedAt, s.NotBefore = s.QueuedAt.UTC(), s.NotBefore.UTC()
	return s, true, nil
}

// RenewLease extends worker's lease of search id. It reports false when the
// worker no longer holds it: the search was cancelled (its game changed) or
// taken over after the lease ran out.
func (p *Postgres) RenewLease(ctx context.Context, id int64, worker string, lease time.Duration) (bool, error) {
	tag, err := p.pool.Exec(ctx, `UPDATE searches SET leased_until = now() + $3::float8 * interval '1 millisecond'
		WHERE id = $1 AND worker = $2 AND done_at IS NULL`, id, worker, float64(lease.Milliseconds()))
	if err != nil {
		return false, fmt.Errorf("store: renew a lease: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// ReleaseSearch gives search id back to the queue at once, for a worker
// that stops (another takes it without waiting for the lease).
func (p *Postgres) ReleaseSearch(ctx context.Context, id int64, worker string) error {
	_, err := p.pool.Exec(ctx, `WITH released AS (UPDATE searches SET worker = NULL, leased_until = NULL
			WHERE id = $1 AND worker = $2 AND done_at IS NULL RETURNING id)
		SELECT count(pg_notify('`+ChannelQueue+`', '')) FROM released`, id, worker)
	if err != nil {
		return fmt.Errorf("store: release a search: %w", err)
	}
	return nil
}

// DropSearch removes search id: a move search that will not be played (the
// AI is no longer to move), or an analysis whose result was read or is no
// longer wanted.
func (p *Postgres) DropSearch(ctx context.Context, id int64) error {
	if _, err := p.pool.Exec(ctx, `DELETE FROM searches WHERE id = $1`, id); err != nil {
		return fmt.Errorf("store: drop a search: %w", err)
	}
	return nil
}

// QueueAnalysis queues a search of game id's position at revision rev
// within limits (kept as given, for the worker) and returns its id.
func (p *Postgres) QueueAnalysis(ctx context.Context, id string, rev int64, limits string) (int64, error) {
	var sid, notified int64
	err := p.pool.QueryRow(ctx, `WITH queued AS (INSERT INTO searches (game_id, rev, kind, limits, priority) VALUES ($1, $2, $3, $4, `+priorityAnalysis+`) RETURNING id)
		SELECT id, (SELECT count(pg_notify('`+ChannelQueue+`', '')) FROM queued) FROM queued`,
		id, rev, SearchAnalysis, limits).Scan(&sid, &notified)
	if err != nil {
		return 0, fmt.Errorf("store: queue a search: %w", err)
	}
	return sid, nil
}

// FinishAnalysis stores the result of analysis search id, which worker
// holds, and notifies it (ChannelSearch). It reports false when the worker
// no longer holds it.
func (p *Postgres) FinishAnalysis(ctx context.Context, id int64, worker, result string) (bool, error) {
	var notified int64
	err := p.pool.QueryRow(ctx, `WITH done AS (UPDATE searches SET result = $3, done_at = now(), leased_until = NULL
			WHERE id = $1 AND worker = $2 AND done_at IS NULL RETURNING id)
		SELECT (SELECT count(pg_notify('`+ChannelSearch+`', id::text)) FROM done) FROM done`, id, worker, result).Scan(&notified)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: finish a search: %w", err)
	}
	return true, nil
}

// AnalysisResult returns the result of analysis search id once it is done
// (done false while it is not). It returns ErrNotFound when the search is
// gone: its game changed, which cancels it.
func (p *Postgres) AnalysisResult(ctx context.Context, id int64) (result string, done bool, err error) {
	var r *string
	err = p.pool.QueryRow(ctx, `SELECT result FROM searches WHERE id = $1`, id).Scan(&r)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, ErrNotFound
	}
	if err != nil {
		return "", false, fmt.Errorf("store: a search's result: %w", err)
	}
	if r == nil {
		return "", false, nil
	}
	return *r, true, nil
}

// SearchRunning reports whether search id is still to be done (not
// cancelled), for a worker that may have missed notifications.
func (p *Postgres) SearchRunning(ctx context.Context, id int64) (bool, error) {
	var one int
	err := p.pool.QueryRow(ctx, `SELECT 1 FROM searches WHERE id = $1 AND done_at IS NULL`, id).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: %w", err)
	}
	return true, nil
}

// QueueStats describes the queue and the workers, for health checks and
// metrics.
type QueueStats struct {
	Waiting int           // searches due that no worker holds
	Running int           // searches a worker holds
	Oldest  time.Duration // how long the oldest waiting search has been due
	// Workers alive (seen within WorkerTimeout) and their engines.
	Workers, Engines int
}

// WorkerTimeout is how long a worker counts as alive after it last said
// so (WorkerAlive).
const WorkerTimeout = 15 * time.Second

// QueueStats returns the state of the queue and of the workers.
func (p *Postgres) QueueStats(ctx context.Context) (QueueStats, error) {
	var q QueueStats
	var oldestMs float64
	err := p.pool.QueryRow(ctx, `SELECT
			count(*) FILTER (WHERE not_before <= now() AND (leased_until IS NULL OR leased_until < now())),
			count(*) FILTER (WHERE leased_until >= now()),
			coalesce(extract(epoch FROM now() - min(not_before) FILTER (WHERE not_before <= now() AND (leased_until IS NULL OR leased_until < now()))) * 1000, 0),
			(SELECT count(*) FROM workers WHERE seen_at > now() - $1::float8 * interval '1 millisecond'),
			(SELECT coalesce(sum(engines), 0) FROM workers WHERE seen_at > now() - $1::float8 * interval '1 millisecond')
		FROM searches WHERE done_at IS NULL`, float64(WorkerTimeout.Milliseconds())).
		Scan(&q.Waiting, &q.Running, &oldestMs, &q.Workers, &q.Engines)
	if err != nil {
		return QueueStats{}, fmt.Errorf("store: queue stats: %w", err)
	}
	q.Oldest = time.Duration(oldestMs * float64(time.Millisecond))
	return q, nil
}

// WorkerAlive records that worker id (on host, with engines engines) is
// alive now; a worker calls it every few seconds. It also forgets the
// workers not seen for an hour.
func (p *Postgres) WorkerAlive(ctx context.Context, id, host string, engines int) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO workers (id, host, engines) VALUES ($1, $2, $3)
		ON CONFLICT (id) DO UPDATE SET seen_at = now(), engines = $3`, id, host, engines)
	if err == nil {
		_, err = p.pool.Exec(ctx, `DELETE FROM workers WHERE seen_at < now() - interval '1 hour'`)
	}
	if err != nil {
		return fmt.Errorf("store: worker heartbeat: %w", err)
	}
	return nil
}

// WorkerGone forgets worker id, which stops.
func (p *Postgres) WorkerGone(ctx context.Context, id string) error {
	if _, err := p.pool.Exec(ctx, `DELETE FROM workers WHERE id = $1`, id); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// Package queuetest is the suite of the contracts of worker.Queue that
// both queues pass: PostgreSQL's (store.Postgres, for many processes) and
// the in-memory one (worker.MemQueue, for one), as package storetest is
// the stores'. It checks the order of the searches (priorities, then the
// one due first), leases that run out and are taken over, the searches a
// game's change drops, analyses' results, the clocks' deadlines, the
// workers' table and notifications. The tests of internal/worker run the
// suite, and the worker's own tests, on each of Backends.
package queuetest

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
	"github.com/outpost-chess/outpost/internal/worker"
)

// Queue is what the suite checks: the queue a worker consumes, and what a
// server asks of it besides (an analysis and its result, the figures).
type Queue interface {
	store.Store
	worker.Queue
	QueueAnalysis(ctx context.Context, id string, rev int64, limits string) (int64, error)
	AnalysisResult(ctx context.Context, id int64) (string, bool, error)
	QueueStats(ctx context.Context) (store.QueueStats, error)
}

// Backend opens queues of one kind.
type Backend struct {
	Name string
	// Open opens an empty queue, with no game, closed at the end of the
	// test.
	Open func(t *testing.T) Queue
}

// Memory is worker.MemQueue over a new SQLite database.
var Memory = Backend{Name: "memory", Open: func(t *testing.T) Queue {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "outpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	q := worker.NewMemQueue(st)
	t.Cleanup(func() { q.Close() })
	return q
}}

// Postgres is store.Postgres on a new database of the test server (see
// storetest.PostgresURL: without one, the test fails saying how to run
// it).
var Postgres = Backend{Name: "postgres", Open: func(t *testing.T) Queue {
	t.Helper()
	st, err := store.OpenPostgres(context.Background(), storetest.PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}}

// Backends are the queues there are: Memory and Postgres.
func Backends() []Backend { return []Backend{Memory, Postgres} }

// Each runs test on a queue of each of Backends, as a subtest named for
// it.
func Each(t *testing.T, test func(t *testing.T, q Queue)) {
	for _, b := range Backends() {
		t.Run(b.Name, func(t *testing.T) { test(t, b.Open(t)) })
	}
}

package worker

import (
	"context"
	"time"

	"github.com/outpost-chess/outpost/internal/store"
)

// Queue is what a Worker consumes: the queue of searches with its leases,
// the games the searches are for, the notifications that wake and cancel
// them, and the table of live workers. *store.Postgres is one, for many
// processes (see store's searches.go, deadlines.go and notify.go for each
// method's contract); *MemQueue is one in a process's memory, with the
// same contracts (package queuetest checks them on both). FlagStore is the
// part the sweep of flags needs.
type Queue interface {
	FlagStore
	Get(ctx context.Context, id string) (store.Game, error)
	ClaimSearch(ctx context.Context, worker string, lease time.Duration) (store.Search, bool, error)
	RenewLease(ctx context.Context, id int64, worker string, lease time.Duration) (bool, error)
	ReleaseSearch(ctx context.Context, id int64, worker string) error
	DropSearch(ctx context.Context, id int64) error
	FinishAnalysis(ctx context.Context, id int64, worker, result string) (bool, error)
	SearchRunning(ctx context.Context, id int64) (bool, error)
	Notify(ctx context.Context, channel, payload string) error
	Listen(ctx context.Context, channels []string, handle func(store.Notification)) (stop func(), err error)
	WorkerAlive(ctx context.Context, id, host string, engines int) error
	WorkerGone(ctx context.Context, id string) error
}

var _ Queue = (*store.Postgres)(nil)

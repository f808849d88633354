package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/metrics"
	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/worker"
)

const workerSynopsis = `outpost worker --db postgres://... [--workers N] [--hash MB] [--movetime MS] [--metrics HOST:PORT]`

const workerDescription = `Worker runs the AI's searches for the web app's servers that share a
PostgreSQL database ("outpost serve --db postgres://..."), on this machine's
cores: start as many workers on as many machines as the games need. It
takes the searches from the database, plays the AI's moves into the games,
and sends the search's progress to the players. It also ends on time the
games whose clock has run out, whether a server holds them or not. It
serves no HTTP (but --metrics). A search whose worker dies is taken over
by another after a few seconds. SIGINT or SIGTERM stops it, giving its
searches back at once.

See docs/scaling.md.`

// runWorker runs "outpost worker" until SIGINT or SIGTERM.
func runWorker(args []string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop) // the next signal gets its default action: exit
	return runWorkerCtx(ctx, args, os.Stdout, os.Stderr)
}

func runWorkerCtx(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("worker", workerSynopsis, workerDescription)
	db := fs.String("db", "", "the servers' PostgreSQL database, a `URL` postgres://user:password@host:port/dbname")
	workers := fs.Int("workers", runtime.NumCPU(), "searches at once: `N` engines")
	hash := fs.Int("hash", engine.DefaultHashMB, "hash table per engine, in `MB`")
	movetime := fs.Int("movetime", 1000, "the longest the AI thinks over a move without a clock, in `MS` (lower levels stop earlier)")
	metricsAddr := fs.String("metrics", "", "serve the worker's metrics (Prometheus text format) at http://`HOST:PORT`/metrics")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case *db == "":
		return usageErrorf(fs, "--db: the PostgreSQL database of the servers is required")
	case !store.IsPostgresURL(*db):
		return usageErrorf(fs, "--db %q: a worker needs the servers' PostgreSQL database (postgres://...); a SQLite server runs its searches itself", *db)
	case *workers < 1 || *workers > 1024:
		return usageErrorf(fs, "--workers %d is out of range 1..1024", *workers)
	case *hash < 1 || *hash > engine.MaxHashMB:
		return usageErrorf(fs, "--hash %d is out of range 1..%d", *hash, engine.MaxHashMB)
	case *movetime < 1:
		return usageErrorf(fs, "--movetime %d: want a positive number of milliseconds", *movetime)
	}
	logger := log.New(stderr, "outpost worker: ", log.LstdFlags)
	st, err := interruptible(ctx, func() (*store.Postgres, error) { return store.OpenPostgres(ctx, *db) },
		func(st *store.Postgres) { st.Close() })
	if errors.Is(err, errStopped) {
		return nil
	}
	if err != nil {
		return err
	}
	defer st.Close()
	engines := make([]*engine.Engine, *workers)
	for i := range engines {
		engines[i] = engine.New(engine.Options{HashMB: *hash})
	}
	w, err := worker.New(worker.Config{Store: st, Engines: engines, MoveTime: time.Duration(*movetime) * time.Millisecond, Logf: logger.Printf})
	if err != nil {
		return err
	}
	if *metricsAddr != "" {
		ln, err := net.Listen("tcp", *metricsAddr)
		if err != nil {
			return err
		}
		hs := &http.Server{Handler: http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/metrics" {
				http.NotFound(rw, r)
				return
			}
			rw.Header().Set("Content-Type", metrics.ContentType)
			w.WriteMetrics(rw)
		}), ReadHeaderTimeout: 10 * time.Second}
		go hs.Serve(ln)
		defer hs.Close()
		fmt.Fprintf(stdout, "Metrics at http://%s/metrics\n", ln.Addr())
	}
	fmt.Fprintf(stdout, "Outpost worker %s: %d engines searching for the servers of the database\n", w.ID(), *workers)
	return w.Run(ctx)
}

package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/review"
	"github.com/outpost-chess/outpost/internal/server"
	"github.com/outpost-chess/outpost/internal/store"
)

const serveSynopsis = `outpost serve [--addr HOST:PORT] [--db PATH|postgres://...] [--sync full|normal] [--workers N] [--hash MB] [--movetime MS] [--review-nodes N] [--host NAMES] [--games-per-minute N] [--explain-memory MIB] [--trust-proxy ADDRS]`

const serveDescription = `Serve runs the web app: open the address it prints in a browser to play
Outpost (against the AI at any level, two people on one board, or two AIs),
take back, import and export PGN, and find your games again later.

Games are kept in a SQLite database (by default in your data directory,
created on first run) that the terminal game ("outpost play") shares. A move
is committed to it before the server accepts it, so games survive the server
being killed; when it starts again, the AI goes on thinking in the games
where it was to move. With --sync full each commit also waits for the disk,
so that moves survive a power loss too, at some cost in speed. The AI's moves run on --workers engines at once, the games
taking turns, and each client (an IP address) gets its turn with the workers.
It answers only to IP addresses, localhost and the names given with --host,
refuses changes sent by pages of other sites, and limits what one client may
ask (connections, new games a minute, the explorer's searches): see "Limits"
in docs/server.md. SIGINT (Ctrl-C) or SIGTERM stops it gracefully.

With --db postgres://user:password@host/dbname, games are kept in a
PostgreSQL database that any number of servers (behind a load balancer)
and "outpost worker" processes share: any server serves any game, and the
AI's searches run on whichever worker is free (--workers 0: none here).
See docs/scaling.md.

The API is described in docs/server.md.`

// serveShutdownTimeout bounds the wait for requests under way at shutdown.
const serveShutdownTimeout = 10 * time.Second

// runServe runs "outpost serve" until SIGINT or SIGTERM. A second signal
// ends the process at once, should the graceful shutdown hang.
func runServe(args []string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop) // the next signal gets its default action: exit
	return serve(ctx, args, os.Stdout, os.Stderr)
}

// errStopped is returned by interruptible when its context ends first.
var errStopped = errors.New("stopped")

// interruptible runs a step of the start that may block (opening a locked
// database) until it returns or ctx ends, so that a signal always stops the
// server. When ctx ends first it returns errStopped at once, and release is
// called on the step's result if it comes later.
func interruptible[T any](ctx context.Context, step func() (T, error), release func(T)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := step()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		go func() {
			if r := <-done; r.err == nil {
				release(r.v)
			}
		}()
		var zero T
		return zero, errStopped
	}
}

// serve runs "outpost serve" until ctx is cancelled, printing the address
// on stdout and the log on stderr.
func serve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", serveSynopsis, serveDescription)
	defaultDB, defaultErr := store.DefaultPath()
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT` (\":8080\" for every interface)")
	dbPath := fs.String("db", defaultDB, "the game database: a SQLite `FILE` (created when missing), or a PostgreSQL URL postgres://user:password@host:port/dbname shared with other servers and workers")
	workers := fs.Int("workers", runtime.NumCPU(), "AI searches at once: `N` engines (0, with a PostgreSQL database: none, workers elsewhere search)")
	hash := fs.Int("hash", engine.DefaultHashMB, "hash table per worker, in `MB`")
	movetime := fs.Int("movetime", 1000, "the longest the AI thinks over a move, in `MS` (lower levels stop earlier)")
	reviewNodes := fs.Uint64("review-nodes", review.DefaultNodes, "a game's review searches each position to `N` nodes")
	seed := fs.Uint64("seed", 0, "seed the engines' random choices with `N` for reproducible play (0: random)")
	syncMode := fs.String("sync", "normal", "how a committed move is kept: `normal` (survives a crash or kill of the server, not a power loss) or full (an fsync per commit: survives a power loss, slower)")
	nice := fs.Int("nice", 10, "run the AI's searches at this lower thread priority, `0`-19, so pages answer first (0: no change)")
	hosts := fs.String("host", "", "the `NAMES` (comma-separated) the server answers to, besides IP addresses, localhost and --addr's host: the names it is reached by (\"*\" for any)")
	gamesPerMinute := fs.Int("games-per-minute", 20, "the new games one client may create a minute, `N` (0: no limit)")
	explainMemory := fs.Int("explain-memory", 64, "the explorer's trees kept for browsing hold at most `MIB` together; the least recently used are forgotten first")
	trustProxy := fs.String("trust-proxy", "", "the reverse proxies in front of the server, `ADDRS` (\"127.0.0.1,10.0.0.0/8\"): a request from one is counted as the client its X-Forwarded-For names")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	proxies, proxyErr := server.ParseTrustedProxies(*trustProxy)
	switch {
	case proxyErr != nil:
		return usageErrorf(fs, "--trust-proxy: %v", strings.TrimPrefix(proxyErr.Error(), "server: "))
	case *explainMemory < 1 || *explainMemory > 65536:
		return usageErrorf(fs, "--explain-memory %d is out of range 1..65536 MiB", *explainMemory)
	case *gamesPerMinute < 0:
		return usageErrorf(fs, "--games-per-minute %d: want 0 (no limit) or more", *gamesPerMinute)
	case *workers == 0 && !store.IsPostgresURL(*dbPath):
		return usageErrorf(fs, "--workers 0 needs a PostgreSQL database (--db postgres://...), whose workers play the AI's moves")
	case *workers < 0 || *workers > 1024:
		return usageErrorf(fs, "--workers %d is out of range 0..1024", *workers)
	case *hash < 1 || *hash > engine.MaxHashMB:
		return usageErrorf(fs, "--hash %d is out of range 1..%d", *hash, engine.MaxHashMB)
	case *syncMode != "full" && *syncMode != "normal":
		return usageErrorf(fs, "--sync %q: want full or normal", *syncMode)
	case *nice < 0 || *nice > 19:
		return usageErrorf(fs, "--nice %d is out of range 0..19", *nice)
	case *movetime < 1:
		return usageErrorf(fs, "--movetime %d: want a positive number of milliseconds", *movetime)
	case *reviewNodes < 1 || *reviewNodes > maxReviewNodes:
		return usageErrorf(fs, "--review-nodes %d is out of range 1..%d", *reviewNodes, uint64(maxReviewNodes))
	case *dbPath == "" && defaultErr != nil:
		return usageErrorf(fs, "no --db given and %v", defaultErr)
	case *dbPath == "":
		return usageErrorf(fs, "--db: empty path")
	}

	opts := store.Options{Sync: store.SyncNormal}
	if *syncMode == "full" {
		opts.Sync = store.SyncFull
	}
	st, err := interruptible(ctx, func() (store.Store, error) { return store.OpenDB(ctx, *dbPath, opts) },
		func(st store.Store) { st.Close() })
	if errors.Is(err, errStopped) {
		fmt.Fprintln(stdout, "Shutting down.")
		return nil
	}
	if err != nil {
		return err
	}
	defer st.Close()
	logger := log.New(stderr, "outpost serve: ", log.LstdFlags)
	if *nice > 0 {
		// Searches run on their own low-priority threads; more Ps than
		// cores leave one free for HTTP whenever every worker searches.
		runtime.GOMAXPROCS(runtime.NumCPU() + *workers)
	}
	engines := *workers
	if engines == 0 {
		engines = -1 // none: the workers of the shared database search
	}
	srv, err := interruptible(ctx, func() (*server.Server, error) {
		return server.New(server.Config{
			Store: st, Workers: engines, HashMB: *hash, Seed: *seed, Nice: *nice,
			MoveTime:       time.Duration(*movetime) * time.Millisecond,
			ReviewNodes:    *reviewNodes,
			ExplainMemory:  int64(*explainMemory) << 20,
			TrustedProxies: proxies,
			Hosts:          serverNames(*addr, *hosts),
			GamesPerMinute: cmp.Or(*gamesPerMinute, -1),
			Logf:           logger.Printf,
		})
	}, (*server.Server).Close)
	if errors.Is(err, errStopped) {
		fmt.Fprintln(stdout, "Shutting down.")
		return nil
	}
	if err != nil {
		return err
	}
	defer srv.Close()

	where := *dbPath
	if store.IsPostgresURL(where) {
		where = "PostgreSQL, shared with the other servers and workers"
	}
	return listenAndServe(ctx, srv, st, *addr, where, logger, stdout)
}

// listenAndServe serves srv on addr until ctx ends, then shuts it down and
// closes st. where names the database in the greeting.
func listenAndServe(ctx context.Context, srv *server.Server, st store.Store, addr, where string, logger *log.Logger, stdout io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	hs := srv.HTTPServer()
	hs.ErrorLog = logger
	served := make(chan error, 1)
	go func() { served <- hs.Serve(srv.Listener(ln)) }()
	fmt.Fprintf(stdout, "Outpost is at %s (games in %s)\n", openURL(ln.Addr()), where)

	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintln(stdout, "Shutting down.")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), serveShutdownTimeout)
	defer cancel()
	err = hs.Shutdown(shutdownCtx)
	if errors.Is(err, context.DeadlineExceeded) {
		hs.Close()
		err = nil
	}
	srv.Close() // cancels the searches; the caller's deferred calls repeat nothing
	if cerr := st.Close(); err == nil {
		err = cerr
	}
	return err
}

// serverNames returns the names the server answers to, besides IP
// addresses and localhost: those of --host, and --addr's host when it is a
// name.
func serverNames(addr, hosts string) []string {
	var names []string
	for _, h := range strings.Split(hosts, ",") {
		if h = strings.TrimSpace(h); h != "" {
			names = append(names, h)
		}
	}
	if host, _, err := net.SplitHostPort(addr); err == nil && host != "" {
		names = append(names, host)
	}
	return names
}

// openURL returns the address to open in a browser for a listener on addr:
// "localhost" stands for every interface.
func openURL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String() + "/"
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

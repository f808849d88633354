package server

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/internal/metrics"
	"github.com/outpost-chess/outpost/internal/store"
)

// Health is the answer of GET /api/health: whether this server can serve
// games, and the state of the engines that play the AI's moves.
type Health struct {
	// Status is "ok"; "degraded" when reads or writes of games fail
	// (then the status code is 503), or when searches wait and no worker
	// is alive to take them (200: every server on the database is in the
	// same case); "down" when the database does not answer (503). A load
	// balancer stops sending players to a server that answers 503.
	Status string `json:"status"`
	// Database is "ok"; "failing" while the last read or the last write
	// of a game failed (it is "ok" again once one succeeds); "down" when
	// it does not answer.
	Database string `json:"database"`
	// Reason says why Status is not "ok", in words without the
	// database's details (those are in the log).
	Reason string `json:"reason,omitempty"`
	Shared bool   `json:"shared"` // the database is shared (PostgreSQL) with other servers and workers
	// Workers alive (a shared database: the workers that said so within
	// 15 s, anywhere; otherwise this server, when it has engines) and
	// their engines.
	Workers int `json:"workers"`
	Engines int `json:"engines"`
	// Searches of the AI waiting for an engine and running, and how long
	// the oldest waiting one has waited (shared databases only).
	Queued         int   `json:"queued"`
	Running        int   `json:"running"`
	OldestQueuedMs int64 `json:"oldestQueuedMs"`
}

// httpStatus is the status code of the health answer.
func (h *Health) httpStatus() int {
	if h.Database != "ok" {
		return http.StatusServiceUnavailable
	}
	return http.StatusOK
}

// health checks the database, the outcomes of the last reads and writes of
// games, and reads the queue.
func (srv *Server) health(ctx context.Context) Health {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	h := Health{Status: "ok", Database: "ok", Shared: srv.shared != nil}
	err := srv.store.Ping(ctx)
	srv.watch.pinged(err, srv.logf)
	if err != nil {
		h.Status, h.Database, h.Reason = "down", "down", store.FailureOf(err).String()
		return h
	}
	var reasons []string
	for _, r := range []string{srv.watch.writes.failing("writes"), srv.watch.reads.failing("reads")} {
		if r != "" {
			reasons = append(reasons, r)
		}
	}
	if len(reasons) > 0 {
		h.Status, h.Database = "degraded", "failing"
	}
	if srv.shared == nil {
		h.Engines, h.Queued, h.Running = srv.cfg.Workers, srv.pool.Queued(), srv.pool.Stats().Running
		if h.Engines > 0 {
			h.Workers = 1
		}
		h.Reason = strings.Join(reasons, "; ")
		return h
	}
	q, err := srv.shared.st.QueueStats(ctx)
	if err != nil {
		srv.logf("health: the queue of searches cannot be read: %v", err)
		h.Status, h.Database, h.Reason = "down", "down", store.FailureOf(err).String()
		return h
	}
	h.Workers, h.Engines, h.Queued, h.Running, h.OldestQueuedMs = q.Workers, q.Engines, q.Waiting, q.Running, q.Oldest.Milliseconds()
	if h.Workers == 0 && h.Queued > 0 {
		h.Status = "degraded"
		reasons = append(reasons, fmt.Sprintf("%d searches wait and no worker is alive", h.Queued))
	}
	h.Reason = strings.Join(reasons, "; ")
	return h
}

// getHealth is GET /api/health.
func (srv *Server) getHealth(w http.ResponseWriter, r *http.Request) error {
	h := srv.health(r.Context())
	writeJSON(w, h.httpStatus(), h)
	return nil
}

// serveMetrics is GET /metrics: the figures a host watches, in
// Prometheus's text format (docs/scaling.md lists them).
func (srv *Server) serveMetrics(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	h := srv.health(r.Context())
	var b bytes.Buffer
	up := 1.0
	if h.Status == "down" {
		up = 0
	}
	metrics.Gauge(&b, "outpost_database_up", "Whether the game database answers (1) or not (0).", up)
	metrics.Counter(&b, "outpost_store_write_failures_total", "Writes of games to the database that failed.", float64(srv.watch.writes.count()))
	metrics.Counter(&b, "outpost_store_read_failures_total", "Reads of games from the database that failed.", float64(srv.watch.reads.count()))
	metrics.Gauge(&b, "outpost_searches_queued", "The AI's searches waiting for an engine (on a shared database: all servers').", float64(h.Queued))
	metrics.Gauge(&b, "outpost_searches_running", "The AI's searches running (on a shared database: on every worker).", float64(h.Running))
	metrics.Gauge(&b, "outpost_search_oldest_wait_seconds", "How long the oldest waiting search has waited (shared database).", float64(h.OldestQueuedMs)/1000)
	metrics.Gauge(&b, "outpost_workers_alive", "Workers alive (shared database: anywhere; else 1 for this server's engines).", float64(h.Workers))
	metrics.Gauge(&b, "outpost_engines_alive", "Engines of the workers alive.", float64(h.Engines))
	srv.mu.Lock()
	games := len(srv.sessions)
	srv.mu.Unlock()
	metrics.Gauge(&b, "outpost_games_in_memory", "Games this server holds in memory.", float64(games))
	st := srv.pool.Stats()
	metrics.Gauge(&b, "outpost_engine_jobs_queued", "Engine work of this server waiting for one of its engines (sched).", float64(srv.pool.Queued()))
	metrics.Gauge(&b, "outpost_engine_jobs_running", "Engine work of this server running (sched).", float64(st.Running))
	metrics.Counter(&b, "outpost_engine_jobs_cut_total", "Jobs cut short or made to yield for more urgent work (sched).", float64(st.Cut))
	metrics.Counter(&b, "outpost_engine_jobs_yielded_total", "Times an analysis or explanation yielded its engine and was queued again (sched).", float64(st.Yielded))
	switch {
	case srv.shared == nil:
		srv.searchWait.Write(&b, "outpost_search_wait_seconds", "Time the AI's searches waited for an engine of this server.")
		srv.searchTime.Write(&b, "outpost_search_seconds", "Time the AI's searches of this server ran.")
	case srv.shared.worker != nil:
		srv.shared.worker.WriteMetrics(&b)
	}
	w.Header().Set("Content-Type", metrics.ContentType)
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
}

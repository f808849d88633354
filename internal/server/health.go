package server

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/outpost-chess/outpost/internal/metrics"
)

// Health is the answer of GET /api/health: whether this server can serve
// games, and the state of the engines that play the AI's moves.
type Health struct {
	// Status is "ok"; "degraded" when searches wait and no worker is
	// alive to take them; "down" when the database does not answer (then
	// the status code is 503, so that a load balancer stops sending
	// players here).
	Status   string `json:"status"`
	Database string `json:"database"` // "ok" or what failed
	Shared   bool   `json:"shared"`   // the database is shared (PostgreSQL) with other servers and workers
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

// health checks the database and reads the queue.
func (srv *Server) health(ctx context.Context) Health {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	h := Health{Status: "ok", Database: "ok", Shared: srv.shared != nil}
	if err := srv.store.Ping(ctx); err != nil {
		h.Status, h.Database = "down", err.Error()
		return h
	}
	if srv.shared == nil {
		h.Engines, h.Queued, h.Running = srv.cfg.Workers, srv.pool.Queued(), srv.pool.Stats().Running
		if h.Engines > 0 {
			h.Workers = 1
		}
		return h
	}
	q, err := srv.shared.st.QueueStats(ctx)
	if err != nil {
		h.Status, h.Database = "down", err.Error()
		return h
	}
	h.Workers, h.Engines, h.Queued, h.Running, h.OldestQueuedMs = q.Workers, q.Engines, q.Waiting, q.Running, q.Oldest.Milliseconds()
	if h.Workers == 0 && h.Queued > 0 {
		h.Status = "degraded"
	}
	return h
}

// getHealth is GET /api/health.
func (srv *Server) getHealth(w http.ResponseWriter, r *http.Request) error {
	h := srv.health(r.Context())
	status := http.StatusOK
	if h.Status == "down" {
		status = http.StatusServiceUnavailable
	}
	writeJSON(w, status, h)
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
	metrics.Gauge(&b, "outpost_searches_queued", "The AI's searches waiting for an engine (on a shared database: all servers').", float64(h.Queued))
	metrics.Gauge(&b, "outpost_searches_running", "The AI's searches running (on a shared database: on every worker).", float64(h.Running))
	metrics.Gauge(&b, "outpost_search_oldest_wait_seconds", "How long the oldest waiting search has waited (shared database).", float64(h.OldestQueuedMs)/1000)
	metrics.Gauge(&b, "outpost_workers_alive", "Workers alive (shared database: anywhere; else 1 for this server's engines).", float64(h.Workers))
	metrics.Gauge(&b, "outpost_engines_alive", "Engines of the workers alive.", float64(h.Engines))
	srv.mu.Lock()
	games := len(srv.sessions)
	srv.mu.Unlock()
	metrics.Gauge(&b, "outpost_games_in_memory", "Games this server holds in memory.", float64(games))
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

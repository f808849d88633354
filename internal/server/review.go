package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sync"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/review"
	"github.com/outpost-chess/outpost/internal/sched"
	"github.com/outpost-chess/outpost/internal/store"
)

// This file is the review's API (docs/server.md, "Review"):
//
//	POST /api/games/{id}/review {"force"} → 202 (started or running), or
//	     200 with the stored review when it is the game's as it is now
//	GET  /api/games/{id}/review → 200 the review, 202 while it runs, 404
//	     when there is none
//	event: review on the game's event stream: the progress, then the end
//
// A review runs in the background, on the server's context: its positions
// are searched on the worker pool, as many at once as there are workers,
// each a job of the client who asked for it (so the pool shares the
// workers fairly between it and the others). It is kept in the
// store with the moves it reviewed; a review whose moves are not the
// game's any more (moves were played or taken back since) is stale, and
// the game is then not reviewed until asked again.

// ReviewRequest is the (optional) body of POST /api/games/{id}/review.
type ReviewRequest struct {
	// Force reviews the game again even when its stored review is
	// current.
	Force bool `json:"force"`
}

// ReviewProgress is the answer to a review that is running, and the data
// of its review events: Status "running" (Done of Total positions
// searched), then "done" with the Review, or "failed" with the Error.
type ReviewProgress struct {
	Status string          `json:"status"`
	Done   int             `json:"done"`
	Total  int             `json:"total"`
	Review json.RawMessage `json:"review,omitempty"`
	Error  string          `json:"error,omitempty"`
}

// reviewer holds the reviews running, and the feed of review events of
// each game that has an event stream open. Streams follow a game's reviews
// by id rather than through its session, because a game that is not the
// web's (a terminal game) has a session per request.
type reviewer struct {
	mu sync.Mutex
	// Guarded by mu:
	running map[string]*reviewRun
	feeds   map[string]*reviewFeed
	// clients counts each client's reviews running.
	clients map[client]int
}

// reviewRun is a review running: the client who asked for it, the moves
// it reviews and its last event.
type reviewRun struct {
	who   client
	moves []string
	last  []byte // the newest ReviewProgress, marshalled; guarded by reviewer.mu
}

// reviewFeed is the newest review event of a game for its streams: its
// frame, its number, and a channel closed when it is replaced. Guarded by
// reviewer.mu.
type reviewFeed struct {
	streams int
	frame   []byte
	seq     uint64
	changed chan struct{}
}

// watch opens the review feed of game id for a stream. It returns the feed
// as of now, with the frame of a review running now (or nil), which the
// stream writes first.
func (rv *reviewer) watch(id string) (f *reviewFeed, seq uint64, changed <-chan struct{}, first []byte) {
	rv.mu.Lock()
	defer rv.mu.Unlock()
	f = rv.feeds[id]
	if f == nil {
		f = &reviewFeed{changed: make(chan struct{})}
		rv.feeds[id] = f
	}
	f.streams++
	if run := rv.running[id]; run != nil {
		first = frame("review", run.last)
	}
	return f, f.seq, f.changed, first
}

// unwatch closes the feed of game id for a stream.
func (rv *reviewer) unwatch(id string, f *reviewFeed) {
	rv.mu.Lock()
	defer rv.mu.Unlock()
	if f.streams--; f.streams == 0 && rv.feeds[id] == f {
		delete(rv.feeds, id)
	}
}

// read returns the feed's newest event (its frame when it is newer than
// seq) and the channel closed when it is replaced.
func (rv *reviewer) read(f *reviewFeed, seq uint64) (fresh []byte, now uint64, changed <-chan struct{}) {
	rv.mu.Lock()
	defer rv.mu.Unlock()
	if f.seq > seq {
		fresh = f.frame
	}
	return fresh, f.seq, f.changed
}

// publish records p as the last event of the review of game id and sends
// it to the game's streams.
func (rv *reviewer) publish(id string, run *reviewRun, p ReviewProgress) {
	b, err := json.Marshal(p)
	if err != nil {
		return
	}
	rv.mu.Lock()
	defer rv.mu.Unlock()
	run.last = b
	if f := rv.feeds[id]; f != nil {
		f.frame, f.seq = frame("review", b), f.seq+1
		close(f.changed)
		f.changed = make(chan struct{})
	}
}

// reviewRoutes registers the review's routes.
func (srv *Server) reviewRoutes(handle func(string, map[string]handlerFunc)) {
	handle("/api/games/{id}/review", map[string]handlerFunc{"GET": srv.getReview, "POST": srv.postReview})
}

// gameMoves returns game id's chess game (a copy) and its moves in UCI.
func (srv *Server) gameMoves(ctx context.Context, id string) (*chess.Game, []string, error) {
	var cg *chess.Game
	if err := srv.withGame(ctx, id, func(s *session) error {
		cg = s.g.Chess().Clone()
		return nil
	}); err != nil {
		return nil, nil, err
	}
	return cg, cg.UCIMoves(), nil
}

// annotate returns cg, game id for export, annotated with its review
// (review.Annotate) when it has one of its moves as they are now, else as
// it is. A review that cannot be read is logged and left out.
func (srv *Server) annotate(ctx context.Context, id string, cg *chess.Game) *chess.Game {
	kept, ok, err := review.Kept(ctx, srv.store, id, cg.UCIMoves())
	if err != nil || !ok {
		if err != nil {
			srv.logf("game %s: the review for its PGN: %v", id, err)
		}
		return cg
	}
	r, err := review.Decode(kept.Data)
	if err != nil {
		srv.logf("game %s: the review for its PGN: %v", id, err)
		return cg
	}
	annotated, err := review.Annotate(cg, r)
	if err != nil {
		srv.logf("game %s: the review for its PGN: %v", id, err)
		return cg
	}
	return annotated
}

// gameReview is a game as it is now and its stored review.
type gameReview struct {
	game    *chess.Game // a copy
	moves   []string    // the game's moves in UCI
	stored  store.Review
	current bool // stored is of the game's moves as they are now
}

// lookupReview returns game id and its stored review.
func (srv *Server) lookupReview(ctx context.Context, id string) (gameReview, error) {
	cg, moves, err := srv.gameMoves(ctx, id)
	if err != nil {
		return gameReview{}, err
	}
	stored, current, err := review.Kept(ctx, srv.store, id, moves)
	return gameReview{cg, moves, stored, current}, err
}

// getReview is GET /api/games/{id}/review.
func (srv *Server) getReview(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	gr, err := srv.lookupReview(r.Context(), id)
	if err != nil {
		return err
	}
	stored, moves := gr.stored, gr.moves
	if gr.current {
		writeRaw(w, http.StatusOK, stored.Data)
		return nil
	}
	if last := srv.reviews.last(id); last != nil {
		writeRaw(w, http.StatusAccepted, last)
		return nil
	}
	if stored.GameID != "" {
		return codef(http.StatusNotFound, "review_stale", map[string]any{"then": len(stored.Moves), "now": len(moves)},
			"game %q has changed since its review (%d plies then, %d now): POST /api/games/%s/review reviews it again", id, len(stored.Moves), len(moves), id)
	}
	return codef(http.StatusNotFound, "no_review", nil, "game %q has not been reviewed: POST /api/games/%s/review asks for a review", id, id)
}

// last returns the last event of the review of game id running now, or
// nil.
func (rv *reviewer) last(id string) []byte {
	rv.mu.Lock()
	defer rv.mu.Unlock()
	if run := rv.running[id]; run != nil {
		return run.last
	}
	return nil
}

// postReview is POST /api/games/{id}/review.
func (srv *Server) postReview(w http.ResponseWriter, r *http.Request) error {
	var req ReviewRequest
	if err := decodeBody(w, r, &req, false); err != nil {
		return err
	}
	id := r.PathValue("id")
	gr, err := srv.lookupReview(r.Context(), id)
	switch {
	case err != nil:
		return err
	case len(gr.moves) == 0:
		return codef(http.StatusConflict, "no_moves", nil, "game %q has no moves to review", id)
	case gr.current && !req.Force:
		writeRaw(w, http.StatusOK, gr.stored.Data)
		return nil
	}
	last, err := srv.startReview(srv.clientOf(r), id, gr.game, gr.moves)
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusAccepted, last)
	return nil
}

// startReview starts the review of game id, whose chess game is cg with
// moves, for client who, unless one is running; it returns the review's
// last event. A client has one review running at a time, and the server
// at most Config.MaxReviews.
func (srv *Server) startReview(who client, id string, cg *chess.Game, moves []string) ([]byte, error) {
	rv := srv.reviews
	rv.mu.Lock()
	if run := rv.running[id]; run != nil {
		defer rv.mu.Unlock()
		return run.last, nil
	}
	if rv.clients[who] > 0 {
		rv.mu.Unlock()
		return nil, codef(http.StatusTooManyRequests, "review_running", nil,
			"a review you asked for is still running: wait for it to end")
	}
	if len(rv.running) >= srv.cfg.MaxReviews {
		rv.mu.Unlock()
		return nil, codef(http.StatusServiceUnavailable, "reviews_busy", map[string]any{"running": len(rv.running)},
			"the server is reviewing %d games already: try again in a minute", len(rv.running))
	}
	run := &reviewRun{who: who, moves: moves}
	rv.running[id] = run
	rv.clients[who]++
	rv.mu.Unlock()
	srv.reviews.publish(id, run, ReviewProgress{Status: "running", Total: cg.Len() + 1})
	srv.background.Add(1)
	go srv.runReview(id, cg, run)
	return srv.reviews.last(id), nil
}

// runReview reviews game id, keeps the review, and publishes its progress
// and its end.
func (srv *Server) runReview(id string, cg *chess.Game, run *reviewRun) {
	defer srv.background.Done()
	total := cg.Len() + 1
	search := func(ctx context.Context, p engine.Params) (engine.Result, error) {
		return srv.searchOnPool(ctx, run.who, sched.Review, p)
	}
	r, err := review.Analyse(srv.ctx, cg, search, review.Options{
		Nodes:    srv.cfg.ReviewNodes,
		Parallel: srv.pool.Engines(),
		Progress: func(done, total int) {
			srv.reviews.publish(id, run, ReviewProgress{Status: "running", Done: done, Total: total})
		},
	})
	var data []byte
	if err == nil {
		data, err = review.Keep(srv.ctx, srv.store, id, run.moves, r)
	}
	end := ReviewProgress{Status: "done", Done: total, Total: total, Review: data}
	if err != nil {
		srv.logf("game %s: review: %v", id, err)
		end = ReviewProgress{Status: "failed", Total: total, Error: reviewFailure(srv, err)}
	}
	rv := srv.reviews
	rv.publish(id, run, end)
	rv.mu.Lock()
	delete(rv.running, id)
	if rv.clients[run.who]--; rv.clients[run.who] <= 0 {
		delete(rv.clients, run.who)
	}
	rv.mu.Unlock()
}

// reviewFailure says why a review failed, for people.
func reviewFailure(srv *Server, err error) string {
	switch {
	case srv.ctx.Err() != nil:
		return "the server is shutting down: ask again when it is back"
	case errors.Is(err, store.ErrNotFound):
		return "the game was deleted"
	}
	return "the review could not be kept: " + failureText(err)
}

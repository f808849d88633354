package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"sync"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/review"
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
// each in the queue with the other games' AI moves. It is kept in the
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

// reviewer holds the reviews running and the event streams listening for
// them, by game id. Streams listen by id rather than through a session,
// because a game that is not the web's (a terminal game) has a session per
// request.
type reviewer struct {
	mu sync.Mutex
	// Guarded by mu:
	running  map[string]*reviewRun
	watchers map[string]map[*subscriber]struct{}
}

// reviewRun is a review running: the moves it reviews and its last event.
type reviewRun struct {
	moves []string
	last  []byte // the newest ReviewProgress, marshalled; guarded by reviewer.mu
}

// watch makes sub hear the review events of game id, starting with the
// progress of a review running now, if any.
func (rv *reviewer) watch(id string, sub *subscriber) {
	rv.mu.Lock()
	defer rv.mu.Unlock()
	if rv.watchers[id] == nil {
		rv.watchers[id] = map[*subscriber]struct{}{}
	}
	rv.watchers[id][sub] = struct{}{}
	if run := rv.running[id]; run != nil {
		sub.send(func() { sub.review = run.last })
	}
}

// unwatch undoes watch.
func (rv *reviewer) unwatch(id string, sub *subscriber) {
	rv.mu.Lock()
	defer rv.mu.Unlock()
	delete(rv.watchers[id], sub)
	if len(rv.watchers[id]) == 0 {
		delete(rv.watchers, id)
	}
}

// publish records p as the last event of the review of game id and sends
// it to the streams watching the game.
func (rv *reviewer) publish(id string, run *reviewRun, p ReviewProgress) {
	b, err := json.Marshal(p)
	if err != nil {
		return
	}
	rv.mu.Lock()
	defer rv.mu.Unlock()
	run.last = b
	for sub := range rv.watchers[id] {
		sub.send(func() { sub.review = b })
	}
}

// reviewRoutes registers the review's routes.
func (srv *Server) reviewRoutes(handle func(string, map[string]handlerFunc)) {
	handle("/api/games/{id}/review", map[string]handlerFunc{"GET": srv.getReview, "POST": srv.postReview})
}

// gameMoves returns game id's chess game (a copy) and its moves in UCI.
func (srv *Server) gameMoves(ctx context.Context, id string) (*chess.Game, []string, error) {
	s, err := srv.lockGame(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	defer s.mu.Unlock()
	cg := s.g.Chess().Clone()
	moves := make([]string, len(s.moves))
	for i, m := range s.moves {
		moves[i] = m.UCI
	}
	return cg, moves, nil
}

// currentReview returns the stored review of game id when it reviewed
// moves, the game's moves now; ok is false when there is none or it is
// stale (then stored holds the stale one, if any).
func (srv *Server) currentReview(ctx context.Context, id string, moves []string) (stored store.Review, ok bool, err error) {
	stored, err = srv.store.GetReview(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Review{}, false, nil
	}
	if err != nil {
		return store.Review{}, false, err
	}
	return stored, slices.Equal(stored.Moves, moves), nil
}

// getReview is GET /api/games/{id}/review.
func (srv *Server) getReview(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	_, moves, err := srv.gameMoves(r.Context(), id)
	if err != nil {
		return err
	}
	stored, ok, err := srv.currentReview(r.Context(), id, moves)
	if err != nil {
		return err
	}
	if ok {
		writeRaw(w, http.StatusOK, stored.Data)
		return nil
	}
	if last := srv.reviews.last(id); last != nil {
		writeRaw(w, http.StatusAccepted, last)
		return nil
	}
	if stored.GameID != "" {
		return codedErrorf(http.StatusNotFound, "review_stale",
			"game %q has changed since its review (%d plies then, %d now): POST /api/games/%s/review reviews it again", id, len(stored.Moves), len(moves), id)
	}
	return codedErrorf(http.StatusNotFound, "no_review", "game %q has not been reviewed: POST /api/games/%s/review asks for a review", id, id)
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
	cg, moves, err := srv.gameMoves(r.Context(), id)
	if err != nil {
		return err
	}
	if len(moves) == 0 {
		return codedErrorf(http.StatusConflict, "no_moves", "game %q has no moves to review", id)
	}
	if !req.Force {
		stored, ok, err := srv.currentReview(r.Context(), id, moves)
		if err != nil {
			return err
		}
		if ok {
			writeRaw(w, http.StatusOK, stored.Data)
			return nil
		}
	}
	last, err := srv.startReview(id, cg, moves)
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusAccepted, last)
	return nil
}

// startReview starts the review of game id, whose chess game is cg with
// moves, unless one is running; it returns the review's last event.
func (srv *Server) startReview(id string, cg *chess.Game, moves []string) ([]byte, error) {
	rv := srv.reviews
	rv.mu.Lock()
	if run := rv.running[id]; run != nil {
		defer rv.mu.Unlock()
		return run.last, nil
	}
	if len(rv.running) >= srv.cfg.MaxReviews {
		rv.mu.Unlock()
		return nil, codedErrorf(http.StatusServiceUnavailable, "reviews_busy",
			"the server is reviewing %d games already: try again in a minute", len(rv.running))
	}
	run := &reviewRun{moves: moves}
	rv.running[id] = run
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
	r, err := review.Analyse(srv.ctx, cg, srv.searchOnPool, review.Options{
		Nodes:    srv.cfg.ReviewNodes,
		Parallel: srv.cfg.Workers,
		Progress: func(done, total int) {
			srv.reviews.publish(id, run, ReviewProgress{Status: "running", Done: done, Total: total})
		},
	})
	var data []byte
	if err == nil {
		data, err = json.Marshal(r)
	}
	if err == nil {
		err = srv.store.SaveReview(srv.ctx, &store.Review{GameID: id, Moves: run.moves, Data: data})
	}
	end := ReviewProgress{Status: "done", Done: total, Total: total, Review: data}
	if err != nil {
		srv.logf("game %s: review: %v", id, err)
		end = ReviewProgress{Status: "failed", Total: total, Error: reviewFailure(srv, err)}
	}
	srv.reviews.publish(id, run, end)
	srv.reviews.mu.Lock()
	delete(srv.reviews.running, id)
	srv.reviews.mu.Unlock()
}

// reviewFailure says why a review failed, for people.
func reviewFailure(srv *Server, err error) string {
	switch {
	case srv.ctx.Err() != nil:
		return "the server is shutting down: ask again when it is back"
	case errors.Is(err, store.ErrNotFound):
		return "the game was deleted"
	}
	return "the review could not be kept: " + plainError(err)
}

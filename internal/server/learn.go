package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/review"
	"github.com/outpost-chess/outpost/internal/sched"
)

// This file is "learn from your mistakes" (docs/server.md, "Review"): the
// player tries another move instead of one the review judged, and the
// server says whether it would have kept the winning chances, by the
// review's own judgement (review.Review.Try):
//
//	POST /api/games/{id}/review/try {"ply", "move"} → TryAnswer

// TryRequest is the body of POST /api/games/{id}/review/try: a move (UCI
// or SAN) tried instead of the game's move at ply (from 1).
type TryRequest struct {
	Ply  int    `json:"ply"`
	Move string `json:"move"`
}

// TryAnswer is the answer to a move tried.
type TryAnswer struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
	// Accepted is set when the move keeps the mover's winning chances
	// within an inaccuracy of the review's evaluation of the position
	// before it: review.Judge finds nothing to say about it.
	Accepted bool `json:"accepted"`
	// Best is set when the move is the review's better move; Played when
	// it is the move the game played (neither is searched again: the
	// review's judgement of the game's move stands).
	Best   bool `json:"best"`
	Played bool `json:"played"`
	// Eval is the evaluation after the move (White's view); Judgement and
	// Mate what review.Judge says of it.
	Eval      review.Eval      `json:"eval"`
	Judgement review.Judgement `json:"judgement"`
	Mate      review.MateSwing `json:"mate"`
}

// learnRoutes registers the routes of learn from your mistakes.
func (srv *Server) learnRoutes(handle func(string, map[string]handlerFunc)) {
	handle("/api/games/{id}/review/try", map[string]handlerFunc{"POST": srv.tryMove})
}

// tryMove is POST /api/games/{id}/review/try.
func (srv *Server) tryMove(w http.ResponseWriter, r *http.Request) error {
	var req TryRequest
	if err := decodeBody(w, r, &req, true); err != nil {
		return err
	}
	id := r.PathValue("id")
	gr, err := srv.lookupReview(r.Context(), id)
	if err != nil {
		return err
	}
	if !gr.current {
		return codef(http.StatusNotFound, "no_review", nil, "game %q has no review of its moves as they are now: POST /api/games/%s/review asks for one", id, id)
	}
	cg := gr.game
	rv, err := review.Decode(gr.stored.Data)
	if err != nil {
		return fmt.Errorf("server: game %s: %w", id, err)
	}
	if req.Ply < 1 || req.Ply > len(rv.Moves) {
		return errorf(http.StatusBadRequest, "ply %d is out of range 1..%d", req.Ply, len(rv.Moves))
	}
	before := cg.PositionAt(req.Ply - 1)
	m, err := before.ParseMove(strings.TrimSpace(req.Move))
	if err != nil {
		return illegalMove(&lineError{fmt.Sprintf("move %q", req.Move), err})
	}
	search := func(ctx context.Context, p engine.Params) (engine.Result, error) {
		return srv.searchOnPool(ctx, srv.clientOf(r), sched.Hint, p)
	}
	t, err := rv.Try(r.Context(), cg, req.Ply, m, search, review.Options{Nodes: srv.cfg.ReviewNodes})
	if err != nil {
		return err
	}
	a := TryAnswer{
		UCI: before.UCI(m), SAN: before.SAN(m), Accepted: t.Accepted, Best: t.Best, Played: t.Played,
		Eval: t.Eval, Judgement: t.Judgement, Mate: t.Mate,
	}
	writeJSON(w, http.StatusOK, a)
	return nil
}

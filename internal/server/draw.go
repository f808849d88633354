package server

import (
	"context"
	"fmt"
	"net/http"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/progress"
)

// Draw offers (the rules are package play's): POST /draw/offer offers a
// draw for a side; against the AI its search answers at once (on the
// worker pool, as a hint's does), between two people the offer stands in
// the state's drawOffer until POST /draw/accept or /draw/decline, or a
// move.

// offerDraw is POST /api/games/{id}/draw/offer.
func (srv *Server) offerDraw(w http.ResponseWriter, r *http.Request) error {
	var req SideRequest
	if err := srv.authorizeGame(r); err != nil {
		return err
	}
	if err := decodeBody(w, r, &req, false); err != nil {
		return err
	}
	var answer DrawOfferAnswer
	var ask *drawQuestion // set when the AI is to answer
	if err := srv.withGame(r.Context(), r.PathValue("id"), func(s *session) error {
		by, err := s.side(req.Color, false)
		if err != nil {
			return err
		}
		if s.g.Players()[by.Other()].AI {
			ask, err = s.askLocked(by)
			return err
		}
		offer := func() error { return s.apply(func() error { return s.g.OfferDraw(r.Context(), by) }) }
		if err := s.retryStaleLocked(r.Context(), offer(), offer); err != nil {
			return err
		}
		answer = DrawOfferAnswer{
			Message: fmt.Sprintf("%s offers a draw: %s may accept or decline it.", by.Name(), by.Other().Name()),
			Code:    "offered", Params: map[string]any{"by": by.String(), "to": by.Other().String()},
		}
		if s.g.Over() {
			answer.Accepted = true
			answer.Message, answer.Code = "Both sides offered a draw: the game is drawn by agreement.", "agreed"
		}
		answer.Game = s.stateJSONLocked()
		return nil
	}); err != nil {
		return err
	}
	if ask != nil {
		var err error
		if answer, err = srv.askAI(r, ask); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, answer)
	return nil
}

// drawQuestion is a draw offer the AI is asked about: its search, for the
// game's version and revision.
type drawQuestion struct {
	s       *session
	by      chess.Color
	params  engine.Params
	version uint64
	rev     int64
}

// askLocked starts the AI's judgement of by's draw offer: one at a time.
func (s *session) askLocked(by chess.Color) (*drawQuestion, error) {
	if s.judging {
		return nil, codef(http.StatusConflict, "draw_busy", nil, "Outpost is already considering a draw offer")
	}
	params, version, err := s.g.DrawJudgement(by)
	if err != nil {
		return nil, err
	}
	s.judging = true
	return &drawQuestion{s: s, by: by, params: params, version: version, rev: s.rev()}, nil
}

// askAI judges the draw offer q on the engines, without the game locked,
// and answers it.
func (srv *Server) askAI(r *http.Request, q *drawQuestion) (DrawOfferAnswer, error) {
	res, searchErr := srv.search(r.Context(), srv.clientOf(r), q.s, q.rev, q.params)
	var answer DrawOfferAnswer
	s := q.s
	err := s.with(func() error {
		s.judging = false
		if searchErr != nil {
			return searchErr
		}
		var a play.DrawAnswer
		if err := s.apply(func() error {
			var err error
			a, err = s.g.AnswerDraw(context.WithoutCancel(r.Context()), q.by, q.version, res)
			return err
		}); err != nil {
			return err
		}
		answer = DrawOfferAnswer{
			Accepted: a.Accepted, Message: a.Text(), Code: drawAnswerCode(a),
			Params: map[string]any{"score": progress.Score(a.Score, chess.White)}, Game: s.stateJSONLocked(),
		}
		return nil
	})
	return answer, err
}

// acceptDraw is POST /api/games/{id}/draw/accept.
func (srv *Server) acceptDraw(w http.ResponseWriter, r *http.Request) error {
	var req SideRequest
	return srv.change(w, r, &req, false, func(ctx context.Context, s *session) error {
		by, err := s.side(req.Color, true)
		if err != nil {
			return err
		}
		return s.apply(func() error { return s.g.AcceptDraw(ctx, by) })
	})
}

// declineDraw is POST /api/games/{id}/draw/decline.
func (srv *Server) declineDraw(w http.ResponseWriter, r *http.Request) error {
	var req SideRequest
	return srv.change(w, r, &req, false, func(ctx context.Context, s *session) error {
		by, err := s.side(req.Color, true)
		if err != nil {
			return err
		}
		return s.apply(func() error { return s.g.DeclineDraw(ctx, by) })
	})
}

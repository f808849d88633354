package server

import (
	"context"
	"fmt"
	"net/http"

	"github.com/outpost-chess/outpost/chess"
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
	s, err := srv.lockGame(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	by, err := s.side(req.Color, false)
	if err != nil {
		s.mu.Unlock()
		return err
	}
	if s.g.Players()[by.Other()].AI {
		return srv.askAI(w, r, s, by) // unlocks s
	}
	offer := func() error { return s.apply(func() error { return s.g.OfferDraw(r.Context(), by) }) }
	if err := s.retryStaleLocked(r.Context(), offer(), offer); err != nil {
		s.mu.Unlock()
		return err
	}
	msg := fmt.Sprintf("%s offers a draw: %s may accept or decline it.", by.Name(), by.Other().Name())
	code := "offered"
	accepted := s.g.Over()
	if accepted {
		msg, code = "Both sides offered a draw: the game is drawn by agreement.", "agreed"
	}
	params := map[string]any{"by": by.String(), "to": by.Other().String()}
	return answerOffer(w, s, accepted, msg, code, params) // unlocks s
}

// askAI asks the AI whether it accepts the draw by offers: its search
// judges the position on the worker pool, without the game locked. It is
// called with s locked and unlocks it.
func (srv *Server) askAI(w http.ResponseWriter, r *http.Request, s *session, by chess.Color) error {
	if s.judging {
		s.mu.Unlock()
		return codef(http.StatusConflict, "draw_busy", nil, "Outpost is already considering a draw offer")
	}
	params, version, err := s.g.DrawJudgement(by)
	if err != nil {
		s.mu.Unlock()
		return err
	}
	s.judging = true
	rev := s.rev()
	s.mu.Unlock()
	res, err := srv.search(r.Context(), srv.clientOf(r), s, rev, params)
	s.mu.Lock()
	s.judging = false
	if err != nil {
		s.mu.Unlock()
		return err
	}
	var a play.DrawAnswer
	err = s.apply(func() error {
		var err error
		a, err = s.g.AnswerDraw(context.WithoutCancel(r.Context()), by, version, res)
		return err
	})
	if err != nil {
		s.mu.Unlock()
		return err
	}
	return answerOffer(w, s, a.Accepted, a.Text(), drawAnswerCode(a), map[string]any{"score": progress.Score(a.Score, chess.White)})
}

// answerOffer writes the answer to a draw offer, with the game's state. It
// is called with s locked and unlocks it.
func answerOffer(w http.ResponseWriter, s *session, accepted bool, msg, code string, params map[string]any) error {
	state := s.stateJSONLocked()
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, DrawOfferAnswer{Accepted: accepted, Message: msg, Code: code, Params: params, Game: state})
	return nil
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

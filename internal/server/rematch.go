package server

import (
	"net/http"
	"time"

	"github.com/outpost-chess/outpost/chess"
)

// rematch is POST /api/games/{id}/rematch: a new game with the settings of
// game id and the colours swapped, as lichess's rematch: each player (a
// person, or the AI at its level) on the other side, the same clock, the
// same start position (a game imported from moves starts again from the
// position they started from), not paused. It answers as POST /api/games
// does, with the new game's token; it counts as a new game for the limit
// of games a minute.
func (srv *Server) rematch(w http.ResponseWriter, r *http.Request) error {
	if err := srv.authorizeGame(r); err != nil {
		return err
	}
	var req NewGameRequest
	if err := srv.withGame(r.Context(), r.PathValue("id"), func(s *session) error {
		req = s.rematchLocked()
		return nil
	}); err != nil {
		return err
	}
	return srv.startGame(w, r, &req)
}

// rematchLocked returns the request for s's rematch (see rematch).
func (s *session) rematchLocked() NewGameRequest {
	players := s.g.Players()
	white, black := players[chess.Black], players[chess.White]
	speed := s.speedMs
	req := NewGameRequest{White: white.Kind(), Black: black.Kind(), SpeedMs: &speed}
	if white.AI {
		req.WhiteLevel = white.LevelName()
	}
	if black.AI {
		req.BlackLevel = black.LevelName()
	}
	start := s.g.Chess().StartPosition()
	if start.Chess960() {
		req.Variant = "chess960"
	}
	if fen := start.FEN(); fen != chess.StartFEN || start.Chess960() {
		req.FEN = fen
	}
	if tc := s.g.TimeControl(); tc.Timed() {
		req.Clock = &ClockRequest{Limit: int(tc.Limit / time.Second), Increment: int(tc.Increment / time.Second)}
	}
	return req
}

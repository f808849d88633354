package server

import (
	"errors"
	"net/http"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/play"
)

// This file gives every error answer a code: a stable name that a front
// end says in the player's language ("illegal_move" → "That move is not
// legal: …"), with the values it needs in params. The English "error" is
// for API users and logs; docs/server.md lists the codes.

// statusCode is the code of an error answer that has no code of its own:
// its status's name.
func statusCode(status int) string {
	switch status {
	case http.StatusBadRequest:
		return "bad_request"
	case http.StatusForbidden:
		return "forbidden"
	case http.StatusNotFound:
		return "not_found"
	case http.StatusMethodNotAllowed:
		return "method_not_allowed"
	case http.StatusConflict:
		return "conflict"
	case http.StatusRequestTimeout:
		return "timeout"
	case http.StatusRequestEntityTooLarge:
		return "too_large"
	case http.StatusUnprocessableEntity:
		return "too_big_to_explain"
	case http.StatusTooManyRequests:
		return "too_many"
	case http.StatusServiceUnavailable:
		return "unavailable"
	}
	return "internal"
}

// ruleError is the answer to a refusal of the rules (internal/play): its
// code, and the values the code names.
func ruleError(status int, re *play.RuleError) *apiError {
	ae := &apiError{status: status, msg: re.Text, code: string(re.Code), params: map[string]any{}}
	if re.Code == "" {
		ae.code = statusCode(status)
	}
	ae.params["color"] = re.Color.String()
	if re.Outcome.IsOver() {
		ae.params["result"] = re.Outcome.Result.String()
		ae.params["reason"] = re.Outcome.Reason.String()
	}
	var me *chess.MoveError
	var nd *chess.NoDrawError
	switch {
	case errors.As(re.Err, &me):
		for k, v := range moveErrorParams(me) {
			ae.params[k] = v
		}
	case errors.As(re.Err, &nd):
		ae.params["repetitions"] = nd.Repetitions
		ae.params["halfmoves"] = nd.HalfmoveClock
	}
	return ae
}

// moveErrorParams are the values of an illegal move: the move as written,
// why (chess.Why's name) and what the reason is about.
func moveErrorParams(me *chess.MoveError) map[string]any {
	p := map[string]any{"move": me.Move, "why": me.Why.String(), "color": me.Color.String()}
	if me.Piece != chess.NoPieceType {
		p["piece"] = pieceNames[me.Piece]
	}
	if me.Why.NamesFrom() {
		p["from"] = me.From.String()
	}
	if me.Why.NamesTo() {
		p["to"] = me.To.String()
	}
	if len(me.Options) > 0 {
		p["options"] = me.Options
	}
	if me.Queenside {
		p["side"] = "queenside"
	} else {
		p["side"] = "kingside"
	}
	return p
}

// pieceNames are the pieces' names in params.
var pieceNames = [...]string{chess.Pawn: "pawn", chess.Knight: "knight", chess.Bishop: "bishop", chess.Rook: "rook", chess.Queen: "queen", chess.King: "king"}

// drawAnswerCode names the AI's answer to a draw offer, for the page.
func drawAnswerCode(a play.DrawAnswer) string {
	switch {
	case a.Accepted:
		return "ai_accepts"
	case a.Score >= play.WorseMargin:
		return "ai_declines_better"
	}
	return "ai_declines_open"
}

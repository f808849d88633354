package tui

import (
	"errors"
	"fmt"
	"strings"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/i18n"
	"github.com/outpost-chess/outpost/internal/play"
)

// words.go turns the game's things into text in the player's language:
// colours, pieces, outcomes and errors, from the catalogue (messages.go).

// tr returns the text of k in language l, formatted with args.
func tr(l i18n.Lang, k msg, args ...any) string { return messages.Text(l, k, args...) }

// colorText names a side: "White", "白方".
func colorText(l i18n.Lang, c chess.Color) string {
	if c == chess.White {
		return tr(l, msgWhite)
	}
	return tr(l, msgBlack)
}

// pieceText names a piece type: "knight", "马".
func pieceText(l i18n.Lang, t chess.PieceType) string {
	switch t {
	case chess.Pawn:
		return tr(l, msgPawn)
	case chess.Knight:
		return tr(l, msgKnight)
	case chess.Bishop:
		return tr(l, msgBishop)
	case chess.Rook:
		return tr(l, msgRook)
	case chess.Queen:
		return tr(l, msgQueen)
	case chess.King:
		return tr(l, msgKing)
	}
	return ""
}

// reasonText names why a game ended: "checkmate", "三次重复局面".
func reasonText(l i18n.Lang, r chess.Reason) string {
	k, ok := map[chess.Reason]msg{
		chess.Checkmate: msgReasonCheckmate, chess.Stalemate: msgReasonStalemate,
		chess.FivefoldRepetition: msgReasonFivefold, chess.SeventyFiveMoveRule: msgReasonSeventyFive,
		chess.InsufficientMaterial: msgReasonMaterial, chess.ThreefoldRepetition: msgReasonThreefold,
		chess.FiftyMoveRule: msgReasonFifty, chess.Resignation: msgReasonResignation,
		chess.DrawAgreement: msgReasonAgreement, chess.TimeForfeit: msgReasonTime,
		chess.Adjudication: msgReasonAdjudication, chess.Aborted: msgReasonAborted,
	}[r]
	if !ok {
		return r.String()
	}
	return tr(l, k)
}

// describeOutcome says how a game ended: "White wins by checkmate", "Black
// wins on time", "Draw by agreement", "Game aborted: ...".
func describeOutcome(l i18n.Lang, o chess.Outcome) string {
	w, won := o.Winner()
	switch {
	case o.Reason == chess.Aborted:
		return tr(l, msgAborted)
	case o.Reason == chess.TimeForfeit && won:
		return tr(l, msgWinsOnTime, colorText(l, w))
	case o.Reason == chess.TimeForfeit:
		return tr(l, msgFlagDraw)
	case won && o.Reason != chess.NoReason:
		return tr(l, msgWinsBy, colorText(l, w), reasonText(l, o.Reason))
	case won:
		return tr(l, msgWins, colorText(l, w))
	case o.Reason != chess.NoReason:
		return tr(l, msgDrawBy, reasonText(l, o.Reason))
	}
	return tr(l, msgDraw)
}

// outcomeText says the result and how: "1-0: White wins by checkmate";
// an aborted game, which has no result, only how.
func outcomeText(l i18n.Lang, o chess.Outcome) string {
	if o.Reason == chess.Aborted {
		return describeOutcome(l, o)
	}
	return tr(l, msgOutcome, o.Result.String(), describeOutcome(l, o))
}

// textError is an error of the terminal game with its words in the
// catalogue: Error says it in English, errorText in the player's language.
type textError struct {
	key  msg
	args []any
}

func (e *textError) Error() string { return e.text(i18n.English) }

// text says the error in l; an error among its values is said in l too.
func (e *textError) text(l i18n.Lang) string {
	args := make([]any, len(e.args))
	for i, a := range e.args {
		if err, ok := a.(error); ok {
			a = errorText(l, err)
		}
		args[i] = a
	}
	return tr(l, e.key, args...)
}

// Unwrap returns the error among the values, if any.
func (e *textError) Unwrap() error {
	for _, a := range e.args {
		if err, ok := a.(error); ok {
			return err
		}
	}
	return nil
}

// errText returns an error whose words are the text of k; an error among
// args is said in the player's language too, and unwraps.
func errText(k msg, args ...any) error { return &textError{k, args} }

// errorText returns err's words for people, in l: the terminal's own
// errors and the rules' refusals from the catalogue, another error without
// its package's prefix ("chess: ").
func errorText(l i18n.Lang, err error) string {
	var te *textError
	var re *play.RuleError
	var me *chess.MoveError
	var nd *chess.NoDrawError
	switch {
	case errors.As(err, &te):
		return te.text(l)
	case errors.As(err, &me):
		return moveErrorText(l, me)
	case errors.As(err, &nd):
		return tr(l, msgErrNoDraw, times(l, nd.Repetitions), nd.HalfmoveClock)
	case errors.As(err, &re):
		if text, ok := ruleText(l, re); ok {
			return text
		}
	}
	text := err.Error()
	for _, pkg := range []string{"chess: ", "play: ", "tui: "} {
		text = strings.TrimPrefix(text, pkg)
	}
	return text
}

// ruleText says a refusal of the rules by its code, if the catalogue has
// it.
func ruleText(l i18n.Lang, re *play.RuleError) (string, bool) {
	c := colorText(l, re.Color)
	switch re.Code {
	case play.CodeGameOver:
		return tr(l, msgErrGameOverOutcome, describeOutcome(l, re.Outcome)), true
	case play.CodeTimeUp:
		return tr(l, msgErrTimeUp, describeOutcome(l, re.Outcome)), true
	case play.CodeNotYourTurn:
		return tr(l, msgErrNotYourTurn, c), true
	case play.CodeChanged:
		return tr(l, msgErrChanged), true
	case play.CodeNoTakeback:
		return tr(l, msgErrNoTakeback), true
	case play.CodeOverNoTakeback:
		return tr(l, msgErrOverNoTakeback, describeOutcome(l, re.Outcome)), true
	case play.CodeOverNoTakebackPeople:
		return tr(l, msgErrOverNoTakebackPeople, describeOutcome(l, re.Outcome)), true
	case play.CodeNothingToRedo:
		return tr(l, msgErrNothingToRedo), true
	case play.CodeAINoOffer:
		return tr(l, msgErrAINoOffer, c), true
	case play.CodeNoOffer:
		return tr(l, msgErrNoOffer, c), true
	case play.CodeOfferToPerson:
		return tr(l, msgErrOfferToPerson, c), true
	case play.CodePersonHasNoLevel:
		return tr(l, msgErrPersonNoLevel, c), true
	}
	return "", false
}

// whyKeys are the texts of the reasons a move is illegal.
var whyKeys = map[chess.Why]msg{
	chess.WhyNotAMove: msgWhyNotAMove, chess.WhyNotSAN: msgWhyNotSAN, chess.WhyNotUCI: msgWhyNotUCI,
	chess.WhyNullMove: msgWhyNullMove, chess.WhyNoPieceOn: msgWhyNoPieceOn, chess.WhyNotYourPiece: msgWhyNotYourPiece,
	chess.WhySameSquare: msgWhySameSquare, chess.WhyOwnPieceOn: msgWhyOwnPieceOn, chess.WhyCannotReach: msgWhyCannotReach,
	chess.WhyMustPromote: msgWhyMustPromote, chess.WhyOnlyPawnsPromote: msgWhyOnlyPawnsPromote,
	chess.WhyBadPromotion: msgWhyBadPromotion, chess.WhyInCheck: msgWhyInCheck,
	chess.WhyLeavesKingInCheck: msgWhyLeavesKingInCheck, chess.WhyNoMatch: msgWhyNoMatch,
	chess.WhyNoPawnCapture: msgWhyNoPawnCapture, chess.WhyNoPawnMove: msgWhyNoPawnMove,
	chess.WhyNoPieceCanMove: msgWhyNoPieceCanMove, chess.WhyCastlingRightLost: msgWhyCastlingRightLost,
	chess.WhyCastlingOutOfCheck: msgWhyCastlingOutOfCheck, chess.WhyCastlingBlocked: msgWhyCastlingBlocked,
	chess.WhyCastlingThroughCheck: msgWhyCastlingThroughCheck, chess.WhyIncomplete: msgWhyIncomplete,
	chess.WhyNoSuchPromotion: msgWhyNoSuchPromotion, chess.WhyAmbiguous: msgWhyAmbiguous,
}

// moveErrorText says why a move cannot be played: "\"Ke3\" is illegal: no
// white king can move to e3", or the reason alone when it names the move.
func moveErrorText(l i18n.Lang, me *chess.MoveError) string {
	k, ok := whyKeys[me.Why]
	if !ok {
		return strings.TrimPrefix(me.Error(), "chess: ")
	}
	color := colorText(l, me.Color)
	if l == i18n.English {
		color = strings.ToLower(color) // "no white king"
	}
	side := tr(l, msgKingside)
	if me.Queenside {
		side = tr(l, msgQueenside)
	}
	text := messages[l][k]
	if strings.Contains(text, "%") {
		text = fmt.Sprintf(text, me.Move, color, pieceText(l, me.Piece), me.From, me.To, side, strings.Join(me.Options, ", "))
	}
	switch me.Why {
	case chess.WhyNotAMove, chess.WhyNotSAN, chess.WhyNotUCI, chess.WhyAmbiguous:
		return text
	}
	return tr(l, msgIllegalIs, fmt.Sprintf("%q", me.Move), text)
}

// sentence returns s ending with l's full stop, unless it ends a sentence
// already (with a full stop, "?", "!" or "…", in either language).
func sentence(l i18n.Lang, s string) string {
	for _, end := range []string{".", "?", "!", "…", "。", "？", "！"} {
		if s == "" || strings.HasSuffix(s, end) {
			return s
		}
	}
	return s + tr(l, msgFullStop)
}

// times says how often: "once", "twice", "3 times".
func times(l i18n.Lang, n int) string {
	switch n {
	case 1:
		return tr(l, msgOnce)
	case 2:
		return tr(l, msgTwice)
	}
	return tr(l, msgTimes, n)
}

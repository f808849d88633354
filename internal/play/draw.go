package play

import (
	"context"
	"fmt"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/progress"
)

// Draw offers. Between two people, an offer stands until the other side
// accepts it (AcceptDraw, or offering a draw in turn), declines it
// (DeclineDraw) or makes a move; a takeback, redo or the end of the game
// withdraws it. The AI answers an offer at once, from a search of the
// position (DrawJudgement, then AnswerDraw): it accepts when it judges the
// position a dead draw or stands worse (AIAcceptsDraw). The AI never
// offers a draw.

// The search that judges a draw offered to the AI: full strength for every
// level (a weak level plays weakly, but is no worse a judge of a draw), to
// this depth, in at most this time.
const (
	drawJudgeDepth = 10
	drawJudgeTime  = 500 * time.Millisecond
)

// WorseMargin is how far behind (in centipawns, from its own side) the AI
// must judge itself to accept a draw it does not judge dead.
const WorseMargin engine.Score = 50

// AIAcceptsDraw is the AI's rule for a draw offered to it: it accepts when
// its search scores the position, from its own side, exactly 0 (a dead
// draw: the search sees no way to avoid a draw, or the evaluation knows the
// ending is drawn) or at -0.50 or below (it stands worse, mated
// included); it declines otherwise.
func AIAcceptsDraw(score engine.Score) bool {
	return score == engine.DrawScore || score <= -WorseMargin
}

// Speaker returns the side a person at the board speaks for when they do
// not say (a resignation, a draw offer): against the AI, the person's side;
// between two people, the side to move, or, answering a draw offer
// (answer), the side it is made to. It reports false between two AIs.
func (g *Game) Speaker(answer bool) (chess.Color, bool) {
	w, b := g.players[chess.White], g.players[chess.Black]
	switch {
	case !w.AI && b.AI:
		return chess.White, true
	case w.AI && !b.AI:
		return chess.Black, true
	case w.AI && b.AI:
		return chess.White, false
	case answer && g.offer != nil:
		return g.offer.Other(), true
	}
	return g.ToMove(), true
}

// DrawOffer returns the side whose draw offer stands, if one does.
func (g *Game) DrawOffer() (chess.Color, bool) {
	if g.offer == nil {
		return chess.White, false
	}
	return *g.offer, true
}

// checkOffer refuses a draw offer by a side that cannot make one now: the
// game must be on and by a person's.
func (g *Game) checkOffer(ctx context.Context, now time.Time, by chess.Color) error {
	if err := g.begin(ctx, now, false); err != nil {
		return err
	}
	if g.players[by].AI {
		return refuse(CodeAINoOffer, by, "%s is played by Outpost, which does not offer draws", by.Name())
	}
	return nil
}

// OfferDraw offers a draw from by to the other side, a person: the offer
// stands (see DrawOffer). When the other side had offered a draw already,
// the offers meet and the game is drawn by agreement. An offer to the AI is
// made with DrawJudgement and AnswerDraw instead.
func (g *Game) OfferDraw(ctx context.Context, by chess.Color) error {
	now := g.now()
	if err := g.checkOffer(ctx, now, by); err != nil {
		return err
	}
	if g.players[by.Other()].AI {
		return refuse(CodeRefused, by, "an offer to Outpost is answered by its search (DrawJudgement)")
	}
	if g.offer != nil && *g.offer == by.Other() {
		return g.agree(ctx, now)
	}
	next := g.record()
	next.Offer = &by
	return g.commit(ctx, next, func() {})
}

// AcceptDraw accepts, for by, the draw the other side offered: the game is
// drawn by agreement.
func (g *Game) AcceptDraw(ctx context.Context, by chess.Color) error {
	now := g.now()
	if err := g.begin(ctx, now, false); err != nil {
		return err
	}
	if g.offer == nil || *g.offer != by.Other() {
		return refuse(CodeNoOffer, by.Other(), "%s has not offered a draw", by.Other().Name())
	}
	return g.agree(ctx, now)
}

// DeclineDraw declines, for by, the draw the other side offered.
func (g *Game) DeclineDraw(ctx context.Context, by chess.Color) error {
	if g.offer == nil || *g.offer != by.Other() {
		return refuse(CodeNoOffer, by.Other(), "%s has not offered a draw", by.Other().Name())
	}
	next := g.record()
	next.Offer = nil
	return g.commit(ctx, next, func() {})
}

// agree ends the game in a draw by agreement.
func (g *Game) agree(ctx context.Context, now time.Time) error {
	return g.end(ctx, now, func(cg *chess.Game) error { return cg.AgreeDraw() })
}

// DrawJudgement returns the search with which the AI judges a draw that by
// offers it, and the game's version, which AnswerDraw wants back. It
// refuses an offer that cannot be made now.
func (g *Game) DrawJudgement(by chess.Color) (engine.Params, uint64, error) {
	if err := g.checkOffer(context.Background(), g.now(), by); err != nil {
		return engine.Params{}, 0, err
	}
	if !g.players[by.Other()].AI {
		return engine.Params{}, 0, refuse(CodeOfferToPerson, by.Other(), "%s is a person: offer the draw to them (OfferDraw)", by.Other().Name())
	}
	hashes := g.game.Hashes()
	return engine.Params{
		Position: g.game.Position(),
		History:  hashes[:len(hashes)-1],
		Limits:   engine.Limits{Depth: drawJudgeDepth, MoveTime: drawJudgeTime},
	}, g.version, nil
}

// DrawAnswer is the AI's answer to a draw offer.
type DrawAnswer struct {
	Accepted bool
	Score    engine.Score // the AI's judgement of the position, from its side
}

// Text says the answer in words: "Outpost accepts the draw." or "Outpost
// declines the draw: it stands better (+1.20)."
func (a DrawAnswer) Text() string {
	if a.Accepted {
		return "Outpost accepts the draw."
	}
	why := "the position is still open"
	if a.Score >= WorseMargin {
		why = "it stands better"
	}
	return fmt.Sprintf("Outpost declines the draw: %s (%s).", why, progress.Score(a.Score, chess.White))
}

// AnswerDraw gives the AI's answer to the draw by offered, from res, the
// result of the search DrawJudgement returned at version: it accepts by
// AIAcceptsDraw (the game is then drawn by agreement) or declines. It
// refuses when the game changed during the search.
func (g *Game) AnswerDraw(ctx context.Context, by chess.Color, version uint64, res engine.Result) (DrawAnswer, error) {
	now := g.now()
	if err := g.checkOffer(ctx, now, by); err != nil {
		return DrawAnswer{}, err
	}
	if version != g.version {
		return DrawAnswer{}, refuse(CodeChanged, by, "the game changed while Outpost considered the draw")
	}
	score := res.Score // from the side to move's point of view
	if g.ToMove() == by {
		score = -score
	}
	a := DrawAnswer{Accepted: AIAcceptsDraw(score), Score: score}
	if a.Accepted {
		if err := g.agree(ctx, now); err != nil {
			return DrawAnswer{}, err
		}
	}
	return a, nil
}

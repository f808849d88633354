package review

import (
	"context"
	"errors"
	"fmt"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// Tried is what a review says of a move tried instead of one of the game's
// ("learn from your mistakes").
type Tried struct {
	Move chess.Move
	// Accepted is set when the move keeps the mover's winning chances
	// within an inaccuracy of the review's evaluation of the position
	// before it: Judge finds nothing to say about it.
	Accepted bool
	// Best is set when the move is the review's better move; Played when
	// it is the move the game played (neither is searched again: the
	// review's judgement stands).
	Best, Played bool
	// Eval is the evaluation after the move; Judgement and Mate what
	// Judge says of it.
	Eval      Eval
	Judgement Judgement
	Mate      MateSwing
}

// ErrPly is Try's error for a ply the review has no move at.
var ErrPly = errors.New("review: no such move")

// Try judges m, tried in g (the game r reviews) instead of the game's move
// at ply (from 1), by the review's own judgement: the position after m is
// evaluated as Analyse evaluates one (by the rules when it has no legal
// move, else by search within opts' Nodes or MoveTime) and judged against
// the review's evaluation of the position before it. The game's move and
// the review's better move are not searched again. An error wrapping
// ErrPly says the ply is out of range; m must be legal there.
func (r *Review) Try(ctx context.Context, g *chess.Game, ply int, m chess.Move, search Searcher, opts Options) (Tried, error) {
	if ply < 1 || ply > len(r.Moves) || ply > g.Len() {
		return Tried{}, fmt.Errorf("%w: ply %d is out of range 1..%d", ErrPly, ply, min(len(r.Moves), g.Len()))
	}
	before := g.PositionAt(ply - 1)
	played := r.Moves[ply-1]
	evalBefore := r.Start
	if ply > 1 {
		evalBefore = r.Moves[ply-2].Eval
	}
	t := Tried{Move: m}
	switch m.String() {
	case played.UCI:
		t.Played, t.Eval, t.Judgement, t.Mate = true, played.Eval, played.Judgement, played.Mate
	case played.Best:
		t.Best, t.Eval = true, evalBefore
	default:
		after, err := evalAfter(ctx, g, ply-1, m, search, opts)
		if err != nil {
			return Tried{}, err
		}
		t.Eval = after
		t.Judgement, t.Mate = Judge(evalBefore, after, before.SideToMove())
	}
	t.Accepted = t.Best || t.Judgement == Good
	return t, nil
}

// evalAfter evaluates the position after m, played in g's position after
// ply plies.
func evalAfter(ctx context.Context, g *chess.Game, ply int, m chess.Move, search Searcher, opts Options) (Eval, error) {
	child := *g.PositionAt(ply)
	child.MakeMove(m)
	if len(child.LegalMoves()) == 0 {
		if child.InCheck() {
			return MateIn(0), nil
		}
		return CP(0), nil
	}
	if opts.Nodes == 0 && opts.MoveTime == 0 {
		opts.Nodes = DefaultNodes
	}
	res, err := search(ctx, engine.Params{
		Position: &child,
		History:  g.Hashes()[:ply+1],
		Limits:   engine.Limits{Nodes: opts.Nodes, MoveTime: opts.MoveTime},
	})
	if err != nil {
		return Eval{}, err
	}
	return evalOf(res.Score, child.SideToMove()), nil
}

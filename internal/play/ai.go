package play

import (
	"context"
	"errors"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// MoveOverhead is what a move of the AI costs on its clock besides its
// search: keeping the move (a database commit, about 4 ms with every write
// on disk) and the hand-offs around it, with room for a busy machine.
const MoveOverhead = 50 * time.Millisecond

// reserveMoves is how many moves' MoveOverhead the AI keeps in hand on a
// clock without increment, where nothing comes back after a move: the
// clock must pay for every move to come, however long the game. When its
// time falls to this reserve (2 s), the AI moves at once.
const reserveMoves = 40

// AISearch returns the search for the AI's move, when the AI is due (see
// AIDue), and the game's version, which PlayAI wants back. Untimed, the AI
// thinks for at most moveTime (its level may stop it sooner). On a clock,
// the engine's time manager plans within the time each side has now and
// the increment, the AI keeping MoveOverhead in hand (without increment,
// MoveOverhead for each of the next 40 moves), and the level's caps still
// apply. It reports false when the AI is not due.
func (g *Game) AISearch(moveTime time.Duration) (engine.Params, uint64, bool) {
	if !g.AIDue() {
		return engine.Params{}, 0, false
	}
	hashes := g.game.Hashes()
	p := engine.Params{
		Position: g.game.Position(),
		History:  hashes[:len(hashes)-1],
		Level:    g.players[g.ToMove()].Level,
		Limits:   engine.Limits{MoveTime: moveTime},
	}
	if g.tc.Timed() {
		now := g.now()
		side := g.ToMove()
		left := [2]time.Duration{max(g.remaining(chess.White, now), 0), max(g.remaining(chess.Black, now), 0)}
		reserve := MoveOverhead
		if g.tc.Increment == 0 {
			reserve *= reserveMoves
		}
		left[side] = max(left[side]-reserve, time.Millisecond)
		p.Limits = engine.Limits{WTime: left[chess.White], BTime: left[chess.Black], WInc: g.tc.Increment, BInc: g.tc.Increment}
	}
	return p, g.version, true
}

// PlayAI plays m, the move the AI's search found at version (see
// AISearch). It refuses the move when the game has changed since, when the
// AI is no longer due, or when the AI's time ran out first (the game then
// ends on time).
func (g *Game) PlayAI(ctx context.Context, version uint64, m chess.Move) error {
	now := g.now()
	if err := g.begin(ctx, now, false); err != nil {
		return err
	}
	if version != g.version || !g.AIDue() {
		return refuse(CodeChanged, g.ToMove(), "the game changed while Outpost was thinking")
	}
	return g.play(ctx, m, now)
}

// Searcher finds a move: *engine.Engine is one.
type Searcher interface {
	Search(ctx context.Context, p engine.Params) engine.Result
}

// ErrAINotDue is MoveAI's error when the AI is not to move (the game is
// over, a person is to move, or the AI is paused); ErrNoMove when the
// search found no move (it was stopped before its first iteration).
var (
	ErrAINotDue = errors.New("play: the AI is not to move")
	ErrNoMove   = errors.New("play: the search found no move")
)

// MoveAI is the AI's move, the one way every front end asks for it that
// waits for it: it searches the search AISearch describes with eng
// (progress, if not nil, receives its progress), then plays the move found
// with PlayAI. When ctx ends during the search, the move is not played and
// the error is ctx's. The result is the search's, when there was one.
// A caller that must not hold the game during the search (the web server,
// which lets requests in meanwhile; the full-screen terminal, which
// searches on another goroutine) calls AISearch and PlayAI itself, around
// its own search, as MoveAI does.
func (g *Game) MoveAI(ctx context.Context, eng Searcher, moveTime time.Duration, progress func(engine.Info)) (engine.Result, error) {
	params, version, due := g.AISearch(moveTime)
	if !due {
		return engine.Result{}, ErrAINotDue
	}
	params.Progress = progress
	res := eng.Search(ctx, params)
	switch {
	case ctx.Err() != nil:
		return res, ctx.Err()
	case res.BestMove == chess.NoMove:
		return res, ErrNoMove
	}
	return res, g.PlayAI(context.WithoutCancel(ctx), version, res.BestMove)
}

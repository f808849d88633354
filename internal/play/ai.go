package play

import (
	"context"
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

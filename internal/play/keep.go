package play

import (
	"context"
	"slices"
	"time"

	"github.com/outpost-chess/outpost/chess"
)

// Keeper makes a game durable. A Game calls Keep with its record as it
// will be after a change, and makes the change only once Keep has returned
// nil: what a player is told happened is already kept. When Keep returns an
// error the change is not made. Keep must not hold on to the record after
// it returns.
type Keeper interface {
	Keep(ctx context.Context, r *Record) error
}

// NoClock is the reading in Record.Clocks of a move made without a clock.
const NoClock time.Duration = -1

// Record is a game as a Keeper keeps it: all it takes to rebuild the game
// (see Restore), what redo would play and a standing draw offer included,
// so that another program (another server on a shared database) can go on
// with it exactly.
type Record struct {
	Start   *chess.Position
	Moves   []chess.Move
	Clocks  []time.Duration // the clock reading after each move (see chess.Game.Clock), or NoClock
	Outcome chess.Outcome
	Players [2]Player // indexed by chess.Color
	Paused  bool      // the AI does not move and no clock runs

	TimeControl TimeControl
	// The clock of the side to move had used Spent on this move when it
	// last started, at Since. Since is zero while no clock runs.
	Spent time.Duration
	Since time.Time

	// Redo is what each takeback since the last move took back, the last
	// one last: what Redo plays again.
	Redo []TakenBack
	// Offer is the side whose draw offer stands, or nil.
	Offer *chess.Color
}

// AIDue reports whether the AI should be thinking in the game r records:
// it is on, not paused, and the AI is to move (Game.AIDue of the game
// restored from r).
func (r *Record) AIDue() bool {
	toMove := r.Start.SideToMove()
	if len(r.Moves)%2 == 1 {
		toMove = toMove.Other()
	}
	return !r.Outcome.IsOver() && !r.Paused && r.Players[toMove].AI
}

// record returns the game's record as it is now.
func (g *Game) record() *Record {
	n := g.game.Len()
	r := &Record{
		Start:       g.game.StartPosition(),
		Moves:       g.game.Moves(),
		Clocks:      make([]time.Duration, n),
		Outcome:     g.game.Outcome(),
		Players:     g.players,
		Paused:      g.paused,
		TimeControl: g.tc,
		Spent:       g.spent,
		Since:       g.since,
		Redo:        slices.Clone(g.undone),
		Offer:       g.offer,
	}
	for i := range n {
		r.Clocks[i] = NoClock
		if d, ok := g.game.Clock(i + 1); ok {
			r.Clocks[i] = d
		}
	}
	return r
}

// commit is how every change is made: next is the game's record after it,
// kept first; then apply makes the change in memory (what redo would play
// and the draw offer are taken from next), and the game's version counts
// it.
func (g *Game) commit(ctx context.Context, next *Record, apply func()) error {
	if g.keeper != nil {
		if err := g.keeper.Keep(ctx, next); err != nil {
			return err
		}
	}
	apply()
	g.undone, g.offer = next.Redo, next.Offer
	g.version++
	return nil
}

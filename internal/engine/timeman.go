package engine

import (
	"time"

	"github.com/outpost-chess/outpost/chess"
)

// timeBudget is how long one search may think: past soft, no new iteration
// starts (it would likely not finish); at hard, the search stops mid-iteration.
// Zero values mean no limit. A flexible budget (from a clock, not a fixed
// move time) lets the search stretch or shrink soft by how settled its
// choice is (see timeScale). A fixed budget (Limits.MoveTime, "go movetime")
// is a promise to think that long: iterations start until hard, which
// stops the last one.
type timeBudget struct {
	soft, hard time.Duration
	flexible   bool
	fixed      bool
}

// The time manager's constants. defaultMovesToGo is the number of moves a
// sudden-death clock is assumed to have to last for; it and the fractions
// below are the usual values of engines of this kind, to be tuned by
// matches.
const (
	defaultMovesToGo = 20
	// suddenDeathMovesToGo is the horizon of a clock with no increment
	// and no time control ahead: it must last the whole game however long
	// (nothing comes back after a move), so it is spread over more moves.
	// With 20, games past 80 moves a side lost on time at 1+0 (Stockfish
	// plans for 50).
	suddenDeathMovesToGo = 40
	// The hard limit is at most this share of the remaining time plus half
	// the increment, and never more than half the remaining time (the
	// increment is added only after the move), so that one long think never
	// costs the game.
	hardShareOfClock = 0.25
	// A new iteration starts only before this share of the soft budget: a
	// deeper iteration takes several times longer than the last one.
	iterationStartShare = 0.6
	// minThink keeps a sane minimum when the clock is nearly out.
	minThink = 5 * time.Millisecond
)

// budgetFor turns the limits into a time budget for the side to move.
func budgetFor(l Limits, side chess.Color) timeBudget {
	if l.MoveTime > 0 {
		return timeBudget{soft: l.MoveTime, hard: l.MoveTime, fixed: true}
	}
	left, inc := l.WTime, l.WInc
	if side == chess.Black {
		left, inc = l.BTime, l.BInc
	}
	if left <= 0 && inc <= 0 {
		return timeBudget{} // no clock: depth, nodes or infinite
	}
	mtg := defaultMovesToGo
	switch {
	case l.MovesToGo > 0:
		mtg = min(l.MovesToGo, defaultMovesToGo)
	case inc <= 0:
		mtg = suddenDeathMovesToGo
	}
	soft := left/time.Duration(mtg) + inc*3/4
	hard := min(soft*4, time.Duration(float64(left)*hardShareOfClock)+inc/2, left/2)
	soft = min(soft, hard)
	return timeBudget{soft: max(soft, minThink), hard: max(hard, minThink), flexible: true}
}

// stabilityScale stretches the soft budget while the best move keeps
// changing between iterations, indexed by how many iterations in a row it
// has stayed the same (the last entry for more).
var stabilityScale = [...]float64{1.6, 1.3, 1.1, 1.0, 0.9}

// timeScale is the factor applied to the soft budget after an iteration in
// which the best move has stayed the same for stable iterations and took
// bestShare of the search's nodes: a contested choice (a new best move, or
// effort spread over several moves) earns more time, a clear one less.
func timeScale(stable int, bestShare float64) float64 {
	return stabilityScale[min(stable, len(stabilityScale)-1)] * (1.5 - bestShare) * 1.2
}

// fallingEvalScale is the factor applied to the soft budget for how the
// score has moved since the search of the side's previous move (prev, or
// -Infinite when unknown) to the current iteration's (cur): 0.8% more per
// centipawn lost, up to 40% more, and 0.8% less per centipawn gained, down
// to 10% less. A falling score means the plan met something unforeseen,
// worth a longer look. Mate scores leave the budget as it is.
func fallingEvalScale(prev, cur Score) float64 {
	if prev == -Infinite || prev.IsMate() || cur.IsMate() {
		return 1
	}
	return min(max(1+0.008*float64(prev-cur), 0.9), 1.4)
}

package play

import (
	"context"
	"time"

	"github.com/outpost-chess/outpost/chess"
)

// The clock. Each side's time is what it had when its turn began (its
// reading after its last move, or its starting time) less, for the side to
// move, the time it has used since: spent before since, plus the time since
// since while its clock runs. A turn's timer runs while the game is on a
// time control, not over and not paused (and not stopped for a shutdown:
// Suspend, Resume). As on lichess, a side's clock starts only once it has
// made its first move (Started): the time a side takes over its first move
// is charged to nobody and adds no increment, but a person's first move
// must come within FirstMoveLimit (FirstMoveLimitAI against the AI), or
// the game is aborted.

// ClockState is what the clocks show at a moment.
type ClockState struct {
	TimeControl TimeControl
	Remaining   [2]time.Duration // each side's time left, indexed by chess.Color (never below 0)
	Running     bool             // the side to move's clock runs (never before its first move)
	ToMove      chess.Color      // whose clock runs, when one does
}

// Clock returns the clocks as of now; the zero ClockState when the game is
// not on a clock.
func (g *Game) Clock() ClockState {
	if !g.tc.Timed() {
		return ClockState{}
	}
	now := g.now()
	st := ClockState{TimeControl: g.tc, Running: !g.since.IsZero() && g.started(), ToMove: g.ToMove()}
	for c := chess.White; c <= chess.Black; c++ {
		st.Remaining[c] = max(g.remaining(c, now), 0)
	}
	return st
}

// TimeControl returns the game's time control (the zero one when it is
// not on a clock).
func (g *Game) TimeControl() TimeControl { return g.tc }

// turnStart returns the time c had when its current or next turn began:
// its clock reading after its last move, or its starting time.
func (g *Game) turnStart(c chess.Color) time.Duration {
	ply := g.game.Len() // c made the last move...
	if g.ToMove() == c {
		ply-- // ...or the one before it
	}
	return g.tc.turnStart(g.game.Clock(ply))
}

// turnStart returns the time a side had when its turn began: its clock
// reading after its last move when one was recorded, or else its starting
// time.
func (tc TimeControl) turnStart(reading time.Duration, recorded bool) time.Duration {
	if recorded {
		return reading
	}
	return tc.Start()
}

// Deadline returns the moment the game r records ends by itself, by the
// clock its Since was read from: once the side to move has made its first
// move, when its time runs out (when its turn's timer started, plus the
// time it had when its turn began, less what it had used before); before
// a person's first move, when FirstMoveLimit (or FirstMoveLimitAI) runs
// out and the game is aborted. It is zero when no timer runs or the AI is
// to make its first move. A program that does not hold the game (another
// server, a worker) learns from it when to end the game.
func (r *Record) Deadline() time.Time {
	if r.Since.IsZero() {
		return time.Time{}
	}
	if len(r.Moves) < 2 { // the side to move has not moved yet
		toMove := r.Start.SideToMove()
		if len(r.Moves) == 1 {
			toMove = toMove.Other()
		}
		if r.Players[toMove].AI {
			return time.Time{}
		}
		return r.Since.Add(firstMoveLimit(r.Players) - r.Spent)
	}
	ply := len(r.Moves) - 1 // the side to move's last move
	reading, recorded := NoClock, false
	if ply <= len(r.Clocks) && r.Clocks[ply-1] >= 0 {
		reading, recorded = r.Clocks[ply-1], true
	}
	return r.Since.Add(r.TimeControl.turnStart(reading, recorded) - r.Spent)
}

// spentAt returns the time the side to move has used on its move at now.
func (g *Game) spentAt(now time.Time) time.Duration {
	if g.since.IsZero() {
		return g.spent
	}
	return g.spent + now.Sub(g.since)
}

// remaining returns c's time left at now (below zero once its flag fell).
// The side to move's time runs only once it has made its first move.
func (g *Game) remaining(c chess.Color, now time.Time) time.Duration {
	if c != g.ToMove() || !g.started() {
		return g.turnStart(c)
	}
	return g.turnStart(c) - g.spentAt(now)
}

// started reports whether the side to move's clock has started: it has
// made a move in the game (lichess starts a side's clock at its first
// move).
func (g *Game) started() bool { return g.game.Len() >= 2 }

// firstMoveLimit returns the time a person has for their first move in a
// game between players, before the game is aborted.
func firstMoveLimit(players [2]Player) time.Duration {
	if players[chess.White].AI || players[chess.Black].AI {
		return FirstMoveLimitAI
	}
	return FirstMoveLimit
}

// abortIn returns the time left to the side to move for its first move
// before the game is aborted, at now; it reports false when no such limit
// runs: the side has moved, the AI plays it, or no timer runs (no clock,
// the game over or paused).
func (g *Game) abortIn(now time.Time) (time.Duration, bool) {
	if g.since.IsZero() || g.started() || g.players[g.ToMove()].AI {
		return 0, false
	}
	return firstMoveLimit(g.players) - g.spentAt(now), true
}

// startedAt returns when a clock that a change starts (its record's Since,
// zero when the change stops the clock) starts in memory: once the change
// is kept, so that the time keeping it takes (a slow disk) is charged to
// nobody. The record keeps the moment the change was made.
func (g *Game) startedAt(since time.Time) time.Time {
	if since.IsZero() {
		return since
	}
	return g.now()
}

// clockShouldRun reports whether the side to move's clock runs in the
// game's state: on a time control, the game on, not paused.
func (g *Game) clockShouldRun() bool {
	return g.tc.Timed() && !g.Over() && !g.paused
}

// flagDue reports whether the side to move's time has run out at now.
func (g *Game) flagDue(now time.Time) bool {
	return !g.since.IsZero() && g.started() && g.remaining(g.ToMove(), now) <= 0
}

// abortDue reports whether the side to move's time for its first move has
// run out at now.
func (g *Game) abortDue(now time.Time) bool {
	left, ok := g.abortIn(now)
	return ok && left <= 0
}

// flag ends the game when the side to move's time is up at now: on time
// (a loss for it, or a draw when the other side could never checkmate:
// chess.Position.CanCheckmate), or aborted when its first move did not
// come within its limit. It reports whether it did.
func (g *Game) flag(ctx context.Context, now time.Time) (bool, error) {
	flagged := g.flagDue(now)
	if !flagged && !g.abortDue(now) {
		return false, nil // every change asks: the common answer, with no copy of the game
	}
	after := g.game.Clone()
	next := g.record()
	if flagged {
		loser := g.ToMove()
		if err := after.Forfeit(loser, chess.TimeForfeit); err != nil {
			return false, err
		}
		next.Spent = g.turnStart(loser) // all its time
	} else {
		if err := after.Abort(); err != nil {
			return false, err
		}
		next.Spent = firstMoveLimit(g.players) // all its time to move
	}
	next.Outcome = after.Outcome()
	next.Since = time.Time{}
	next.Redo, next.Offer = nil, nil
	err := g.commit(ctx, next, func() {
		g.game = after
		g.spent, g.since = next.Spent, g.startedAt(next.Since)
	})
	return err == nil, err
}

// CheckFlag ends the game if the side to move's time is up (on time, or
// aborted when a person's first move did not come in time), and reports
// whether it did. A front end calls it when FlagIn's time has passed
// (every change checks too).
func (g *Game) CheckFlag(ctx context.Context) (bool, error) {
	return g.flag(ctx, g.now())
}

// FlagIn returns the time until the game ends by itself unless the side to
// move moves: its time left once its clock runs, or before a person's first
// move the time left for it before the game is aborted. It reports false
// when neither runs.
func (g *Game) FlagIn() (time.Duration, bool) {
	now := g.now()
	if left, ok := g.abortIn(now); ok {
		return left, true
	}
	if g.since.IsZero() || !g.started() {
		return 0, false
	}
	return g.remaining(g.ToMove(), now), true
}

// Suspend stops the running clock and keeps the time used so far, for a
// program that stops while the game is on (a server shutting down): the
// time until it resumes the game (Resume) is charged to nobody.
func (g *Game) Suspend(ctx context.Context) error {
	if g.since.IsZero() {
		return nil
	}
	next := g.record()
	next.Spent, next.Since = g.spentAt(g.now()), time.Time{}
	return g.commit(ctx, next, func() { g.spent, g.since = next.Spent, g.startedAt(next.Since) })
}

// Resume starts the side to move's clock again, when the game should have
// one running, for the program that goes on with a restored game: the
// time since the record was kept is charged to nobody. After a Suspend
// the side to move has the time it had then; after a crash, the time it
// had when its move began or the clock last stopped.
func (g *Game) Resume(ctx context.Context) error {
	if !g.clockShouldRun() {
		return nil
	}
	next := g.record()
	next.Since = g.now()
	return g.commit(ctx, next, func() { g.since = g.startedAt(next.Since) })
}

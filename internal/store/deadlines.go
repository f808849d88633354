package store

import (
	"context"
	"fmt"
	"time"
)

// The clocks' deadlines (PostgreSQL only). A game whose clock runs has a
// deadline, the moment the side to move's time runs out (Game.Deadline,
// which package play works out from the rules), kept in the column
// deadline by every CreateGame and Save, and NULL while no clock runs. Any
// program may end a game on time once its deadline has passed, whether it
// holds the game in memory or not: every server and worker sweeps the
// overdue games a few times a second (package worker, flags.go), so a game
// ends on time even when the server that held it died. A sweep takes
// overdue games with ClaimOverdue, has play end each on time, and saves
// that at the revision it read: when another program changed the game
// meanwhile (the server holding it ended it on time itself, or a move
// arrived), one of the two saves is refused, never both kept.

// ClaimOverdue takes up to n games whose deadline is at or before now (the
// caller's reading of the database's clock, Now), the earliest first, and
// sets each one's deadline to now+retry, so that no other sweep takes it
// meanwhile; the rows are taken with FOR UPDATE SKIP LOCKED, so sweeps
// never wait for one another. A sweep that dies before it ends a game on
// time leaves it to be taken again after retry. It returns the games as
// stored, at their revisions, to be saved at them.
func (p *Postgres) ClaimOverdue(ctx context.Context, now time.Time, n int, retry time.Duration) ([]Game, error) {
	rows, err := p.pool.Query(ctx, `UPDATE games SET deadline = $1::timestamptz + $3::float8 * interval '1 millisecond'
		WHERE id IN (SELECT id FROM games WHERE deadline <= $1 ORDER BY deadline LIMIT $2 FOR UPDATE SKIP LOCKED)
		RETURNING `+pgGameColumns, now, n, float64(retry.Milliseconds()))
	if err != nil {
		return nil, fmt.Errorf("store: claim the games whose time is up: %w", err)
	}
	defer rows.Close()
	var games []Game
	for rows.Next() {
		g, err := scanPGGame(rows)
		if err != nil {
			return nil, fmt.Errorf("store: claim the games whose time is up: %w", err)
		}
		games = append(games, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: claim the games whose time is up: %w", err)
	}
	return games, nil
}

// SetDeadline sets game id's deadline (zero: none) if the game is still at
// revision rev, leaving its revision alone, for a sweep that found the game
// not due after all (a game kept before deadlines were, whose first
// deadline is a guess; a game that cannot be played). It reports whether
// the game was at rev.
func (p *Postgres) SetDeadline(ctx context.Context, id string, rev int64, deadline time.Time) (bool, error) {
	tag, err := p.pool.Exec(ctx, `UPDATE games SET deadline = $3 WHERE id = $1 AND rev = $2`, id, rev, deadlineOrNil(deadline))
	if err != nil {
		return false, fmt.Errorf("store: set the deadline of %s: %w", id, err)
	}
	return tag.RowsAffected() == 1, nil
}

// deadlineOrNil is a deadline for the database: NULL for none, else
// KeptDeadline's.
func deadlineOrNil(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	up := KeptDeadline(t)
	return &up
}

// KeptDeadline is deadline t as a store of deadlines keeps it: rounded up
// to the millisecond and one millisecond later. The stores keep a clock's
// start, readings and time used to the millisecond, rounded down, so a
// game read back may run out of time up to a millisecond after its
// deadline in memory; kept so, the deadline is never before the moment
// the game read back runs out of time, and at most 2 ms after it.
func KeptDeadline(t time.Time) time.Time {
	return t.UTC().Add(time.Millisecond - 1).Truncate(time.Millisecond).Add(time.Millisecond)
}

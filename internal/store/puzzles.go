package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Puzzles keep a player's puzzle rating, each puzzle's rating, and every
// attempt, so that nothing a player solved is lost on a restart. The
// ratings are Glicko-2's (package puzzle computes them; the store keeps
// what it is given).

// PuzzleRating is a Glicko-2 rating as kept, with the attempts it counts.
type PuzzleRating struct {
	Rating, Deviation, Volatility float64
	Attempts                      int
}

// PuzzleAttempt is a player's try at a puzzle, and both ratings after it.
type PuzzleAttempt struct {
	Player   string // the player: a browser's id, or the terminal's
	PuzzleID string
	Solved   bool
	At       time.Time // set by SavePuzzleAttempt
	// PlayerAfter and PuzzleAfter are the ratings the attempt led to.
	PlayerAfter, PuzzleAfter PuzzleRating
}

// The kinds of rating kept (puzzle_ratings.kind).
const (
	ratingOfPlayer = "player"
	ratingOfPuzzle = "puzzle"
)

// errNoPlayer is SavePuzzleAttempt's error for an attempt without a player
// or a puzzle.
var errNoPlayer = errors.New("store: a puzzle attempt needs a player and a puzzle")

// PlayerPuzzleRating returns player's puzzle rating, and false when the
// player has tried no puzzle yet.
func (s *SQLite) PlayerPuzzleRating(ctx context.Context, player string) (PuzzleRating, bool, error) {
	return s.puzzleRating(ctx, ratingOfPlayer, player)
}

// PuzzleRating returns puzzle id's rating, and false when nobody has
// tried it yet.
func (s *SQLite) PuzzleRating(ctx context.Context, id string) (PuzzleRating, bool, error) {
	return s.puzzleRating(ctx, ratingOfPuzzle, id)
}

func (s *SQLite) puzzleRating(ctx context.Context, kind, id string) (PuzzleRating, bool, error) {
	var r PuzzleRating
	err := s.db.QueryRowContext(ctx, `SELECT rating, deviation, volatility, attempts FROM puzzle_ratings WHERE kind = ? AND id = ?`,
		kind, id).Scan(&r.Rating, &r.Deviation, &r.Volatility, &r.Attempts)
	if errors.Is(err, sql.ErrNoRows) {
		return PuzzleRating{}, false, nil
	}
	if err != nil {
		return PuzzleRating{}, false, fmt.Errorf("store: puzzle rating: %w", err)
	}
	return r, true, nil
}

// SavePuzzleAttempt keeps a, and the player's and the puzzle's ratings
// after it, in one transaction; it sets a.At.
func (s *SQLite) SavePuzzleAttempt(ctx context.Context, a *PuzzleAttempt) error {
	if strings.TrimSpace(a.Player) == "" || strings.TrimSpace(a.PuzzleID) == "" {
		return errNoPlayer
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	err := s.write(ctx, func(w *writeTx) error {
		for _, r := range []struct {
			kind, id string
			r        PuzzleRating
		}{{ratingOfPlayer, a.Player, a.PlayerAfter}, {ratingOfPuzzle, a.PuzzleID, a.PuzzleAfter}} {
			if _, err := w.exec(`INSERT INTO puzzle_ratings (kind, id, rating, deviation, volatility, attempts) VALUES (?, ?, ?, ?, ?, ?)
				ON CONFLICT (kind, id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
				volatility = excluded.volatility, attempts = excluded.attempts`,
				r.kind, r.id, r.r.Rating, r.r.Deviation, r.r.Volatility, r.r.Attempts); err != nil {
				return fmt.Errorf("store: save a puzzle rating: %w", err)
			}
		}
		if _, err := w.exec(`INSERT INTO puzzle_attempts (player, puzzle_id, solved, at, player_rating, puzzle_rating) VALUES (?, ?, ?, ?, ?, ?)`,
			a.Player, a.PuzzleID, a.Solved, now.UnixMilli(), a.PlayerAfter.Rating, a.PuzzleAfter.Rating); err != nil {
			return fmt.Errorf("store: save a puzzle attempt: %w", err)
		}
		return nil
	})
	if err == nil {
		a.At = now
	}
	return err
}

// PuzzleAttempts returns player's latest attempts, newest first, at most
// limit of them (the ratings after each: only their Rating is kept).
func (s *SQLite) PuzzleAttempts(ctx context.Context, player string, limit int) ([]PuzzleAttempt, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT puzzle_id, solved, at, player_rating, puzzle_rating FROM puzzle_attempts
		WHERE player = ? ORDER BY at DESC, rowid DESC LIMIT ?`, player, limit)
	if err != nil {
		return nil, fmt.Errorf("store: puzzle attempts: %w", err)
	}
	defer rows.Close()
	var out []PuzzleAttempt
	for rows.Next() {
		a := PuzzleAttempt{Player: player}
		var at int64
		if err := rows.Scan(&a.PuzzleID, &a.Solved, &at, &a.PlayerAfter.Rating, &a.PuzzleAfter.Rating); err != nil {
			return nil, fmt.Errorf("store: puzzle attempts: %w", err)
		}
		a.At = time.UnixMilli(at).UTC()
		out = append(out, a)
	}
	return out, rows.Err()
}

// PlayerPuzzleRating is SQLite's (see there).
func (p *Postgres) PlayerPuzzleRating(ctx context.Context, player string) (PuzzleRating, bool, error) {
	return p.puzzleRating(ctx, ratingOfPlayer, player)
}

// PuzzleRating is SQLite's (see there).
func (p *Postgres) PuzzleRating(ctx context.Context, id string) (PuzzleRating, bool, error) {
	return p.puzzleRating(ctx, ratingOfPuzzle, id)
}

func (p *Postgres) puzzleRating(ctx context.Context, kind, id string) (PuzzleRating, bool, error) {
	var r PuzzleRating
	err := p.pool.QueryRow(ctx, `SELECT rating, deviation, volatility, attempts FROM puzzle_ratings WHERE kind = $1 AND id = $2`,
		kind, id).Scan(&r.Rating, &r.Deviation, &r.Volatility, &r.Attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return PuzzleRating{}, false, nil
	}
	if err != nil {
		return PuzzleRating{}, false, fmt.Errorf("store: puzzle rating: %w", err)
	}
	return r, true, nil
}

// SavePuzzleAttempt is SQLite's (see there), in one statement.
func (p *Postgres) SavePuzzleAttempt(ctx context.Context, a *PuzzleAttempt) error {
	if strings.TrimSpace(a.Player) == "" || strings.TrimSpace(a.PuzzleID) == "" {
		return errNoPlayer
	}
	now := p.now()
	_, err := p.pool.Exec(ctx, `WITH ratings AS (
			INSERT INTO puzzle_ratings (kind, id, rating, deviation, volatility, attempts)
			VALUES ('`+ratingOfPlayer+`', $1, $3, $4, $5, $6), ('`+ratingOfPuzzle+`', $2, $7, $8, $9, $10)
			ON CONFLICT (kind, id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
			volatility = excluded.volatility, attempts = excluded.attempts)
		INSERT INTO puzzle_attempts (player, puzzle_id, solved, at, player_rating, puzzle_rating) VALUES ($1, $2, $11, $12, $3, $7)`,
		a.Player, a.PuzzleID,
		a.PlayerAfter.Rating, a.PlayerAfter.Deviation, a.PlayerAfter.Volatility, a.PlayerAfter.Attempts,
		a.PuzzleAfter.Rating, a.PuzzleAfter.Deviation, a.PuzzleAfter.Volatility, a.PuzzleAfter.Attempts,
		a.Solved, now)
	if err != nil {
		return fmt.Errorf("store: save a puzzle attempt: %w", err)
	}
	a.At = now
	return nil
}

// PuzzleAttempts is SQLite's (see there).
func (p *Postgres) PuzzleAttempts(ctx context.Context, player string, limit int) ([]PuzzleAttempt, error) {
	rows, err := p.pool.Query(ctx, `SELECT puzzle_id, solved, at, player_rating, puzzle_rating FROM puzzle_attempts
		WHERE player = $1 ORDER BY at DESC, seq DESC LIMIT $2`, player, limit)
	if err != nil {
		return nil, fmt.Errorf("store: puzzle attempts: %w", err)
	}
	defer rows.Close()
	var out []PuzzleAttempt
	for rows.Next() {
		a := PuzzleAttempt{Player: player}
		if err := rows.Scan(&a.PuzzleID, &a.Solved, &a.At, &a.PlayerAfter.Rating, &a.PuzzleAfter.Rating); err != nil {
			return nil, fmt.Errorf("store: puzzle attempts: %w", err)
		}
		a.At = a.At.UTC()
		out = append(out, a)
	}
	return out, rows.Err()
}

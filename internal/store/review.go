package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Review is the stored review of a game (see package review): the moves
// of the game it reviewed and the review itself as JSON, which the store
// keeps without reading. A game has at most one review, its latest; a
// review whose moves are not the game's any more is of an earlier state of
// the game.
type Review struct {
	GameID    string
	Moves     []string // the game's moves in UCI when it was reviewed
	CreatedAt time.Time
	Data      []byte // the review, JSON
}

// SaveReview stores r as the review of game r.GameID, replacing any
// earlier one, and sets r.CreatedAt to now. It returns ErrNotFound when
// the game does not exist.
func (s *SQLite) SaveReview(ctx context.Context, r *Review) error {
	if err := checkMoves(r.Moves); err != nil {
		return err
	}
	if len(r.Data) == 0 {
		return errors.New("store: an empty review")
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	err := s.write(ctx, func(w *writeTx) error {
		res, err := w.exec(`INSERT INTO reviews (game_id, created_at, moves, data)
			SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM games WHERE id = ?)
			ON CONFLICT (game_id) DO UPDATE SET created_at = excluded.created_at, moves = excluded.moves, data = excluded.data`,
			r.GameID, now.UnixMilli(), strings.Join(r.Moves, " "), string(r.Data), r.GameID)
		if err != nil {
			return fmt.Errorf("store: save review: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err != nil {
				return fmt.Errorf("store: save review: %w", err)
			}
			return ErrNotFound
		}
		return nil
	})
	if err != nil {
		return err
	}
	r.CreatedAt = now
	return nil
}

// reviewColumns are the columns GetReview reads, in order.
var reviewColumns = []string{"game_id", "created_at", "moves", "data"}

// GetReview returns the review of game id, ErrNotFound when it has none
// (or the game does not exist), or an error wrapping ErrDamaged when its
// row cannot be read.
func (s *SQLite) GetReview(ctx context.Context, id string) (Review, error) {
	row := s.db.QueryRowContext(ctx, `SELECT `+strings.Join(reviewColumns, ", ")+` FROM reviews WHERE game_id = ?`, id)
	v, err := scanRow(row, reviewColumns)
	if err != nil {
		return Review{}, notFoundOrDamaged(id, err)
	}
	r := Review{GameID: v.text(0), CreatedAt: time.UnixMilli(v.integer(1)).UTC(), Moves: splitMoves(v.text(2)), Data: []byte(v.text(3))}
	if v.err != nil {
		return Review{}, fmt.Errorf("%w: the review of game %s: %v", ErrDamaged, id, v.err)
	}
	return r, nil
}

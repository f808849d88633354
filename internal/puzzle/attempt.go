package puzzle

import (
	"context"

	"github.com/outpost-chess/outpost/internal/store"
)

// Ratings is where a solver's and the puzzles' ratings and attempts are
// kept: both of package store's stores are.
type Ratings interface {
	PlayerPuzzleRating(ctx context.Context, player string) (store.PuzzleRating, bool, error)
	PuzzleRating(ctx context.Context, id string) (store.PuzzleRating, bool, error)
	SavePuzzleAttempt(ctx context.Context, a *store.PuzzleAttempt) error
}

// PlayerRating returns player's puzzle rating kept in st, or NewRating for
// a player who has tried none.
func PlayerRating(ctx context.Context, st Ratings, player string) (Rating, error) {
	r, ok, err := st.PlayerPuzzleRating(ctx, player)
	if err != nil || !ok {
		return NewRating(), err
	}
	return fromStore(r), nil
}

// CurrentRating returns e's rating kept in st and the attempts it counts,
// or e.StartRating and 0 for a puzzle nobody has tried.
func CurrentRating(ctx context.Context, st Ratings, e Entry) (Rating, int, error) {
	r, ok, err := st.PuzzleRating(ctx, e.ID)
	if err != nil || !ok {
		return e.StartRating(), 0, err
	}
	return fromStore(r), r.Attempts, nil
}

// Outcome is what one attempt changed: the solver's rating before and
// after it, and the puzzle's after it.
type Outcome struct {
	Before, After, PuzzleAfter Rating
}

// Attempt rates player's attempt at e, solved or not (Rate: a solved puzzle
// is a win for the player and a loss for the puzzle; a new player starts at
// NewRating, a puzzle nobody has tried at e.StartRating), and keeps it in st
// with both ratings after it, in one SavePuzzleAttempt. Nothing is kept when
// it returns an error.
func Attempt(ctx context.Context, st Ratings, player string, e Entry, solved bool) (Outcome, error) {
	pl, ok, err := st.PlayerPuzzleRating(ctx, player)
	if err != nil {
		return Outcome{}, err
	}
	before := NewRating()
	if ok {
		before = fromStore(pl)
	}
	pz, pzAttempts, err := CurrentRating(ctx, st, e)
	if err != nil {
		return Outcome{}, err
	}
	after, pzAfter := Rate(before, pz, solved)
	a := &store.PuzzleAttempt{Player: player, PuzzleID: e.ID, Solved: solved,
		PlayerAfter: toStore(after, pl.Attempts+1), PuzzleAfter: toStore(pzAfter, pzAttempts+1)}
	if err := st.SavePuzzleAttempt(ctx, a); err != nil {
		return Outcome{}, err
	}
	return Outcome{Before: before, After: after, PuzzleAfter: pzAfter}, nil
}

// fromStore is a rating as a store keeps it, without its count.
func fromStore(r store.PuzzleRating) Rating {
	return Rating{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility}
}

// toStore is r as a store keeps it, counting attempts.
func toStore(r Rating, attempts int) store.PuzzleRating {
	return store.PuzzleRating{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility, Attempts: attempts}
}

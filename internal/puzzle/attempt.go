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

// Attempt rates player's attempt at e, solved or not, and keeps it in st
// with both ratings after it (a solved puzzle is a win for the player and
// a loss for the puzzle; a puzzle nobody has tried starts at e.Rating with
// InitialRating's deviation). It returns the player's rating before and
// after.
func Attempt(ctx context.Context, st Ratings, player string, e Entry, solved bool) (before, after Rating, err error) {
	pl, ok, err := st.PlayerPuzzleRating(ctx, player)
	if err != nil {
		return NewRating(), NewRating(), err
	}
	before = NewRating()
	if ok {
		before = fromStore(pl)
	}
	pz, ok, err := st.PuzzleRating(ctx, e.ID)
	if err != nil {
		return before, before, err
	}
	pzBefore := Rating{Rating: float64(e.Rating), Deviation: initialDeviation, Volatility: NewRating().Volatility}
	if ok {
		pzBefore = fromStore(pz)
	}
	score := 0.0
	if solved {
		score = 1
	}
	after = before.Update([]Result{{Opponent: pzBefore, Score: score}})
	pzAfter := pzBefore.Update([]Result{{Opponent: before, Score: 1 - score}})
	a := &store.PuzzleAttempt{Player: player, PuzzleID: e.ID, Solved: solved,
		PlayerAfter: toStore(after, pl.Attempts+1), PuzzleAfter: toStore(pzAfter, pz.Attempts+1)}
	if err := st.SavePuzzleAttempt(ctx, a); err != nil {
		return before, before, err
	}
	return before, after, nil
}

// fromStore is a rating as a store keeps it, without its count.
func fromStore(r store.PuzzleRating) Rating {
	return Rating{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility}
}

// toStore is r as a store keeps it, counting attempts.
func toStore(r Rating, attempts int) store.PuzzleRating {
	return store.PuzzleRating{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility, Attempts: attempts}
}

package review

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/outpost-chess/outpost/internal/store"
)

// Keeper is where reviews are kept beside their games: both of package
// store's stores are.
type Keeper interface {
	SaveReview(ctx context.Context, r *store.Review) error
	GetReview(ctx context.Context, id string) (store.Review, error)
}

// Keep keeps r, the review of game id when its moves (in UCI) were moves,
// replacing any earlier one, and returns r in JSON, as kept.
func Keep(ctx context.Context, k Keeper, id string, moves []string, r *Review) ([]byte, error) {
	data, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("review: %w", err)
	}
	return data, k.SaveReview(ctx, &store.Review{GameID: id, Moves: moves, Data: data})
}

// Kept returns the review kept for game id, and whether it is of moves,
// the game's moves now (in UCI): a review of other moves is stale. A game
// never reviewed gives a zero store.Review and false, with no error.
func Kept(ctx context.Context, k Keeper, id string, moves []string) (kept store.Review, current bool, err error) {
	kept, err = k.GetReview(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Review{}, false, nil
	}
	if err != nil {
		return store.Review{}, false, err
	}
	return kept, slices.Equal(kept.Moves, moves), nil
}

// Decode reads a review kept in JSON (store.Review.Data).
func Decode(data []byte) (*Review, error) {
	var r Review
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("review: reading a kept review: %w", err)
	}
	return &r, nil
}

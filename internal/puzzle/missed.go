package puzzle

import (
	"context"
	"fmt"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/review"
	"github.com/outpost-chess/outpost/internal/store"
)

// Missed returns the puzzles of the wins side missed in g, as r (g's
// review) shows them, as lichess's "learn from your mistakes" does but as
// puzzles: before each of side's moves that r judged a mistake or a
// blunder, or that missed a mate, the puzzle Find finds in the position the
// move was played in, unless its solution starts with the move played.
// Each puzzle's LastMove is the opponent's move before it ("" at the
// start). A review of other moves than g's is an error.
func Missed(ctx context.Context, s Searcher, g *chess.Game, r *review.Review, side chess.Color, o Options) ([]Puzzle, error) {
	o.defaults()
	played := g.Moves()
	if len(r.Moves) != len(played) {
		return nil, fmt.Errorf("puzzle: the review has %d moves, the game %d", len(r.Moves), len(played))
	}
	hashes := g.Hashes()
	var out []Puzzle
	for i, m := range r.Moves {
		if m.UCI != played[i].String() {
			return nil, fmt.Errorf("puzzle: the review's move %d is %s, the game's %s", i+1, m.UCI, played[i])
		}
		if m.Mover() != side || (m.Judgement < review.Mistake && m.Mate != review.MateMissed) {
			continue
		}
		last := ""
		if i > 0 {
			last = played[i-1].String()
		}
		if pz, ok := Find(ctx, s, g.PositionAt(i), hashes[:i], last, o); ok && pz.Moves[0] != m.UCI {
			out = append(out, pz)
		}
		if ctx.Err() != nil {
			return out, ctx.Err()
		}
	}
	return out, nil
}

// Reviewed is where FromReviews finds games and their reviews: both of
// package store's stores are.
type Reviewed interface {
	List(ctx context.Context, opts store.ListOptions) ([]store.Summary, error)
	Get(ctx context.Context, id string) (store.Game, error)
	review.Keeper
}

// FromReviews returns the puzzles of the wins the people at the board
// missed in the games of st that sel selects (store.ListOptions: by ids, a
// source, at most a number), newest first: Missed for each human side of
// each game whose review is kept and current (review.Kept); the other
// games are passed over. progress, when not nil, is told after each game
// how many of the total are done.
func FromReviews(ctx context.Context, s Searcher, st Reviewed, sel store.ListOptions, o Options, progress func(done, total int)) ([]Puzzle, error) {
	games, err := st.List(ctx, sel)
	if err != nil {
		return nil, err
	}
	var out []Puzzle
	for n, sum := range games {
		found, err := fromReview(ctx, s, st, sum.ID, o)
		out = append(out, found...)
		if err != nil {
			return out, err
		}
		if progress != nil {
			progress(n+1, len(games))
		}
	}
	return out, nil
}

// fromReview is FromReviews for the one game id.
func fromReview(ctx context.Context, s Searcher, st Reviewed, id string, o Options) ([]Puzzle, error) {
	sg, err := st.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	kept, current, err := review.Kept(ctx, st, id, sg.Moves)
	if err != nil || !current {
		return nil, err
	}
	rec, err := play.RecordOf(sg)
	if err != nil {
		return nil, fmt.Errorf("puzzle: %w", err)
	}
	r, err := review.Decode(kept.Data)
	if err != nil {
		return nil, err
	}
	g := chess.NewGameFromPosition(rec.Start)
	for _, m := range rec.Moves {
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("puzzle: game %s: %w", id, err)
		}
	}
	var out []Puzzle
	for _, side := range []chess.Color{chess.White, chess.Black} {
		if rec.Players[side].AI {
			continue
		}
		found, err := Missed(ctx, s, g, r, side, o)
		out = append(out, found...)
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

package puzzle

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/review"
	"github.com/outpost-chess/outpost/internal/store"
)

// missedMate is 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. d3?: White misses
// Qxf7#, the one win of the position after Nf6.
var missedMate = []string{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "d2d3", "f6h5"}

// TestFromReviews makes puzzles of the wins the people missed in reviewed
// games kept in a real SQLite store: White, a person, missed Qxf7#; when
// White is the AI, its moves are passed over; a game without a review, or
// whose review is of other moves, gives none.
func TestFromReviews(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(filepath.Join(t.TempDir(), "outpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	eng := engine.New(engine.Options{HashMB: 16, Seed: 1})
	tests := []struct {
		name         string
		white        string
		review       bool
		reviewedUpTo int // the review is of the first moves only: stale
		want         [][]string
	}{
		{"a person missed a mate", store.Human, true, 0, [][]string{{"h5f7"}}},
		{"the AI's missed win is no puzzle", store.AI, true, 0, nil},
		{"no review, no puzzle", store.Human, false, 0, nil},
		{"a stale review, no puzzle", store.Human, true, 6, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sg := store.Game{StartFEN: chess.StartFEN, Moves: missedMate, White: tt.white, Black: store.Human, Source: store.SourceTerminal}
			if tt.white == store.AI {
				sg.WhiteLevel = "3"
			}
			if err := st.CreateGame(ctx, &sg); err != nil {
				t.Fatal(err)
			}
			if tt.review {
				moves := missedMate
				if tt.reviewedUpTo > 0 {
					moves = missedMate[:tt.reviewedUpTo]
				}
				g := chess.NewGame()
				for _, uci := range moves {
					m, err := g.Position().ParseUCI(uci)
					if err != nil {
						t.Fatal(err)
					}
					if err := g.Play(m); err != nil {
						t.Fatal(err)
					}
				}
				r, err := review.Analyse(ctx, g, review.EngineSearcher(eng), review.Options{Nodes: 50_000})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := review.Keep(ctx, st, sg.ID, moves, r); err != nil {
					t.Fatal(err)
				}
			}
			got, err := FromReviews(ctx, eng, st, store.ListOptions{IDs: []string{sg.ID}}, Options{Nodes: 100_000}, nil)
			if err != nil {
				t.Fatal(err)
			}
			var lines [][]string
			for _, pz := range got {
				lines = append(lines, pz.Moves)
				if pz.LastMove != "g8f6" {
					t.Errorf("the puzzle's last move is %q, want g8f6", pz.LastMove)
				}
			}
			if !slices.EqualFunc(lines, tt.want, slices.Equal) {
				t.Errorf("puzzles %q, want %q", lines, tt.want)
			}
		})
	}
}

// TestMissedRefusesAnotherGame: a review of other moves than the game's is
// an error, and makes no puzzle.
func TestMissedRefusesAnotherGame(t *testing.T) {
	g := chess.NewGame()
	for _, san := range []string{"e4", "e5"} {
		if err := g.PlayMove(san); err != nil {
			t.Fatal(err)
		}
	}
	eng := engine.New(engine.Options{HashMB: 16, Seed: 1})
	for _, r := range []*review.Review{
		{Moves: []review.Move{{UCI: "e2e4"}}},
		{Moves: []review.Move{{UCI: "d2d4"}, {UCI: "e7e5"}}},
	} {
		if got, err := Missed(context.Background(), eng, g, r, chess.White, Options{Nodes: 10_000}); err == nil || got != nil {
			t.Errorf("review of %v: %v, %v; want an error", r.Moves, got, err)
		}
	}
}

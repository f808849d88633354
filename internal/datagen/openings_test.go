package datagen

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/opening"
)

func TestOpenGame(t *testing.T) {
	book := opening.Playable(opening.Lichess())
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[string]bool{}
	for range 50 {
		g := openGame(rng, book, 3)
		if g.Outcome().IsOver() || g.Len() < 4 {
			t.Errorf("opening %v: over or shorter than a line and 3 random plies", g.SANMoves())
		}
		seen[g.Position().FEN()] = true
	}
	if len(seen) < 45 {
		t.Errorf("only %d different openings in 50", len(seen))
	}
}

// TestRunBadBook checks that Run refuses a book with an opening that makes
// no game, before it plays anything.
func TestRunBadBook(t *testing.T) {
	book := []opening.Opening{opening.Lichess()[0], {Name: "nowhere", FEN: "not a position"}}
	_, err := Run(context.Background(), Config{Games: 1, Nodes: 100, Book: book}, func(*Game) error {
		t.Error("a game was played")
		return nil
	}, nil)
	if err == nil || !strings.HasPrefix(err.Error(), `datagen: the book: opening: "nowhere": chess: `) {
		t.Errorf("Run: %v, want an error naming the bad opening", err)
	}
}

package puzzle

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/outpost-chess/outpost/internal/store"
)

// TestAttempt rates attempts kept in a real SQLite store: a solve raises
// the player and lowers the puzzle, a failure the reverse, and each is
// counted and read back.
func TestAttempt(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(filepath.Join(t.TempDir(), "outpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	e := Entry{ID: "p1", Rating: 1500}
	for i, tt := range []struct {
		solved bool
		up     bool
	}{{true, true}, {false, false}, {true, true}} {
		out, err := Attempt(ctx, st, "terminal", e, tt.solved)
		if err != nil {
			t.Fatal(err)
		}
		before, after := out.Before, out.After
		if (after.Rating > before.Rating) != tt.up {
			t.Errorf("attempt %d (solved %v): %.0f -> %.0f", i+1, tt.solved, before.Rating, after.Rating)
		}
		kept, err := PlayerRating(ctx, st, "terminal")
		if err != nil || kept != after {
			t.Errorf("attempt %d: kept %+v, %v; want %+v", i+1, kept, err, after)
		}
		pz, _, _ := st.PuzzleRating(ctx, "p1")
		pl, _, _ := st.PlayerPuzzleRating(ctx, "terminal")
		if pz.Attempts != i+1 || pl.Attempts != i+1 || i == 0 && pz.Rating >= 1500 {
			t.Errorf("attempt %d: puzzle %+v, player %+v", i+1, pz, pl)
		}
	}
}

package storetest

import (
	"context"
	"testing"

	"github.com/outpost-chess/outpost/internal/store"
)

// testPuzzles keeps two attempts of a player at two puzzles: each rating
// is the last kept, the attempts come back newest first, a second store on
// the same database sees them (nothing lost on a restart), and an attempt
// without a player is refused.
func testPuzzles(t *testing.T, b Backend) {
	st, again := b.Open(t)
	ctx := context.Background()
	if _, ok, err := st.PlayerPuzzleRating(ctx, "p1"); err != nil || ok {
		t.Fatalf("a new player's rating: %v, %v", ok, err)
	}
	first := store.PuzzleAttempt{Player: "p1", PuzzleID: "aaaa", Solved: true,
		PlayerAfter: store.PuzzleRating{Rating: 1650, Deviation: 290, Volatility: 0.06, Attempts: 1},
		PuzzleAfter: store.PuzzleRating{Rating: 1380, Deviation: 240, Volatility: 0.06, Attempts: 1}}
	if err := st.SavePuzzleAttempt(ctx, &first); err != nil || first.At.IsZero() {
		t.Fatalf("saving: %v (at %v)", err, first.At)
	}
	second := store.PuzzleAttempt{Player: "p1", PuzzleID: "bbbb", Solved: false,
		PlayerAfter: store.PuzzleRating{Rating: 1610, Deviation: 260, Volatility: 0.06, Attempts: 2},
		PuzzleAfter: store.PuzzleRating{Rating: 1720, Deviation: 240, Volatility: 0.06, Attempts: 1}}
	if err := st.SavePuzzleAttempt(ctx, &second); err != nil {
		t.Fatal(err)
	}
	reopened := again()
	for _, s := range []store.Store{st, reopened} {
		if r, ok, err := s.PlayerPuzzleRating(ctx, "p1"); err != nil || !ok || r != second.PlayerAfter {
			t.Errorf("the player's rating %+v, %v, %v; want %+v", r, ok, err, second.PlayerAfter)
		}
		if r, ok, err := s.PuzzleRating(ctx, "aaaa"); err != nil || !ok || r != first.PuzzleAfter {
			t.Errorf("puzzle aaaa's rating %+v, %v, %v; want %+v", r, ok, err, first.PuzzleAfter)
		}
		got, err := s.PuzzleAttempts(ctx, "p1", 10)
		if err != nil || len(got) != 2 || got[0].PuzzleID != "bbbb" || got[0].Solved || got[1].PuzzleID != "aaaa" || !got[1].Solved ||
			got[0].PlayerAfter.Rating != 1610 || got[1].PuzzleAfter.Rating != 1380 {
			t.Errorf("attempts %+v, %v", got, err)
		}
	}
	if err := st.SavePuzzleAttempt(ctx, &store.PuzzleAttempt{PuzzleID: "aaaa"}); err == nil {
		t.Error("an attempt without a player was kept")
	}
}

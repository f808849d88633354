package review

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
)

// TestKept keeps a review beside its game in a real SQLite store and reads
// it back: current for the moves it reviewed, stale for others, nothing for
// a game never reviewed.
func TestKept(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(filepath.Join(t.TempDir(), "kept.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g := storetest.NewGame(t, st, "e2e4", "e7e5")
	if kept, current, err := Kept(ctx, st, g.ID, g.Moves); err != nil || current || kept.GameID != "" {
		t.Errorf("never reviewed: %+v, %v, %v", kept, current, err)
	}
	acc := 91.5
	r := &Review{Start: CP(20), White: Side{Accuracy: &acc}}
	data, err := Keep(ctx, st, g.ID, g.Moves, r)
	if err != nil {
		t.Fatal(err)
	}
	kept, current, err := Kept(ctx, st, g.ID, g.Moves)
	if err != nil || !current || string(kept.Data) != string(data) {
		t.Fatalf("kept %+v, current %v, %v", kept, current, err)
	}
	back, err := Decode(kept.Data)
	if err != nil || back.Start != r.Start || back.White.Accuracy == nil || *back.White.Accuracy != acc {
		t.Errorf("decoded %+v, %v", back, err)
	}
	if _, current, err := Kept(ctx, st, g.ID, []string{"e2e4"}); err != nil || current {
		t.Errorf("for other moves: current %v, %v; want stale", current, err)
	}
	if _, err := Decode([]byte("{")); err == nil {
		t.Error("Decode took a broken review")
	}
}

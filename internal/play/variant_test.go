package play

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/store"
)

// TestStoredChess960 keeps Chess960 games in a store and reads them back:
// the variant survives (position 518 is the standard position, which only
// the stored variant tells apart), castling is stored as the king taking its
// rook (a king that castles without moving, one that moves one file), and
// so is the redo of a takeback that took a castling back.
func TestStoredChess960(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "outpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	pos518, _ := chess.NewChess960(chess.Chess960Standard)
	for _, tt := range []struct {
		name       string
		start      *chess.Position
		moves      []string // SAN; the last one is taken back
		wantStored string   // the moves stored, in UCI
		wantRedo   string
	}{
		{"518", pos518, []string{"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"}, "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5", "e1h1"},
		{"king stays", fen960(t, "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1"), []string{"O-O", "O-O", "a3"}, "g1h1 g8h8", "a2a3"},
		{"king one file", fen960(t, "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1"), []string{"O-O-O", "O-O-O"}, "b1a1", "b8a8"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			clock := newTestClock()
			k := NewStoreKeeper(st, store.Game{Source: store.SourceTerminal}, false)
			start := *tt.start
			g, err := New(ctx, Setup{Game: chess.NewGameFromPosition(&start), Players: [2]Player{Human, Human}, Clock: TimeControl{5 * time.Minute, 0}},
				Options{Keeper: k, Now: clock.now})
			if err != nil {
				t.Fatal(err)
			}
			for _, mv := range tt.moves {
				if err := g.MoveText(ctx, mv); err != nil {
					t.Fatalf("%s: %v", mv, err)
				}
			}
			if _, err := g.Takeback(ctx); err != nil {
				t.Fatal(err)
			}
			sg, err := st.Get(ctx, k.ID())
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(sg.Moves, " "); got != tt.wantStored || !strings.HasPrefix(sg.StartFEN, "chess960 ") {
				t.Errorf("stored start %q, moves %q, want %q", sg.StartFEN, got, tt.wantStored)
			}
			r, err := RecordOf(sg)
			if err != nil {
				t.Fatal(err)
			}
			if !r.Start.Chess960() || r.Start.FEN() != tt.start.FEN() || !sameRecord(r, g.record()) {
				t.Fatalf("read back: start %q (960: %v), %+v", r.Start.FEN(), r.Start.Chess960(), r)
			}
			back, err := Restore(r, Options{Now: clock.now})
			if err != nil {
				t.Fatal(err)
			}
			redone, err := back.Redo(ctx)
			if err != nil || len(redone) != 1 {
				t.Fatalf("redo: %v, %v", redone, err)
			}
			if got := back.Chess().PositionAt(back.Chess().Len() - 1).UCI(redone[0]); got != tt.wantRedo {
				t.Errorf("redone %s, want %s", got, tt.wantRedo)
			}
		})
	}
}

// fen960 parses a Chess960 position the test gives.
func fen960(t *testing.T, fen string) *chess.Position {
	t.Helper()
	p, err := chess.ParseFEN960(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

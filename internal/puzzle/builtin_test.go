package puzzle

import (
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// TestBuiltin reads the built-in set: every puzzle has a unique id, a
// position that reads and a solution of legal moves ending on the solver's.
func TestBuiltin(t *testing.T) {
	set := Builtin()
	if len(set) == 0 {
		t.Fatal("the built-in set is empty")
	}
	seen := map[string]bool{}
	for _, e := range set {
		if seen[e.ID] {
			t.Errorf("puzzle %s: id twice", e.ID)
		}
		seen[e.ID] = true
		if len(e.Moves)%2 != 1 {
			t.Errorf("puzzle %s: %d moves, want an odd number (ends on the solver's move)", e.ID, len(e.Moves))
		}
		pos, err := chess.ParseFEN(e.FEN)
		if err != nil {
			t.Errorf("puzzle %s: %v", e.ID, err)
			continue
		}
		for _, uci := range e.Moves {
			m, err := pos.ParseUCI(uci)
			if err != nil {
				t.Errorf("puzzle %s: move %s: %v", e.ID, uci, err)
				break
			}
			pos.MakeMove(m)
		}
	}
}

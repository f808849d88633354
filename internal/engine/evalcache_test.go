package engine

import (
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/eval"
)

// TestEvalCache checks that the evaluation cache returns what was put for a
// position and never another position's score: every bench position, and
// every position a move away, stored in a first round and read back in a
// second (where a few may have been overwritten by others in the same slot).
func TestEvalCache(t *testing.T) {
	var c evalCache
	hits, lookups := 0, 0
	for round := 0; round < 2; round++ {
		for _, fen := range BenchFENs {
			root := chess.MustParseFEN(fen)
			for _, m := range append(root.LegalMoves(), chess.NoMove) {
				p := *root
				if m != chess.NoMove {
					p.MakeMove(m)
				}
				want := eval.Evaluate(&p)
				got, ok := c.get(p.Hash())
				if ok && got != want {
					t.Errorf("round %d, %s after %v: cached %d, evaluated %d", round, fen, m, got, want)
				}
				if round == 1 {
					lookups++
					if ok {
						hits++
					}
				}
				c.put(p.Hash(), want)
			}
		}
	}
	if hits < lookups*9/10 {
		t.Errorf("%d hits of %d lookups of stored positions, want nearly all", hits, lookups)
	}
}

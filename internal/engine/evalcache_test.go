package engine

import (
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/eval"
)

// TestEvalCache checks that the evaluation cache changes nothing: every
// bench position, and every position a move away, evaluates as
// eval.Evaluate has it, on a miss and then on a hit.
func TestEvalCache(t *testing.T) {
	var c evalCache
	var pk eval.PawnKingCache
	for round := 0; round < 2; round++ {
		for _, fen := range BenchFENs {
			root := chess.MustParseFEN(fen)
			for _, m := range append(root.LegalMoves(), chess.NoMove) {
				p := *root
				if m != chess.NoMove {
					p.MakeMove(m)
				}
				inc := eval.Default.IncrementalOf(&p)
				if got, want := c.evaluate(&p, &pk, &inc), eval.Evaluate(&p); got != want {
					t.Errorf("round %d, %s after %v: cached %d, evaluated %d", round, fen, m, got, want)
				}
			}
		}
	}
}

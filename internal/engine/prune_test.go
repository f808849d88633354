package engine

import (
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// TestPruneDecide checks step 12's verdicts, one rule at a time, each at
// the last depth where it prunes and the first where it does not.
func TestPruneDecide(t *testing.T) {
	// White: queen d2, knight h1, king e1. Black: rook d8 (defending d5),
	// pawn d5, knight f5 (attacking d4 and e3), king e8.
	p := chess.MustParseFEN("3rk3/8/8/3p1n2/8/8/3Q4/4K2N w - - 0 1")
	move := func(uci string) chess.Move {
		m, err := p.ParseUCI(uci)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	safe := move("h1f2")      // a quiet move that loses nothing
	hangs := move("d2d4")     // a quiet move that gives the queen to the knight
	capture := move("d2d5")   // a capture that gives the queen for a pawn (-800)
	check := move("d2e3")     // a check that gives the queen for nothing (-900)
	safeCheck := move("d2e2") // a check that loses nothing
	if !p.GivesCheck(check) || !p.GivesCheck(safeCheck) {
		t.Fatal("the checks do not check")
	}
	const alpha = 0
	for _, tc := range []struct {
		name      string
		m         chess.Move
		depth     int
		moveCount int
		improving bool
		value     int32
		eval      Score
		want      pruneDecision
	}{
		{"a safe quiet move", safe, 2, 1, false, 0, 500, searchMove},
		{"late move pruning", safe, 3, 7, false, 0, 500, pruneLateQuiets},
		{"not that late", safe, 3, 6, false, 0, 500, searchMove},
		{"later when improving", safe, 3, 7, true, 0, 500, searchMove},
		{"late move pruning ends at its depth", safe, lateMovePruneDepth + 1, 60, false, 0, 500, searchMove},
		{"history pruning", safe, 2, 1, false, -2*historyPruneMargin - 1, 500, pruneMove},
		{"history pruning at the margin", safe, 2, 1, false, -2 * historyPruneMargin, 500, searchMove},
		{"history pruning ends at its depth", safe, historyPruneDepth + 1, 1, false, -1 << 20, 500, searchMove},
		{"futility pruning", safe, 2, 1, false, 0, alpha - futilityBase - 2*futilityPerPly, pruneMove},
		{"futility pruning's margin", safe, 2, 1, false, 0, alpha - futilityBase - 2*futilityPerPly + 1, searchMove},
		{"futility pruning ends at its depth", safe, futilityDepth + 1, 1, false, 0, -5000, searchMove},
		{"a quiet move that hangs the queen", hangs, seePruneQuietDepth, 1, false, 0, 500, pruneMove},
		{"hanging, too deep to prune", hangs, seePruneQuietDepth + 1, 1, false, 0, 500, searchMove},
		{"a losing capture", capture, seePruneNoisyDepth, 1, false, 0, 500, pruneMove},
		{"a losing capture, too deep to prune", capture, seePruneNoisyDepth + 1, 1, false, 0, 500, searchMove},
		{"a capture is not pruned for futility", capture, 8, 40, false, 0, -5000, searchMove},
		{"a check that gives the queen", check, 4, 1, false, 0, 500, pruneMove},
		{"a check may give twice a capture's margin", check, 5, 1, false, 0, 500, searchMove},
		{"a safe check is never pruned", safeCheck, 1, 60, false, -1 << 20, -5000, searchMove},
	} {
		pm := prunedMove{
			depth: tc.depth, improving: tc.improving, eval: tc.eval,
			move: tc.m, quiet: tc.m.IsQuiet(), givesCheck: p.GivesCheck(tc.m),
			value: tc.value, moveCount: tc.moveCount, alpha: alpha,
		}
		if got := pm.decide(p); got != tc.want {
			t.Errorf("%s (%v at depth %d): got %d, want %d", tc.name, tc.m, tc.depth, got, tc.want)
		}
	}
}

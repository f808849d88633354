package engine

import (
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// TestThreatOrderingScore checks the direction of the threat adjustment in
// quiet move ordering: escaping a cheaper attacker gains, stepping into one
// loses, and moves that change neither, pawn moves and king moves, are left
// alone.
func TestThreatOrderingScore(t *testing.T) {
	tests := []struct {
		fen, move string
		want      int // the sign of the adjustment
	}{
		// The knight on d4 is attacked by the pawn on e5 (which attacks d4
		// and f4).
		{"4k3/8/8/4p3/3N4/8/8/4K3 w - - 0 1", "d4b3", 1},
		{"4k3/8/8/4p3/3N4/8/8/4K3 w - - 0 1", "d4f5", 1},
		{"4k3/3p4/8/4p3/3N4/8/8/4K3 w - - 0 1", "d4c6", 0}, // from one pawn's attack into another's
		{"4k3/8/8/4p3/8/2N5/8/4K3 w - - 0 1", "c3b5", 0},   // safe to safe
		{"4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1", "f3d4", -1},  // safe into the pawn's attack
		// The rook on d1 is attacked by the knight on e3; the queen on a4
		// by the bishop on b5; the rook on h2 attacks the h-file.
		{"4k3/8/8/8/8/4n3/8/3RK3 w - - 0 1", "d1d7", 1},
		{"4k3/8/8/1b6/Q7/8/8/4K3 w - - 0 1", "a4a7", 1},
		{"6k1/8/8/8/Q7/8/7r/4K3 w - - 0 1", "a4h4", -1},
		// Pawns and kings are not adjusted.
		{"4k3/8/2p5/8/8/8/3P4/4K3 w - - 0 1", "d2d4", 0},
		{"4k3/8/8/8/8/4n3/8/4K3 w - - 0 1", "e1f2", 0},
	}
	for _, tc := range tests {
		p := chess.MustParseFEN(tc.fen)
		m, err := p.ParseUCI(tc.move)
		if err != nil {
			t.Errorf("%s %s: %v", tc.fen, tc.move, err)
			continue
		}
		th := threatsTo(p)
		got := th.orderingScore(m, p.PieceAt(m.From()).Type())
		if sign(got) != tc.want {
			t.Errorf("%s %s: adjustment %d, want sign %d", tc.fen, tc.move, got, tc.want)
		}
	}
}

func sign(v int32) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

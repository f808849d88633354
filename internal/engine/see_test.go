package engine

import (
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// seeTests are exchanges with their static exchange value for the mover, in
// seeValue units (P 100, N 320, B 330, R 500, Q 950).
var seeTests = []struct {
	name string
	fen  string
	move string // UCI
	want Score
}{
	{"pawn takes defended knight", "4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320 - 100},
	{"queen takes pawn defended by pawn", "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 100 - 950},
	{"rook takes undefended pawn", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100},
	{"rook takes pawn defended by rook", "3r2k1/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5", 100 - 500},
	{"doubled rooks: x-ray recapture", "3r2k1/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},
	{"queen behind bishop: x-ray recapture", "4k3/8/3p4/4n3/8/2B5/1Q6/4K3 w - - 0 1", "c3e5", 320 - 330 + 100},
	{"bishop takes defended knight, no support", "4k3/8/3p4/4n3/8/2B5/8/4K3 w - - 0 1", "c3e5", 320 - 330},
	{"defender declines to lose its queen", "3rk3/3q4/8/3p4/8/2N5/8/3RK3 w - - 0 1", "c3d5", 100},
	{"pawn capture opens a bishop's x-ray", "4k3/8/4p3/3p4/4P3/5B2/8/4K3 w - - 0 1", "e4d5", 100},
	{"en passant, undefended", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},
	{"en passant, recaptured", "4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 0},
	{"en passant opens the file behind the captured pawn", "4k3/2p5/8/3pP3/8/8/8/3RK3 w - d6 0 1", "e5d6", 100},
	{"promotion capture, undefended", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", 500 + 950 - 100},
	{"promotion capture, king recaptures", "1rk5/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", 500 + 950 - 100 - 950},
	{"king cannot recapture a defended promotion", "1rk5/P7/8/8/8/8/8/1R2K3 w - - 0 1", "a7b8q", 500 + 950 - 100},
	{"king takes the rook: only defender", "8/8/8/3pk3/8/8/8/3RK3 w - - 0 1", "d1d5", 100 - 500},
	{"king cannot take the rook: x-rayed by the queen", "8/8/8/3pk3/8/8/3R4/3QK3 w - - 0 1", "d2d5", 100},
	{"knight to a square a pawn attacks", "4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", "c3d5", -320},
	{"quiet move to a safe square", "4k3/8/8/8/8/2N5/8/4K3 w - - 0 1", "c3d5", 0},
	{"black knight takes pawn defended by pawn", "4k3/8/2n5/8/3P4/2P5/8/4K3 b - - 0 1", "c6d4", 100 - 320},
	{"castling", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0},
}

func TestSEE(t *testing.T) {
	for _, tc := range seeTests {
		t.Run(tc.name, func(t *testing.T) {
			p := chess.MustParseFEN(tc.fen)
			m, err := p.ParseUCI(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			// The threshold is met exactly at the value and not one above;
			// every threshold below is met too.
			for _, d := range []Score{-1000, -1, 0} {
				if !seeGE(p, m, tc.want+d) {
					t.Errorf("seeGE(%s, %d) = false, want true (SEE is %d)", tc.move, tc.want+d, tc.want)
				}
			}
			for _, d := range []Score{1, 1000} {
				if seeGE(p, m, tc.want+d) {
					t.Errorf("seeGE(%s, %d) = true, want false (SEE is %d)", tc.move, tc.want+d, tc.want)
				}
			}
		})
	}
}

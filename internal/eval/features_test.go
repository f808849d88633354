package eval

import (
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// TestSpaceCount checks the squares the space term counts: White's c-f
// files on ranks 2-4, without its pawns and the squares Black's pawns
// attack; those behind a White pawn (up to three) count twice.
func TestSpaceCount(t *testing.T) {
	tests := []struct {
		name         string
		fen          string
		white, black int
		blocked      int
	}{
		// The twelve squares, none behind a pawn.
		{"empty centre", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 12, 12, 0},
		// White: d4 and e4 hold two of its squares, and d2, d3, e2 and e3
		// count twice (10 + 4). Black: the pawns attack c5, d5, e5 and f5
		// (12 - 4).
		{"d4 and e4 against nothing", "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", 14, 8, 0},
		// Each side: its pawn holds a square, the enemy pawn attacks two,
		// and two squares are behind its pawn (12 - 1 - 2 + 2). Both pawns
		// are blocked.
		{"blocked e-pawns", "4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1", 11, 11, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e evaluation
			e.run(&Default, position(t, tt.fen), nil, nil)
			if e.spaceSquares[chess.White] != tt.white || e.spaceSquares[chess.Black] != tt.black || e.blocked != tt.blocked {
				t.Errorf("space %d/%d, blocked %d; want %d/%d, %d",
					e.spaceSquares[chess.White], e.spaceSquares[chess.Black], e.blocked, tt.white, tt.black, tt.blocked)
			}
		})
	}
}

// TestKingActivity checks the two counts of the king-activity term: king
// moves to the nearest pawn, and a king on a flank without pawns.
func TestKingActivity(t *testing.T) {
	w := Weights{KingPawnDistance: S(0, 1), PawnlessFlank: S(1, 0)}
	checkTerm(t, &w, TermKingActivity, []termCase{
		// White's king on e1 is four moves from a4, Black's on h8 seven;
		// neither king's flank (c-f, e-h) has a pawn.
		{"one pawn on a4", "7k/8/8/8/P7/8/8/4K3 w - - 0 1", S(1, 4), S(1, 7)},
		{"no pawns", "7k/8/8/8/8/8/8/4K3 w - - 0 1", S(1, 0), S(1, 0)},
		{"kings beside pawns", "8/5pk1/8/8/8/8/5PK1/8 w - - 0 1", S(0, 1), S(0, 1)},
	})
}

// TestKingFlankAttack checks the count behind KingFlankAttack: the squares
// of the enemy king's flank on the enemy's first five ranks a side attacks,
// twice when attacked twice.
func TestKingFlankAttack(t *testing.T) {
	w := Weights{KingFlankAttack: S(1, 0)}
	checkTerm(t, &w, TermKingAttack, []termCase{
		// Black's king on g8: flank e-h, camp ranks 4-8. The rook on h1
		// attacks h4-h8 there; Black attacks nothing on the a-d flank of
		// White's king on a1.
		{"a rook on the h-file", "6k1/8/8/8/8/8/8/K6R w - - 0 1", S(5, 0), S(0, 0)},
		// The bishop on c3 adds e5, f6 and g7, and h8, which the rook
		// attacks too, counts twice: 5 + 3 + 1.
		{"and a bishop on the long diagonal", "6k1/8/8/8/8/2B5/8/K6R w - - 0 1", S(9, 0), S(0, 0)},
	})
}

// TestKingDangerSquare checks the quadratic growth of the middlegame king
// attack: a rook on h1 hits h7 and h8 of the zone of Black's king on g8,
// 2 × 10 = 20 scaled by 64/64, which grows by 20² × 1024/4096 = 100.
func TestKingDangerSquare(t *testing.T) {
	w := Weights{KingAttackNoQueen: 64, KingDangerSquare: 1024}
	w.KingZoneAttack[chess.Rook] = S(10, 10)
	w.KingAttackerScale[1] = 64
	b := w.Explain(position(t, "6k1/8/8/8/8/8/8/K6R w - - 0 1")).Terms[TermKingAttack]
	if want := S(120, 20); b.White != want {
		t.Errorf("king attack %+v, want %+v (the endgame half unscaled)", b.White, want)
	}
}

// TestAttackedTwice checks e.attacked2: squares a side attacks with two or
// more pieces, pawns and king included.
func TestAttackedTwice(t *testing.T) {
	var e evaluation
	// White's pawns on c3 and e3 and its knight on f3 all attack d4; the
	// knight and the king on g1 both attack h2.
	e.run(&Default, position(t, "4k3/8/8/8/8/2P1PN2/8/6K1 w - - 0 1"), nil, nil)
	want := chess.D4.Bitboard() | chess.H2.Bitboard()
	if got := e.attacked2[chess.White]; got != want {
		t.Errorf("attacked twice %v, want %v", got, want)
	}
}

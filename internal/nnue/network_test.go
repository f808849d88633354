package nnue

import (
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

func TestFeatureIndex(t *testing.T) {
	tests := []struct {
		p    chess.Color
		pc   chess.Piece
		sq   chess.Square
		want int
	}{
		{chess.White, chess.WhitePawn, chess.A1, 0},
		{chess.White, chess.WhitePawn, chess.B1, 1},
		{chess.White, chess.WhiteKing, chess.H8, 5*64 + 63},
		{chess.White, chess.BlackPawn, chess.E7, 384 + 52},
		{chess.White, chess.BlackQueen, chess.D8, 384 + 4*64 + 59},
		{chess.Black, chess.BlackPawn, chess.E7, 12},       // e7 seen from Black is e2
		{chess.Black, chess.BlackKing, chess.E8, 5*64 + 4}, // e8 → e1
		{chess.Black, chess.WhiteKnight, chess.G1, 384 + 64 + 62},
		{chess.Black, chess.WhiteRook, chess.H8, 384 + 3*64 + 7},
		{chess.Black, chess.WhiteBishop, chess.C4, 384 + 2*64 + 34},
	}
	for _, tt := range tests {
		if got := FeatureIndex(tt.p, tt.pc, tt.sq); got != tt.want {
			t.Errorf("FeatureIndex(%v, %v, %v) = %d, want %d", tt.p, tt.pc, tt.sq, got, tt.want)
		}
	}
}

// TestFeatureIndexIsABijection checks that the 768 (piece, square) pairs map
// onto 0..767 for each perspective, and that a position and its colour-flipped
// mirror activate the same features from the two sides' views.
func TestFeatureIndexIsABijection(t *testing.T) {
	for _, p := range []chess.Color{chess.White, chess.Black} {
		seen := make([]bool, Inputs)
		for c := chess.White; c <= chess.Black; c++ {
			for k := chess.Pawn; k <= chess.King; k++ {
				for sq := chess.Square(0); sq < 64; sq++ {
					pc := chess.NewPiece(c, k)
					f := FeatureIndex(p, pc, sq)
					if f < 0 || f >= Inputs || seen[f] {
						t.Fatalf("FeatureIndex(%v, %v, %v) = %d: out of range or repeated", p, pc, sq, f)
					}
					seen[f] = true
					if g := FeatureIndex(p.Other(), chess.NewPiece(c.Other(), k), sq.Mirror()); g != f {
						t.Fatalf("the mirror of %v on %v from %v's view is %d, want %d", pc, sq, p, g, f)
					}
				}
			}
		}
	}
}

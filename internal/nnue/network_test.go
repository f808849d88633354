package nnue

import (
	"strings"
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

func TestOutputBucket(t *testing.T) {
	tests := []struct {
		buckets, pieces, want int
	}{
		{1, 32, 0}, {1, 2, 0},
		{8, 2, 0}, {8, 5, 0}, {8, 6, 1}, {8, 17, 3}, {8, 29, 6}, {8, 30, 7}, {8, 32, 7},
		{4, 2, 0}, {4, 9, 0}, {4, 10, 1}, {4, 32, 3},
		{3, 12, 0}, {3, 13, 1}, {3, 32, 2}, // ⌈32/3⌉ = 11 pieces a bucket
	}
	for _, tt := range tests {
		s := Shape{OutputBuckets: tt.buckets}
		if got := s.OutputBucket(tt.pieces); got != tt.want {
			t.Errorf("%d buckets, %d pieces: bucket %d, want %d", tt.buckets, tt.pieces, got, tt.want)
		}
	}
}

// TestFeatureBuckets checks the king buckets and the mirror: the layout
// of 4 buckets puts e1/f1 in 0, g1/h1 in 1, the second rank in 2 and the
// rest in 3, from each side's own view, and a king on the files a to d
// mirrors every square.
func TestFeatureBuckets(t *testing.T) {
	s := bucketed(t, 16, 4, 8)
	tests := []struct {
		name string
		p    chess.Color
		king chess.Square
		pc   chess.Piece
		sq   chess.Square
		want int
	}{
		{"king g1, bucket 1", chess.White, chess.G1, chess.WhitePawn, chess.A2, 768 + 8},
		{"king b1 mirrors to g1", chess.White, chess.B1, chess.WhitePawn, chess.H2, 768 + 8},
		{"king e1, bucket 0", chess.White, chess.E1, chess.WhiteKing, chess.E1, 5*64 + 4},
		{"king d1 mirrors to e1", chess.White, chess.D1, chess.WhiteKing, chess.D1, 5*64 + 4},
		{"king e2, bucket 2", chess.White, chess.E2, chess.BlackQueen, chess.D8, 2*768 + 384 + 4*64 + 59},
		{"king h5, bucket 3", chess.White, chess.H5, chess.WhitePawn, chess.A2, 3*768 + 8},
		{"Black's king g8 is its g1", chess.Black, chess.G8, chess.BlackPawn, chess.A7, 768 + 8},
		{"Black's king b8 mirrors", chess.Black, chess.B8, chess.BlackPawn, chess.H7, 768 + 8},
		{"Black's king e7 is its e2", chess.Black, chess.E7, chess.WhiteRook, chess.A1, 2*768 + 384 + 3*64 + 56},
	}
	for _, tt := range tests {
		if got := s.Feature(tt.p, tt.king, tt.pc, tt.sq); got != tt.want {
			t.Errorf("%s: Feature = %d, want %d", tt.name, got, tt.want)
		}
	}
	if got := (Shape{Hidden: 16, OutputBuckets: 1}).Feature(chess.White, chess.B1, chess.WhitePawn, chess.H2); got != 15 {
		t.Errorf("version 1 mirrors: Feature = %d, want FeatureIndex's 15", got)
	}
}

func TestShapeValidate(t *testing.T) {
	four, _ := KingBucketLayout(4)
	tests := []struct {
		name  string
		shape Shape
		want  string // "" for valid
	}{
		{"version 1", Shape{Hidden: 256, OutputBuckets: 1}, ""},
		{"version 2", Shape{Hidden: 512, KingBuckets: four, OutputBuckets: 8}, ""},
		{"version 1 with output buckets", Shape{Hidden: 256, OutputBuckets: 8}, "one output bucket, not 8"},
		{"hidden 24", Shape{Hidden: 24, KingBuckets: four, OutputBuckets: 8}, "hidden layer of 24"},
		{"no output bucket", Shape{Hidden: 16, KingBuckets: four}, "0 output buckets"},
		{"short layout", Shape{Hidden: 16, KingBuckets: four[:31], OutputBuckets: 1}, "has 32 squares, not 31"},
		{"bucket 1 unused", Shape{Hidden: 16, KingBuckets: append(make([]uint8, 31), 2), OutputBuckets: 1}, "skips bucket 1 of 3"},
		{"too many buckets", Shape{Hidden: 16, KingBuckets: append(make([]uint8, 31), 40), OutputBuckets: 1}, "41 king buckets are not supported"},
	}
	for _, tt := range tests {
		err := tt.shape.Validate()
		if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s: Validate() = %v, want %q", tt.name, err, tt.want)
		}
	}
	for _, n := range []int{0, 3, 16} {
		if _, err := KingBucketLayout(n); err == nil || !strings.Contains(err.Error(), "no layout of") {
			t.Errorf("KingBucketLayout(%d) = %v, want an error", n, err)
		}
	}
}

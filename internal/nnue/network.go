package nnue

import (
	"fmt"

	"github.com/outpost-chess/outpost/chess"
)

// The architecture's constants: the inputs of one king bucket and the
// quantisation, shared by both shapes (see [Shape]).
const (
	// Inputs is the number of input features per perspective and king
	// bucket: 2 colours (own, other) × 6 piece kinds × 64 squares.
	Inputs = 768
	// QA is the quantisation factor of the feature weights and biases (and
	// the clamp of the activation): a float weight w is stored as round(w×QA).
	QA = 255
	// QB is the quantisation factor of the output weights.
	QB = 64
	// Scale converts the network's output into centipawns.
	Scale = 400
)

// MaxHidden bounds the hidden layer's width that Read and Validate accept, so
// that a corrupt header cannot make Read allocate gigabytes.
const MaxHidden = 4096

// HiddenMultiple is what the hidden width must be a multiple of: one AVX2
// register holds 16 int16 values.
const HiddenMultiple = 16

// MaxKingBuckets and MaxOutputBuckets bound the buckets a network may have.
const (
	MaxKingBuckets   = 32
	MaxOutputBuckets = 16
)

// KingSquares is the length of a king bucket layout: the 32 squares of the
// files e to h, where mirroring puts every king.
const KingSquares = 32

// Shape is a network's architecture. Two shapes exist:
//
//   - version 1, KingBuckets nil and one output bucket: (768 → H)×2 → 1,
//     the network built in now;
//   - version 2, KingBuckets set: (768×N → H)×2 → M, with N input buckets by
//     the perspective's own king square, the board mirrored left to right
//     so that the king stands on the files e to h, and M output buckets by
//     the number of pieces on the board.
//
// docs/nnue.md describes both.
type Shape struct {
	// Hidden is H, the width of each perspective's accumulator.
	Hidden int
	// KingBuckets is the king bucket layout of a version 2 network, nil
	// for version 1: the bucket (0 to N-1, each used) of the perspective's
	// own king on each square of the files e to h, from its own side of the
	// board, at index rank×4 + file−4 (e1 = 0, h1 = 3, e2 = 4 … h8 = 31).
	KingBuckets []uint8
	// OutputBuckets is M, the number of output buckets (1 for version 1).
	OutputBuckets int
}

// KingBucketLayout returns the layout of n king buckets that Outpost
// trains with (n = 1, 2, 4 or 8), or an error for another n. The buckets
// follow where the king stands in the middlegame, where most positions
// are: on its first rank the squares of the castled king (g1, h1) apart
// from the centre's (e1, f1), then its second rank, then the rest (the
// endgame's active king) together; 8 buckets give each first-rank square
// its own and split the rest by rank. Few buckets, as many engines trained
// on tens of millions of positions use, leave each bucket enough data.
func KingBucketLayout(n int) ([]uint8, error) {
	rows := map[int][8][4]uint8{
		1: {},
		2: {{0, 0, 0, 0}, {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}},
		4: {{0, 0, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}, {3, 3, 3, 3}, {3, 3, 3, 3}, {3, 3, 3, 3}, {3, 3, 3, 3}, {3, 3, 3, 3}},
		8: {{0, 1, 2, 3}, {4, 4, 5, 5}, {6, 6, 6, 6}, {7, 7, 7, 7}, {7, 7, 7, 7}, {7, 7, 7, 7}, {7, 7, 7, 7}, {7, 7, 7, 7}},
	}
	r, ok := rows[n]
	if !ok {
		return nil, fmt.Errorf("nnue: no layout of %d king buckets (there are layouts of 1, 2, 4 and 8)", n)
	}
	layout := make([]uint8, 0, KingSquares)
	for _, row := range r {
		layout = append(layout, row[:]...)
	}
	return layout, nil
}

// Version returns the file format version of the shape: 1 without king
// buckets, 2 with.
func (s Shape) Version() int {
	if s.KingBuckets == nil {
		return 1
	}
	return 2
}

// KingBucketCount returns N, the number of king buckets (1 for version 1):
// the feature weights hold N×Inputs columns.
func (s Shape) KingBucketCount() int {
	n := 0
	for _, b := range s.KingBuckets {
		n = max(n, int(b)+1)
	}
	return max(n, 1)
}

// String describes the shape as docs/nnue.md writes it, such as
// "768→256×2→1" or "768×4→512×2→8 (4 king buckets, mirrored; 8 output buckets)".
func (s Shape) String() string {
	if s.KingBuckets == nil {
		return fmt.Sprintf("%d→%d×2→1", Inputs, s.Hidden)
	}
	n := s.KingBucketCount()
	return fmt.Sprintf("%d×%d→%d×2→%d (%d king buckets, mirrored; %d output buckets)",
		Inputs, n, s.Hidden, s.OutputBuckets, n, s.OutputBuckets)
}

// Validate reports whether the shape is one this package can evaluate:
// Hidden a positive multiple of HiddenMultiple no larger than MaxHidden;
// for version 1 one output bucket; for version 2 a layout of KingSquares
// entries that uses each bucket from 0 to N-1, N at most MaxKingBuckets,
// and 1 to MaxOutputBuckets output buckets.
func (s Shape) Validate() error {
	h := s.Hidden
	if h <= 0 || h > MaxHidden || h%HiddenMultiple != 0 {
		return fmt.Errorf("nnue: a hidden layer of %d neurons is not supported (want a multiple of %d from %d to %d)",
			h, HiddenMultiple, HiddenMultiple, MaxHidden)
	}
	if s.KingBuckets == nil {
		if s.OutputBuckets != 1 {
			return fmt.Errorf("nnue: a network without king buckets has one output bucket, not %d", s.OutputBuckets)
		}
		return nil
	}
	if s.OutputBuckets < 1 || s.OutputBuckets > MaxOutputBuckets {
		return fmt.Errorf("nnue: %d output buckets are not supported (want 1 to %d)", s.OutputBuckets, MaxOutputBuckets)
	}
	if len(s.KingBuckets) != KingSquares {
		return fmt.Errorf("nnue: a king bucket layout has %d squares, not %d", KingSquares, len(s.KingBuckets))
	}
	n := s.KingBucketCount()
	if n > MaxKingBuckets {
		return fmt.Errorf("nnue: %d king buckets are not supported (want at most %d)", n, MaxKingBuckets)
	}
	used := make([]bool, n)
	for _, b := range s.KingBuckets {
		used[b] = true
	}
	for b, u := range used {
		if !u {
			return fmt.Errorf("nnue: the king bucket layout skips bucket %d of %d", b, n)
		}
	}
	return nil
}

// Network is a quantised perspective network of a [Shape]. Its fields are
// the file's payload in order; [Read] and [Network.WriteTo] move it to and
// from bytes, and [Network.Validate] checks that the slice lengths agree
// with the shape.
//
// The evaluation it defines, for the side to move's accumulator us and the
// other side's them (each FeatureBias plus the columns of the active
// features, see [Network.Feature]), the output bucket b ([OutputBucket]) and
// v(x) = min(max(x, 0), QA), with OW = OutputWeights[b×2H : (b+1)×2H]:
//
//	sum  = Σ_i v(us[i])·int16(v(us[i])·OW[i]) + Σ_i v(them[i])·int16(v(them[i])·OW[H+i])   (int32, wrapping)
//	eval = (sum/QA + OutputBias[b]) × Scale / (QA×QB)                                     (truncating division)
//
// A Network is read-only once in use: any number of goroutines may evaluate
// with it at once.
type Network struct {
	Shape
	// FeatureWeights holds N×Inputs×H weights; feature f's column is
	// FeatureWeights[f*H : (f+1)*H]. A float weight w is stored as round(w×QA).
	FeatureWeights []int16
	// FeatureBias holds the accumulator's H biases, each round(b×QA).
	FeatureBias []int16
	// OutputWeights holds M×2×H weights, each round(w×QB): in output bucket
	// b's 2H, the first H multiply the side to move's activated
	// accumulator, the next H the other side's.
	OutputWeights []int16
	// OutputBias holds M biases, each round(b×QA×QB).
	OutputBias []int32
}

// New returns a version 1 network of hidden width h with every weight zero.
// It panics if h is not a valid width (see [Shape.Validate]); it is meant
// for trainers and tests that fill the weights in.
func New(h int) *Network { return Shape{Hidden: h, OutputBuckets: 1}.New() }

// New returns a network of shape s with every weight zero. It panics if s
// is not valid (see [Shape.Validate]).
func (s Shape) New() *Network {
	if err := s.Validate(); err != nil {
		panic(err)
	}
	h := s.Hidden
	return &Network{
		Shape:          s,
		FeatureWeights: make([]int16, s.KingBucketCount()*Inputs*h),
		FeatureBias:    make([]int16, h),
		OutputWeights:  make([]int16, s.OutputBuckets*2*h),
		OutputBias:     make([]int32, s.OutputBuckets),
	}
}

// Validate reports whether the network's shape is one this package can
// evaluate ([Shape.Validate]) and every slice as long as the shape says.
func (n *Network) Validate() error {
	if err := n.Shape.Validate(); err != nil {
		return err
	}
	h := n.Hidden
	for _, s := range []struct {
		name      string
		got, want int
	}{
		{"feature weights", len(n.FeatureWeights), n.KingBucketCount() * Inputs * h},
		{"feature biases", len(n.FeatureBias), h},
		{"output weights", len(n.OutputWeights), n.OutputBuckets * 2 * h},
		{"output biases", len(n.OutputBias), n.OutputBuckets},
	} {
		if s.got != s.want {
			return fmt.Errorf("nnue: the network has %d %s, want %d for its shape %s", s.got, s.name, s.want, n.Shape)
		}
	}
	return nil
}

// FeatureIndex returns the input feature, in 0..Inputs-1, that piece pc on
// square sq activates in perspective p's accumulator of a version 1
// network (and, with sq mirrored, within a king bucket of version 2):
//
//	own*384 + kind*64 + s
//
// where own is 0 for p's own pieces and 1 for the other side's, kind is pawn 0,
// knight 1, bishop 2, rook 3, queen 4, king 5, and s is sq for White and sq
// mirrored vertically (sq^56) for Black, so that each side sees the board from
// its own first rank. pc must not be chess.NoPiece.
func FeatureIndex(p chess.Color, pc chess.Piece, sq chess.Square) int {
	own := 0
	if pc.Color() != p {
		own = 1
	}
	s := sq
	if p == chess.Black {
		s = sq.Mirror()
	}
	return own*384 + int(pc.Type()-chess.Pawn)*64 + int(s)
}

// view is how a perspective sees the board in a network with king buckets:
// the first feature of its king's bucket, and the flip of every square (7
// when the board is mirrored left to right, else 0). Version 1's view is
// the zero view.
type view struct {
	base int
	flip chess.Square
}

// viewOf returns perspective p's view when its own king stands on king.
func (s Shape) viewOf(p chess.Color, king chess.Square) view {
	if s.KingBuckets == nil {
		return view{}
	}
	k := king
	if p == chess.Black {
		k = k.Mirror()
	}
	var v view
	if k.File() < 4 {
		v.flip = 7
		k ^= 7
	}
	v.base = int(s.KingBuckets[int(k.Rank())*4+int(k.File())-4]) * Inputs
	return v
}

// feature returns the feature piece pc on sq activates in a perspective p
// seeing the board as v.
func (v view) feature(p chess.Color, pc chess.Piece, sq chess.Square) int {
	return v.base + FeatureIndex(p, pc, sq^v.flip)
}

// Feature returns the input feature, in 0..N×Inputs-1, that piece pc on
// square sq activates in perspective p's accumulator when p's own king
// stands on king: for version 1, FeatureIndex(p, pc, sq); for version 2,
// with the board mirrored left to right when the king (seen from p's side)
// is on the files a to d, bucket×Inputs + FeatureIndex(p, pc, mirrored sq).
func (s Shape) Feature(p chess.Color, king chess.Square, pc chess.Piece, sq chess.Square) int {
	return s.viewOf(p, king).feature(p, pc, sq)
}

// OutputBucket returns the output bucket of a position with pieces pieces
// on the board (kings included): min((pieces−2) / ⌈32/M⌉, M−1), so that
// with 8 buckets, 2 to 5 pieces are bucket 0 and 30 to 32 bucket 7.
func (s Shape) OutputBucket(pieces int) int {
	m := s.OutputBuckets
	if m <= 1 {
		return 0
	}
	return min(max(pieces-2, 0)/((32+m-1)/m), m-1)
}

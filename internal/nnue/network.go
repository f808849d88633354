package nnue

import (
	"fmt"

	"github.com/outpost-chess/outpost/chess"
)

// The architecture's constants (version 1: (768 → H)×2 → 1, SCReLU).
const (
	// Inputs is the number of input features per perspective: 2 colours
	// (own, other) × 6 piece kinds × 64 squares.
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

// Network is a quantised (768 → H)×2 → 1 perspective network. Its fields are
// the file's payload in order; [Read] and [Network.WriteTo] move it to and from
// bytes, and [Network.Validate] checks that the slice lengths agree with Hidden.
//
// The evaluation it defines, for the side to move's accumulator us and the
// other side's them (each FeatureBias plus the columns of the active features),
// with v(x) = min(max(x, 0), QA):
//
//	sum  = Σ_i v(us[i])·int16(v(us[i])·OutputWeights[i]) + Σ_i v(them[i])·int16(v(them[i])·OutputWeights[H+i])   (int32, wrapping)
//	eval = (sum/QA + OutputBias) × Scale / (QA×QB)                                                       (truncating division)
//
// A Network is read-only once in use: any number of goroutines may evaluate
// with it at once.
type Network struct {
	// Hidden is H, the width of each perspective's accumulator.
	Hidden int
	// FeatureWeights holds Inputs×H weights; feature f's column is
	// FeatureWeights[f*H : (f+1)*H]. A float weight w is stored as round(w×QA).
	FeatureWeights []int16
	// FeatureBias holds the accumulator's H biases, each round(b×QA).
	FeatureBias []int16
	// OutputWeights holds 2×H weights, each round(w×QB): [0:H] multiply the
	// side to move's activated accumulator, [H:2H] the other side's.
	OutputWeights []int16
	// OutputBias is round(b×QA×QB).
	OutputBias int32
}

// New returns a network of hidden width h with every weight zero. It panics if
// h is not a valid width (see [Network.Validate]); it is meant for trainers and
// tests that fill the weights in.
func New(h int) *Network {
	if err := checkHidden(h); err != nil {
		panic(err)
	}
	return &Network{
		Hidden:         h,
		FeatureWeights: make([]int16, Inputs*h),
		FeatureBias:    make([]int16, h),
		OutputWeights:  make([]int16, 2*h),
	}
}

// Validate reports whether the network's shape is one this package can
// evaluate: Hidden a positive multiple of HiddenMultiple no larger than
// MaxHidden, and every slice as long as Hidden says.
func (n *Network) Validate() error {
	if err := checkHidden(n.Hidden); err != nil {
		return err
	}
	h := n.Hidden
	for _, s := range []struct {
		name      string
		got, want int
	}{
		{"feature weights", len(n.FeatureWeights), Inputs * h},
		{"feature biases", len(n.FeatureBias), h},
		{"output weights", len(n.OutputWeights), 2 * h},
	} {
		if s.got != s.want {
			return fmt.Errorf("nnue: the network has %d %s, want %d for a hidden layer of %d", s.got, s.name, s.want, h)
		}
	}
	return nil
}

func checkHidden(h int) error {
	if h <= 0 || h > MaxHidden || h%HiddenMultiple != 0 {
		return fmt.Errorf("nnue: a hidden layer of %d neurons is not supported (want a multiple of %d from %d to %d)",
			h, HiddenMultiple, HiddenMultiple, MaxHidden)
	}
	return nil
}

// FeatureIndex returns the input feature, in 0..Inputs-1, that piece pc on
// square sq activates in perspective p's accumulator:
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

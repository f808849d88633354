package nnue

import "github.com/outpost-chess/outpost/chess"

// Evaluate returns the network's evaluation of the position whose
// accumulator is a, in centipawns from the point of view of stm, the side
// to move: with us the side to move's accumulator and them the other's,
// b the position's output bucket ([Shape.OutputBucket]), OW its output
// weights and v(x) = min(max(x, 0), QA),
//
//	sum  = Σ_i v(us[i])·int16(v(us[i])·OW[i]) + Σ_i v(them[i])·int16(v(them[i])·OW[H+i])
//	eval = (sum/QA + OutputBias[b]) × Scale / (QA×QB)
//
// with sum an int32 that wraps on overflow and Go's truncating division
// (the last step in 64 bits). Every implementation (AVX2 or Go) returns the
// same value for the same input.
func (n *Network) Evaluate(a *Accumulator, stm chess.Color) int {
	h := n.Hidden
	us, them := a.v[:h], a.v[h:2*h]
	if stm == chess.Black {
		us, them = them, us
	}
	b := 0
	if n.OutputBuckets > 1 {
		b = n.OutputBucket(a.board.count())
	}
	ow := n.OutputWeights[b*2*h : (b+1)*2*h]
	sum := screluDot(us, ow[:h]) + screluDot(them, ow[h:])
	return int((int64(sum/QA) + int64(n.OutputBias[b])) * Scale / (QA * QB))
}

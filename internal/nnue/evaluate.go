package nnue

import "github.com/outpost-chess/outpost/chess"

// Evaluate returns the network's evaluation of the position whose
// accumulator is a, in centipawns from the point of view of stm, the side
// to move: with us the side to move's accumulator and them the other's,
// v(x) = min(max(x, 0), QA),
//
//	sum  = Σ_i v(us[i])·int16(v(us[i])·OutputWeights[i]) + Σ_i v(them[i])·int16(v(them[i])·OutputWeights[H+i])
//	eval = (sum/QA + OutputBias) × Scale / (QA×QB)
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
	sum := screluDot(us, n.OutputWeights[:h]) + screluDot(them, n.OutputWeights[h:2*h])
	return int((int64(sum/QA) + int64(n.OutputBias)) * Scale / (QA * QB))
}

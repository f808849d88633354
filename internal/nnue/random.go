package nnue

import "math/rand/v2"

// Random returns a version 1 network of hidden width h with deterministic pseudo-random
// weights drawn from seed, in the ranges a trained net's weights have (feature
// weights within ±QA/4, output weights within ±QB). It plays badly; it exists
// for tests and for measuring speed before a trained net is at hand. It panics
// if h is not a valid width.
func Random(h int, seed uint64) *Network {
	return Shape{Hidden: h, OutputBuckets: 1}.Random(seed)
}

// Random returns a network of shape s with deterministic pseudo-random
// weights drawn from seed, as the function Random does. It panics if s is
// not valid.
func (s Shape) Random(seed uint64) *Network {
	n := s.New()
	rng := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	between := func(lo, hi int) int16 { return int16(lo + rng.IntN(hi-lo+1)) }
	for i := range n.FeatureWeights {
		n.FeatureWeights[i] = between(-QA/4, QA/4)
	}
	for i := range n.FeatureBias {
		n.FeatureBias[i] = between(-QA/4, QA/2)
	}
	for i := range n.OutputWeights {
		n.OutputWeights[i] = between(-QB, QB)
	}
	for i := range n.OutputBias {
		n.OutputBias[i] = int32(between(-QA*QB/4, QA*QB/4))
	}
	return n
}

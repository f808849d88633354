// Package nnue is Outpost's efficiently updatable neural network: the
// quantised (768 → H)×2 → 1 perspective network with a squared clipped ReLU
// (SCReLU), its file format, and (in later files) the accumulators the search
// updates move by move and the integer evaluation.
//
// Files:
//   - network.go: the architecture's constants, [Network] and [FeatureIndex].
//   - file.go: the file format, [Read] and [Network.WriteTo].
package nnue

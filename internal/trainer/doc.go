// Package trainer trains the evaluation network (internal/nnue) on the
// records "outpost datagen" makes (internal/datagen): "outpost train" is its
// command (flags and wiring around Run), docs/nnue-training.md its recipe
// and measurements.
//
// The ideas, and the file of each:
//
//	the float model, its evaluation, quantisation to nnue.Network,  model.go (Model, Quantise)
//	its output weights trained as rounded (straight-through)
//	a record's active features, both perspectives                   features.go
//	the loss: the result and the score's sigmoid blended (λ, K)     loss.go
//	forward and backward passes, sparse in the first layer          gradient.go, kernels.go
//	Adam, the clip to ±1.98                                         adam.go
//	batches, threads, epochs, the cosine schedule, validation       train.go (Trainer, Config)
//	checkpoints that resume a run exactly                           checkpoint.go
//	a run's directory: its lock, nets, log, resume (Run, OpenRun)   run.go
//
// The model is NNUE-SPEC.md's: (768 → H)×2 → 1 with SCReLU, in float32.
// A step computes the gradient of the mean loss over a batch, shared
// among goroutines by position (each into a gradient buffer of its own),
// then sums the buffers and applies Adam shared among the same goroutines
// by parameter. The first layer is sparse: a position reads and writes
// only the columns of its own pieces' features (about 32 per
// perspective), so a step costs about 4 × 32 × H additions a position and
// nothing is allocated per position.
//
// The design follows the public trainers (bullet, nnue-pytorch, Counter's
// and Zahak's Go trainers): their batch size (16384), Adam, weight clip and
// SCReLU; the code is this package's own.
package trainer

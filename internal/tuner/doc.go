// Package tuner tunes the main evaluation's weights (eval.Weights) on
// self-play games, Texel-style. docs/tuning.md says how to reproduce a
// tuning run; "outpost datagen --format texel" (whose games internal/datagen
// plays) and "outpost tune" are its two commands.
//
// The ideas, and the file of each:
//
//	the data file: "FEN [result]" lines                   data.go (Sample, ParseSample, ReadSamples)
//	resolving captures before tuning                      quiet.go (Quiesce)
//	the logistic scale K, the error, the fit              tune.go (FitK, MeanError, Tune)
//	tuned weights in and out: "Name = value", Go source   weights.go (WriteParams, ReadParams, WriteGo)
//
// Texel tuning (Peter Österlund, for his engine Texel, 2014) treats the
// evaluation as a predictor of the game result: a position evaluated e
// centipawns (White's view) should score Sigmoid(K, e) for White. K is
// fitted first, then the weights, to minimise the mean squared error
// between prediction and result over many quiet positions of real games.
//
// Tune measures how each position's evaluation depends on each weight by
// calling eval's own Evaluate with that weight changed (so it needs no copy
// of the evaluation's formulas and cannot drift from them), fits the weights
// on the resulting linear model with Adam, and measures again from the new
// weights until the true error stops falling. Everything is deterministic:
// the same data and flags give the same weights, whatever the number of
// goroutines.
package tuner

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/internal/eval"
	"github.com/outpost-chess/outpost/internal/tuner"
)

const tuneSynopsis = `outpost tune --data FILE [--iterations N] [--rounds R] [--out FILE] [--go FILE] [flags]`

const tuneDescription = `Tune fits the main evaluation's weights to game results (Texel tuning). FILE
holds positions labelled with their game's result, as "outpost datagen"
writes them ("FEN [1.0]", "[0.5]", "[0.0]", White's view; "1-0" style
results in brackets or quotes are read too).

Each position is first resolved by a quiescence search of captures with the
starting weights (unless --no-quiesce), so that the tuner sees the static
evaluation the search would use. Then the logistic scale K is fitted (unless
--k is given): the K for which sigmoid(K*eval) best predicts the results.
Then the weights (all, or those --weights selects, less those --freeze
keeps) are fitted, K fixed, to minimise the mean squared error between
sigmoid(K*eval) and the results, plus the --reg penalty for moving them:
each round measures how each position's evaluation moves with each weight,
runs --iterations steps of Adam on that linear model, rounds the weights
and evaluates again; a round that does not lower the true error is undone
and ends the run.

The starting weights are the engine's (or, with --untuned, the weights
before any tuning: the PeSTO tables and hand-set terms; or those of --start,
a file written by --out). --out writes the tuned weights as "Name = value" lines; --go
writes them as a Go function of package eval returning the whole Weights
value. With --validate, the error on a second data set (other games: use
another --seed) is reported before and after, at the tuning's K and at a K
fitted to that set, to check that the tuning generalises. The result does
not depend on --threads.`

// tuneFlags are the parsed flags of "outpost tune".
type tuneFlags struct {
	data       string
	validate   string
	start      string
	untuned    bool
	out        string
	goOut      string
	iterations int
	rounds     int
	lr         float64
	reg        float64
	weights    string
	freeze     string
	k          float64
	threads    int
	noQuiesce  bool
}

// runTune runs "outpost tune".
func runTune(args []string) error { return tune(args, os.Stdout, os.Stderr) }

// tune runs "outpost tune" with its report on stdout and progress on stderr.
func tune(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("tune", tuneSynopsis, tuneDescription)
	var f tuneFlags
	f.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := f.check(fs); err != nil {
		return err
	}
	sel, err := f.selector(fs)
	if err != nil {
		return err
	}

	start := time.Now()
	w, samples, valid, err := f.load(stderr)
	if err != nil {
		return err
	}
	validBefore := whiteEvals(&w, valid)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cfg := tuner.Config{K: f.k, Rounds: f.rounds, Iterations: f.iterations,
		LearningRate: f.lr, Regularization: f.reg, Select: sel, Threads: f.threads, Log: stderr}
	rep, err := tuner.Tune(ctx, &w, samples, cfg)
	if errors.Is(err, context.Canceled) {
		err = errors.New("interrupted; nothing written")
	}
	if err != nil {
		return err
	}

	summary := fmt.Sprintf("%d positions of %s, %d weights, K = %.6f\nerror %.6f before, %.6f after (%d rounds)",
		rep.Positions, f.data, rep.Params, rep.K, rep.Before, rep.After, rep.Rounds)
	if f.validate != "" {
		summary += "\n" + validationSummary(f.validate, rep.K, &w, valid, validBefore)
	}
	fmt.Fprintf(stdout, "%s\ntime %v\n", summary, time.Since(start).Round(time.Second))
	return f.write(&w, "outpost tune "+shellJoin(args), summary)
}

// register defines the flags of "outpost tune" on fs, with their defaults.
func (f *tuneFlags) register(fs *flagSet) {
	fs.StringVar(&f.data, "data", "", "tune on the labelled positions in `FILE` (required)")
	fs.StringVar(&f.validate, "validate", "", "also report the error on the positions in `FILE`")
	fs.StringVar(&f.start, "start", "", "start from the weights in `FILE` (\"Name = value\" lines) instead of the engine's")
	fs.BoolVar(&f.untuned, "untuned", false, "start from the untuned weights (PeSTO tables, hand-set terms) instead of the engine's")
	fs.StringVar(&f.out, "out", "", "write the tuned weights to `FILE` as \"Name = value\" lines")
	fs.StringVar(&f.goOut, "go", "", "write the tuned weights to `FILE` as Go source (func tunedWeights in package eval)")
	fs.IntVar(&f.iterations, "iterations", 1000, "Adam steps per round (`N`)")
	fs.IntVar(&f.rounds, "rounds", 3, "at most `R` rounds (each measures the evaluation's slopes again)")
	fs.Float64Var(&f.lr, "lr", 1, "Adam's step size `X`, in centipawns")
	fs.Float64Var(&f.reg, "reg", 0, "regularise: moving a weight by 100 costs as much as `R` positions predicted entirely wrong")
	fs.StringVar(&f.weights, "weights", "", "tune only the weights whose names match the regular expression `RE` (e.g. \"^(Mobility|PassedPawn)\"; see the names in --out's file)")
	fs.StringVar(&f.freeze, "freeze", "", "keep the weights whose names match the regular expression `RE` as they are (e.g. \"^(PST|PieceValue)\\[\")")
	fs.Float64Var(&f.k, "k", 0, "use the logistic scale `K` instead of fitting it")
	fs.IntVar(&f.threads, "threads", 1, "use `T` goroutines (one core each)")
	fs.BoolVar(&f.noQuiesce, "no-quiesce", false, "tune on the positions as they are, without resolving captures")
}

// check returns a usage error for the first flag of f out of its range,
// or for flags that exclude each other.
func (f *tuneFlags) check(fs *flagSet) error {
	switch {
	case f.data == "":
		return usageErrorf(fs, "--data is required")
	case f.untuned && f.start != "":
		return usageErrorf(fs, "--untuned and --start exclude each other")
	case f.iterations < 1:
		return usageErrorf(fs, "--iterations must be at least 1")
	case f.rounds < 1:
		return usageErrorf(fs, "--rounds must be at least 1")
	case !(f.lr > 0):
		return usageErrorf(fs, "--lr must be positive")
	case !(f.reg >= 0):
		return usageErrorf(fs, "--reg must not be negative")
	case !(f.k >= 0):
		return usageErrorf(fs, "--k must not be negative")
	case f.threads < 1:
		return usageErrorf(fs, "--threads must be at least 1")
	}
	return nil
}

// selector returns the test of a weight's name that --weights and --freeze
// make: true for the weights to tune. A flag's expression that does not
// compile is a usage error.
func (f *tuneFlags) selector(fs *flagSet) (func(name string) bool, error) {
	var only, freeze *regexp.Regexp
	for _, r := range []struct {
		flag, expr string
		re         **regexp.Regexp
	}{{"weights", f.weights, &only}, {"freeze", f.freeze, &freeze}} {
		if r.expr == "" {
			continue
		}
		re, err := regexp.Compile(r.expr)
		if err != nil {
			return nil, usageErrorf(fs, "--%s: %v", r.flag, err)
		}
		*r.re = re
	}
	return func(name string) bool {
		return (only == nil || only.MatchString(name)) && (freeze == nil || !freeze.MatchString(name))
	}, nil
}

// load returns the starting weights (--untuned, --start or the engine's)
// and the positions to tune on and to validate on (none without
// --validate), each resolved by quiescence with those weights unless
// --no-quiesce. It says on stderr how many it read and how long it took.
func (f *tuneFlags) load(stderr io.Writer) (w eval.Weights, samples, valid []tuner.Sample, err error) {
	start := time.Now()
	w = eval.Default
	if f.untuned {
		w = eval.Untuned()
	}
	if f.start != "" {
		if err := readParamsFile(f.start, &w); err != nil {
			return w, nil, nil, err
		}
	}
	if samples, err = readSamplesFile(f.data); err != nil {
		return w, nil, nil, err
	}
	if f.validate != "" {
		if valid, err = readSamplesFile(f.validate); err != nil {
			return w, nil, nil, err
		}
	}
	if !f.noQuiesce {
		tuner.QuiesceSamples(&w, samples, f.threads)
		tuner.QuiesceSamples(&w, valid, f.threads)
	}
	fmt.Fprintf(stderr, "read %d positions (%d to validate) in %v\n",
		len(samples), len(valid), time.Since(start).Round(time.Millisecond))
	return w, samples, valid, nil
}

// validationSummary returns the line of the report on the validation set
// valid (read from the file name): its error before (evaluations before)
// and after tuning to w, at the tuning's scale k and at a scale fitted to
// the set itself.
func validationSummary(name string, k float64, w *eval.Weights, valid []tuner.Sample, before []float64) string {
	results := make([]float64, len(valid))
	for i := range valid {
		results[i] = valid[i].Result
	}
	after := whiteEvals(w, valid)
	kb, ka := tuner.FitK(before, results), tuner.FitK(after, results)
	return fmt.Sprintf("validation (%d positions of %s): error %.6f before, %.6f after;"+
		" with K fitted to it: %.6f before (K = %.6f), %.6f after (K = %.6f)",
		len(valid), name,
		tuner.MeanError(k, before, results), tuner.MeanError(k, after, results),
		tuner.MeanError(kb, before, results), kb, tuner.MeanError(ka, after, results), ka)
}

// write writes the tuned weights w to --out ("Name = value" lines) and to
// --go (Go source), each headed by the command that tuned them and the
// run's summary.
func (f *tuneFlags) write(w *eval.Weights, command, summary string) error {
	if f.out != "" {
		var buf bytes.Buffer
		header := "Evaluation weights tuned by: " + command + "\n" + summary
		if err := tuner.WriteParams(&buf, w, header); err != nil {
			return err
		}
		if err := os.WriteFile(f.out, buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	if f.goOut != "" {
		var buf bytes.Buffer
		comment := "returns the evaluation weights tuned by:\n\n\t" + command +
			"\n\n" + strings.ReplaceAll(summary, "\n", ";\n") + "."
		if err := tuner.WriteGo(&buf, w, "tunedWeights", comment); err != nil {
			return err
		}
		if err := os.WriteFile(f.goOut, buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// readSamplesFile reads a data file of labelled positions.
func readSamplesFile(name string) ([]tuner.Sample, error) {
	file, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	s, err := tuner.ReadSamples(file)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(s) == 0 {
		return nil, fmt.Errorf("%s: no positions", name)
	}
	return s, nil
}

// readParamsFile sets the weights w from a "Name = value" file.
func readParamsFile(name string, w *eval.Weights) error {
	file, err := os.Open(name)
	if err != nil {
		return err
	}
	defer file.Close()
	if err := tuner.ReadParams(file, w); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// whiteEvals returns w's evaluation of each sample, from White's view.
func whiteEvals(w *eval.Weights, samples []tuner.Sample) []float64 {
	out := make([]float64, len(samples))
	for i := range samples {
		out[i] = float64(tuner.WhiteEval(w, &samples[i].Pos))
	}
	return out
}

// shellJoin joins args into a command line a POSIX shell splits back into
// args: an argument with characters the shell treats specially is put in
// single quotes.
func shellJoin(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,/=+:@%") == "" {
			quoted[i] = a
		} else {
			quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(quoted, " ")
}

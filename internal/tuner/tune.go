package tuner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/eval"
)

// Sigmoid maps an evaluation e (centipawns, White's view) to an expected
// score for White, 1/(1+exp(-k*e)). With k = ln(10)/400 it is the Elo
// formula's curve; the classic Texel formula 1/(1+10^(-K*e/400)) is the
// same curve with K = k*400/ln(10).
func Sigmoid(k, e float64) float64 { return 1 / (1 + math.Exp(-k*e)) }

// MeanError returns the mean squared error of Sigmoid(k, evals[i]) against
// results[i]: the quantity Texel tuning minimises. It returns 0 for no data.
func MeanError(k float64, evals, results []float64) float64 {
	if len(evals) == 0 {
		return 0
	}
	var sum float64
	for i, e := range evals {
		d := Sigmoid(k, e) - results[i]
		sum += d * d
	}
	return sum / float64(len(evals))
}

// maxK bounds the search of FitK. The scale of a centipawn evaluation is
// near ln(10)/400 = 0.0058; 0.1 would mean a pawn decides every game.
const maxK = 0.1

// FitK returns the logistic scale k in [0, 0.1] that minimises
// MeanError(k, evals, results), found by golden-section search (the error is
// unimodal in k for real data). Fitting k before the weights makes the
// weights keep the evaluation's centipawn scale: tuning then explains the
// results better by ranking positions better, not by stretching every score.
func FitK(evals, results []float64) float64 {
	phi := (math.Sqrt(5) - 1) / 2
	a, b := 0.0, maxK
	c, d := b-phi*(b-a), a+phi*(b-a)
	fc, fd := MeanError(c, evals, results), MeanError(d, evals, results)
	for b-a > 1e-9 {
		if fc < fd {
			b, d, fd = d, c, fc
			c = b - phi*(b-a)
			fc = MeanError(c, evals, results)
		} else {
			a, c, fc = c, d, fd
			d = a + phi*(b-a)
			fd = MeanError(d, evals, results)
		}
	}
	return (a + b) / 2
}

// WhiteEval returns w's static evaluation of p from White's point of view.
func WhiteEval(w *eval.Weights, p *chess.Position) int {
	if p.SideToMove() == chess.Black {
		return -w.Evaluate(p)
	}
	return w.Evaluate(p)
}

// QuiesceSamples replaces each sample's position by Quiesce(w, position),
// using threads goroutines.
func QuiesceSamples(w *eval.Weights, samples []Sample, threads int) {
	parallel(len(samples), threads, func(i int) {
		samples[i].Pos = Quiesce(w, &samples[i].Pos)
	})
}

// Config configures Tune. Zero fields take their defaults.
type Config struct {
	// K is the logistic scale of Sigmoid; 0 fits it to the data first with
	// the starting weights (FitK). It stays fixed while the weights move.
	K float64
	// Rounds is the number of linearisations (default 3): see Tune.
	Rounds int
	// Iterations is the number of Adam steps per round (default 1000).
	Iterations int
	// LearningRate is Adam's step size, in evaluation units (centipawns)
	// per step (default 1).
	LearningRate float64
	// Regularization keeps weights that few positions depend on near
	// their starting values: the objective adds, for each weight,
	// Regularization*(change/100)^2/N, N the number of samples, to the mean
	// squared error. So a weight moved by 100 costs as much as
	// Regularization positions predicted entirely wrong. 0 (the default)
	// does not regularise.
	Regularization float64
	// Select, if not nil, says which weights to tune, by name (see
	// eval.Param); the others keep their values. nil tunes them all.
	Select func(name string) bool
	// Threads is the number of goroutines (default 1). The result does not
	// depend on it.
	Threads int
	// Log, if not nil, receives a few lines of progress per round.
	Log io.Writer
}

// Report is what Tune did.
type Report struct {
	Positions int
	Params    int
	K         float64
	Before    float64 // MeanError with the starting weights
	After     float64 // MeanError with the tuned weights
	Rounds    int     // rounds that lowered the error and were kept
}

// Adam's constants: the values of its paper (Kingma and Ba, 2015), which
// are everyone's defaults.
const (
	adamBeta1 = 0.9
	adamBeta2 = 0.999
	adamEps   = 1e-8
)

// probeDelta is the change made to one weight to measure how the
// evaluation depends on it. A multiple of eval.MaxPhase, so that a term's
// change survives the tapering's division exactly; large enough that
// rounding elsewhere (the king-attack and drawish-endgame scales divide by
// 64) costs little precision.
const probeDelta = 2 * eval.MaxPhase

// chunkSize is the number of samples per unit of parallel work. Fixed, so
// that sums are added up in the same order whatever the thread count; at
// most 65536 so that a sample's index in its chunk fits a uint16.
const chunkSize = 8192

// Tune fits the weights w to samples (Texel tuning): it minimises
// MeanError(k, evals, results), evals being WhiteEval(w, position), over
// every integer in w.Params(), and leaves the best weights found in w. The
// samples should be quiet (see Quiesce); their results are from White's
// point of view.
//
// The evaluation is a sum of weights times features of the position, apart
// from a few products (the king-attack and drawish-endgame scales) and
// rounding, but the tuner does not assume it: each round measures, by
// evaluating with one weight raised by probeDelta, how each sample's
// evaluation changes with each weight, a sparse matrix of slopes. It then
// runs cfg.Iterations steps of Adam (full batch, exact gradients) on the
// linear model evals + slopes x change, rounds the weights to integers and
// evaluates again with Evaluate. A round that does not lower that true error
// is undone and ends the tuning; otherwise the next round measures the
// slopes again from the new weights, which corrects the model where the
// evaluation is not linear.
//
// With Config.Threads > 1 the samples are shared among goroutines; the
// result is the same. Cancelling ctx stops the tuning at the next step,
// leaves the best weights so far in w and returns ctx's error.
func Tune(ctx context.Context, w *eval.Weights, samples []Sample, cfg Config) (Report, error) {
	if len(samples) == 0 {
		return Report{}, errors.New("tuner: no samples")
	}
	if cfg.Rounds <= 0 {
		cfg.Rounds = 3
	}
	if cfg.Iterations <= 0 {
		cfg.Iterations = 1000
	}
	if cfg.LearningRate <= 0 {
		cfg.LearningRate = 1
	}
	cfg.Threads = max(cfg.Threads, 1)

	return tune(ctx, w, samples, cfg, chunkSize)
}

// tune is Tune with perChunk samples per chunk (tests make them few).
func tune(ctx context.Context, w *eval.Weights, samples []Sample, cfg Config, perChunk int) (Report, error) {
	logf := func(format string, args ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, format+"\n", args...)
		}
	}
	t := newTuning(w, samples, cfg.Select, cfg.Threads, perChunk)
	if len(t.params) == 0 {
		return Report{}, errors.New("tuner: no weight selected")
	}
	t.evaluate()
	k := cfg.K
	if k == 0 {
		k = FitK(t.evals, t.results)
	}
	t.k = k
	rep := Report{Positions: len(samples), Params: len(t.params), K: k}
	rep.Before = MeanError(k, t.evals, t.results)
	rep.After = rep.Before
	logf("%d positions, %d weights, K = %.6f, error %.6f", len(samples), len(t.params), k, rep.Before)
	t.start = t.values()
	t.lambda = cfg.Regularization / (float64(len(samples)) * 100 * 100)
	best := rep.Before // the objective: error plus penalty (0 at the start)

	for round := 1; round <= cfg.Rounds; round++ {
		start := time.Now()
		t.measureSlopes()
		logf("round %d: slopes measured in %v (%d non-zero, %.1f per position)",
			round, time.Since(start).Round(time.Millisecond), t.nonZero(), float64(t.nonZero())/float64(len(samples)))

		start = time.Now()
		x, modelErr, err := t.adam(ctx, cfg.Iterations, cfg.LearningRate)
		if err != nil {
			return rep, err
		}
		logf("round %d: %d steps in %v: model error %.6f",
			round, cfg.Iterations, time.Since(start).Round(time.Millisecond), modelErr)

		// Move to the weights found, rounded, if they are better with the
		// true evaluation; if not (the model was wrong far from where it
		// was measured), try half, a quarter and an eighth of the way.
		saved := t.values()
		improved := false
		for frac := 1.0; frac >= 1.0/8 && !improved; frac /= 2 {
			for j, p := range t.params {
				*p.Value = int32(math.Round(float64(saved[j]) + frac*(x[j]-float64(saved[j]))))
			}
			t.evaluate()
			e := MeanError(k, t.evals, t.results)
			pen := t.penalty()
			logf("round %d: %g of the way: error %.6f, penalty %.6f", round, frac, e, pen)
			if e+pen < best {
				improved = true
				best, rep.After, rep.Rounds = e+pen, e, round
			}
		}
		if !improved {
			t.setValues(saved)
			t.evaluate()
			logf("round %d: no better; undone", round)
			break
		}
	}
	return rep, nil
}

// penalty returns the regularisation term of the objective at the current
// weights: lambda times the sum of squared changes from the start.
func (t *tuning) penalty() float64 {
	var sum float64
	for j, p := range t.params {
		d := float64(*p.Value - t.start[j])
		sum += d * d
	}
	return t.lambda * sum
}

// tuning is the state of one Tune call.
type tuning struct {
	w       *eval.Weights
	params  []eval.Param // the weights tuned: w.Params()[index[j]]
	index   []int
	samples []Sample
	results []float64
	evals   []float64 // WhiteEval(w, sample) at the current weights
	k       float64
	start   []int32 // the weights Tune started from
	lambda  float64 // the penalty per squared unit of change from start
	threads int
	chunks  []chunk
}

// chunk is a range of samples and the slopes of their evaluations, stored
// by weight (compressed sparse columns): weight j's non-zero slopes are
// vals[start[j]:start[j+1]], for the samples lo+rows[...].
type chunk struct {
	lo, hi int
	start  []int32
	rows   []uint16
	vals   []float32

	// Scratch of each Adam step.
	lin  []float64 // the linear model's evaluations
	grad []float64 // this chunk's part of the gradient
	err  float64   // this chunk's part of the summed squared error
}

func newTuning(w *eval.Weights, samples []Sample, selected func(string) bool, threads, perChunk int) *tuning {
	t := &tuning{w: w, samples: samples, threads: threads}
	for j, p := range w.Params() {
		if selected == nil || selected(p.Name) {
			t.params = append(t.params, p)
			t.index = append(t.index, j)
		}
	}
	t.results = make([]float64, len(samples))
	t.evals = make([]float64, len(samples))
	for i := range samples {
		t.results[i] = samples[i].Result
	}
	for lo := 0; lo < len(samples); lo += perChunk {
		hi := min(lo+perChunk, len(samples))
		t.chunks = append(t.chunks, chunk{lo: lo, hi: hi,
			lin: make([]float64, hi-lo), grad: make([]float64, len(t.params))})
	}
	return t
}

// evaluate sets t.evals from the current weights.
func (t *tuning) evaluate() {
	parallel(len(t.chunks), t.threads, func(c int) {
		ch := &t.chunks[c]
		for i := ch.lo; i < ch.hi; i++ {
			t.evals[i] = float64(WhiteEval(t.w, &t.samples[i].Pos))
		}
	})
}

// measureSlopes sets every chunk's slopes: for each weight, how much each
// sample's evaluation changes per unit of the weight, measured by raising it
// by probeDelta. Each goroutine works on its own copy of the weights.
func (t *tuning) measureSlopes() {
	parallel(len(t.chunks), t.threads, func(c int) {
		ch := &t.chunks[c]
		w := *t.w
		params := w.Params()
		ch.start = append(ch.start[:0], 0)
		ch.rows, ch.vals = ch.rows[:0], ch.vals[:0]
		for _, j := range t.index {
			p := params[j]
			old := *p.Value
			*p.Value = old + probeDelta
			for i := ch.lo; i < ch.hi; i++ {
				d := float64(WhiteEval(&w, &t.samples[i].Pos)) - t.evals[i]
				if d != 0 {
					ch.rows = append(ch.rows, uint16(i-ch.lo))
					ch.vals = append(ch.vals, float32(d/probeDelta))
				}
			}
			*p.Value = old
			ch.start = append(ch.start, int32(len(ch.rows)))
		}
	})
}

// nonZero returns the number of non-zero slopes.
func (t *tuning) nonZero() int {
	n := 0
	for i := range t.chunks {
		n += len(t.chunks[i].rows)
	}
	return n
}

// adam runs n steps of Adam with step size lr on the linear model around the
// current weights and returns the weights it reaches (not rounded) and the
// model's error there.
func (t *tuning) adam(ctx context.Context, n int, lr float64) ([]float64, float64, error) {
	np := len(t.params)
	x0 := make([]float64, np)
	for j, p := range t.params {
		x0[j] = float64(*p.Value)
	}
	x := append([]float64(nil), x0...)
	m := make([]float64, np)
	v := make([]float64, np)
	g := make([]float64, np)
	scale := 2 * t.k / float64(len(t.samples))
	for step := 1; step <= n; step++ {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		t.gradient(x0, x, g)
		b1, b2 := 1-math.Pow(adamBeta1, float64(step)), 1-math.Pow(adamBeta2, float64(step))
		for j := range x {
			gj := g[j]*scale + 2*t.lambda*(x[j]-float64(t.start[j]))
			m[j] = adamBeta1*m[j] + (1-adamBeta1)*gj
			v[j] = adamBeta2*v[j] + (1-adamBeta2)*gj*gj
			x[j] -= lr * (m[j] / b1) / (math.Sqrt(v[j]/b2) + adamEps)
		}
	}
	return x, t.gradient(x0, x, g), nil
}

// gradient evaluates the linear model at weights x (its slopes measured at
// x0): it sets g[j] to the sum over samples of (s-r)*s*(1-s)*slope[i][j],
// s = Sigmoid(k, model evaluation), which is the gradient of the summed
// squared error divided by 2k, and returns the model's mean squared error.
func (t *tuning) gradient(x0, x, g []float64) float64 {
	parallel(len(t.chunks), t.threads, func(c int) {
		ch := &t.chunks[c]
		copy(ch.lin, t.evals[ch.lo:ch.hi])
		for j := range x {
			dx := x[j] - x0[j]
			if dx == 0 {
				continue
			}
			for k := ch.start[j]; k < ch.start[j+1]; k++ {
				ch.lin[ch.rows[k]] += float64(ch.vals[k]) * dx
			}
		}
		ch.err = 0
		for i, e := range ch.lin {
			s := Sigmoid(t.k, e)
			d := s - t.results[ch.lo+i]
			ch.err += d * d
			ch.lin[i] = d * s * (1 - s) // reused: the sample's factor
		}
		for j := range ch.grad {
			var sum float64
			for k := ch.start[j]; k < ch.start[j+1]; k++ {
				sum += ch.lin[ch.rows[k]] * float64(ch.vals[k])
			}
			ch.grad[j] = sum
		}
	})
	clear(g)
	var sq float64
	for c := range t.chunks {
		ch := &t.chunks[c]
		for j := range g {
			g[j] += ch.grad[j]
		}
		sq += ch.err
	}
	return sq / float64(len(t.samples))
}

// values returns the current weights.
func (t *tuning) values() []int32 {
	out := make([]int32, len(t.params))
	for j, p := range t.params {
		out[j] = *p.Value
	}
	return out
}

// setValues sets the weights to vals (from values).
func (t *tuning) setValues(vals []int32) {
	for j, p := range t.params {
		*p.Value = vals[j]
	}
}

// parallel calls f(i) for every i in [0, n), on up to threads goroutines.
func parallel(n, threads int, f func(i int)) {
	threads = min(max(threads, 1), n)
	if threads <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f(i)
			}
		}()
	}
	wg.Wait()
}

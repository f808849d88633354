package trainer

import (
	"bytes"
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/datagen"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/nnue"
	"github.com/outpost-chess/outpost/internal/opening"
)

var (
	dataOnce sync.Once
	data     []datagen.Record
	dataErr  error
)

// testData returns the records of a few quick self-play games (about 600
// positions), made once.
func testData(t testing.TB) []datagen.Record {
	t.Helper()
	dataOnce.Do(func() {
		book := opening.Playable(opening.Lichess())
		cfg := datagen.Config{Games: 8, Nodes: 200, Book: book, RandomPlies: 2, Seed: 3, Threads: 2}
		_, dataErr = datagen.Run(context.Background(), cfg, func(g *datagen.Game) error {
			data = append(data, g.Records()...)
			return nil
		}, nil)
	})
	if dataErr != nil {
		t.Fatal(dataErr)
	}
	return data
}

// smallConfig trains a small net quickly on testData.
func smallConfig() Config {
	return Config{Hidden: 32, Epochs: 8, BatchSize: 64, LR: 0.01, Validation: 0.1, Seed: 5}
}

func TestTrainLowersLoss(t *testing.T) {
	recs := testData(t)
	tr, err := New(smallConfig(), recs)
	if err != nil {
		t.Fatal(err)
	}
	if n, v := tr.Sizes(); n+v != len(recs) || v == 0 || v > len(recs)/4 {
		t.Errorf("%d training and %d validation positions of %d", n, v, len(recs))
	}
	before := tr.ValidationLoss()
	var results []EpochResult
	steps := 0
	err = tr.Run(context.Background(), Hooks{
		Step:  func(Progress) { steps++ },
		Epoch: func(r EpochResult) error { results = append(results, r); return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 8 || steps != 8*tr.BatchesPerEpoch() || !tr.Done() {
		t.Fatalf("%d epochs and %d steps reported, want 8 and %d", len(results), steps, 8*tr.BatchesPerEpoch())
	}
	best := tr.Best()
	for _, r := range results {
		if r.ValidationLoss < best.Loss || r.Epoch+1 == best.Epoch && r.ValidationLoss != best.Loss {
			t.Errorf("best %+v, but epoch %d had validation loss %g", best, r.Epoch+1, r.ValidationLoss)
		}
	}
	first, last := results[0], results[len(results)-1]
	if !(last.ResultLoss > 0 && last.ResultLoss < 0.5) || last.ResultLoss == last.ValidationLoss {
		t.Errorf("result loss %g: want a mean squared error of its own (λ is 0 here)", last.ResultLoss)
	}
	if !(last.TrainLoss < 0.7*first.TrainLoss) || !(last.ValidationLoss < 0.8*before) {
		t.Errorf("training loss %.4f → %.4f, validation %.4f → %.4f: want both clearly lower",
			first.TrainLoss, last.TrainLoss, before, last.ValidationLoss)
	}
	for _, p := range tr.Model().Params[:len(tr.Model().Params)-1] {
		if p < -Clip || p > Clip {
			t.Fatalf("parameter %g beyond the clip", p)
		}
	}
}

// version1 is the shape of the network built in now, H wide.
func version1(h int) nnue.Shape { return nnue.Shape{Hidden: h, OutputBuckets: 1} }

// bucketed is a shape with king and output buckets, H wide.
func bucketed(t testing.TB, h, kings, outputs int) nnue.Shape {
	t.Helper()
	s, err := Config{Hidden: h, KingBuckets: kings, OutputBuckets: outputs}.Shape()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestGradient compares the worker's gradient with finite differences of
// the loss, for parameters of every kind, in both shapes.
func TestGradient(t *testing.T) {
	for _, s := range []nnue.Shape{version1(16), bucketed(t, 16, 4, 8)} {
		t.Run(s.String(), func(t *testing.T) { testGradient(t, s) })
	}
}

func testGradient(t *testing.T, s nnue.Shape) {
	recs := testData(t)[:40]
	// The records shown as they are in epoch 0, since the finite
	// differences evaluate them so (TestMirrored checks the others).
	var idx []uint32
	for i := range recs {
		if !mirrored(&recs[i], uint32(i), 0) {
			idx = append(idx, uint32(i))
		}
	}
	m, err := NewModel(s, 9)
	if err != nil {
		t.Fatal(err)
	}
	// Biases that put the accumulators inside (0, 1), where SCReLU has a
	// gradient.
	for i := range m.FB {
		m.FB[i] = 0.3 + 0.02*float32(i)
	}
	for i := range m.OW {
		m.OW[i] *= 20
	}
	m.syncOutput()
	l := loss{wdl: 0.5, k: 400}
	w := newWorker(s)
	w.gradient(m, &l, recs, idx, 0, 1)

	var f features
	f.set(&recs[idx[0]], false, s)
	// Each probe names a parameter (its index in Params and so in the
	// gradient) and the value the forward pass uses for it: the parameter
	// itself, or for an output weight its rounded copy (owq), whose
	// gradient the straight-through estimator applies to the weight. The
	// output layer's are those of the first record's bucket.
	fw := s.KingBucketCount() * nnue.Inputs * 16
	b := f.bucket
	ow := fw + 16 + b*32
	probe := []struct {
		name string
		i    int
		at   *float32
	}{
		{"output bias", len(m.Params) - s.OutputBuckets + b, &m.OB[b]},
		{"output weight (us)", ow + 3, &m.owq[b*32+3]},
		{"output weight (them)", ow + 16 + 7, &m.owq[b*32+16+7]},
		{"feature bias", fw + 5, &m.FB[5]},
		{"feature weight (us)", int(f.us()[0])*16 + 2, &m.FW[int(f.us()[0])*16+2]},
		{"feature weight (them)", int(f.them()[3])*16 + 11, &m.FW[int(f.them()[3])*16+11]},
	}
	lossAt := func() float64 {
		w := newWorker(s)
		w.evaluate(m, &l, recs, idx)
		return w.loss
	}
	for _, p := range probe {
		const eps = 1e-3
		orig := *p.at
		*p.at = orig + eps
		up := lossAt()
		*p.at = orig - eps
		down := lossAt()
		*p.at = orig
		numeric := (up - down) / (2 * eps)
		got := float64(w.grad.Params[p.i])
		if math.Abs(got-numeric) > 0.02*math.Abs(numeric)+1e-4 {
			t.Errorf("%s: gradient %g, finite differences %g", p.name, got, numeric)
		}
	}
}

// TestMirrored checks that a record shown mirrored has the features of its
// position mirrored left to right, that only positions without castling
// rights are mirrored, and that they are mirrored in every other epoch.
func TestMirrored(t *testing.T) {
	p, err := chess.ParseFEN("4k2r/1p4p1/8/3Pp3/5q2/2N5/PP6/R3K3 b - - 0 30")
	if err != nil {
		t.Fatal(err)
	}
	q, err := chess.ParseFEN("r2k4/1p4p1/8/3pP3/2q5/5N2/6PP/3K3R b - - 0 30") // p mirrored
	if err != nil {
		t.Fatal(err)
	}
	r := datagen.NewRecord(p, 0, datagen.Draw)
	rq := datagen.NewRecord(q, 0, datagen.Draw)
	for _, s := range []nnue.Shape{version1(16), bucketed(t, 16, 4, 8)} {
		var got, want features
		got.set(&r, true, s)
		want.set(&rq, false, s)
		if !slices.Equal(sorted(got.us()), sorted(want.us())) || !slices.Equal(sorted(got.them()), sorted(want.them())) {
			t.Errorf("%v: mirrored features %v %v, want those of the mirrored position %v %v", s, got.us(), got.them(), want.us(), want.them())
		}
	}
	if mirrored(&r, 0, 0) || !mirrored(&r, 0, 1) || !mirrored(&r, 1, 0) || mirrored(&r, 1, 1) {
		t.Error("a record without castling rights is not mirrored in every other epoch")
	}
	castles := datagen.NewRecord(chess.StartingPosition(), 0, datagen.Draw)
	if mirrored(&castles, 0, 1) || mirrored(&castles, 1, 0) {
		t.Error("a record with castling rights is mirrored")
	}
}

// sorted returns a sorted copy of s.
func sorted(s []int32) []int32 { return slices.Sorted(slices.Values(s)) }

// TestQuantisedMatchesFloat checks that the engine's integer network,
// quantised from a trained model, evaluates as the model does, in both
// shapes.
func TestQuantisedMatchesFloat(t *testing.T) {
	cfg := smallConfig()
	cfg.Hidden = 64
	t.Run("768→64×2→1", func(t *testing.T) { testQuantisedMatchesFloat(t, cfg) })
	cfg.KingBuckets, cfg.OutputBuckets = 4, 8
	t.Run("buckets", func(t *testing.T) { testQuantisedMatchesFloat(t, cfg) })
}

func testQuantisedMatchesFloat(t *testing.T, cfg Config) {
	recs := testData(t)
	tr, err := New(cfg, recs)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Run(context.Background(), Hooks{}); err != nil {
		t.Fatal(err)
	}
	m := tr.Model()
	n := m.Quantise()
	if err := n.Validate(); err != nil {
		t.Fatal(err)
	}
	mean, worst, err := m.QuantisationError(n, recs)
	if err != nil {
		t.Fatal(err)
	}
	var sumAbs float64
	for i := range recs {
		sumAbs += math.Abs(m.Evaluate(&recs[i]))
	}
	avg := sumAbs / float64(len(recs))
	if mean > 1+0.01*avg || worst > 6+0.03*avg || avg < 20 {
		t.Errorf("quantised and float differ by %.2f cp on average, %.2f at most, over evaluations of %.1f cp on average", mean, worst, avg)
	}
	t.Logf("quantised and float differ by %.2f cp on average, %.2f at most, over evaluations of %.1f cp on average", mean, worst, avg)
}

// TestFitK builds records whose results follow sigmoid(score/200) and
// checks that FitK finds that scale.
func TestFitK(t *testing.T) {
	var recs []datagen.Record
	for s := -600; s <= 600; s += 50 {
		wins := int(math.Round(100 / (1 + math.Exp(-float64(s)/200))))
		for i := range 100 {
			result := uint8(datagen.Loss)
			if i < wins {
				result = datagen.Win
			}
			recs = append(recs, datagen.NewRecord(chess.StartingPosition(), engine.Score(s), result))
		}
	}
	if k := FitK(recs); math.Abs(k-200) > 5 {
		t.Errorf("FitK = %.1f, want about 200", k)
	}
}

func TestQuantiseSaturates(t *testing.T) {
	m := newModel(version1(16))
	m.FW[0], m.FW[1], m.FB[0], m.OW[0], m.OB[0] = 0.5/nnue.QA+1e-4, 200, -200, -1.5, 1e9
	n := m.Quantise()
	if n.FeatureWeights[0] != 1 || n.FeatureWeights[1] != math.MaxInt16 || n.FeatureBias[0] != math.MinInt16 ||
		n.OutputWeights[0] != -96 || n.OutputBias[0] != math.MaxInt32 {
		t.Errorf("quantised %d %d %d %d %d", n.FeatureWeights[0], n.FeatureWeights[1], n.FeatureBias[0], n.OutputWeights[0], n.OutputBias)
	}
}

// TestResume checks that a run stopped mid-epoch, saved and resumed ends
// with the same model as a run never stopped, in both shapes.
func TestResume(t *testing.T) {
	cfg := smallConfig()
	cfg.Epochs = 3
	t.Run("768→32×2→1", func(t *testing.T) { testResume(t, cfg) })
	cfg.KingBuckets, cfg.OutputBuckets = 2, 4
	t.Run("buckets", func(t *testing.T) { testResume(t, cfg) })
}

func testResume(t *testing.T, cfg Config) {
	recs := testData(t)
	straight, err := New(cfg, recs)
	if err != nil {
		t.Fatal(err)
	}
	if err := straight.Run(context.Background(), Hooks{}); err != nil {
		t.Fatal(err)
	}

	stopped, _ := New(cfg, recs)
	ctx, cancel := context.WithCancel(context.Background())
	err = stopped.Run(ctx, Hooks{Step: func(p Progress) {
		if p.Epoch == 1 && p.Batch == 2 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: %v", err)
	}
	if e, b := stopped.Position(); e != 1 || b != 2 {
		t.Fatalf("stopped at batch %d of epoch %d, want 2 of 1", b, e)
	}
	var buf bytes.Buffer
	if err := stopped.WriteCheckpoint(&buf); err != nil {
		t.Fatal(err)
	}
	cp, err := ReadCheckpoint(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cp.Model().Params, stopped.Model().Params) {
		t.Fatal("the checkpoint's model differs from the trainer's")
	}
	// Resume on a data set that has grown since: only the run's records count.
	grown := append(slices.Clone(recs), recs[:50]...)
	resumed, err := Resume(cp, grown, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := resumed.Run(context.Background(), Hooks{}); err != nil {
		t.Fatal(err)
	}
	if straight.Best().Epoch != resumed.Best().Epoch {
		t.Errorf("best epoch %d straight, %d stopped and resumed", straight.Best().Epoch, resumed.Best().Epoch)
	}
	a, b := straight.Model().Params, resumed.Model().Params
	for i := range a {
		// Two threads sum the gradient in another order: equal up to rounding.
		if math.Abs(float64(a[i]-b[i])) > 1e-3 {
			t.Fatalf("parameter %d: %g straight, %g stopped and resumed", i, a[i], b[i])
		}
	}
	if _, err := Resume(cp, recs[:100], 1); err == nil {
		t.Error("resumed on fewer records than the run used")
	}
}

func TestReadCheckpointErrors(t *testing.T) {
	tr, err := New(smallConfig(), testData(t))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := tr.WriteCheckpoint(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	flipped := slices.Clone(good)
	flipped[len(flipped)/2] ^= 1
	for _, tt := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"a net file", []byte("OUTPNNUE and more bytes than the header wants")},
		{"truncated", good[:len(good)-100]},
		{"a flipped bit", flipped},
	} {
		if _, err := ReadCheckpoint(bytes.NewReader(tt.data)); err == nil {
			t.Errorf("%s: read without an error", tt.name)
		}
	}
}

func TestConfigValidate(t *testing.T) {
	for _, tt := range []struct {
		name string
		edit func(*Config)
		want string // "" for none
	}{
		{"the defaults", func(*Config) {}, ""},
		{"final LR and K zero", func(c *Config) { c.FinalLR, c.K = 0, 0 }, ""},
		{"hidden 100", func(c *Config) { c.Hidden = 100 }, "the hidden layer's width must be a multiple of 16 from 16 to 4096, not 100"},
		{"hidden 0", func(c *Config) { c.Hidden = 0 }, "the hidden layer's width must be"},
		{"no epochs", func(c *Config) { c.Epochs = 0 }, "the number of epochs must be at least 1, not 0"},
		{"no batch", func(c *Config) { c.BatchSize = 0 }, "the batch size must be at least 1, not 0"},
		{"LR zero", func(c *Config) { c.LR = 0 }, "the learning rate must be positive, not 0"},
		{"LR NaN", func(c *Config) { c.LR = math.NaN() }, "the learning rate must be positive, not NaN"},
		{"negative final LR", func(c *Config) { c.FinalLR = -1 }, "the final learning rate must be 0"},
		{"negative K", func(c *Config) { c.K = -1 }, "K, the sigmoid's scale, must be 0 (fitted to the data) or more, not -1"},
		{"WDL 2", func(c *Config) { c.WDL = 2 }, "the weight of the result (WDL) must be from 0 to 1, not 2"},
		{"validation 0.6", func(c *Config) { c.Validation = 0.6 }, "the validation share must be more than 0 and less than 0.5, not 0.6"},
		{"validation 0", func(c *Config) { c.Validation = 0 }, "the validation share must be"},
		{"negative records", func(c *Config) { c.Records = -1 }, "the number of records must not be negative, not -1"},
		{"no threads", func(c *Config) { c.Threads = 0 }, "the number of threads must be at least 1, not 0"},
		{"today's shape", func(c *Config) { c.Hidden, c.KingBuckets, c.OutputBuckets = 256, 0, 0 }, ""},
		{"3 king buckets", func(c *Config) { c.KingBuckets = 3 }, "no layout of 3 king buckets (there are layouts of 1, 2, 4 and 8)"},
		{"negative king buckets", func(c *Config) { c.KingBuckets = -1 }, "the number of king buckets must be 0 (none), 1, 2, 4 or 8, not -1"},
		{"17 output buckets", func(c *Config) { c.OutputBuckets = 17 }, "the number of output buckets must be from 1 to 16, not 17"},
		{"output buckets alone", func(c *Config) { c.KingBuckets = 0 }, "8 output buckets need king buckets"},
	} {
		c := DefaultConfig()
		tt.edit(&c)
		err := c.Validate()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.HasPrefix(err.Error(), "trainer: "+tt.want)):
			t.Errorf("%s: %v, want %q", tt.name, err, "trainer: "+tt.want)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	recs := testData(t)
	for _, tt := range []struct {
		name string
		cfg  Config
	}{
		{"hidden 100", Config{Hidden: 100}},
		{"wdl 2", Config{WDL: 2}},
		{"validation 0.6", Config{Validation: 0.6}},
		{"negative validation", Config{Validation: -0.1}},
		{"negative LR", Config{LR: -1}},
	} {
		if _, err := New(tt.cfg, recs); err == nil {
			t.Errorf("%s: accepted", tt.name)
		}
	}
	if _, err := New(Config{}, recs[:1]); err == nil {
		t.Error("one record: accepted")
	}
}

// BenchmarkStep measures training speed on one core (one thread): the
// positions a second of forward and backward passes and optimiser steps, in
// batches of 16384, for today's shape (H = 256) and the bucketed default
// (H = 512, 4 king buckets, 8 output buckets). On a shared machine,
// positions/cpu-s (per second of the CPU time the process got) is the
// figure the load does not move.
func BenchmarkStep(b *testing.B) {
	for _, tc := range []struct {
		name string
		cfg  Config
	}{
		{"768→256×2→1", Config{Hidden: 256, Validation: 0.01}},
		{"768×4→512×2→8", Config{Hidden: 512, KingBuckets: 4, OutputBuckets: 8, Validation: 0.01}},
	} {
		b.Run(tc.name, func(b *testing.B) { benchStep(b, tc.cfg) })
	}
}

func benchStep(b *testing.B, cfg Config) {
	recs := testData(b)
	tr, err := New(cfg, recs)
	if err != nil {
		b.Fatal(err)
	}
	idx := make([]uint32, 16384) // a batch of the default size, positions repeated
	for i := range idx {
		idx[i] = tr.train[i%len(tr.train)]
	}
	b.ResetTimer()
	cpu := cpuTime()
	for range b.N {
		tr.step(idx, 0.001)
	}
	positions := float64(b.N * len(idx))
	b.ReportMetric(positions/b.Elapsed().Seconds(), "positions/s")
	if cpu := cpuTime() - cpu; cpu > 0 {
		b.ReportMetric(positions/cpu.Seconds(), "positions/cpu-s")
	}
}

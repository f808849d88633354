package trainer

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/outpost-chess/outpost/internal/datagen"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// Config configures a training run. The zero value of a field means its
// default (DefaultConfig), except WDL's (0 fits the search's score alone)
// and KingBuckets' and OutputBuckets' (0: the network built in now, without
// buckets; a checkpoint from before the buckets reads so). Threads aside, a
// run resumed from a checkpoint keeps the configuration it started with.
type Config struct {
	Hidden        int // H, the hidden layer's width: a multiple of 16 (512)
	KingBuckets   int // N, input buckets by the own king's square (nnue.KingBucketLayout: 1, 2, 4 or 8); 0: none, no mirroring (4)
	OutputBuckets int // M, output buckets by piece count, with king buckets only; 0 means 1 (8)

	Epochs     int     // passes over the training positions (30)
	BatchSize  int     // positions per optimiser step (16384)
	LR         float64 // Adam's learning rate at the start (0.001)
	FinalLR    float64 // the learning rate at the end, reached along a cosine (LR/20)
	WDL        float64 // λ, the weight of the game's result in the target, 0 to 1 (DefaultConfig: 0.1); see loss
	K          float64 // the sigmoid's scale in centipawns (fitted to the data: FitK)
	Validation float64 // the share of the positions held out to validate, above 0 and below 0.5 (0.02)
	Records    int     // train on the first Records records of the data (all)
	Seed       uint64  // seeds the first weights, the validation split and the shuffles (1)
	Threads    int     // goroutines computing the gradient (1); the result depends on it only by rounding
}

// DefaultConfig returns the defaults of every field of Config.
func DefaultConfig() Config {
	return Config{Hidden: 512, KingBuckets: 4, OutputBuckets: 8, Epochs: 30, BatchSize: 16384, LR: 0.001, WDL: 0.1,
		Validation: 0.02, Seed: 1, Threads: 1}
}

// withDefaults returns c with its zero fields set to the defaults.
func (c Config) withDefaults() Config {
	d := DefaultConfig()
	set := func(v *float64, def float64) {
		if *v == 0 {
			*v = def
		}
	}
	setInt := func(v *int, def int) {
		if *v == 0 {
			*v = def
		}
	}
	setInt(&c.Hidden, d.Hidden)
	setInt(&c.Epochs, d.Epochs)
	setInt(&c.BatchSize, d.BatchSize)
	setInt(&c.Threads, d.Threads)
	set(&c.LR, d.LR)
	set(&c.FinalLR, c.LR/20)
	set(&c.Validation, d.Validation)
	if c.Seed == 0 {
		c.Seed = d.Seed
	}
	return c
}

// Validate returns an error saying what is wrong with c, in words a
// person understands, or nil. It checks the fields as they are, defaults
// not applied: the hidden width, epochs, batch size, learning rate,
// validation share and threads must be set; FinalLR and K may be 0 (their
// defaults: LR/20, and K fitted to the data). New and Resume apply the
// defaults to the zero fields, then Validate.
func (c Config) Validate() error {
	switch {
	case c.Hidden <= 0 || c.Hidden%nnue.HiddenMultiple != 0 || c.Hidden > nnue.MaxHidden:
		return fmt.Errorf("trainer: the hidden layer's width must be a multiple of %d from %d to %d, not %d",
			nnue.HiddenMultiple, nnue.HiddenMultiple, nnue.MaxHidden, c.Hidden)
	case c.KingBuckets < 0:
		return fmt.Errorf("trainer: the number of king buckets must be 0 (none), 1, 2, 4 or 8, not %d", c.KingBuckets)
	case c.OutputBuckets < 0 || c.OutputBuckets > nnue.MaxOutputBuckets:
		return fmt.Errorf("trainer: the number of output buckets must be from 1 to %d, not %d", nnue.MaxOutputBuckets, c.OutputBuckets)
	case c.KingBuckets == 0 && c.OutputBuckets > 1:
		return fmt.Errorf("trainer: %d output buckets need king buckets (a network without them has one output)", c.OutputBuckets)
	case c.Epochs < 1:
		return fmt.Errorf("trainer: the number of epochs must be at least 1, not %d", c.Epochs)
	case c.BatchSize < 1:
		return fmt.Errorf("trainer: the batch size must be at least 1, not %d", c.BatchSize)
	case !(c.LR > 0):
		return fmt.Errorf("trainer: the learning rate must be positive, not %g", c.LR)
	case !(c.FinalLR >= 0):
		return fmt.Errorf("trainer: the final learning rate must be 0 (the learning rate / 20) or more, not %g", c.FinalLR)
	case !(c.K >= 0):
		return fmt.Errorf("trainer: K, the sigmoid's scale, must be 0 (fitted to the data) or more, not %g", c.K)
	case !(c.WDL >= 0 && c.WDL <= 1):
		return fmt.Errorf("trainer: the weight of the result (WDL) must be from 0 to 1, not %g", c.WDL)
	case !(c.Validation > 0 && c.Validation < 0.5):
		return fmt.Errorf("trainer: the validation share must be more than 0 and less than 0.5, not %g", c.Validation)
	case c.Records < 0:
		return fmt.Errorf("trainer: the number of records must not be negative, not %d", c.Records)
	case c.Threads < 1:
		return fmt.Errorf("trainer: the number of threads must be at least 1, not %d", c.Threads)
	}
	_, err := c.Shape()
	return err
}

// Shape returns the network shape c trains: c.Hidden wide, with the
// layout of c.KingBuckets king buckets (nnue.KingBucketLayout) and
// c.OutputBuckets output buckets, or without buckets when c.KingBuckets
// is 0. Its error says what is wrong.
func (c Config) Shape() (nnue.Shape, error) {
	s := nnue.Shape{Hidden: c.Hidden, OutputBuckets: max(c.OutputBuckets, 1)}
	if c.KingBuckets != 0 {
		layout, err := nnue.KingBucketLayout(c.KingBuckets)
		if err != nil {
			return s, fmt.Errorf("trainer: %s", strings.TrimPrefix(err.Error(), "nnue: "))
		}
		s.KingBuckets = layout
	}
	if err := s.Validate(); err != nil {
		return s, fmt.Errorf("trainer: %s", strings.TrimPrefix(err.Error(), "nnue: "))
	}
	return s, nil
}

// Trainer fits a Model to records with Adam, a batch at a time, the
// gradient of each batch shared among Config.Threads goroutines. It
// keeps its place (epoch and batch) so that a run can stop, be saved
// (Checkpoint) and resume (Resume) exactly where it was.
type Trainer struct {
	cfg   Config
	model *Model
	opt   *adam
	loss  loss

	recs       []datagen.Record
	train, val []uint32 // indices of recs
	order      []uint32 // the current epoch's shuffled train
	orderEpoch int      // the epoch order was drawn for, or -1

	epoch, batch int // the next batch to train: batch of epoch (both from 0)
	best         Best
	workers      []*worker
}

// New returns a trainer of a fresh model (NewModel) on recs, of which
// Config.Validation (in blocks of consecutive records, so that the
// positions of a game rarely straddle the split) is held out.
func New(cfg Config, recs []datagen.Record) (*Trainer, error) {
	cfg = cfg.withDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.Records == 0 || cfg.Records > len(recs) {
		cfg.Records = len(recs)
	}
	if cfg.K == 0 {
		cfg.K = FitK(recs[:cfg.Records])
	}
	shape, err := cfg.Shape()
	if err != nil {
		return nil, err
	}
	m, err := NewModel(shape, cfg.Seed)
	if err != nil {
		return nil, err
	}
	return newTrainer(cfg, m, newAdam(len(m.Params)), recs)
}

func newTrainer(cfg Config, m *Model, opt *adam, recs []datagen.Record) (*Trainer, error) {
	if cfg.Records > len(recs) {
		return nil, fmt.Errorf("trainer: the run used %d records, the data has only %d", cfg.Records, len(recs))
	}
	recs = recs[:cfg.Records]
	train, val := split(len(recs), cfg.Validation, cfg.Seed)
	if len(train) == 0 || len(val) == 0 {
		return nil, fmt.Errorf("trainer: %d positions are too few to train on and validate", len(recs))
	}
	t := &Trainer{cfg: cfg, model: m, opt: opt, loss: loss{wdl: float32(cfg.WDL), k: float32(cfg.K)},
		recs: recs, train: train, val: val, orderEpoch: -1}
	t.SetThreads(cfg.Threads)
	return t, nil
}

// SetThreads sets the number of goroutines that compute the gradient.
func (t *Trainer) SetThreads(n int) {
	n = max(n, 1)
	t.cfg.Threads = n
	t.workers = t.workers[:0]
	for range n {
		t.workers = append(t.workers, newWorker(t.model.Shape))
	}
}

// split returns the indices of the training and the validation records
// of n records: blocks of consecutive records (1024, or fewer for small
// data sets) are held out with probability frac, drawn from seed.
func split(n int, frac float64, seed uint64) (train, val []uint32) {
	block := min(1024, max(1, n/256))
	rng := rand.New(rand.NewPCG(seed, 0x73706c6974))
	for lo := 0; lo < n; lo += block {
		held := rng.Float64() < frac
		for i := lo; i < min(lo+block, n); i++ {
			if held {
				val = append(val, uint32(i))
			} else {
				train = append(train, uint32(i))
			}
		}
	}
	return train, val
}

// Model returns the model being trained. It changes with every step.
func (t *Trainer) Model() *Model { return t.model }

// Config returns the run's configuration, defaults filled in.
func (t *Trainer) Config() Config { return t.cfg }

// ValidationRecords returns up to n validation records.
func (t *Trainer) ValidationRecords(n int) []datagen.Record {
	out := make([]datagen.Record, min(n, len(t.val)))
	for i := range out {
		out[i] = t.recs[t.val[i]]
	}
	return out
}

// Sizes returns the numbers of training and validation positions.
func (t *Trainer) Sizes() (train, validation int) { return len(t.train), len(t.val) }

// BatchesPerEpoch returns the number of steps of an epoch: the training
// positions in whole batches (a last partial batch is left for the next
// epoch's shuffle to take).
func (t *Trainer) BatchesPerEpoch() int { return max(1, len(t.train)/t.batchSize()) }

func (t *Trainer) batchSize() int { return min(t.cfg.BatchSize, len(t.train)) }

// Done reports whether every epoch has been trained.
func (t *Trainer) Done() bool { return t.epoch >= t.cfg.Epochs }

// Best is the epoch whose model had the lowest validation loss.
type Best struct {
	Epoch int     // from 1; 0 before the first epoch ends
	Loss  float64 // its validation loss
}

// Best returns the epoch of the run so far with the lowest validation loss.
func (t *Trainer) Best() Best { return t.best }

// Position returns where the run is: the epoch (from 0) and the batches of
// it done.
func (t *Trainer) Position() (epoch, batch int) { return t.epoch, t.batch }

// lr returns the learning rate of step s of the run (from 0): a cosine from
// LR down to FinalLR over all the run's steps.
func (t *Trainer) lr(s int) float64 {
	total := t.cfg.Epochs * t.BatchesPerEpoch()
	frac := float64(s) / float64(max(1, total-1))
	return t.cfg.FinalLR + (t.cfg.LR-t.cfg.FinalLR)*0.5*(1+math.Cos(math.Pi*min(frac, 1)))
}

// Progress is the state of a run after a step.
type Progress struct {
	Epoch, Batch int     // the epoch (from 0) and the batches of it done
	Batches      int     // batches per epoch
	Loss         float64 // the mean loss of this epoch's batches so far
	LR           float64 // the step's learning rate
	Positions    int64   // positions trained since Run was called
}

// EpochResult is what an epoch achieved.
type EpochResult struct {
	Epoch          int     // from 0
	TrainLoss      float64 // the mean loss over the epoch's batches, as they were trained
	ValidationLoss float64 // the mean loss over the validation positions at the end
	// ResultLoss is the mean squared error of the validation positions'
	// predictions against their games' results alone (the loss at λ = 1):
	// unlike the loss, it compares runs trained with different λ.
	ResultLoss float64
	Time       time.Duration
}

// Hooks are called by Run between steps, when the trainer may be saved.
type Hooks struct {
	Step  func(Progress)          // after each step; nil: nothing
	Epoch func(EpochResult) error // after each epoch; an error stops Run
}

// Run trains from where the trainer is to the end of the last epoch.
// Cancelling ctx stops it after the current step with ctx's error; the
// trainer is then consistent and may be saved and resumed.
func (t *Trainer) Run(ctx context.Context, hooks Hooks) error {
	var trained int64
	bs := t.batchSize()
	for t.epoch < t.cfg.Epochs {
		start := time.Now()
		t.shuffle()
		var sum float64
		var n int
		for ; t.batch < t.BatchesPerEpoch(); t.batch++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			lr := t.lr(t.epoch*t.BatchesPerEpoch() + t.batch)
			sum += t.step(t.order[t.batch*bs:(t.batch+1)*bs], lr) * float64(bs)
			n += bs
			trained += int64(bs)
			if hooks.Step != nil {
				hooks.Step(Progress{Epoch: t.epoch, Batch: t.batch + 1, Batches: t.BatchesPerEpoch(),
					Loss: sum / float64(n), LR: lr, Positions: trained})
			}
		}
		res := EpochResult{Epoch: t.epoch, TrainLoss: math.NaN(), ValidationLoss: t.ValidationLoss(),
			ResultLoss: t.meanLoss(t.val, &loss{wdl: 1, k: t.loss.k}), Time: time.Since(start)}
		if n > 0 { // else resumed at the epoch's end
			res.TrainLoss = sum / float64(n)
		}
		if t.best.Epoch == 0 || res.ValidationLoss < t.best.Loss {
			t.best = Best{Epoch: t.epoch + 1, Loss: res.ValidationLoss}
		}
		t.epoch, t.batch = t.epoch+1, 0
		if hooks.Epoch != nil {
			if err := hooks.Epoch(res); err != nil {
				return err
			}
		}
	}
	return nil
}

// shuffle draws the current epoch's order of the training positions, a
// permutation that depends only on the seed and the epoch.
func (t *Trainer) shuffle() {
	if t.orderEpoch == t.epoch {
		return
	}
	t.order = append(t.order[:0], t.train...)
	rng := rand.New(rand.NewPCG(t.cfg.Seed, uint64(t.epoch)))
	rng.Shuffle(len(t.order), func(i, j int) { t.order[i], t.order[j] = t.order[j], t.order[i] })
	t.orderEpoch = t.epoch
}

// step takes one optimiser step on the positions idx at learning rate lr
// and returns their mean loss before it. The gradient is split among the
// workers by position; the sum of their gradients and the update are split
// among them by parameter.
func (t *Trainer) step(idx []uint32, lr float64) float64 {
	nw := len(t.workers)
	weight := 1 / float32(len(idx))
	var wg sync.WaitGroup
	for i, w := range t.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.gradient(t.model, &t.loss, t.recs, idx[i*len(idx)/nw:(i+1)*len(idx)/nw], t.epoch, weight)
		}()
	}
	wg.Wait()

	t.opt.step++
	a := stepSize(lr, t.opt.step)
	params := t.model.Params
	clipEnd := len(params) - 1 // the output bias is not clipped
	for i := range t.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lo, hi := i*len(params)/nw, (i+1)*len(params)/nw
			total := t.workers[0].grad.Params
			for _, w := range t.workers[1:] {
				add(total[lo:hi], w.grad.Params[lo:hi])
			}
			t.opt.update(params, total, lo, hi, clipEnd, a)
		}()
	}
	wg.Wait()
	t.model.syncOutput()

	var sum float64
	for _, w := range t.workers {
		sum += w.loss
	}
	return sum / float64(len(idx))
}

// ValidationLoss returns the model's mean loss over the validation
// positions.
func (t *Trainer) ValidationLoss() float64 { return t.meanLoss(t.val, &t.loss) }

// meanLoss returns the model's mean loss l over the records recs[i] for i
// in idx, shared among the workers, or NaN when idx is empty.
func (t *Trainer) meanLoss(idx []uint32, l *loss) float64 {
	if len(idx) == 0 {
		return math.NaN()
	}
	nw := len(t.workers)
	var wg sync.WaitGroup
	for i, w := range t.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.evaluate(t.model, l, t.recs, idx[i*len(idx)/nw:(i+1)*len(idx)/nw])
		}()
	}
	wg.Wait()
	var sum float64
	for _, w := range t.workers {
		sum += w.loss
	}
	return sum / float64(len(idx))
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/outpost-chess/outpost/internal/datagen"
	"github.com/outpost-chess/outpost/internal/nnue"
	"github.com/outpost-chess/outpost/internal/progress"
	"github.com/outpost-chess/outpost/internal/trainer"
)

const trainSynopsis = `outpost train [--data DIR] [--dir DIR] [--epochs N] [--hidden H] [--threads N] [--wdl L] [--lr R] [--batch N] [--records N]`

const trainDescription = `Train fits the evaluation network, (768 → H)×2 → 1 with SCReLU, to the
positions "outpost datagen" made: each position's target blends the game's
result (weight --wdl) with the sigmoid of the search's score, and the
network's sigmoid(eval/K) is fitted to it in mean squared error by Adam,
in batches, the learning rate falling along a cosine from --lr to
--final-lr. A share of the positions (--validation, in blocks of
consecutive positions) is held out, and its loss printed after every
epoch.

The run lives in --dir: checkpoint.bin (the float weights and the
optimiser's state, saved after every epoch, every --checkpoint-every and on
Ctrl-C), epoch-NN.nnue (the quantised network after each epoch, in the
engine's format), net.nnue (the latest of them), best.nnue (the one with
the lowest validation loss) and log.txt (the command and each epoch's
losses); one run at a time. Run the same command again to resume a run
that was stopped or killed: it continues from the checkpoint, with the
checkpoint's settings and the positions the run started with, even if the
data has grown since. To train with other settings, give another --dir.

A progress bar goes to standard error (a line every --progress when it is
not a terminal); each epoch's result goes to standard output.
docs/nnue-training.md has the recipe and the measured speeds.`

// trainConfigFlags are the flags of "outpost train" that set the run's
// trainer.Config, each with the function that copies its field, so that a
// resumed run can tell which settings the command line changes.
var trainConfigFlags = []struct {
	name string
	copy func(dst, src *trainer.Config)
}{
	{"hidden", func(d, s *trainer.Config) { d.Hidden = s.Hidden }},
	{"epochs", func(d, s *trainer.Config) { d.Epochs = s.Epochs }},
	{"batch", func(d, s *trainer.Config) { d.BatchSize = s.BatchSize }},
	{"lr", func(d, s *trainer.Config) { d.LR = s.LR }},
	{"final-lr", func(d, s *trainer.Config) { d.FinalLR = s.FinalLR }},
	{"wdl", func(d, s *trainer.Config) { d.WDL = s.WDL }},
	{"k", func(d, s *trainer.Config) { d.K = s.K }},
	{"validation", func(d, s *trainer.Config) { d.Validation = s.Validation }},
	{"records", func(d, s *trainer.Config) { d.Records = s.Records }},
	{"seed", func(d, s *trainer.Config) { d.Seed = s.Seed }},
}

// The files of a training directory.
const (
	checkpointFile = "checkpoint.bin"
	latestNetFile  = "net.nnue"
	bestNetFile    = "best.nnue"
	trainLogFile   = "log.txt"
)

// runTrain runs "outpost train".
func runTrain(args []string) error {
	return runTrainTo(args, os.Stdout, os.Stderr, term.IsTerminal(os.Stderr.Fd()))
}

// runTrainTo runs "outpost train" with the epochs' results on stdout and
// the progress on stderr: a bar redrawn in place when bar is set, else a
// line every --progress.
func runTrainTo(args []string, stdout, stderr io.Writer, bar bool) error {
	fs := newFlagSet("train", trainSynopsis, trainDescription)
	d := trainer.DefaultConfig()
	var cfg trainer.Config
	var dataPath, dir string
	var every, checkpointEvery time.Duration
	fs.StringVar(&dataPath, "data", nnueCacheDir("data"), "train on the positions of the data directory (or file) `DIR`")
	fs.StringVar(&dir, "dir", nnueCacheDir("train"), "keep the run (checkpoint, nets, log) in `DIR`; an existing run there resumes")
	fs.IntVar(&cfg.Hidden, "hidden", d.Hidden, "the hidden layer's width `H` (a multiple of 16)")
	fs.IntVar(&cfg.Epochs, "epochs", d.Epochs, "train `N` passes over the positions")
	fs.IntVar(&cfg.BatchSize, "batch", d.BatchSize, "`N` positions per optimiser step")
	fs.Float64Var(&cfg.LR, "lr", d.LR, "Adam's learning rate `R` at the start")
	fs.Float64Var(&cfg.FinalLR, "final-lr", 0, "the learning rate `R` at the end (default --lr/20)")
	fs.Float64Var(&cfg.WDL, "wdl", d.WDL, "the weight `L` (0 to 1) of the game's result in the target; the rest is the search's score")
	fs.Float64Var(&cfg.K, "k", 0, "the sigmoid's scale `K` in centipawns (default: fitted to the data, the scale on which its scores predict its results)")
	fs.Float64Var(&cfg.Validation, "validation", d.Validation, "hold out this `share` of the positions to validate")
	fs.IntVar(&cfg.Records, "records", 0, "train on the first `N` positions of the data (default: all)")
	fs.Uint64Var(&cfg.Seed, "seed", d.Seed, "seed `S` of the first weights, the validation split and the shuffles")
	fs.IntVar(&cfg.Threads, "threads", runtime.NumCPU(), "compute the gradient on `N` cores")
	fs.DurationVar(&checkpointEvery, "checkpoint-every", 5*time.Minute, "save a checkpoint every `D` (and after every epoch)")
	fs.DurationVar(&every, "progress", 30*time.Second, "when standard error is not a terminal, print a progress line every `D`")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case dataPath == "" || dir == "":
		return usageErrorf(fs, "--data and --dir are required (no cache directory is known on this system)")
	case cfg.Hidden <= 0 || cfg.Hidden%nnue.HiddenMultiple != 0 || cfg.Hidden > nnue.MaxHidden:
		return usageErrorf(fs, "--hidden must be a multiple of %d from %d to %d", nnue.HiddenMultiple, nnue.HiddenMultiple, nnue.MaxHidden)
	case cfg.Epochs < 1:
		return usageErrorf(fs, "--epochs must be at least 1")
	case cfg.BatchSize < 1:
		return usageErrorf(fs, "--batch must be at least 1")
	case !(cfg.LR > 0) || cfg.FinalLR < 0 || !(cfg.K >= 0):
		return usageErrorf(fs, "--lr must be positive, --final-lr and --k not negative")
	case !(cfg.WDL >= 0 && cfg.WDL <= 1):
		return usageErrorf(fs, "--wdl must be from 0 to 1")
	case !(cfg.Validation > 0 && cfg.Validation < 0.5):
		return usageErrorf(fs, "--validation must be more than 0 and less than 0.5")
	case cfg.Records < 0:
		return usageErrorf(fs, "--records must not be negative")
	case cfg.Threads < 1:
		return usageErrorf(fs, "--threads must be at least 1")
	case every <= 0 || checkpointEvery <= 0:
		return usageErrorf(fs, "--progress and --checkpoint-every must be positive")
	}
	set := fs.given()

	recs, err := datagen.ReadRecords(dataPath)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	unlock, err := datagen.LockDir(filepath.Join(dir, "lock"))
	if err != nil {
		return err
	}
	defer unlock()
	tr, resumed, err := openRun(dir, cfg, set, recs)
	if err != nil {
		return err
	}
	c := tr.Config()
	nTrain, nVal := tr.Sizes()
	header := fmt.Sprintf("%s positions from %s (%s to train, %s to validate); (768 → %d)×2 → 1, %d epochs of %d batches of %d, lr %g → %g, wdl %g, K %.1f, seed %d, %d threads",
		progress.Count(uint64(c.Records)), dataPath, progress.Count(uint64(nTrain)), progress.Count(uint64(nVal)),
		c.Hidden, c.Epochs, tr.BatchesPerEpoch(), min(c.BatchSize, nTrain), c.LR, c.FinalLR, c.WDL, c.K, c.Seed, c.Threads)
	if resumed {
		e, b := tr.Position()
		header = fmt.Sprintf("resuming at batch %d of epoch %d: %s", b, e+1, header)
	}
	fmt.Fprintln(stderr, "train: "+header)
	logLine := func(s string) error { return appendLine(filepath.Join(dir, trainLogFile), s) }
	if err := logLine(fmt.Sprintf("%s %s: outpost train %s\n  %s", time.Now().UTC().Format(time.RFC3339),
		datagen.BuildVersion(), strings.Join(args, " "), header)); err != nil {
		return err
	}
	if tr.Done() {
		fmt.Fprintf(stdout, "the run in %s has trained all its %d epochs: its last net is %s, its best %s (epoch %d, validation loss %.6f)\n",
			dir, c.Epochs, filepath.Join(dir, latestNetFile), filepath.Join(dir, bestNetFile), tr.Best().Epoch, tr.Best().Loss)
		return nil
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cpPath := filepath.Join(dir, checkpointFile)
	start := time.Now()
	lastSave, lastLine := start, start
	var saveErr error
	e0, b0 := tr.Position()
	stepsLeft := float64((c.Epochs-e0)*tr.BatchesPerEpoch() - b0)
	err = tr.Run(ctx, trainer.Hooks{
		Step: func(p trainer.Progress) {
			now := time.Now()
			if now.Sub(lastSave) >= checkpointEvery && saveErr == nil {
				saveErr = tr.SaveCheckpoint(cpPath)
				lastSave = now
			}
			el := now.Sub(start)
			done := float64(p.Positions) / float64(min(c.BatchSize, nTrain))
			eta := time.Duration(float64(el) * (stepsLeft - done) / done)
			rate := float64(p.Positions) / max(el.Seconds(), 1e-3)
			if bar {
				fmt.Fprintf(stderr, "\r\033[K%s", progressBar(p, c.Epochs, rate, eta))
			} else if now.Sub(lastLine) >= every {
				fmt.Fprintln(stderr, "train: "+progressBar(p, c.Epochs, rate, eta))
				lastLine = now
			}
		},
		Epoch: func(r trainer.EpochResult) error {
			if bar {
				fmt.Fprint(stderr, "\r\033[K")
			}
			line, err := finishEpoch(tr, dir, r)
			if err != nil {
				return err
			}
			fmt.Fprintln(stdout, line)
			if err := logLine("  " + line); err != nil {
				return err
			}
			lastSave = time.Now()
			return tr.SaveCheckpoint(cpPath)
		},
	})
	if bar {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if saveErr != nil {
		return saveErr
	}
	if errors.Is(err, context.Canceled) {
		if err := tr.SaveCheckpoint(cpPath); err != nil {
			return err
		}
		e, b := tr.Position()
		fmt.Fprintf(stderr, "train: stopped at batch %d of epoch %d and saved; run the same command to resume\n", b, e+1)
		return errors.New("interrupted")
	}
	if err != nil {
		return err
	}
	best := tr.Best()
	fmt.Fprintf(stdout, "trained %d epochs in %v (this run): the last net is %s; the best, %s, is epoch %d's (validation loss %.6f)\n",
		c.Epochs, time.Since(start).Round(time.Second), filepath.Join(dir, latestNetFile), filepath.Join(dir, bestNetFile), best.Epoch, best.Loss)
	return nil
}

// openRun resumes the run in dir when it has a checkpoint, else starts one
// with cfg. A resumed run keeps its settings; flags set on the command
// line (set) that would change them are an error.
func openRun(dir string, cfg trainer.Config, set map[string]bool, recs []datagen.Record) (*trainer.Trainer, bool, error) {
	cp, err := trainer.LoadCheckpoint(filepath.Join(dir, checkpointFile))
	if errors.Is(err, fs.ErrNotExist) {
		tr, err := trainer.New(cfg, recs)
		return tr, false, err
	}
	if err != nil {
		return nil, false, err
	}
	var changed []string
	for _, f := range trainConfigFlags {
		probe := cp.Config
		if f.copy(&probe, &cfg); set[f.name] && probe != cp.Config {
			changed = append(changed, "--"+f.name)
		}
	}
	if len(changed) > 0 {
		return nil, false, fmt.Errorf("the run in %s was started with other settings than %s asks for; resume it without them, or train into another --dir",
			dir, strings.Join(changed, ", "))
	}
	tr, err := trainer.Resume(cp, recs, cfg.Threads)
	return tr, true, err
}

// finishEpoch writes the quantised net of the epoch just trained, as
// epoch-NN.nnue and net.nnue, and as best.nnue when its validation loss is
// the run's lowest so far, and returns the epoch's line.
func finishEpoch(tr *trainer.Trainer, dir string, r trainer.EpochResult) (string, error) {
	m := tr.Model()
	n := m.Quantise()
	name := fmt.Sprintf("epoch-%02d.nnue", r.Epoch+1)
	files := []string{name, latestNetFile}
	if tr.Best().Epoch == r.Epoch+1 {
		files = append(files, bestNetFile)
	}
	for _, f := range files {
		if err := writeNet(filepath.Join(dir, f), n); err != nil {
			return "", err
		}
	}
	mean, worst, err := m.QuantisationError(n, tr.ValidationRecords(2000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("epoch %d/%d: training loss %.6f, validation loss %.6f (against the results alone %.6f), %v; %s (net %s; quantised within %.1f cp on average, %.0f at most)",
		r.Epoch+1, tr.Config().Epochs, r.TrainLoss, r.ValidationLoss, r.ResultLoss, r.Time.Round(time.Second),
		name, n.ID(), mean, worst), nil
}

// progressBar returns the progress line: the epoch, a bar, the loss so
// far, the learning rate, the speed and the time left.
func progressBar(p trainer.Progress, epochs int, rate float64, eta time.Duration) string {
	const width = 24
	frac := float64(p.Batch) / float64(p.Batches)
	full := int(math.Round(frac * width))
	return fmt.Sprintf("epoch %d/%d [%s%s] %3.0f%%  loss %.6f  lr %.2g  %s pos/s  %v left",
		p.Epoch+1, epochs, strings.Repeat("#", full), strings.Repeat(".", width-full), 100*frac,
		p.Loss, p.LR, progress.Rate(uint64(rate)), eta.Round(time.Second))
}

// writeNet writes n to the file path atomically (a temporary file renamed
// over it).
func writeNet(path string, n *nnue.Network) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = n.WriteTo(tmp)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	return err
}

// appendLine appends s and a newline to the file path.
func appendLine(path, s string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(f, s)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/outpost-chess/outpost/internal/datagen"
	"github.com/outpost-chess/outpost/internal/progress"
	"github.com/outpost-chess/outpost/internal/trainer"
)

const trainSynopsis = `outpost train [--data DIR] [--dir DIR] [--epochs N] [--hidden H] [--king-buckets N] [--output-buckets M] [--threads N] [--wdl L] [--lr R] [--batch N] [--records N]`

const trainDescription = `Train fits an evaluation network with SCReLU to the positions
"outpost datagen" made. Its shape by default is (768×4 → 512)×2 → 8: 4
input buckets by each side's king square (the board mirrored so the king is
on the files e to h), a hidden layer of 512 and 8 output buckets by the
number of pieces; --king-buckets 0 --output-buckets 1 --hidden 256 is the
shape of the network built in now, (768 → 256)×2 → 1. Each position's
target blends the game's result (weight --wdl) with the sigmoid of the
search's score, and the network's sigmoid(eval/K) is fitted to it in mean
squared error by Adam, in batches, the learning rate falling along a
cosine from --lr to --final-lr. A share of the positions (--validation,
in blocks of consecutive positions) is held out, and its loss printed
after every epoch.

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

// trainFlags are the flags of "outpost train": the run's trainer.Config
// and what is about the command alone.
type trainFlags struct {
	cfg                    trainer.Config
	data, dir              string
	every, checkpointEvery time.Duration
	given                  map[string]bool // the flags on the command line
}

// runTrain runs "outpost train".
func runTrain(args []string) error {
	return runTrainTo(args, os.Stdout, os.Stderr, term.IsTerminal(os.Stderr.Fd()))
}

// runTrainTo runs "outpost train" with the epochs' results on stdout and
// the progress on stderr: a bar redrawn in place when bar is set, else a
// line every --progress.
func runTrainTo(args []string, stdout, stderr io.Writer, bar bool) error {
	f, err := parseTrainFlags(args)
	if err != nil {
		return err
	}
	recs, err := datagen.ReadRecords(f.data)
	if err != nil {
		return err
	}
	run, err := trainer.OpenRun(f.dir, f.cfg, f.given, recs)
	if err != nil {
		return err
	}
	defer run.Close()
	run.CheckpointEvery = f.checkpointEvery
	tr := run.Trainer()
	c := tr.Config()
	header := trainHeader(tr, f.data)
	if run.Resumed() {
		e, b := tr.Position()
		header = fmt.Sprintf("resuming at batch %d of epoch %d: %s", b, e+1, header)
	}
	fmt.Fprintln(stderr, "train: "+header)
	if err := run.Log(fmt.Sprintf("%s %s: outpost train %s\n  %s", time.Now().UTC().Format(time.RFC3339),
		datagen.BuildVersion(), strings.Join(args, " "), header)); err != nil {
		return err
	}
	if tr.Done() {
		fmt.Fprintf(stdout, "the run in %s has trained all its %d epochs: its last net is %s, its best %s (epoch %d, validation loss %.6f)\n",
			f.dir, c.Epochs, run.Path(trainer.NetFile), run.Path(trainer.BestNetFile), tr.Best().Epoch, tr.Best().Loss)
		return nil
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	p := newTrainProgress(tr, stderr, bar, f.every)
	err = run.Train(ctx, p.step, func(line string) {
		p.clear()
		fmt.Fprintln(stdout, line)
	})
	p.clear()
	if errors.Is(err, context.Canceled) {
		e, b := tr.Position()
		fmt.Fprintf(stderr, "train: stopped at batch %d of epoch %d and saved; run the same command to resume\n", b, e+1)
		return errors.New("interrupted")
	}
	if err != nil {
		return err
	}
	best := tr.Best()
	fmt.Fprintf(stdout, "trained %d epochs in %v (this run): the last net is %s; the best, %s, is epoch %d's (validation loss %.6f)\n",
		c.Epochs, time.Since(p.start).Round(time.Second), run.Path(trainer.NetFile), run.Path(trainer.BestNetFile), best.Epoch, best.Loss)
	return nil
}

// parseTrainFlags turns the arguments of "outpost train" into its flags.
// The configuration's checks are trainer.Config.Validate's; only what is
// about the flags themselves is checked here.
func parseTrainFlags(args []string) (trainFlags, error) {
	fs := newFlagSet("train", trainSynopsis, trainDescription)
	d := trainer.DefaultConfig()
	var f trainFlags
	cfg := &f.cfg
	fs.StringVar(&f.data, "data", nnueCacheDir("data"), "train on the positions of the data directory (or file) `DIR`")
	fs.StringVar(&f.dir, "dir", nnueCacheDir("train"), "keep the run (checkpoint, nets, log) in `DIR`; an existing run there resumes")
	fs.IntVar(&cfg.Hidden, "hidden", d.Hidden, "the hidden layer's width `H` (a multiple of 16)")
	fs.IntVar(&cfg.KingBuckets, "king-buckets", d.KingBuckets, "`N` input buckets by the king's square, mirrored (1, 2, 4 or 8; 0: none, the built-in network's shape)")
	fs.IntVar(&cfg.OutputBuckets, "output-buckets", d.OutputBuckets, "`M` output buckets by the number of pieces (1 to 16; more than 1 needs king buckets)")
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
	fs.DurationVar(&f.checkpointEvery, "checkpoint-every", 5*time.Minute, "save a checkpoint every `D` (and after every epoch)")
	fs.DurationVar(&f.every, "progress", 30*time.Second, "when standard error is not a terminal, print a progress line every `D`")
	if err := parseFlags(fs, args); err != nil {
		return f, err
	}
	switch {
	case f.data == "" || f.dir == "":
		return f, usageErrorf(fs, "--data and --dir are required (no cache directory is known on this system)")
	case f.every <= 0 || f.checkpointEvery <= 0:
		return f, usageErrorf(fs, "--progress and --checkpoint-every must be positive")
	}
	if err := cfg.Validate(); err != nil {
		return f, usageErrorf(fs, "%v", strings.TrimPrefix(err.Error(), "trainer: "))
	}
	f.given = fs.given()
	return f, nil
}

// trainHeader returns the line that says what a run trains: the data, its
// split, the network and the settings.
func trainHeader(tr *trainer.Trainer, data string) string {
	c := tr.Config()
	nTrain, nVal := tr.Sizes()
	shape, _ := c.Shape() // the run's configuration is valid
	return fmt.Sprintf("%s positions from %s (%s to train, %s to validate); %v, %d epochs of %d batches of %d, lr %g → %g, wdl %g, K %.1f, seed %d, %d threads",
		progress.Count(uint64(c.Records)), data, progress.Count(uint64(nTrain)), progress.Count(uint64(nVal)),
		shape, c.Epochs, tr.BatchesPerEpoch(), min(c.BatchSize, nTrain), c.LR, c.FinalLR, c.WDL, c.K, c.Seed, c.Threads)
}

// trainProgress shows a run's progress on stderr: a bar redrawn in place
// when bar is set, else a line every every.
type trainProgress struct {
	tr              *trainer.Trainer
	stderr          io.Writer
	bar             bool
	every           time.Duration
	start, lastLine time.Time
	stepsLeft       float64 // the steps from where the run started to its end
}

// newTrainProgress returns the progress of tr's run, starting now.
func newTrainProgress(tr *trainer.Trainer, stderr io.Writer, bar bool, every time.Duration) *trainProgress {
	c := tr.Config()
	e0, b0 := tr.Position()
	now := time.Now()
	return &trainProgress{tr: tr, stderr: stderr, bar: bar, every: every, start: now, lastLine: now,
		stepsLeft: float64((c.Epochs-e0)*tr.BatchesPerEpoch() - b0)}
}

// step shows the progress after a step.
func (t *trainProgress) step(p trainer.Progress) {
	c := t.tr.Config()
	nTrain, _ := t.tr.Sizes()
	now := time.Now()
	el := now.Sub(t.start)
	done := float64(p.Positions) / float64(min(c.BatchSize, nTrain))
	eta := time.Duration(float64(el) * (t.stepsLeft - done) / done)
	rate := float64(p.Positions) / max(el.Seconds(), 1e-3)
	if t.bar {
		fmt.Fprintf(t.stderr, "\r\033[K%s", progressBar(p, c.Epochs, rate, eta))
	} else if now.Sub(t.lastLine) >= t.every {
		fmt.Fprintln(t.stderr, "train: "+progressBar(p, c.Epochs, rate, eta))
		t.lastLine = now
	}
}

// clear erases the bar, if any.
func (t *trainProgress) clear() {
	if t.bar {
		fmt.Fprint(t.stderr, "\r\033[K")
	}
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

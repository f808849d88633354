package trainer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/internal/datagen"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// The files of a run's directory (Run), besides each epoch's network
// (EpochNetFile).
const (
	CheckpointFile = "checkpoint.bin" // the float weights and the optimiser's state
	NetFile        = "net.nnue"       // the latest epoch's quantised network
	BestNetFile    = "best.nnue"      // the quantised network with the lowest validation loss
	LogFile        = "log.txt"        // what the run was asked (Run.Log) and each epoch's line
	lockFile       = "lock"           // held by the run that has the directory
)

// EpochNetFile returns the name of the file of epoch e's quantised
// network (e from 1): epoch-NN.nnue.
func EpochNetFile(e int) string { return fmt.Sprintf("epoch-%02d.nnue", e) }

// settings are the fields of Config that a run keeps from its start, by
// the names "outpost train" gives them (its flags), each with its value.
var settings = []struct {
	name string
	get  func(Config) any
}{
	{"hidden", func(c Config) any { return c.Hidden }},
	{"king-buckets", func(c Config) any { return c.KingBuckets }},
	{"output-buckets", func(c Config) any { return max(c.OutputBuckets, 1) }},
	{"epochs", func(c Config) any { return c.Epochs }},
	{"batch", func(c Config) any { return c.BatchSize }},
	{"lr", func(c Config) any { return c.LR }},
	{"final-lr", func(c Config) any { return c.FinalLR }},
	{"wdl", func(c Config) any { return c.WDL }},
	{"k", func(c Config) any { return c.K }},
	{"validation", func(c Config) any { return c.Validation }},
	{"records", func(c Config) any { return c.Records }},
	{"seed", func(c Config) any { return c.Seed }},
}

// Run is a training run kept in a directory: its checkpoint, the quantised
// network of every epoch, the latest and the best, and its log. One Run at
// a time, in this process or another, holds a directory, until Close.
type Run struct {
	dir     string
	tr      *Trainer
	resumed bool
	unlock  func()

	// CheckpointEvery is how often Train saves the checkpoint between
	// the saves after every epoch; 0: only after every epoch.
	CheckpointEvery time.Duration
}

// OpenRun opens the run in dir, creating dir when it is missing, and takes
// its lock: it fails when another run holds it. When dir has a checkpoint,
// the run there resumes on data (the data it started with, or the data
// that has grown from it) with cfg.Threads goroutines and its own
// settings: it fails, saying which, when a setting named in given (by its
// flag's name in "outpost train": hidden, king-buckets, output-buckets, epochs, batch, lr, final-lr,
// wdl, k, validation, records, seed) has another value in cfg. Otherwise a
// run starts with cfg (New).
func OpenRun(dir string, cfg Config, given map[string]bool, data []datagen.Record) (*Run, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("trainer: %v", err)
	}
	unlock, err := datagen.LockDir(filepath.Join(dir, lockFile))
	if err != nil {
		return nil, err
	}
	r := &Run{dir: dir, unlock: unlock}
	if r.tr, r.resumed, err = openTrainer(dir, cfg, given, data); err != nil {
		unlock()
		return nil, err
	}
	return r, nil
}

// openTrainer resumes the run in dir when it has a checkpoint, else starts
// one with cfg; it reports whether it resumed. See OpenRun.
func openTrainer(dir string, cfg Config, given map[string]bool, data []datagen.Record) (*Trainer, bool, error) {
	cp, err := LoadCheckpoint(filepath.Join(dir, CheckpointFile))
	if errors.Is(err, fs.ErrNotExist) {
		tr, err := New(cfg, data)
		return tr, false, err
	}
	if err != nil {
		return nil, false, err
	}
	var was, asked []string
	for _, s := range settings {
		if given[s.name] && s.get(cp.Config) != s.get(cfg) {
			was = append(was, fmt.Sprintf("%s %v", s.name, s.get(cp.Config)))
			asked = append(asked, fmt.Sprintf("%s %v", s.name, s.get(cfg)))
		}
	}
	if len(was) > 0 {
		return nil, false, fmt.Errorf("trainer: the run in %s was started with %s, not %s: resume it without changing them, or train into another directory",
			dir, strings.Join(was, ", "), strings.Join(asked, ", "))
	}
	tr, err := Resume(cp, data, cfg.Threads)
	return tr, true, err
}

// Trainer returns the run's trainer.
func (r *Run) Trainer() *Trainer { return r.tr }

// Resumed reports whether the run resumed from a checkpoint.
func (r *Run) Resumed() bool { return r.resumed }

// Path returns the path of the run's file name (CheckpointFile, NetFile,
// ...).
func (r *Run) Path(name string) string { return filepath.Join(r.dir, name) }

// Close releases the run's directory.
func (r *Run) Close() { r.unlock() }

// Log appends s and a newline to the run's log.
func (r *Run) Log(s string) error {
	f, err := os.OpenFile(r.Path(LogFile), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("trainer: %v", err)
	}
	_, err = fmt.Fprintln(f, s)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("trainer: %v", err)
	}
	return nil
}

// Train trains the run from where it is to the end of its last epoch
// (Trainer.Run), calling step (when not nil) after every step. After every
// epoch it writes the epoch's network (EpochNetFile, NetFile, and
// BestNetFile when its validation loss is the run's lowest), logs the
// epoch's line, passes it to epoch (when not nil) and saves the
// checkpoint; it saves it too every CheckpointEvery. When ctx is cancelled,
// it saves the checkpoint and returns ctx's error: the run resumes from
// there when opened again.
func (r *Run) Train(ctx context.Context, step func(Progress), epoch func(line string)) error {
	lastSave := time.Now()
	var saveErr error
	err := r.tr.Run(ctx, Hooks{
		Step: func(p Progress) {
			if now := time.Now(); r.CheckpointEvery > 0 && now.Sub(lastSave) >= r.CheckpointEvery && saveErr == nil {
				saveErr = r.tr.SaveCheckpoint(r.Path(CheckpointFile))
				lastSave = now
			}
			if step != nil {
				step(p)
			}
		},
		Epoch: func(res EpochResult) error {
			line, err := r.finishEpoch(res)
			if err != nil {
				return err
			}
			if err := r.Log("  " + line); err != nil {
				return err
			}
			if epoch != nil {
				epoch(line)
			}
			lastSave = time.Now()
			return r.tr.SaveCheckpoint(r.Path(CheckpointFile))
		},
	})
	if saveErr != nil {
		return saveErr
	}
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		if err := r.tr.SaveCheckpoint(r.Path(CheckpointFile)); err != nil {
			return err
		}
	}
	return err
}

// finishEpoch writes the quantised network of the epoch just trained, as
// EpochNetFile and NetFile, and as BestNetFile when its validation loss is
// the run's lowest so far, and returns the epoch's line.
func (r *Run) finishEpoch(res EpochResult) (string, error) {
	m := r.tr.Model()
	n := m.Quantise()
	name := EpochNetFile(res.Epoch + 1)
	files := []string{name, NetFile}
	if r.tr.Best().Epoch == res.Epoch+1 {
		files = append(files, BestNetFile)
	}
	for _, f := range files {
		if err := writeNet(r.Path(f), n); err != nil {
			return "", err
		}
	}
	mean, worst, err := m.QuantisationError(n, r.tr.ValidationRecords(2000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("epoch %d/%d: training loss %.6f, validation loss %.6f (against the results alone %.6f), %v; %s (net %s; quantised within %.1f cp on average, %.0f at most)",
		res.Epoch+1, r.tr.Config().Epochs, res.TrainLoss, res.ValidationLoss, res.ResultLoss, res.Time.Round(time.Second),
		name, n.ID(), mean, worst), nil
}

// writeNet writes n to the file path atomically (a temporary file renamed
// over it).
func writeNet(path string, n *nnue.Network) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("trainer: %v", err)
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
	if err != nil {
		return fmt.Errorf("trainer: writing %s: %v", path, err)
	}
	return nil
}

package trainer

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/nnue"
)

// TestRun trains a run in a directory, stops it mid-epoch and resumes it:
// the nets are written in the engine's format, the log has every epoch's
// line, a second run on the directory is refused while the first holds
// it, and a resumed run keeps its settings.
func TestRun(t *testing.T) {
	recs := testData(t)
	dir := t.TempDir()
	cfg := smallConfig()
	cfg.Epochs = 2
	run, err := OpenRun(dir, cfg, nil, recs)
	if err != nil {
		t.Fatal(err)
	}
	if run.Resumed() {
		t.Error("a new run resumed")
	}
	if _, err := OpenRun(dir, cfg, nil, recs); err == nil || !strings.Contains(err.Error(), "another run") {
		t.Errorf("a second run on the directory: %v, want an error saying another run has it", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	err = run.Train(ctx, func(p Progress) {
		if p.Epoch == 1 && p.Batch == 2 {
			cancel()
		}
	}, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: %v", err)
	}
	run.Close()

	run, err = OpenRun(dir, cfg, map[string]bool{"epochs": true, "threads": true}, recs)
	if err != nil {
		t.Fatal(err)
	}
	if e, b := run.Trainer().Position(); !run.Resumed() || e != 1 || b != 2 {
		t.Fatalf("reopened: resumed %v at batch %d of epoch %d, want at batch 2 of epoch 1", run.Resumed(), b, e)
	}
	var lines []string
	if err := run.Train(context.Background(), nil, func(line string) { lines = append(lines, line) }); err != nil {
		t.Fatal(err)
	}
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "epoch 2/2: training loss") {
		t.Errorf("epoch lines %q, want epoch 2's", lines)
	}
	if !run.Trainer().Done() {
		t.Error("the run is not done")
	}
	run.Close()
	for _, name := range []string{EpochNetFile(1), EpochNetFile(2), NetFile, BestNetFile} {
		f, err := os.Open(run.Path(name))
		if err != nil {
			t.Fatal(err)
		}
		n, err := nnue.Read(f)
		f.Close()
		if err != nil || n.Hidden != cfg.Hidden {
			t.Errorf("%s: %v", name, err)
		}
	}
	log, err := os.ReadFile(run.Path(LogFile))
	if err != nil || !strings.Contains(string(log), "  epoch 1/2:") || !strings.Contains(string(log), "  epoch 2/2:") {
		t.Errorf("log %q, %v", log, err)
	}

	other := cfg
	other.Epochs, other.LR, other.Seed = 3, 0.002, 9
	for _, tt := range []struct {
		name  string
		given map[string]bool
		want  string // "" for no error
	}{
		{"settings not given", nil, ""},
		{"other settings given", map[string]bool{"epochs": true, "lr": true, "threads": true},
			"was started with epochs 2, lr 0.01, not epochs 3, lr 0.002: resume it without changing them"},
		{"the same setting given", map[string]bool{"hidden": true}, ""},
	} {
		run, err := OpenRun(dir, other, tt.given, recs)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: %v, want an error saying %q", tt.name, err, tt.want)
		}
		if err == nil {
			if c := run.Trainer().Config(); c.Epochs != cfg.Epochs || c.Seed != cfg.Seed {
				t.Errorf("%s: resumed with %+v, want the run's settings", tt.name, c)
			}
			run.Close()
		}
	}
}

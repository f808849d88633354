package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/nnue"
	"github.com/outpost-chess/outpost/internal/trainer"
)

func TestTrainUsage(t *testing.T) {
	tmp := t.TempDir()
	data := filepath.Join(tmp, "data")
	dir := filepath.Join(tmp, "run")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--hidden", "100"}, "the hidden layer's width must be a multiple of 16"},
		{[]string{"--king-buckets", "3"}, "no layout of 3 king buckets (there are layouts of 1, 2, 4 and 8)"},
		{[]string{"--output-buckets", "17"}, "the number of output buckets must be from 1 to 16, not 17"},
		{[]string{"--king-buckets", "0"}, "8 output buckets need king buckets"},
		{[]string{"--epochs", "0"}, "the number of epochs must be at least 1, not 0"},
		{[]string{"--batch", "0"}, "the batch size must be at least 1, not 0"},
		{[]string{"--lr", "0"}, "the learning rate must be positive, not 0"},
		{[]string{"--k", "-1"}, "K, the sigmoid's scale, must be 0 (fitted to the data) or more, not -1"},
		{[]string{"--wdl", "1.5"}, "the weight of the result (WDL) must be from 0 to 1, not 1.5"},
		{[]string{"--validation", "0"}, "the validation share must be more than 0"},
		{[]string{"--records", "-1"}, "the number of records must not be negative"},
		{[]string{"--threads", "0"}, "the number of threads must be at least 1, not 0"},
		{[]string{"--progress", "0s"}, "--progress and --checkpoint-every must be positive"},
		{[]string{"extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		args := append([]string{"train", "--data", data, "--dir", dir}, tt.args...)
		code := dispatch(args, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "outpost train: "+tt.want) {
			t.Errorf("outpost %q: exit %d, stderr %q; want 2 and %q", args, code, stderr.String(), tt.want)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := dispatch([]string{"train", "--data", data, "--dir", dir}, &stdout, &stderr); code != 1 ||
		!strings.Contains(stderr.String(), "no such file") {
		t.Errorf("no data: exit %d, stderr %q; want 1 and the missing file named", code, stderr.String())
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("a failed run created its directory")
	}
}

// TestTrain makes a little data and trains a small net on it from end to
// end: the nets are written in the engine's format, a finished run says
// so, and a run cannot be resumed with other settings (the run's directory
// is internal/trainer's Run, tested there).
func TestTrain(t *testing.T) {
	tmp := t.TempDir()
	data := filepath.Join(tmp, "data")
	dir := filepath.Join(tmp, "run")
	var stdout, stderr bytes.Buffer
	if err := runDatagenTo([]string{"--dir", data, "--positions", "400", "--nodes", "200", "--threads", "2"}, &stdout, &stderr); err != nil {
		t.Fatalf("datagen: %v, stderr %q", err, stderr.String())
	}
	args := []string{"--data", data, "--dir", dir, "--hidden", "32", "--epochs", "2", "--batch", "64", "--validation", "0.1", "--threads", "2", "--progress", "1ns"}
	stdout.Reset()
	stderr.Reset()
	if err := runTrainTo(args, &stdout, &stderr, false); err != nil {
		t.Fatalf("train: %v, stderr %q", err, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"epoch 1/2: training loss", "epoch 2/2:", "validation loss", "trained 2 epochs"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout %q does not say %q", out, want)
		}
	}
	if !strings.Contains(stderr.String(), "train: epoch 1/2 [") {
		t.Errorf("no progress line in stderr %q", stderr.String())
	}
	for _, name := range []string{"epoch-01.nnue", "epoch-02.nnue", trainer.NetFile, trainer.BestNetFile} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		n, err := nnue.Read(f)
		f.Close()
		if err != nil || n.Hidden != 32 || n.KingBucketCount() != 4 || n.OutputBuckets != 8 {
			t.Errorf("%s: %v, want the default shape 32 wide", name, err)
		}
	}
	log, err := os.ReadFile(filepath.Join(dir, trainer.LogFile))
	if err != nil || !strings.Contains(string(log), "epoch 2/2:") {
		t.Errorf("log %q, %v", log, err)
	}

	stdout.Reset()
	if err := runTrainTo(args, &stdout, &stderr, false); err != nil || !strings.Contains(stdout.String(), "has trained all its 2 epochs: its last net is") {
		t.Errorf("the finished run again: %v, stdout %q", err, stdout.String())
	}
	more := append(args[:len(args):len(args)], "--epochs", "3", "--lr", "0.002")
	if err := runTrainTo(more, &stdout, &stderr, false); err == nil || !strings.Contains(err.Error(), "was started with epochs 2, lr 0.001, not epochs 3, lr 0.002") {
		t.Errorf("resumed with other settings: %v", err)
	}
}

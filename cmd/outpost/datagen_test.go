package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/datagen"
	"github.com/outpost-chess/outpost/internal/nnue"
	"github.com/outpost-chess/outpost/internal/tuner"
)

func TestDatagenUsage(t *testing.T) {
	tmp := t.TempDir()
	out := filepath.Join(tmp, "data.txt")
	dir := filepath.Join(tmp, "nnue")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--format", "csv"}, `--format must be nnue or texel, not "csv"`},
		{[]string{"--format", "texel", "--out", out}, "--games must be at least 1"},
		{[]string{"--format", "texel", "--games", "2"}, "--out is required"},
		{[]string{"--format", "texel", "--games", "2", "--out", out, "--dir", dir}, "--dir and --positions are for --format nnue"},
		{[]string{"--games", "2", "--out", out}, "--out writes Texel-tuning text: add --format texel"},
		{[]string{"--dir", dir, "--games", "-1"}, "--games must not be negative"},
		{[]string{"--dir", dir, "--positions", "-1"}, "--positions must not be negative"},
		{[]string{"--dir", dir, "--nodes", "100", "--depth", "2"}, "--depth and --nodes cannot be used together: give one"},
		{[]string{"--dir", dir, "--nodes", "0"}, "--nodes 0: want a positive number of nodes"},
		{[]string{"--dir", dir, "--depth", "0"}, "--depth 0 is out of range 1..100"},
		{[]string{"--dir", dir, "--random-plies", "-1"}, "--random-plies must not be negative"},
		{[]string{"--dir", dir, "--first", "-1"}, "--first must not be negative"},
		{[]string{"--dir", dir, "--threads", "0"}, "--threads must be at least 1"},
		{[]string{"--dir", dir, "--concurrency", "0"}, "--threads must be at least 1"},
		{[]string{"--dir", dir, "--progress", "0s"}, "--progress must be positive"},
		{[]string{"--dir", dir, "extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := dispatch(append([]string{"datagen"}, tt.args...), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "outpost datagen: "+tt.want) {
			t.Errorf("outpost datagen %q: exit %d, stderr %q; want 2 and %q", tt.args, code, stderr.String(), tt.want)
		}
	}
	for _, p := range []string{out, dir} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("a usage error created %s", p)
		}
	}

	var stdout, stderr bytes.Buffer
	if code := dispatch([]string{"datagen", "--dir", dir, "--book", filepath.Join(tmp, "missing.epd")}, &stdout, &stderr); code != 1 ||
		!strings.Contains(stderr.String(), "missing.epd") {
		t.Errorf("a missing book: exit %d, stderr %q; want 1 and the file named", code, stderr.String())
	}
}

// TestDatagenNNUE is the smoke run: two runs add readable records to one
// directory.
func TestDatagenNNUE(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nnue")
	total := 0
	for run := 1; run <= 2; run++ {
		var stdout, stderr bytes.Buffer
		args := []string{"--dir", dir, "--positions", "20", "--nodes", "200", "--threads", "2", "--progress", "1ns", "--handcrafted"}
		if err := runDatagenTo(args, &stdout, &stderr); err != nil {
			t.Fatalf("run %d: %v, stderr %q", run, err, stderr.String())
		}
		recs, err := datagen.ReadRecords(dir)
		if err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		if len(recs)-total < 20 {
			t.Errorf("run %d added %d records, want at least 20", run, len(recs)-total)
		}
		total = len(recs)
		for i := range recs {
			if _, err := recs[i].Position(); err != nil {
				t.Fatalf("record %d: %v", i, err)
			}
		}
		if !strings.Contains(stderr.String(), "datagen: ") || !strings.Contains(stderr.String(), "/s)") ||
			!strings.Contains(stdout.String(), "positions (+") {
			t.Errorf("run %d: no progress line: stderr %q, stdout %q", run, stderr.String(), stdout.String())
		}
	}
	runs, err := os.ReadFile(filepath.Join(dir, datagen.RunsFile))
	if err != nil || strings.Count(string(runs), "outpost datagen --dir "+dir) != 2 {
		t.Errorf("runs file %q, %v; want a line per run", runs, err)
	}

	// A run with a network says which in the runs file.
	net := filepath.Join(t.TempDir(), "random.nnue")
	f, err := os.Create(net)
	if err != nil {
		t.Fatal(err)
	}
	n := nnue.Random(16, 1)
	if _, err := n.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var stdout, stderr bytes.Buffer
	args := []string{"--dir", dir, "--positions", "1", "--nodes", "100", "--evalfile", net}
	if err := runDatagenTo(args, &stdout, &stderr); err != nil {
		t.Fatalf("with --evalfile: %v, stderr %q", err, stderr.String())
	}
	runs, _ = os.ReadFile(filepath.Join(dir, datagen.RunsFile))
	if !strings.Contains(string(runs), "evaluation network "+n.ID()) || !strings.Contains(string(runs), "evaluation hand-crafted") {
		t.Errorf("runs file %q does not name the evaluations", runs)
	}
}

func TestDatagenTexel(t *testing.T) {
	out := filepath.Join(t.TempDir(), "data.txt")
	var stdout, stderr bytes.Buffer
	args := []string{"--format", "texel", "--games", "2", "--nodes", "200", "--out", out}
	if err := runDatagenTo(args, &stdout, &stderr); err != nil {
		t.Fatalf("%v, stderr %q", err, stderr.String())
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	samples, err := tuner.ReadSamples(f)
	if err != nil || len(samples) == 0 || !strings.Contains(stdout.String(), "2 games") {
		t.Errorf("%d samples, %v; stdout %q", len(samples), err, stdout.String())
	}
}

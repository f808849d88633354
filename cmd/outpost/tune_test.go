package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/tuner"
)

// TestDatagenAndTune runs the whole pipeline at a tiny size: a few games of
// self-play (six games at 300 nodes a move), then a short tuning run on
// their positions.
func TestDatagenAndTune(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	var stdout, stderr bytes.Buffer
	err := runDatagenTo([]string{"--format", "texel", "--games", "6", "--nodes", "300", "--seed", "3", "--out", data}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("datagen: %v (stderr %q)", err, stderr.String())
	}
	if !strings.HasPrefix(stdout.String(), "6 games (+") || !strings.Contains(stdout.String(), " positions written to "+data) {
		t.Errorf("datagen stdout %q", stdout.String())
	}
	f, err := os.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	samples, err := tuner.ReadSamples(f)
	f.Close()
	if err != nil || len(samples) < 10 {
		t.Fatalf("datagen's file: %d samples, error %v", len(samples), err)
	}

	params, goFile := filepath.Join(dir, "tuned.txt"), filepath.Join(dir, "tuned.go")
	stdout.Reset()
	stderr.Reset()
	err = tune([]string{"--data", data, "--validate", data, "--iterations", "5", "--rounds", "1",
		"--out", params, "--go", goFile}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("tune: %v (stderr %q)", err, stderr.String())
	}
	for _, want := range []string{" positions of " + data + ", ", "K = 0.", "error 0.", " before, 0.", "validation ("} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("tune stdout lacks %q:\n%s", want, stdout.String())
		}
	}
	for _, name := range []string{params, goFile} {
		if b, err := os.ReadFile(name); err != nil || len(b) == 0 {
			t.Errorf("%s: %d bytes, error %v", name, len(b), err)
		}
	}

	// The weights file starts a new run.
	engineBefore := errorBefore(t, stdout.String())
	stdout.Reset()
	err = tune([]string{"--data", data, "--start", params, "--iterations", "1", "--rounds", "1"}, &stdout, &stderr)
	if err != nil {
		t.Errorf("tune --start with the written weights: %v", err)
	}

	// --untuned starts from other weights than the engine's (tuned) ones.
	stdout.Reset()
	err = tune([]string{"--data", data, "--untuned", "--iterations", "1", "--rounds", "1"}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("tune --untuned: %v", err)
	}
	if untunedBefore := errorBefore(t, stdout.String()); untunedBefore == engineBefore {
		t.Errorf("tune --untuned starts from the engine's weights: error %s before, as without it", untunedBefore)
	}
}

// errorBefore returns the error before tuning that tune's report states.
func errorBefore(t *testing.T, report string) string {
	t.Helper()
	_, rest, ok := strings.Cut(report, "\nerror ")
	before, _, ok2 := strings.Cut(rest, " before")
	if !ok || !ok2 {
		t.Fatalf("no \"error X before\" in the report:\n%s", report)
	}
	return before
}

func TestTuneUsage(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	writeFile(t, data, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 [1.0]\n")
	bad := filepath.Join(dir, "bad.txt")
	writeFile(t, bad, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n")
	tests := []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "--data is required"},
		{[]string{"--data", data, "--iterations", "0"}, 2, "--iterations must be at least 1"},
		{[]string{"--data", data, "--rounds", "0"}, 2, "--rounds must be at least 1"},
		{[]string{"--data", data, "--lr", "0"}, 2, "--lr must be positive"},
		{[]string{"--data", data, "--k", "-1"}, 2, "--k must not be negative"},
		{[]string{"--data", data, "--threads", "0"}, 2, "--threads must be at least 1"},
		{[]string{"--data", data, "--freeze", "("}, 2, "--freeze: error parsing regexp"},
		{[]string{"--data", data, "--weights", "["}, 2, "--weights: error parsing regexp"},
		{[]string{"--data", data, "--weights", "^NoSuchWeight"}, 1, "tuner: no weight selected"},
		{[]string{"--data", filepath.Join(dir, "none.txt")}, 1, "no such file"},
		{[]string{"--data", bad}, 1, bad + ": tuner: line 1: no result"},
		{[]string{"--data", data, "--start", data}, 1, data + ": tuner: line 1: "},
		{[]string{"--data", data, "--untuned", "--start", data}, 2, "--untuned and --start exclude each other"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := dispatch(append([]string{"tune"}, tt.args...), &stdout, &stderr)
		if code != tt.code || !strings.Contains(stderr.String(), "outpost tune: ") || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("outpost tune %q: exit %d, stderr %q; want %d and %q", tt.args, code, stderr.String(), tt.code, tt.want)
		}
	}
}

func TestShellJoin(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, ""},
		{[]string{"--data", "a/b-1.txt", "--reg", "32", "-k=0.5"}, "--data a/b-1.txt --reg 32 -k=0.5"},
		{[]string{"--freeze", `^(PST|PieceValue)\[`}, `--freeze '^(PST|PieceValue)\['`},
		{[]string{"--out", "my file", ""}, "--out 'my file' ''"},
		{[]string{"it's"}, `'it'\''s'`},
	}
	for _, tt := range tests {
		if got := shellJoin(tt.args); got != tt.want {
			t.Errorf("shellJoin(%q) = %s, want %s", tt.args, got, tt.want)
		}
	}
}

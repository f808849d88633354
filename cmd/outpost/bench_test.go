package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/engine"
)

func TestBench(t *testing.T) {
	var out, progress bytes.Buffer
	if err := bench([]string{"--depth", "2"}, &out, &progress); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^nodes [1-9][0-9]* nps [0-9]+\n$`).MatchString(out.String()) {
		t.Errorf("stdout %q, want the one line \"nodes N nps X\"", out.String())
	}
	lines := strings.Split(strings.TrimSuffix(progress.String(), "\n"), "\n")
	n := len(engine.BenchFENs)
	if len(lines) != n+1 {
		t.Fatalf("%d progress lines, want one per position (%d) and a time line:\n%s", len(lines), n, progress.String())
	}
	line := regexp.MustCompile(`^(\d+)/(\d+) nodes [1-9][0-9]* bestmove [a-h][1-8][a-h][1-8][nbrq]?$`)
	for i, l := range lines[:n] {
		m := line.FindStringSubmatch(l)
		if m == nil || m[1] != fmt.Sprint(i+1) || m[2] != fmt.Sprint(n) {
			t.Errorf("progress line %d = %q, want \"%d/%d nodes N bestmove X\"", i+1, l, i+1, n)
		}
	}
	// The total is the sum of the positions', and the same as engine.Bench's.
	want := engine.Bench(2, nil).Nodes
	if !strings.HasPrefix(out.String(), fmt.Sprintf("nodes %d ", want)) {
		t.Errorf("stdout %q, want nodes %d", out.String(), want)
	}
}

func TestBenchErrors(t *testing.T) {
	for _, args := range [][]string{{"bench", "--depth", "0"}, {"bench", "--depth", "31"}, {"bench", "extra"}} {
		var stdout, stderr bytes.Buffer
		if code := dispatch(args, &stdout, &stderr); code != 2 {
			t.Errorf("outpost %q: exit %d, want 2 (stderr %q)", args, code, stderr.String())
		}
	}
}

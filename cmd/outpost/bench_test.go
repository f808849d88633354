package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/nnue"
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
	want := engine.Bench(2, engine.DefaultNetwork(), nil).Nodes
	if !strings.HasPrefix(out.String(), fmt.Sprintf("nodes %d ", want)) {
		t.Errorf("stdout %q, want nodes %d", out.String(), want)
	}
	evaluation := "hand-crafted"
	if net := engine.DefaultNetwork(); net != nil {
		evaluation = fmt.Sprintf("network %s (%d hidden neurons)", net.ID(), net.Hidden)
	}
	if !regexp.MustCompile(`^depth 2 time [0-9.]+s evaluation `).MatchString(lines[n]) || !strings.HasSuffix(lines[n], " evaluation "+evaluation) {
		t.Errorf("last progress line %q, want \"depth 2 time Ts evaluation %s\"", lines[n], evaluation)
	}
}

// TestBenchNetwork benches a network file and a random network: each
// searches, and names its network.
func TestBenchNetwork(t *testing.T) {
	net := nnue.Random(32, 6)
	path := writeNetwork(t, t.TempDir(), net)
	for _, tc := range []struct {
		args []string
		id   string
	}{
		{[]string{"--evalfile", path}, net.ID()},
		{[]string{"--random-net", "64"}, nnue.Random(64, 1).ID()},
	} {
		var out, progress bytes.Buffer
		if err := bench(append([]string{"--depth", "3"}, tc.args...), &out, &progress); err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if !strings.Contains(progress.String(), "evaluation network "+tc.id) || !strings.HasPrefix(out.String(), "nodes ") {
			t.Errorf("%v: progress ends %q, output %q; want the network %s named", tc.args, progress.String()[max(0, progress.Len()-80):], out.String(), tc.id)
		}
	}
}

func TestBenchErrors(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "--depth", "0"}, {"bench", "--depth", "31"}, {"bench", "extra"},
		{"bench", "--random-net", "20"}, {"bench", "--random-net", "0"}, {"bench", "--random-net", "16", "--handcrafted"},
		{"bench", "--evalfile", "x.nnue", "--random-net", "16"},
	} {
		var stdout, stderr bytes.Buffer
		if code := dispatch(args, &stdout, &stderr); code != 2 {
			t.Errorf("outpost %q: exit %d, want 2 (stderr %q)", args, code, stderr.String())
		}
	}
}

// TestEvalFlags checks the evaluation flags of the commands that search:
// each searches with the network asked for, and a bad file or a bad
// combination is refused before any search.
func TestEvalFlags(t *testing.T) {
	path := writeNetwork(t, t.TempDir(), nnue.Random(32, 9))
	var out bytes.Buffer
	if err := solve([]string{"--file", "../../internal/engine/testdata/mates.epd", "--depth", "2", "--evalfile", path}, &out); err != nil || !strings.Contains(out.String(), "solved ") {
		t.Errorf("solve with --evalfile: %v, output %q", err, out.String())
	}
	for _, args := range [][]string{
		{"solve", "--file", "x.epd", "--evalfile", "missing.nnue"},
		{"analyse", "--depth", "1", "--evalfile", "../../go.mod"},
		{"analyse", "--depth", "1", "--handcrafted", "--evalfile", path},
	} {
		var stdout, stderr bytes.Buffer
		if code := dispatch(args, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), "evalfile") {
			t.Errorf("outpost %q: exit %d, stderr %q; want a failure naming --evalfile", args, code, stderr.String())
		}
	}
}

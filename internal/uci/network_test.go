package uci

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/outpost-chess/outpost/internal/nnue"
)

// writeNet writes net to a file in dir and returns its path.
func writeNet(t *testing.T, dir string, net *nnue.Network) string {
	t.Helper()
	path := filepath.Join(dir, nnue.FileName(net))
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := net.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestEvalFileAndUseNNUE sets the evaluation options as a GUI would: a
// network file loaded, then used, a bad path and a damaged file refused
// (the network in use kept and the reason said), the hand-crafted
// evaluation chosen again. (No network is embedded yet: these tests assume
// EvalFile's default is <empty> and Use NNUE's false.)
func TestEvalFileAndUseNNUE(t *testing.T) {
	if net, _, _ := nnue.Embedded(); net != nil {
		t.Skip("a network is embedded: this test is written for a binary without one")
	}
	dir := t.TempDir()
	net := nnue.Random(32, 1)
	good := writeNet(t, dir, net)
	name := nnue.FileName(net)
	damaged := filepath.Join(dir, "damaged.nnue")
	data, _ := os.ReadFile(good)
	if err := os.WriteFile(damaged, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.nnue")

	f := newFake()
	s := startSession(t, t.Context(), f)
	s.send("setoption name Use NNUE value true")
	s.expect("info string evaluation: hand-crafted (Use NNUE is on, but no network is loaded: set EvalFile to a network file)")
	s.send("setoption name EvalFile value " + good)
	s.expect("info string evaluation: NNUE, network " + name + " (768→32×2→1 SCReLU, " + good + ")")
	s.send("setoption name EvalFile value " + missing)
	s.expect("info string error: option EvalFile: cannot load the network: open " + missing + ": no such file or directory; the engine keeps the network " + name + " (768→32×2→1 SCReLU, " + good + ")")
	s.send("setoption name EvalFile value " + damaged)
	s.expect("info string error: option EvalFile: cannot load the network: " + damaged + " is not a valid network file: the file is truncated: *; the engine keeps the network " + name + " *")
	s.send("setoption name Use NNUE value false")
	s.expect("info string evaluation: hand-crafted (network " + name + " (768→32×2→1 SCReLU, " + good + ") loaded: set Use NNUE to true to use it)")
	s.send("setoption name EvalFile value " + missing)
	s.expect("info string error: option EvalFile: cannot load the network: *; the engine keeps the hand-crafted evaluation")
	s.send("setoption name EvalFile value <empty>")
	s.expect("info string evaluation: hand-crafted")
	s.send("uci")
	var handshake []string
	for l := s.next(); l != "uciok"; l = s.next() {
		handshake = append(handshake, l)
	}
	for _, want := range []string{"option name EvalFile type string default <empty>", "info string evaluation: hand-crafted"} {
		if !slices.Contains(handshake, want) {
			t.Errorf("uci's answer lacks %q", want)
		}
	}
	s.quit()

	// The engine was given: no network (Use NNUE without one), the
	// network (EvalFile), none (Use NNUE off), none (EvalFile <empty>).
	want := []*nnue.Network{nil, net, nil, nil}
	if len(f.networks) != len(want) {
		t.Fatalf("SetNetwork called %d times, want %d", len(f.networks), len(want))
	}
	for i, got := range f.networks {
		if (got == nil) != (want[i] == nil) || got != nil && got.ID() != net.ID() {
			t.Errorf("SetNetwork call %d: %v, want %v", i, got != nil, want[i] != nil)
		}
	}
}

// TestEvalFileStopsTheSearch checks that loading a network during a search
// stops it first (its bestmove printed), as setting Hash does.
func TestEvalFileStopsTheSearch(t *testing.T) {
	good := writeNet(t, t.TempDir(), nnue.Random(16, 2))
	s := startSession(t, t.Context(), newFake())
	s.send("go infinite")
	s.expect(infoStart)
	s.send("setoption name EvalFile value " + good)
	s.expect(bestStart, "info string evaluation: hand-crafted (network *")
	s.quit()
}

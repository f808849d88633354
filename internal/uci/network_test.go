package uci

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/outpost-chess/outpost/internal/engine"
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

// defaultEvaluationLines returns the lines "uci" ends with before "uciok":
// the evaluation options with their defaults (Use NNUE as
// engine.DefaultNetwork says, EvalFile the embedded network's name or
// <empty>) and the evaluation in use.
func defaultEvaluationLines() []string {
	embedded, evalFile := embeddedNetwork()
	use := engine.DefaultNetwork() != nil
	return []string{
		fmt.Sprintf("option name Use NNUE type check default %t", use),
		"option name EvalFile type string default " + evalFile,
		embeddedEvaluation(embedded, use),
	}
}

// embeddedEvaluation is the evaluation line for the embedded network (or
// none) with Use NNUE on or off.
func embeddedEvaluation(embedded network, use bool) string {
	switch {
	case embedded.net == nil && use:
		return "info string evaluation: hand-crafted (Use NNUE is on, but no network is loaded: set EvalFile to a network file)"
	case embedded.net == nil:
		return "info string evaluation: hand-crafted"
	case use:
		return "info string evaluation: NNUE, network " + describe(embedded)
	}
	return "info string evaluation: hand-crafted (network " + describe(embedded) + " loaded: set Use NNUE to true to use it)"
}

// TestEvalFileAndUseNNUE sets the evaluation options as a GUI would: the
// embedded network (if any) used, a network file loaded, a bad path and a
// damaged file refused (the network in use kept and the reason said), the
// hand-crafted evaluation chosen again, the embedded network loaded again.
func TestEvalFileAndUseNNUE(t *testing.T) {
	embedded, _ := embeddedNetwork()
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
	s.expect(embeddedEvaluation(embedded, true))
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
	s.expect(embeddedEvaluation(embedded, false))
	s.send("uci")
	var handshake []string
	for l := s.next(); l != "uciok"; l = s.next() {
		handshake = append(handshake, l)
	}
	if got, want := handshake[len(handshake)-3:len(handshake)-1], defaultEvaluationLines()[:2]; !slices.Equal(got, want) {
		t.Errorf("after the options changed, uci declares %q, want the defaults %q", got, want)
	}
	s.quit()

	// The engine was given: the embedded network or none (Use NNUE), the
	// file's network (EvalFile), none (Use NNUE off), none (EvalFile
	// <empty>).
	id := func(n *nnue.Network) string {
		if n == nil {
			return "hand-crafted"
		}
		return n.ID()
	}
	var got, want []string
	for _, n := range f.networks {
		got = append(got, id(n))
	}
	for _, n := range []*nnue.Network{embedded.net, net, nil, nil} {
		want = append(want, id(n))
	}
	if !slices.Equal(got, want) {
		t.Errorf("SetNetwork calls %v, want %v", got, want)
	}
}

// TestEvalFileWaitsForTheSearch checks that a network loaded during a
// search waits for the search to end, as every setoption does (no bestmove
// before stop during go infinite), and is loaded after it.
func TestEvalFileWaitsForTheSearch(t *testing.T) {
	good := writeNet(t, t.TempDir(), nnue.Random(16, 2))
	s := startSession(t, t.Context(), newFake())
	s.send("go infinite")
	s.expect(infoStart)
	s.send("setoption name EvalFile value " + good)
	s.send("stop")
	s.expect(bestStart, "info string evaluation: *")
	s.quit()
}

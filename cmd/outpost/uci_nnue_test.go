package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// TestUCIWithNetwork drives "outpost uci" with a network file (a random
// one, made here): it loads, the engine searches with it and answers a
// legal move; a file that is not a network is refused with a reason.
func TestUCIWithNetwork(t *testing.T) {
	dir := t.TempDir()
	net := nnue.Random(64, 3)
	path := writeNetwork(t, dir, net)

	p := startUCI(t)
	p.send("uci")
	p.waitFor("uciok")
	p.send("setoption name EvalFile value " + path)
	p.waitFor("info string evaluation: ")
	p.send("setoption name Use NNUE value true")
	line, _ := p.waitFor("info string evaluation: ")
	if !strings.Contains(line, nnue.FileName(net)) {
		t.Errorf("after EvalFile: %q, want the network's name %s", line, nnue.FileName(net))
	}
	p.send("setoption name EvalFile value "+filepath.Join(dir, "nothing.nnue"), "position startpos moves e2e4", "go depth 4")
	if line, _ := p.waitFor("info string error: option EvalFile"); !strings.Contains(line, "keeps the network "+nnue.FileName(net)) {
		t.Errorf("a missing EvalFile: %q, want it to say the network is kept", line)
	}
	best, _ := p.waitFor("bestmove ")
	bestMove(t, best, chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"))
	p.send("quit")
}

// writeNetwork writes net into dir under its file name and returns the path.
func writeNetwork(t *testing.T, dir string, net *nnue.Network) string {
	t.Helper()
	var buf bytes.Buffer
	if _, err := net.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, nnue.FileName(net))
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

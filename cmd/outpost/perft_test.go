package main

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// nodesLineRE matches the last line of every perft run.
var nodesLineRE = regexp.MustCompile(`^nodes (\d+) time \d+\.\d{3} nps \d+$`)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// runPerftOutput runs "outpost perft args..." in process and returns its
// output lines.
func runPerftOutput(t *testing.T, args ...string) ([]string, error) {
	t.Helper()
	var out bytes.Buffer
	err := perft(args, &out)
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"), err
}

func TestPerftCounts(t *testing.T) {
	tests := []struct {
		args  []string
		nodes uint64
	}{
		{[]string{"--depth", "1"}, 20},
		{[]string{"--depth", "3"}, 8902},
		{[]string{"--depth", "3", "--no-bulk"}, 8902},
		{[]string{"--depth", "2", "--fen", kiwipete}, 2039},
		{[]string{"-depth=2", "-fen=" + kiwipete, "-no-bulk"}, 2039},
		{[]string{"--depth", "2", "--fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -"}, 191}, // EPD-style FEN, no clocks
	}
	for _, tt := range tests {
		lines, err := runPerftOutput(t, tt.args...)
		if err != nil {
			t.Errorf("perft %q: %v", tt.args, err)
			continue
		}
		if len(lines) != 1 {
			t.Errorf("perft %q: %d lines, want 1:\n%s", tt.args, len(lines), strings.Join(lines, "\n"))
			continue
		}
		m := nodesLineRE.FindStringSubmatch(lines[0])
		if m == nil || m[1] != strconv.FormatUint(tt.nodes, 10) {
			t.Errorf("perft %q: %q, want \"nodes %d time S nps X\"", tt.args, lines[0], tt.nodes)
		}
	}
}

func TestPerftDivide(t *testing.T) {
	tests := []struct {
		args   []string
		moves  int
		total  uint64
		sample string // one of the divide lines
	}{
		{[]string{"--depth", "3", "--divide"}, 20, 8902, "e2e4: 600"},
		{[]string{"--depth", "3", "--divide", "--no-bulk"}, 20, 8902, "g1f3: 440"},
		{[]string{"--depth", "1", "--divide"}, 20, 20, "a2a3: 1"},
		{[]string{"--depth", "2", "--divide", "--fen", kiwipete}, 48, 2039, "e1g1: 43"},
		// Promotions print their piece: a7b8q etc.
		{[]string{"--depth", "1", "--divide", "--fen", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"}, 13, 13, "a7b8q: 1"},
	}
	for _, tt := range tests {
		lines, err := runPerftOutput(t, tt.args...)
		if err != nil {
			t.Errorf("perft %q: %v", tt.args, err)
			continue
		}
		if len(lines) != tt.moves+1 {
			t.Errorf("perft %q: %d lines, want %d moves and the total", tt.args, len(lines), tt.moves)
			continue
		}
		moveLines, last := lines[:tt.moves], lines[tt.moves]
		if !slices.IsSorted(moveLines) {
			t.Errorf("perft %q: moves not sorted:\n%s", tt.args, strings.Join(moveLines, "\n"))
		}
		if !slices.Contains(moveLines, tt.sample) {
			t.Errorf("perft %q: no line %q", tt.args, tt.sample)
		}
		var sum uint64
		for _, l := range moveLines {
			move, count, ok := strings.Cut(l, ": ")
			n, err := strconv.ParseUint(count, 10, 64)
			if !ok || err != nil || len(move) < 4 || len(move) > 5 {
				t.Errorf("perft %q: line %q is not \"MOVE: N\"", tt.args, l)
			}
			sum += n
		}
		m := nodesLineRE.FindStringSubmatch(last)
		if m == nil || m[1] != strconv.FormatUint(tt.total, 10) || sum != tt.total {
			t.Errorf("perft %q: last line %q, sum of moves %d, want total %d", tt.args, last, sum, tt.total)
		}
	}
}

func TestPerftEPD(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "suite.epd")
	writeFile(t, path, strings.Join([]string{
		"# a comment",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902",
		"",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1 ;D1 20", // line 4: 7 ranks
		kiwipete + " ;D1 48 ;D2 2040",                            // line 5: wrong count
		"   ",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - ;D2 191",       // line 7: EPD FEN, deepest listed depth 2
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 sixty-six", // line 8: bad count
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1",                      // line 9: no counts
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;X2 66",               // line 10: no count, only another operation
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D5 133987",           // line 11: skipped at --max-depth 3
	}, "\n")+"\n")

	lines, err := runPerftOutput(t, "--epd", path, "--max-depth", "3")
	want := []string{
		"ok   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1  depth 3  expected 8902  got 8902",
		fmt.Sprintf("FAIL %s:4: chess: FEN board has 7 ranks, want 8", path),
		"FAIL " + kiwipete + "  depth 2  expected 2040  got 2039",
		"ok   8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1  depth 2  expected 191  got 191",
		fmt.Sprintf(`FAIL %s:8: chess: perft count "D2 sixty-six": the count is not a non-negative number`, path),
		fmt.Sprintf(`FAIL %s:9: chess: no perft counts ("D<depth> <leaves>" operations)`, path),
		fmt.Sprintf(`FAIL %s:10: chess: no perft counts ("D<depth> <leaves>" operations)`, path),
		"skip 4k3/8/8/8/8/8/8/4K2R w K - 0 1  (no depth up to 3 listed)",
	}
	if len(lines) != len(want)+1 {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want)+1, strings.Join(lines, "\n"))
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d:\n got %q\nwant %q", i+1, lines[i], w)
		}
	}
	summary := regexp.MustCompile(`^positions 8 passed 2 failed 5 skipped 1 nodes (\d+) time \d+\.\d{3} nps \d+$`)
	if m := summary.FindStringSubmatch(lines[len(want)]); m == nil || m[1] != "11132" { // 8902 + 2039 + 191
		t.Errorf("summary %q, want %s with 11132 nodes", lines[len(want)], summary)
	}
	if err == nil || err.Error() != "5 of 8 positions failed" {
		t.Errorf("error %v, want \"5 of 8 positions failed\"", err)
	}
	var ue *usageError
	if errors.As(err, &ue) {
		t.Errorf("a failing suite is a usage error: %v", err)
	}
}

func TestPerftEPDPasses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "suite.epd")
	writeFile(t, path, "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197\n"+kiwipete+" ;D1 48 ;D2 2039\n")
	for _, args := range [][]string{
		{"--epd", path},
		{"--epd", path, "--no-bulk"},
		{"--epd", path, "--max-depth", "0"},
	} {
		lines, err := runPerftOutput(t, args...)
		if err != nil {
			t.Errorf("perft %q: %v", args, err)
		}
		if len(lines) != 3 || !strings.HasPrefix(lines[2], "positions 2 passed 2 failed 0 nodes 3236 time ") {
			t.Errorf("perft %q:\n%s", args, strings.Join(lines, "\n"))
		}
	}
}

func TestPerftFlagErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "--depth or --epd is required"},
		{[]string{"--depth", "-1"}, "--depth -1 is out of range"},
		{[]string{"--epd", "x", "--max-depth", "-2"}, "--max-depth -2 is out of range"},
		{[]string{"--epd", "x", "--fen", kiwipete}, "--fen cannot be used with --epd"},
		{[]string{"--divide"}, "--depth or --epd is required"},
		{[]string{"--depth", "1", "--no-bulk=maybe"}, "invalid boolean value"},
	}
	for _, tt := range tests {
		_, err := runPerftOutput(t, tt.args...)
		var ue *usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("perft %q: error %v, want a usage error containing %q", tt.args, err, tt.want)
		}
	}
}

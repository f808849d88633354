package chess

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// perftPosition is a position with its known perft counts: counts[d-1] is
// the number of leaves at depth d.
type perftPosition struct {
	name   string
	fen    string
	counts []uint64
}

// standardPerftPositions are the six positions of the Chess Programming
// Wiki's "Perft Results" page, each chosen to stress a different rule
// (castling, en passant, promotions, checks and pins). Position 6 has a black
// bishop on g4 and a white pawn on h2 (some copies of its FEN drop them).
var standardPerftPositions = []perftPosition{
	{"start", StartFEN,
		[]uint64{20, 400, 8902, 197281, 4865609, 119060324}},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		[]uint64{48, 2039, 97862, 4085603, 193690690}},
	{"pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		[]uint64{14, 191, 2812, 43238, 674624, 11030083, 178633661}},
	{"pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		[]uint64{6, 264, 9467, 422333, 15833292, 706045033}},
	{"pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		[]uint64{44, 1486, 62379, 2103487, 89941194}},
	{"pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		[]uint64{46, 2079, 89890, 3894594, 164075551, 6923051137}},
}

// perftLeafBudget is the largest count a perft test checks: small with
// -short so CI stays fast, larger otherwise (the deepest counts are left to
// "outpost perft" and the benchmarks).
func perftLeafBudget() uint64 {
	if testing.Short() {
		return 1_000_000
	}
	return 200_000_000
}

func TestPerftStandardPositions(t *testing.T) {
	budget := perftLeafBudget()
	for _, pp := range standardPerftPositions {
		t.Run(pp.name, func(t *testing.T) {
			p := MustParseFEN(pp.fen)
			for d, want := range pp.counts {
				depth := d + 1
				if want > budget {
					break
				}
				if got := Perft(p, depth); got != want {
					t.Errorf("Perft(%s, %d) = %d, want %d", pp.name, depth, got, want)
				}
			}
		})
	}
}

func TestPerftNoBulkEqualsPerft(t *testing.T) {
	maxDepth := 4
	if testing.Short() {
		maxDepth = 3
	}
	for _, pp := range standardPerftPositions {
		p := MustParseFEN(pp.fen)
		for depth := 0; depth <= maxDepth; depth++ {
			if got, want := PerftNoBulk(p, depth), Perft(p, depth); got != want {
				t.Errorf("PerftNoBulk(%s, %d) = %d, Perft = %d", pp.name, depth, got, want)
			}
		}
	}
}

func TestPerftDepthZeroAndNegative(t *testing.T) {
	p := StartingPosition()
	for _, depth := range []int{0, -1} {
		if got := Perft(p, depth); got != 1 {
			t.Errorf("Perft(start, %d) = %d, want 1", depth, got)
		}
		if got := PerftNoBulk(p, depth); got != 1 {
			t.Errorf("PerftNoBulk(start, %d) = %d, want 1", depth, got)
		}
	}
}

// perftSuiteEntry is one line of testdata/perftsuite.epd.
type perftSuiteEntry struct {
	line   int
	fen    string
	counts map[int]uint64 // by depth
}

// loadPerftSuite reads testdata/perftsuite.epd: lines "FEN ;D1 20 ;D2 400 ...".
func loadPerftSuite(t testing.TB) []perftSuiteEntry {
	t.Helper()
	f, err := os.Open("testdata/perftsuite.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var suite []perftSuiteEntry
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, ";")
		e := perftSuiteEntry{line: line, fen: strings.TrimSpace(fields[0]), counts: map[int]uint64{}}
		for _, f := range fields[1:] {
			parts := strings.Fields(f)
			if len(parts) != 2 || !strings.HasPrefix(parts[0], "D") {
				t.Fatalf("perftsuite.epd:%d: bad entry %q", line, f)
			}
			depth, err1 := strconv.Atoi(parts[0][1:])
			n, err2 := strconv.ParseUint(parts[1], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("perftsuite.epd:%d: bad entry %q", line, f)
			}
			e.counts[depth] = n
		}
		suite = append(suite, e)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(suite) < 100 {
		t.Fatalf("perftsuite.epd has %d positions, want the whole suite", len(suite))
	}
	return suite
}

// TestPerftSuite checks every position of testdata/perftsuite.epd: each
// listed count up to depth 3 with -short, up to depth 5 otherwise, plus the
// deeper counts that stay within a small leaf budget.
func TestPerftSuite(t *testing.T) {
	maxDepth, deepBudget := 5, uint64(5_000_000)
	if testing.Short() {
		maxDepth, deepBudget = 3, 0
	}
	checked := 0
	for _, e := range loadPerftSuite(t) {
		p, err := ParseFEN(e.fen)
		if err != nil {
			t.Errorf("perftsuite.epd:%d: %v", e.line, err)
			continue
		}
		for depth, want := range e.counts {
			if depth > maxDepth && want > deepBudget {
				continue
			}
			checked++
			if got := Perft(p, depth); got != want {
				t.Errorf("perftsuite.epd:%d: Perft(%q, %d) = %d, want %d", e.line, e.fen, depth, got, want)
			}
		}
	}
	if checked < 100 {
		t.Errorf("checked only %d counts", checked)
	}
}

// TestHotPathDoesNotAllocate guards the rule that move generation, making
// moves and perft allocate nothing per node (a variable whose address goes
// to a recursive call from inside a loop is moved to the heap, for example).
func TestHotPathDoesNotAllocate(t *testing.T) {
	p := MustParseFEN(standardPerftPositions[1].fen) // Kiwipete
	var ml MoveList
	tests := []struct {
		name string
		f    func()
	}{
		{"GenerateMoves", func() { p.GenerateMoves(&ml, AllMoves) }},
		{"MakeMove", func() {
			for _, m := range ml.Slice() {
				child := *p
				child.MakeMove(m)
			}
		}},
		{"Perft", func() { Perft(p, 3) }},
		{"PerftNoBulk", func() { PerftNoBulk(p, 2) }},
	}
	p.GenerateMoves(&ml, AllMoves)
	for _, tt := range tests {
		if n := testing.AllocsPerRun(5, tt.f); n != 0 {
			t.Errorf("%s: %v allocations per run, want 0", tt.name, n)
		}
	}
}

package chess

import (
	"os"
	"reflect"
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

// loadPerftSuite reads testdata/perftsuite.epd: lines "FEN ;D1 20 ;D2 400 ...".
func loadPerftSuite(t testing.TB) []*EPD {
	t.Helper()
	f, err := os.Open("testdata/perftsuite.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	suite, err := ReadEPD(f)
	if err != nil {
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
		counts, err := e.PerftCounts()
		if err != nil {
			t.Errorf("perftsuite.epd:%d: %v", e.Line, err)
			continue
		}
		p := e.Position
		for depth, want := range counts {
			if depth > maxDepth && want > deepBudget {
				continue
			}
			checked++
			if got := Perft(p, depth); got != want {
				t.Errorf("perftsuite.epd:%d: Perft(%q, %d) = %d, want %d", e.Line, p.FEN(), depth, got, want)
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

func TestPerftCounts(t *testing.T) {
	tests := []struct {
		ops  string // after the start position's FEN
		want map[int]uint64
		err  string
	}{
		{";D1 20 ;D2 400", map[int]uint64{1: 20, 2: 400}, ""},
		{`;D3 8902; id "start"; D1 20`, map[int]uint64{1: 20, 3: 8902}, ""},
		{";D2 sixty-six", nil, `chess: perft count "D2 sixty-six": the count is not a non-negative number`},
		{";D2 400 401", nil, `chess: perft count "D2 400 401": want D<depth> and one number`},
		{";D0 1", nil, `chess: perft count "D0 1": the depth is not a number from 1 to 20`},
		{";D21 1", nil, `the depth is not a number from 1 to 20`},
		{";D1 20 ;D01 20", nil, `chess: perft count "D01 20": depth 1 is listed twice`},
		{"", nil, `chess: no perft counts ("D<depth> <leaves>" operations)`},
		{";X2 66; d1 20", nil, `chess: no perft counts`},
	}
	for _, tt := range tests {
		e, err := ParseEPD(StartFEN + " " + tt.ops)
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.PerftCounts()
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("PerftCounts(%q) = %v, %v; want error %q", tt.ops, got, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("PerftCounts(%q) = %v, %v; want %v", tt.ops, got, err, tt.want)
		}
	}
}

package chess

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// nestedPGN returns a game whose first move has a variation nested depth
// deep: "1. e4 (1. d4 (1. d4 ... )) *".
func nestedPGN(depth int) string {
	return "1. e4 " + strings.Repeat("(1. d4 ", depth) + strings.Repeat(")", depth) + " *\n"
}

// commentedPGN returns a game whose first move has n comments.
func commentedPGN(n int) string {
	var sb strings.Builder
	sb.WriteString("1. e4")
	for i := range n {
		fmt.Fprintf(&sb, " {c%d}", i%100)
	}
	sb.WriteString(" *\n")
	return sb.String()
}

// nestedGame returns the game of nestedPGN(depth), built with AddVariation
// from the innermost variation out.
func nestedGame(t testing.TB, depth int) *Game {
	t.Helper()
	line := func(san string) *Game {
		g := NewGame()
		if err := g.PlayMove(san); err != nil {
			t.Fatal(err)
		}
		return g
	}
	g := line("d4")
	for i := 1; i <= depth; i++ {
		san := "d4"
		if i == depth {
			san = "e4"
		}
		outer := line(san)
		if err := outer.AddVariation(1, g); err != nil {
			t.Fatalf("level %d: %v", i, err)
		}
		g = outer
	}
	return g
}

// readOne reads text, which must hold one game.
func readOne(t *testing.T, text string) *Game {
	t.Helper()
	games, err := ReadPGN(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	return games[0]
}

// bytesAllocated returns the bytes f allocates, the mean of a few runs.
func bytesAllocated(f func()) uint64 {
	const runs = 3
	f() // warm up
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return (after.TotalAlloc - before.TotalAlloc) / runs
}

// TestVariationDepthLimit reads variations nested up to MaxVariationDepth
// and refuses deeper ones, in the reader and in AddVariation, with an error
// that says so.
func TestVariationDepthLimit(t *testing.T) {
	for _, tc := range []struct {
		depth int
		ok    bool
	}{
		{1, true},
		{MaxVariationDepth, true},
		{MaxVariationDepth + 1, false},
		{3000, false},
	} {
		t.Run(strconv.Itoa(tc.depth), func(t *testing.T) {
			games, err := ReadPGN(strings.NewReader(nestedPGN(tc.depth)))
			if tc.ok {
				if err != nil || len(games) != 1 || games[0].VariationCount() != tc.depth {
					t.Fatalf("%d games, %v", len(games), err)
				}
				out := games[0].PGN()
				again, err := ReadPGN(strings.NewReader(out))
				if err != nil || len(again) != 1 || again[0].PGN() != out {
					t.Errorf("written, read back: %d games, %v\n%s", len(again), err, out)
				}
				for line := range strings.Lines(out) {
					if len(line) > pgnLineWidth+1 {
						t.Errorf("line of %d characters: %q", len(line)-1, line)
					}
				}
				return
			}
			var pe *PGNError
			if len(games) != 0 || !errors.As(err, &pe) || !errors.Is(err, ErrVariationDepth) {
				t.Fatalf("%d games, %v; want a *PGNError for ErrVariationDepth", len(games), err)
			}
			want := fmt.Sprintf("chess: PGN line 1: game 1: variations nested more than %d deep", MaxVariationDepth)
			if !strings.HasPrefix(err.Error(), want) {
				t.Errorf("error %q; want it to start %q", err, want)
			}
		})
	}
	g := nestedGame(t, MaxVariationDepth)
	outer := NewGame()
	if err := outer.PlayMove("e4"); err != nil {
		t.Fatal(err)
	}
	if err := outer.AddVariation(1, g); !errors.Is(err, ErrVariationDepth) {
		t.Errorf("AddVariation of a tree %d deep: %v; want ErrVariationDepth", MaxVariationDepth, err)
	}
}

// TestNestedVariationsLinear reads and writes variations nested
// MaxVariationDepth deep and checks that they allocate a bounded number of
// bytes per level, and that a 3,000-deep file is refused as cheaply: the
// cost grows with the text, not with the square of its depth.
func TestNestedVariationsLinear(t *testing.T) {
	const perLevel = 4 << 10 // a variation is a Game of one move: well under this
	text := nestedPGN(MaxVariationDepth)
	var g *Game
	read := bytesAllocated(func() { g = readOne(t, text) })
	written := bytesAllocated(func() { _ = g.PGN() })
	walked := bytesAllocated(func() {
		for v := g; v != nil; {
			vs := v.Variations(1)
			v = nil
			if len(vs) > 0 {
				v = vs[0]
			}
		}
	})
	built := bytesAllocated(func() { nestedGame(t, MaxVariationDepth) })
	deep := nestedPGN(3000)
	refused := bytesAllocated(func() {
		if _, err := ReadPGN(strings.NewReader(deep)); !errors.Is(err, ErrVariationDepth) {
			t.Fatalf("3000 deep: %v", err)
		}
	})
	for _, c := range []struct {
		what  string
		bytes uint64
	}{{"reading", read}, {"writing", written}, {"walking Variations", walked}, {"building with AddVariation", built}, {"refusing 3,000 levels", refused}} {
		if c.bytes > perLevel*MaxVariationDepth {
			t.Errorf("%s %d nested variations allocates %d bytes, over %d a level", c.what, MaxVariationDepth, c.bytes, perLevel)
		}
	}
}

// TestManyCommentsLinear reads a move with 15,000 comments (about 90 KB)
// and checks that it allocates a few times the text, not its square.
func TestManyCommentsLinear(t *testing.T) {
	text := commentedPGN(15_000)
	var g *Game
	read := bytesAllocated(func() { g = readOne(t, text) })
	if c := g.Comment(1); !strings.HasPrefix(c, "c0 c1 c2 ") || !strings.HasSuffix(c, " c98 c99") || strings.Count(c, " ") != 14_999 {
		t.Errorf("comment %.40q... of %d bytes", c, len(c))
	}
	if limit := uint64(64 * len(text)); read > limit {
		t.Errorf("reading %d bytes of comments allocates %d bytes, over %d", len(text), read, limit)
	}
	tags := strings.Repeat("{before} ", 15_000) + "[Event \"e\"]\n" + strings.Repeat("{tags} ", 15_000) + "\n1. e4 *\n"
	read = bytesAllocated(func() {
		games, err := ReadPGN(strings.NewReader(tags))
		if err != nil || len(games) != 1 || len(games[0].Comment(0)) != 15_000*7-1+15_000*5 {
			t.Fatalf("%d games, %v", len(games), err)
		}
	})
	if limit := uint64(64 * len(tags)); read > limit {
		t.Errorf("reading %d bytes of comments among the tags allocates %d bytes, over %d", len(tags), read, limit)
	}
}

// BenchmarkNestedVariations reads, then writes, a game whose variations
// nest n deep (n past MaxVariationDepth is refused).
func BenchmarkNestedVariations(b *testing.B) {
	for _, n := range []int{MaxVariationDepth, 1_000, 3_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			text := nestedPGN(n)
			b.ReportAllocs()
			for b.Loop() {
				games, _ := ReadPGN(strings.NewReader(text))
				for _, g := range games {
					_ = g.PGN()
				}
			}
		})
	}
}

// BenchmarkManyComments reads a game whose first move has n comments.
func BenchmarkManyComments(b *testing.B) {
	for _, n := range []int{1_000, 15_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			text := commentedPGN(n)
			b.ReportAllocs()
			for b.Loop() {
				if games, err := ReadPGN(strings.NewReader(text)); err != nil || len(games) != 1 {
					b.Fatalf("%d games, %v", len(games), err)
				}
			}
		})
	}
}

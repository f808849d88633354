package chess

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// Run with: go test -run '^$' -bench . -benchmem ./chess/
//
// Move generation and make-move must show 0 allocs/op.

// BenchmarkPerft measures the whole move generator: perft from the start
// position (depth 5) and Kiwipete (depth 4), with bulk counting at the last
// ply and without. It reports leaves per second as Mleaves/s.
func BenchmarkPerft(b *testing.B) {
	benchmarks := []struct {
		name  string
		fen   string
		depth int
		count func(*Position, int) uint64
	}{
		{"start/d5/bulk", StartFEN, 5, Perft},
		{"start/d5/nobulk", StartFEN, 5, PerftNoBulk},
		{"kiwipete/d4/bulk", standardPerftPositions[1].fen, 4, Perft},
		{"kiwipete/d4/nobulk", standardPerftPositions[1].fen, 4, PerftNoBulk},
	}
	for _, bm := range benchmarks {
		b.Run(bm.name, func(b *testing.B) {
			p := MustParseFEN(bm.fen)
			var leaves uint64
			for b.Loop() {
				leaves += bm.count(p, bm.depth)
			}
			b.ReportMetric(float64(leaves)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
		})
	}
}

// benchPositions returns the six standard perft positions and every
// position one ply below them: a mix of openings, middlegames, checks,
// castling, en passant and promotions.
func benchPositions(b *testing.B) []Position {
	var ps []Position
	for _, pp := range standardPerftPositions {
		p := MustParseFEN(pp.fen)
		ps = append(ps, *p)
		for _, m := range p.LegalMoves() {
			child := *p
			child.MakeMove(m)
			ps = append(ps, child)
		}
	}
	return ps
}

// BenchmarkGenerateMoves generates the legal moves of each bench position
// once per op; it reports ns per position.
func BenchmarkGenerateMoves(b *testing.B) {
	ps := benchPositions(b)
	var ml MoveList
	moves := 0
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			ps[i].GenerateMoves(&ml, AllMoves)
			moves += ml.Len()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/position")
	if moves == 0 {
		b.Fatal("no moves generated")
	}
}

// BenchmarkMakeMove copies each bench position and plays each of its legal
// moves (copy-make, as search does); it reports ns per move.
func BenchmarkMakeMove(b *testing.B) {
	ps := benchPositions(b)
	moves := make([][]Move, len(ps))
	total := 0
	for i := range ps {
		moves[i] = ps[i].LegalMoves()
		total += len(moves[i])
	}
	var sink uint64
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			for _, m := range moves[i] {
				child := ps[i]
				child.MakeMove(m)
				sink ^= child.Hash()
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*total), "ns/move")
	if sink == 1 { // keep the moves from being optimized away
		b.Log(sink)
	}
}

// BenchmarkManyTags reads, then writes, a game with n unique tags. The time
// per tag (ns/tag) stays flat as n grows when reading and writing are
// linear in the number of tags.
func BenchmarkManyTags(b *testing.B) {
	for _, n := range []int{1_000, 4_000, 16_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			var text strings.Builder
			for i := range n {
				fmt.Fprintf(&text, "[Tag%d \"value %d\"]\n", i, i)
			}
			text.WriteString("\n1. e4 e5 *\n")
			for b.Loop() {
				games, err := ReadPGN(strings.NewReader(text.String()))
				if err != nil || len(games) != 1 || len(games[0].Tags()) != n+7 {
					b.Fatalf("read %d games, %v", len(games), err)
				}
				_ = games[0].PGN()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/tag")
		})
	}
}

package engine

import (
	"context"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/eval"
)

// minimax is the reference for the classic search: plain negamax over every
// legal move, no pruning, scored by eval.Classic at the leaves; a side with
// no legal move is mated (MatedIn(ply)) or stalemated (0); insufficient
// material and the fifty-move rule are draws, as in the classic search.
func minimax(p *chess.Position, depth, ply int) Score {
	moves := p.LegalMoves()
	if len(moves) == 0 {
		if p.InCheck() {
			return MatedIn(ply)
		}
		return DrawScore
	}
	if p.HalfmoveClock() >= 100 || p.IsInsufficientMaterial() {
		return DrawScore
	}
	if depth <= 0 {
		return Score(eval.Classic(p))
	}
	best := -Infinite
	for _, m := range moves {
		c := *p
		c.MakeMove(m)
		best = max(best, -minimax(&c, depth-1, ply+1))
	}
	return best
}

// rootScores returns the reference score of each root move.
func rootScores(p *chess.Position, depth int) map[chess.Move]Score {
	out := map[chess.Move]Score{}
	for _, m := range p.LegalMoves() {
		c := *p
		c.MakeMove(m)
		out[m] = -minimax(&c, depth-1, 1)
	}
	return out
}

func classicLevel(t *testing.T) Level {
	t.Helper()
	l, err := ParseLevel("classic")
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestClassicMatchesMinimax(t *testing.T) {
	fens := []string{
		"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
		"4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 1",
		"k7/8/1K6/8/8/8/7Q/8 w - - 0 1",         // mate in one
		"k7/8/2K5/8/8/8/8/1Q6 b - - 0 1",        // black to move, mated soon
		"8/P6k/8/8/8/8/8/K7 w - - 0 1",          // promotion
		"8/8/8/8/8/8/k2n4/4K3 w - - 0 1",        // Kxd2 leaves bare kings
		"7k/5Q2/8/6K1/8/8/8/8 w - - 0 1",        // stalemate traps
		"4k3/8/8/3q4/8/8/3R4/3RK3 w - - 0 1",    // a queen against two rooks
		"r3k3/8/8/8/8/8/8/4K1N1 w - - 0 1",      // a knight against a rook
		"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",     // en passant
		"4k2r/8/8/8/8/8/8/R3K3 w Qk - 0 1",      // castling
		"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", // back-rank mate
	}
	l := classicLevel(t)
	for _, fen := range fens {
		p := chess.MustParseFEN(fen)
		for depth := 1; depth <= 3; depth++ {
			want := -Infinite
			for _, s := range rootScores(p, depth) {
				want = max(want, s)
			}
			e := New(Options{HashMB: 1, Seed: uint64(depth)})
			r := e.Search(context.Background(), Params{Position: p, Level: l, Limits: Limits{Depth: depth}})
			if r.Score != want {
				t.Errorf("%s depth %d: classic score %d, minimax %d", fen, depth, r.Score, want)
			}
			if !p.IsLegal(r.BestMove) {
				t.Errorf("%s depth %d: classic move %v is not legal", fen, depth, r.BestMove)
			} else if got := rootScores(p, depth)[r.BestMove]; got != want {
				t.Errorf("%s depth %d: classic move %v scores %d by minimax, want a best move (%d)", fen, depth, r.BestMove, got, want)
			}
			if r.Depth != depth {
				t.Errorf("%s: Depth %d, want %d", fen, r.Depth, depth)
			}
		}
	}
}

func TestClassicNoLegalMove(t *testing.T) {
	tests := []struct {
		fen  string
		want Score
	}{
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", DrawScore},  // stalemate
		{"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", MatedIn(0)}, // checkmate
	}
	for _, tc := range tests {
		e := New(Options{HashMB: 1, Seed: 1})
		r := e.Search(context.Background(), Params{Position: chess.MustParseFEN(tc.fen), Level: classicLevel(t)})
		if r.BestMove != chess.NoMove || r.Score != tc.want {
			t.Errorf("%s: move %v score %d, want no move and score %d", tc.fen, r.BestMove, r.Score, tc.want)
		}
	}
}

func TestClassicReplayable(t *testing.T) {
	l := classicLevel(t)
	for _, fen := range []string{chess.StartFEN, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"} {
		p := chess.MustParseFEN(fen)
		var first Result
		for i := range 3 {
			e := New(Options{HashMB: 1, Seed: 99})
			// Two searches in a row on one engine, so the random stream is
			// also replayed across moves of a game.
			e.Search(context.Background(), Params{Position: p, Level: l, Limits: Limits{Depth: 2}})
			r2 := e.Search(context.Background(), Params{Position: p, Level: l, Limits: Limits{Depth: 2}})
			if i == 0 {
				first = r2
			}
			if r2.BestMove != first.BestMove || r2.Score != first.Score || r2.Nodes != first.Nodes {
				t.Errorf("%s: seed 99 run %d: %v %d (%d nodes), first run %v %d (%d nodes)", fen, i, r2.BestMove, r2.Score, r2.Nodes, first.BestMove, first.Score, first.Nodes)
			}
		}
	}
}

func TestClassicTiesBreakAtRandom(t *testing.T) {
	// Either rook mates on the back rank (Rg8# and Rh8#): two best moves
	// with exactly the same score.
	const fen = "k7/8/1K6/8/8/8/8/6RR w - - 0 1"
	const depth = 1
	p := chess.MustParseFEN(fen)
	scores := rootScores(p, depth)
	best := -Infinite
	for _, s := range scores {
		best = max(best, s)
	}
	tied := map[chess.Move]bool{}
	for m, s := range scores {
		if s == best {
			tied[m] = true
		}
	}
	if len(tied) < 2 {
		t.Fatalf("%s: %d best moves at depth %d, want a tie (fix the test position)", fen, len(tied), depth)
	}
	chosen := map[chess.Move]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		e := New(Options{HashMB: 1, Seed: seed})
		r := e.Search(context.Background(), Params{Position: p, Level: classicLevel(t), Limits: Limits{Depth: depth}})
		if !tied[r.BestMove] {
			t.Errorf("seed %d: chose %v (minimax %d), want one of the best (%d)", seed, r.BestMove, scores[r.BestMove], best)
		}
		chosen[r.BestMove]++
	}
	if len(chosen) < 2 {
		t.Errorf("40 seeds all chose %v; want the tie among %d moves broken at random", chosen, len(tied))
	}
}

func TestClassicDraw(t *testing.T) {
	const kr = "4k3/8/8/8/8/8/8/4K2R w - - "
	rep := []uint64{1, 2, 3, 4, 1}
	tests := []struct {
		fen    string
		hashes []uint64
		want   bool
	}{
		{kr + "0 1", nil, false},
		{kr + "99 60", nil, false},
		{kr + "100 60", nil, true},                       // the fifty-move rule
		{"4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", nil, true},   // a knight cannot mate
		{"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", nil, false}, // bishops on both colours can
		{kr + "4 3", rep, true},                          // a repetition
		{kr + "3 3", rep, false},                         // not since the last capture or pawn move
	}
	for _, tt := range tests {
		if got := ClassicDraw(chess.MustParseFEN(tt.fen), tt.hashes); got != tt.want {
			t.Errorf("ClassicDraw(%q, %v) = %v, want %v", tt.fen, tt.hashes, got, tt.want)
		}
	}
}

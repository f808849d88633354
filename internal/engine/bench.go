package engine

import (
	"context"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// BenchDepth is the default search depth of Bench.
const BenchDepth = 11

// BenchFENs are the positions Bench searches: openings, middlegames with
// tactics (Win at Chess), and endgames of several kinds. Changing this list
// changes the bench signature.
var BenchFENs = []string{
	chess.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/P1NP1N2/1PP1QPP1/R4RK1 w - - 0 10",
	"rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4",
	"r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3",
	"rnbqkb1r/ppp2ppp/4pn2/3p2B1/2PP4/2N5/PP2PPPP/R2QKBNR b KQkq - 1 4",
	"r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
	"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
	"5rk1/pp4p1/2n1p2p/2Npq3/2p5/6P1/P3P1BP/R4Q1K w - - 0 1",
	"3R1rk1/8/5Qpp/2p5/2P1p1q1/P3P3/1P2PK2/8 b - - 0 1",
	"2r5/2rk2pp/1pn1pb2/pN1p4/P2P4/1N2B3/nPR1KPPP/3R4 b - - 0 1",
	"2b3k1/4rrpp/p2p4/2pP2RQ/1pP1Pp1N/1P3P1P/1q6/6RK w - - 0 1",
	"3qrbk1/ppp1r2n/3pP2p/3P4/2P4P/1P3Q2/PB6/R4R1K w - - 0 1",
	"r1q3rk/1ppbb1p1/4Np1p/p3pP2/P3P3/2N4R/1PP1Q1PP/3R2K1 w - - 0 1",
	"kr2R3/p4r2/2pq4/2N2p1p/3P2p1/Q5P1/5P1P/5BK1 w - - 0 1",
	"6k1/5p2/p5np/4B3/3P4/1PP1q3/P3r1QP/6RK w - - 0 1",
	"rn2k1nr/pbp2ppp/3q4/1p2N3/2p5/QP6/PB1PPPPP/R3KB1R b KQkq - 0 1",
	"r1b1k2r/1pp1q2p/p1n3p1/3QPp2/8/1BP3B1/P5PP/3R1RK1 w kq - 0 1",
	"r1bq4/1p4kp/3p1n2/p4pB1/2pQ4/8/1P4PP/4RRK1 w - - 0 1",
	"5rk1/p4ppp/2p1b3/3Nq3/4P1n1/1p1B2QP/1PPr2P1/1K2R2R w - - 0 1",
	"r3k2r/2p2p2/p2p1n2/1p2p3/4P2p/1PPPPp1q/1P5P/R1N2QRK b kq - 0 1",
	"r3rnk1/1pq2bb1/p4p2/3p1Pp1/3B2P1/1NP4R/P1PQB3/2K4R w - - 0 1",
	"2rq1rk1/pp3ppp/2n2b2/4NR2/3P4/PB5Q/1P4PP/3R2K1 w - - 0 1",
	"2r1k2r/2pn1pp1/1p3n1p/p3PP2/4q2B/P1P5/2Q1N1PP/R4RK1 w k - 0 1",
	"8/8/8/1p5r/p1p1k1pN/P2pBpP1/1P1K1P2/8 b - - 0 1",
	"8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
	"8/5pk1/6p1/8/5PP1/6K1/8/8 w - - 0 1",
	"8/8/1p1k4/1P6/2PK4/8/8/8 w - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
	"8/8/8/4k3/8/8/2R5/4K3 w - - 0 1",
	"8/3k4/8/8/8/8/3KQ3/8 w - - 0 1",
	"8/8/3k4/8/8/3K4/3B4/3N4 w - - 0 1",
	"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
	"5k2/8/4K3/4P3/8/8/8/1r6 w - - 0 1",
	"8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1",
	"r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1P1BPN2/PB1N1PPP/R2Q1RK1 w - - 0 10",
	"2kr3r/ppp2ppp/2n1b3/2b1P3/8/2N1B3/PPP2PPP/R3KB1R w KQ - 4 12",
}

// BenchResult is the outcome of Bench.
type BenchResult struct {
	Nodes uint64 // the bench signature: total nodes over all positions
	Time  time.Duration
}

// NPS returns the nodes searched per second.
func (b BenchResult) NPS() uint64 {
	if b.Time <= 0 {
		return 0
	}
	return uint64(float64(b.Nodes) / b.Time.Seconds())
}

// Bench searches each of BenchFENs to depth, each with an empty hash table
// and history, one after another, evaluating with net (nil: the
// hand-crafted evaluation), and returns the total node count and time. The
// node count depends only on the search and evaluation code (and the
// network), so it is the search's signature: the bench of the default
// evaluation, Bench(depth, DefaultNetwork(), ...), is the engine's.
// perPosition, if not nil, is called after each position.
func Bench(depth int, net *nnue.Network, perPosition func(fen string, r Result)) BenchResult {
	e := New(Options{HashMB: 16, Seed: 1, Network: net, HandCrafted: net == nil})
	var total BenchResult
	for _, fen := range BenchFENs {
		p := chess.MustParseFEN(fen)
		e.Clear()
		r := e.Search(context.Background(), Params{Position: p, Limits: Limits{Depth: depth}})
		total.Nodes += r.Nodes
		total.Time += r.Time
		if perPosition != nil {
			perPosition(fen, r)
		}
	}
	return total
}

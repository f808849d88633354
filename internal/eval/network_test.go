package eval

import (
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/nnue"
)

func TestNetwork(t *testing.T) {
	net := nnue.Random(32, 2)
	huge := nnue.Random(32, 2)
	huge.OutputBias[0] = 1 << 30 // about 26 million centipawns
	tests := []struct {
		name string
		net  *nnue.Network
		fen  string
		want func(net *nnue.Network, acc *nnue.Accumulator, p *chess.Position) int
	}{
		{"the network's score", net, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
			func(net *nnue.Network, acc *nnue.Accumulator, p *chess.Position) int {
				return net.Evaluate(acc, p.SideToMove())
			}},
		{"Black to move", net, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3",
			func(net *nnue.Network, acc *nnue.Accumulator, p *chess.Position) int {
				return net.Evaluate(acc, p.SideToMove())
			}},
		{"bounded", huge, chess.StartFEN,
			func(*nnue.Network, *nnue.Accumulator, *chess.Position) int { return MaxNetworkScore }},
		{"a bare king: the hand-crafted mop-up", net, "8/8/3k4/8/8/3K4/3B4/3N4 w - - 0 1",
			func(_ *nnue.Network, _ *nnue.Accumulator, p *chess.Position) int { return Evaluate(p) }},
		{"the bare king's side to move", net, "8/8/3k4/8/8/3K4/3B4/3N4 b - - 0 1",
			func(_ *nnue.Network, _ *nnue.Accumulator, p *chess.Position) int { return Evaluate(p) }},
	}
	for _, tt := range tests {
		p := chess.MustParseFEN(tt.fen)
		acc := tt.net.NewAccumulators(1)
		tt.net.Refresh(&acc[0], p)
		want := tt.want(tt.net, &acc[0], p)
		if got := Network(tt.net, &acc[0], p, nil); got != want {
			t.Errorf("%s: Network = %d, want %d", tt.name, got, want)
		}
		var cache PawnKingCache
		if got := Network(tt.net, &acc[0], p, &cache); got != want {
			t.Errorf("%s, with a cache: Network = %d, want %d", tt.name, got, want)
		}
	}
}

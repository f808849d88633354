package eval

import (
	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// MaxNetworkScore bounds the network's evaluation in centipawns, so that no
// static evaluation comes near the search's mate scores however wild a
// network's output.
const MaxNetworkScore = 10000

// Network returns the static evaluation of p with the network net, where acc
// holds p's accumulators (kept move by move by a search with nnue's Update,
// or computed with Refresh), in centipawns from the side to move's point of
// view: the network's score, bounded by ±MaxNetworkScore. Against a bare
// king it is Default's evaluation instead (its pawn and king terms from
// cache, which may be nil): the hand-crafted mop-up (the bare king driven to
// the edge, to the bishop's corner against bishop and knight, the kings
// brought together) and its known draws are facts a network trained on
// self-play rarely sees. It does not allocate.
func Network(net *nnue.Network, acc *nnue.Accumulator, p *chess.Position, cache *PawnKingCache) int {
	if p.BareKing(chess.White) || p.BareKing(chess.Black) {
		return Default.EvaluateCached(p, cache, nil)
	}
	return min(max(net.Evaluate(acc, p.SideToMove()), -MaxNetworkScore), MaxNetworkScore)
}

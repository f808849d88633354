package explain

import (
	"slices"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// ordering is what EngineOrder learns while it searches, to put the best
// moves first: the engine's move-ordering ideas (internal/engine's
// movepick.go and history.go), written again plainly here so that the
// engine's hot code carries no instrumentation.
//
//   - the hash move: the best move each position had when it was last
//     searched (the engine keeps it in its hash table; iterative deepening
//     fills it one depth at a time, so the deeper search tries it first);
//   - captures and promotions that lose no material (static exchange
//     evaluation, the engine's own), most valuable victim first (MVV-LVA);
//   - the killers: the last two quiet moves that caused a cutoff at the
//     same ply, which often refute a sibling position as well;
//   - the history heuristic: quiet moves by how often (and how deep) the
//     same move, from the same square to the same square, caused a cutoff,
//     less the times it was tried before another quiet move cut;
//   - the captures that lose material last.
//
// A nil *ordering learns nothing: the other methods' searches call it too.
type ordering struct {
	hashMoves map[uint64]chess.Move
	killers   [maxPly + 1][2]chess.Move
	history   [2][64][64]int
}

// historyMax bounds the history scores below the killers' sort key.
const historyMax = 1 << 14

func newOrdering() *ordering {
	return &ordering{hashMoves: map[uint64]chess.Move{}}
}

// Sort keys, highest first: the hash move, the noisy moves that lose no
// material (plus their MVV-LVA), the two killers, the quiet moves by
// history, and the losing captures (plus their MVV-LVA).
const (
	keyHash    = 1 << 30
	keyNoisy   = 1 << 20
	keyKiller1 = historyMax + 2
	keyKiller2 = historyMax + 1
	keyLosing  = -1 << 20
)

// order sorts the moves of p at depth and ply, best first. One ply before
// the horizon without quiescence, no capture loses material (the search
// will not see the recapture), so none is put last.
func (o *ordering) order(p *chess.Position, moves []chess.Move, depth, ply int, quiescence bool) {
	seeMatters := depth > 1 || quiescence
	hash := o.hashMoves[p.Hash()]
	side := p.SideToMove()
	key := func(m chess.Move) int {
		switch {
		case m == hash:
			return keyHash
		case isNoisyOrdering(m):
			if seeMatters && !engine.WinsMaterial(p, m) {
				return keyLosing + mvvLVA(p, m)
			}
			return keyNoisy + mvvLVA(p, m)
		case m == o.killers[ply][0]:
			return keyKiller1
		case m == o.killers[ply][1]:
			return keyKiller2
		}
		return o.history[side][m.From()][m.To()]
	}
	type keyed struct {
		move chess.Move
		key  int
	}
	var buf [chess.MaxMoves]keyed
	ks := buf[:len(moves)]
	for i, m := range moves {
		ks[i] = keyed{m, key(m)}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int { return b.key - a.key })
	for i := range ks {
		moves[i] = ks[i].move
	}
}

// cutoff learns from the last of tried, the moves p searched at depth and
// ply, which caused a beta cutoff: a quiet move becomes the ply's first
// killer and gains depth² of history, and the quiet moves tried before it
// lose as much.
func (o *ordering) cutoff(p *chess.Position, tried []chess.Move, depth, ply int) {
	m := tried[len(tried)-1]
	if o == nil || isNoisyOrdering(m) {
		return
	}
	if o.killers[ply][0] != m {
		o.killers[ply][1], o.killers[ply][0] = o.killers[ply][0], m
	}
	bonus := max(depth, 1) * max(depth, 1)
	side := p.SideToMove()
	for _, q := range tried[:len(tried)-1] {
		if !isNoisyOrdering(q) {
			h := &o.history[side][q.From()][q.To()]
			*h = max(*h-bonus, -historyMax)
		}
	}
	h := &o.history[side][m.From()][m.To()]
	*h = min(*h+bonus, historyMax)
}

// isNoisyOrdering reports whether the ordering ranks m among the captures
// and promotions rather than the quiet moves.
func isNoisyOrdering(m chess.Move) bool { return m.IsCapture() || m.IsPromotion() }

// best learns that m was the best move of p (its hash move from now on).
func (o *ordering) best(p *chess.Position, m chess.Move) {
	if o == nil {
		return
	}
	o.hashMoves[p.Hash()] = m
}

package engine

import "github.com/outpost-chess/outpost/chess"

// maxPly bounds the search depth in plies from the root.
const maxPly = 128

// historyMax bounds history scores; updates use the "gravity" formula
// h += bonus - h*|bonus|/historyMax, which keeps them within ±historyMax and
// lets recent results outweigh old ones.
const historyMax = 16384

// orderingTables hold what the search learns about quiet moves: which ones
// caused beta cutoffs (killers per ply, counter-moves per previous move,
// and butterfly history per side, from and to square).
type orderingTables struct {
	history  [2][64][64]int32
	killers  [maxPly + 1][2]chess.Move
	counters [16][64]chess.Move // indexed by the previous move's piece and target
}

func (o *orderingTables) clear() { *o = orderingTables{} }

func historyBonus(depth int) int32 { return int32(min(depth*depth*16, 1600)) }

func (o *orderingTables) updateHistory(c chess.Color, m chess.Move, bonus int32) {
	h := &o.history[c][m.From()][m.To()]
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*h += bonus - *h*abs/historyMax
}

// recordCutoff rewards the quiet move that caused a beta cutoff at ply and
// penalises the quiet moves tried before it.
func (o *orderingTables) recordCutoff(p *chess.Position, best chess.Move, tried []chess.Move, prev chess.Move, prevPiece chess.Piece, ply, depth int) {
	c := p.SideToMove()
	bonus := historyBonus(depth)
	o.updateHistory(c, best, bonus)
	for _, m := range tried {
		if m != best {
			o.updateHistory(c, m, -bonus)
		}
	}
	if o.killers[ply][0] != best {
		o.killers[ply][1] = o.killers[ply][0]
		o.killers[ply][0] = best
	}
	if prev != chess.NoMove && prev != chess.NullMove {
		o.counters[prevPiece][prev.To()] = best
	}
}

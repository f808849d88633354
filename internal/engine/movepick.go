package engine

import "github.com/outpost-chess/outpost/chess"

// Stages of the move picker, in the order moves are returned.
const (
	stageTT = iota
	stageGenNoisy
	stageGoodNoisy
	stageGenQuiet
	stageQuiet
	stageBadNoisy
	stageDone
)

// movePicker returns a node's legal moves one at a time, best first, and
// generates each kind only when it is reached (a cutoff on the hash move or a
// capture saves generating quiet moves):
//
//  1. the hash move, if legal;
//  2. captures and promotions that do not lose material (SEE >= 0), most
//     valuable victim first, then by capture history, least valuable
//     attacker last (MVV plus a quarter of the history, minus LVA);
//  3. quiet moves: the two killers, the counter-move, then by history;
//  4. the losing captures and under-promotions deferred from step 2.
//
// A picker is kept in its search frame (clearing a new one per node would
// cost several KiB) and readied for each use by one of its init methods:
// initSearch (every legal move: the main search, and quiescence in check),
// initQuiescence (steps 1 and 2 only) and initProbCut (those of them that
// win enough material).
type movePicker struct {
	pos     *chess.Position
	tables  *orderingTables
	ttMove  chess.Move
	killers [2]chess.Move
	counter chess.Move
	rows    historyRows // the history rows quiet moves are ordered by

	use       pickerUse
	threshold Score // ProbCut's: the least a noisy move's exchange must win

	stage  int
	noisy  chess.MoveList
	quiet  chess.MoveList
	keys   [chess.MaxMoves]int64 // the moves' sort keys (sortKey)
	next   int                   // index of the next move to consider in the current list
	bad    [chess.MaxMoves]chess.Move
	nBad   int
	badIdx int

	// Set by pruneQuiets: the node's check information, and the quiet
	// moves passed over since takePassedOver last counted them.
	pruningQuiets bool
	checks        chess.Checks
	passedOver    int

	// threats are the node's threats once its quiet moves are generated;
	// before that the zero value, which adjusts nothing.
	threats threats
}

// pickerUse is what a picker was readied for, by its init method.
type pickerUse uint8

const (
	forSearch     pickerUse = iota // every legal move (initSearch)
	forQuiescence                  // steps 1 and 2 only (initQuiescence)
	forProbCut                     // those of them that win enough (initProbCut)
)

// initSearch readies mp for a node of the main search at ply, or of
// quiescence in check (whose evasions are all its legal moves): every legal
// move once, in the four steps above. Quiet moves are ordered by the
// killers of ply, the counter-move to prev (the opponent's last move, made
// by prevPiece; NoMove or NullMove: none) and the history rows rows.
func (mp *movePicker) initSearch(p *chess.Position, t *orderingTables, ttMove chess.Move, ply int, prev chess.Move, prevPiece chess.Piece, rows historyRows) {
	mp.reset(p, t, ttMove)
	mp.use = forSearch
	mp.killers = t.killers[ply]
	mp.counter = chess.NoMove
	if prev != chess.NoMove && prev != chess.NullMove {
		mp.counter = t.counters[prevPiece][prev.To()]
	}
	mp.rows = rows
}

// initQuiescence readies mp for a quiescence node not in check: steps 1
// and 2 only, the hash move if it is noisy (whatever its exchange), then
// the captures and queen promotions that do not lose material.
func (mp *movePicker) initQuiescence(p *chess.Position, t *orderingTables, ttMove chess.Move) {
	mp.reset(p, t, ttMove)
	mp.use = forQuiescence
}

// initProbCut readies mp for ProbCut: of the moves initQuiescence would
// return, in the same order, those whose exchange wins at least threshold
// (SEE >= threshold), the hash move's included.
func (mp *movePicker) initProbCut(p *chess.Position, t *orderingTables, ttMove chess.Move, threshold Score) {
	mp.reset(p, t, ttMove)
	mp.use, mp.threshold = forProbCut, threshold
}

// reset starts mp over at step 1 for position p, with the hash move ttMove
// and no killers, counter-move, history rows or threats.
func (mp *movePicker) reset(p *chess.Position, t *orderingTables, ttMove chess.Move) {
	mp.pos, mp.tables, mp.ttMove = p, t, ttMove
	mp.stage, mp.next, mp.nBad, mp.badIdx = stageTT, 0, 0, 0
	mp.pruningQuiets, mp.passedOver = false, 0
	mp.threats = threats{}
	mp.killers = [2]chess.Move{}
	mp.counter = chess.NoMove
	mp.rows = historyRows{}
}

// nextMove returns the next move, or NoMove when all have been returned.
func (mp *movePicker) nextMove() chess.Move {
	for {
		switch mp.stage {
		case stageTT:
			mp.stage++
			if mp.ttMove == chess.NoMove || !mp.ttMoveLegal() {
				mp.ttMove = chess.NoMove
				continue
			}
			// A hash move below ProbCut's threshold is not returned, and
			// stays set so the later stages pass over it too.
			if mp.use != forProbCut || seeGE(mp.pos, mp.ttMove, mp.threshold) {
				return mp.ttMove
			}
		case stageGenNoisy:
			mp.pos.GenerateMoves(&mp.noisy, chess.NoisyMoves)
			mp.scoreNoisy()
			mp.next = 0
			mp.stage++
		case stageGoodNoisy:
			for mp.next < mp.noisy.Len() {
				m := mp.pickBest(mp.noisy.Slice())
				if m == mp.ttMove {
					continue
				}
				if mp.isBadNoisy(m) {
					mp.bad[mp.nBad] = m
					mp.nBad++
					continue
				}
				if mp.use == forProbCut && !seeGE(mp.pos, m, mp.threshold) {
					continue
				}
				return m
			}
			mp.stage++
			if mp.use != forSearch {
				mp.stage = stageDone // quiescence never plays losing captures
			}
		case stageGenQuiet:
			mp.pos.GenerateMoves(&mp.quiet, chess.QuietMoves)
			mp.scoreQuiet()
			mp.next = 0
			mp.stage++
		case stageQuiet:
			for mp.next < mp.quiet.Len() {
				if mp.pruningQuiets {
					m := mp.quiet.Slice()[mp.next]
					mp.next++
					switch {
					case m == mp.ttMove:
					case mp.checks.GivesCheck(mp.pos, m):
						return m
					default:
						mp.passedOver++
					}
					continue
				}
				if m := mp.pickBest(mp.quiet.Slice()); m != mp.ttMove {
					return m
				}
			}
			mp.stage++
		case stageBadNoisy:
			if mp.badIdx < mp.nBad {
				mp.badIdx++
				return mp.bad[mp.badIdx-1]
			}
			mp.stage = stageDone
		default:
			return chess.NoMove
		}
	}
}

// pruneQuiets starts late move pruning: of the quiet moves not yet
// returned, the picker returns only those that give check (by checks, the
// check information of its position), in the order they stand (sorting
// them gains nothing), and passes over the others, which the search would
// prune, counting them for takePassedOver.
func (mp *movePicker) pruneQuiets(checks *chess.Checks) {
	mp.pruningQuiets, mp.checks = true, *checks
}

// takePassedOver returns the number of quiet moves passed over (see
// pruneQuiets) since it was last called; they came before the move
// nextMove returned last.
func (mp *movePicker) takePassedOver() int {
	n := mp.passedOver
	mp.passedOver = 0
	return n
}

// ttMoveLegal checks the hash move, which may come from a different
// position that shares a hash slot, with chess.Position.IsLegal: without
// generating moves, which a cutoff by the hash move then never needs.
func (mp *movePicker) ttMoveLegal() bool {
	return !(mp.use != forSearch && mp.ttMove.IsQuiet()) && mp.pos.IsLegal(mp.ttMove)
}

// isBadNoisy reports whether a noisy move goes to the deferred list: an
// under-promotion, or a capture that loses material.
func (mp *movePicker) isBadNoisy(m chess.Move) bool {
	if p := m.Promotion(); p != chess.NoPieceType && p != chess.Queen {
		return true
	}
	return !seeGE(mp.pos, m, 0)
}

func (mp *movePicker) scoreNoisy() {
	for i, m := range mp.noisy.Slice() {
		victim, piece := capturedType(mp.pos, m), mp.pos.PieceAt(m.From())
		s := int32(seeValue[victim])*8 + mp.tables.captures[piece][m.To()][victim]/4 - int32(piece.Type())
		if m.Promotion() == chess.Queen {
			s += int32(seeValue[chess.Queen]) * 8
		}
		mp.keys[i] = sortKey(s, i)
	}
}

func (mp *movePicker) scoreQuiet() {
	mp.threats = threatsTo(mp.pos)
	for i, m := range mp.quiet.Slice() {
		var s int32
		switch m {
		// Above any history score, which sums four tables of
		// ±historyMax each.
		case mp.killers[0]:
			s = 7 * historyMax
		case mp.killers[1]:
			s = 6 * historyMax
		case mp.counter:
			s = 5 * historyMax
		default:
			s = mp.quietValue(m, mp.pos.PieceAt(m.From()))
		}
		mp.keys[i] = sortKey(s, i)
	}
}

// quietHistory is quiet move m's history scores, by piece pc and the
// picker's rows.
func (mp *movePicker) quietHistory(m chess.Move, pc chess.Piece) int32 {
	return mp.tables.quietScore(mp.pos.SideToMove(), m, pc, &mp.rows)
}

// quietValue is the worth of quiet move m by piece pc, for its place in
// the order and for the search's pruning and reductions of moves that do
// not check: its history plus the threat adjustment, which counts from the
// quiet stage on (a quiet hash move, returned before it, is valued by its
// history alone).
func (mp *movePicker) quietValue(m chess.Move, pc chess.Piece) int32 {
	return mp.quietHistory(m, pc) + mp.threats.orderingScore(m, pc.Type())
}

// sortKey is the sort key of the move with the given score at index i of
// its list: the score above eight bits that hold MaxMoves-1-i, so that the
// greatest key is the first of the best-scored moves, and finding it needs
// no index alongside (see maxKey).
func sortKey(score int32, i int) int64 {
	return int64(score)<<8 | int64(chess.MaxMoves-1-i)
}

// keyScore and keyIndex are the score and the index a sort key holds.
func keyScore(key int64) int32 { return int32(key >> 8) }
func keyIndex(key int64) int   { return chess.MaxMoves - 1 - int(key&0xff) }

// pickBest swaps the best-scored remaining move of moves to position next
// and returns it (one step of a selection sort: moves after a cutoff are
// never sorted). Of equal scores, the first wins.
func (mp *movePicker) pickBest(moves []chess.Move) chess.Move {
	next := mp.next
	best := keyIndex(maxKey(mp.keys[next:len(moves)]))
	moves[next], moves[best] = moves[best], moves[next]
	// The move that was at next now stands at best (the key at next is
	// never read again).
	mp.keys[best] = sortKey(keyScore(mp.keys[next]), best)
	mp.next++
	return moves[next]
}

// maxKey returns the greatest of keys, which must not be empty. It is kept
// out of line on purpose: inlined, its result would feed the caller's
// loads, and the compiler then compiles the comparison to a branch instead
// of a conditional move, several instructions more a key.
//
//go:noinline
func maxKey(keys []int64) int64 {
	// Four keys a step, into two maxima that do not wait for each other:
	// the loop's own instructions are most of a one-key step.
	a, b := keys[0], keys[0]
	n := len(keys)
	for ; n >= 4; n -= 4 {
		q := (*[4]int64)(keys[n-4 : n])
		a, b = max(a, q[0], q[2]), max(b, q[1], q[3])
	}
	for _, k := range keys[:n] {
		a = max(a, k)
	}
	return max(a, b)
}

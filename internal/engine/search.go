package engine

import (
	"context"
	"math"
	"time"
	"unsafe"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/eval"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// frame is the search's state at one ply: the position (copy-make: each
// ply's position is a copy of its parent's with one move made), the move
// that led to it, its static evaluation and its principal variation.
type frame struct {
	pos chess.Position
	// inc is pos's incremental evaluation terms, kept move by move, when
	// the search evaluates with the hand-crafted evaluation.
	inc eval.Incremental
	// With a network, the searcher's accs[ply] is pos's accumulator pair,
	// updated lazily: accReady says it is up to date; if not, accChange
	// (what the move into pos changed) turns the parent's into it when
	// the position is evaluated (searcher.updateAccumulators).
	accChange  nnue.Change
	accReady   bool
	move       chess.Move  // the move that led here (NoMove at the root)
	movedPiece chess.Piece // the piece that made it
	staticEval Score
	excluded   chess.Move // the move a singular extension search leaves out (NoMove: none)
	doubleExts int        // double extensions on the path from the root to here
	pvLen      int
	pv         [maxPly + 1]chess.Move

	// pickers are the node's move pickers, kept here rather than on the
	// Go stack, where each node would clear a new one (several KiB): the
	// first for the node's own move loop, the second for the singular
	// extension search, which searches the same ply again from inside
	// that loop (and never nests further).
	pickers [2]movePicker
}

// setPV makes the frame's principal variation m followed by child's.
func (f *frame) setPV(m chess.Move, child *frame) {
	f.pv[0] = m
	copy(f.pv[1:], child.pv[:child.pvLen])
	f.pvLen = child.pvLen + 1
}

// boundOf says what a fail-soft score best means for a node searched with
// the window (alpha, beta).
func boundOf(best, alpha, beta Score) Bound {
	switch {
	case best >= beta:
		return Lower
	case best <= alpha:
		return Upper
	}
	return Exact
}

// rootMove is a legal move at the root with what the last search of it found.
type rootMove struct {
	move     chess.Move
	score    Score // -Infinite when it did not raise alpha this iteration
	prev     Score // its score in the previous iteration
	scoredAt int   // the iteration (root depth) that set score
	bound    Bound // score's kind: Lower after a fail high, Upper after a fail low
	selDepth int
	pv       []chess.Move
	nodes    uint64 // nodes spent searching it, over all iterations
}

// searcher is one search in progress. It is created per Search call and
// owned by its goroutine; the transposition table and ordering tables
// outlive it, in the Engine.
type searcher struct {
	eng    *Engine
	ctx    context.Context
	tt     *transTable
	tables *orderingTables
	corr   *correctionHistory
	limits Limits

	// evalCache and pawnKingCache hold the static evaluations and
	// eval.Default's pawn and king terms (which never change), per search
	// thread.
	evalCache     *evalCache
	pawnKingCache *eval.PawnKingCache

	// net is the network the search evaluates with (nil: eval.Default),
	// and accs its accumulator pairs, one per ply (the thread's, reused by
	// every search).
	net  *nnue.Network
	accs []nnue.Accumulator

	// threads is shared by the threads of a parallel search (nil for a
	// single thread); helper is set in the helpers' searchers.
	threads     *threadGroup
	helper      bool
	polledNodes uint64 // a helper's nodes at its last poll

	start     time.Time
	budget    timeBudget
	pondering bool
	nodeLimit uint64
	stopped   bool

	nodes     uint64
	selDepth  int
	rootDepth int

	// hashes holds the game's positions before the root, the root, and the
	// positions along the current search path (the last is the current node).
	hashes []uint64

	// prevScore is the score of the engine's search of the position two
	// plies before this root in the game (the side's previous move), or
	// -Infinite when the engine's last search was not of that position.
	prevScore Score

	rootMoves []rootMove
	completed []rootMove // the MultiPV lines of the last completed iteration
	pvIdx     int
	stack     [maxPly + 2]frame
}

// lmrReductions[d][n] is the late-move reduction at depth d for the n-th
// move: the usual logarithmic formula, lmrBase + ln d × ln n / lmrDivisor
// (margins.go).
var lmrReductions [64][64]int

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmrReductions[d][n] = int(lmrBase + math.Log(float64(d))*math.Log(float64(n))/lmrDivisor)
		}
	}
}

// evaluate is the static evaluation of the position at ply (the network's,
// eval.Network, when the search has one, else eval.Default's with the
// engine's pawn and king cache; either from the evaluation cache when it
// has it), shrunk towards a draw as the fifty-move count grows: by a
// quarter at 50 plies without a capture or pawn move, by nearly half at
// 100. A side ahead then prefers the moves that make progress, and a long
// shuffle is seen for the draw it is becoming. Not against a bare king:
// mating it takes up to 33 moves without either, and the evaluation's
// mop-up leads the way.
func (s *searcher) evaluate(ply int) Score {
	f := &s.stack[ply]
	p := &f.pos
	key := p.Hash()
	v, ok := s.evalCache.get(key)
	if !ok {
		if s.net != nil {
			s.updateAccumulators(ply)
			v = eval.Network(s.net, &s.accs[ply], p, s.pawnKingCache)
		} else {
			v = eval.Default.EvaluateCached(p, s.pawnKingCache, &f.inc)
		}
		s.evalCache.put(key, v)
	}
	if p.BareKing(chess.White) || p.BareKing(chess.Black) {
		return Score(v)
	}
	return Score(v * (200 - min(p.HalfmoveClock(), 100)) / 200)
}

// updateAccumulators brings the accumulator pair at ply up to date: from
// the nearest ancestor whose pair is (the root's always is), each frame's
// move change is applied in turn. Updating only when a position is
// evaluated spares the work for the positions that never are (a hash
// table cutoff, a draw, a position in check whose children are cut off,
// an evaluation found in the cache).
func (s *searcher) updateAccumulators(ply int) {
	k := ply
	for !s.stack[k].accReady {
		k--
	}
	for k < ply {
		k++
		s.net.Update(&s.accs[k], &s.accs[k-1], &s.stack[k].accChange)
		s.stack[k].accReady = true
	}
}

// checkStop sets stopped when the context is done or a limit is reached.
// Depth 1 always completes, so there is always a move to return.
func (s *searcher) checkStop() {
	if s.helper {
		s.stopped = s.threads.poll(s)
		return
	}
	if s.rootDepth <= 1 {
		return
	}
	if s.ctx.Err() != nil || (s.nodeLimit > 0 && s.totalNodes() >= s.nodeLimit) {
		s.stopped = true
		return
	}
	if s.pondering && s.eng.ponderHit.Load() {
		s.pondering = false
	}
	if !s.pondering && s.budget.hard > 0 && time.Since(s.start) >= s.budget.hard {
		s.stopped = true
	}
}

// node counts a visited node and polls the stop conditions every 1024
// nodes (and at every node when there is a node limit).
func (s *searcher) node() {
	s.nodes++
	if s.nodes&1023 == 0 || (s.nodeLimit > 0 && s.totalNodes() >= s.nodeLimit) {
		s.checkStop()
	}
}

// makeMove plays m from the position at ply into the frame at ply+1. It
// first prefetches the child's hash table bucket (prefetchChild), so moves
// that are pruned before they are made cost no prefetch.
func (s *searcher) makeMove(ply int, m chess.Move) *frame {
	parent, child := &s.stack[ply], &s.stack[ply+1]
	if m != chess.NullMove {
		s.prefetchChild(&parent.pos, m)
	}
	child.pos = parent.pos
	child.movedPiece = parent.pos.PieceAt(m.From())
	child.move = m
	child.doubleExts = parent.doubleExts
	if m == chess.NullMove {
		child.pos.MakeNullMove()
	} else {
		child.pos.MakeMove(m)
	}
	if s.net != nil {
		child.accChange = nnue.ChangeOf(&parent.pos, &child.pos)
		child.accReady = false
	} else {
		child.inc = parent.inc
		eval.Default.UpdateIncremental(&child.inc, &parent.pos, &child.pos)
	}
	s.hashes = append(s.hashes, child.pos.Hash())
	return child
}

// prefetchChild starts loading the hash table bucket of the position after
// m (by pos.HashHint), so that the child's probe, a few hundred
// instructions later, does not wait for memory.
func (s *searcher) prefetchChild(pos *chess.Position, m chess.Move) {
	prefetch(unsafe.Pointer(s.tt.bucket(pos.HashHint(m))))
}

func (s *searcher) unmakeMove() { s.hashes = s.hashes[:len(s.hashes)-1] }

// isDraw reports a draw by the fifty-move rule, by repetition (one earlier
// occurrence of the position within the reversible plies, in the search or
// in the game before the root), or by insufficient material.
func (s *searcher) isDraw(p *chess.Position) bool {
	hm := p.HalfmoveClock()
	if hm >= 100 && (!p.InCheck() || p.HasLegalMoves()) {
		return true
	}
	if chess.Repeated(s.hashes, hm) {
		return true
	}
	// Bare kings, or a single minor piece against a bare king.
	if p.ByType(chess.Pawn)|p.ByType(chess.Rook)|p.ByType(chess.Queen) == 0 &&
		!(p.ByType(chess.Knight) | p.ByType(chess.Bishop)).MoreThanOne() {
		return true
	}
	return false
}

func hasNonPawnMaterial(p *chess.Position, c chess.Color) bool {
	return p.ByColor(c)&^(p.ByType(chess.Pawn)|p.ByType(chess.King)) != 0
}

// search is the negamax alpha-beta search with principal variation search
// (PVS) below the root. It returns a fail-soft score for the position at ply
// from its side to move's point of view.
func (s *searcher) search(alpha, beta Score, depth, ply int, pvNode, cutNode bool) Score {
	f := &s.stack[ply]
	pos := &f.pos
	f.pvLen = 0
	inCheck := pos.InCheck()

	// Step 1. At the horizon, resolve captures with quiescence search.
	if depth <= 0 {
		return s.quiesce(alpha, beta, ply, pvNode)
	}

	// Step 2. Count the node and poll the stop conditions.
	s.node()
	if s.stopped {
		return 0
	}
	s.selDepth = max(s.selDepth, ply)
	if ply >= maxPly {
		return s.evaluate(ply)
	}

	// Step 3. Draws, and mate distance pruning: no line from here can be
	// better than mating at the next ply or worse than being mated now.
	if s.isDraw(pos) {
		return DrawScore
	}
	alpha = max(alpha, MatedIn(ply))
	beta = min(beta, MateIn(ply+1))
	if alpha >= beta {
		return alpha
	}

	// Step 4. Transposition table: a deep enough entry with a usable bound
	// ends the search of this node (not in PV nodes, to keep the PV whole).
	key := pos.Hash()
	excluded := f.excluded
	tte, ttHit := s.tt.probe(key)
	ttMove := chess.NoMove
	ttScore := -Infinite
	// ttPv: the position is, or was in an earlier search, on a principal
	// variation; such nodes are reduced less.
	ttPv := pvNode || ttHit && tte.pv
	if ttHit {
		ttMove = tte.move
		ttScore = scoreFromTT(tte.score, ply)
		if !pvNode && excluded == chess.NoMove && tte.depth >= depth &&
			(tte.bound == Exact || tte.bound == Lower && ttScore >= beta || tte.bound == Upper && ttScore <= alpha) {
			// A quiet hash move that fails high here is credited as if
			// it had been searched: the cutoff it stands for teaches the
			// history, killers and counter-move.
			if ttScore >= beta && ttMove != chess.NoMove && ttMove.IsQuiet() {
				rows := s.historyRows(ply)
				s.tables.recordCutoff(pos, ttMove, nil, f.move, f.movedPiece, &rows, ply, depth)
			}
			return ttScore
		}
	}

	// Step 5. Static evaluation, reused from the table when present and
	// adjusted by the correction history. The pruning below uses the
	// table's score instead when its bound says the position is better (or
	// worse) than the static evaluation thinks.
	rawEval, staticEval := -Infinite, -Infinite
	if !inCheck {
		rawEval = s.rawEval(ply, tte, ttHit)
		staticEval = s.corr.correct(pos, f.movedPiece, f.move.To(), rawEval)
	}
	f.staticEval = staticEval
	refined := staticEval
	if ttHit && !inCheck {
		refined = refinedEval(staticEval, ttScore, tte.bound)
	}
	improving := !inCheck && ply >= 2 && staticEval > s.stack[ply-2].staticEval
	// The opponent's last move, if quiet and not played in check, is
	// judged by how much it changed the static evaluation: a move that
	// made the position better for its side gains history, one that made
	// it worse loses some.
	if !inCheck && ply >= 1 && excluded == chess.NoMove && f.move != chess.NullMove && f.move.IsQuiet() && s.stack[ply-1].staticEval > -Infinite {
		s.tables.recordEvalChange(pos, f.move, f.movedPiece, s.stack[ply-1].staticEval+staticEval)
	}
	s.tables.killers[ply+1] = [2]chess.Move{}

	if !pvNode && !inCheck && excluded == chess.NoMove && beta > -MaxMateScore && beta < MaxMateScore {
		// Step 6. Reverse futility pruning: far enough above beta at low
		// depth, assume a quiet move keeps the score there.
		margin := Score(rfpMarginPerPly * depth)
		if improving {
			margin -= rfpImprovingBonus
		}
		if depth <= rfpMaxDepth && refined-margin >= beta {
			return refined
		}

		// Step 7. Null-move pruning: if passing still fails high with a
		// reduced search, a real move almost surely would too. Not in pawn
		// endings (zugzwang) and not twice in a row.
		if depth >= nullMoveMinDepth && refined >= beta && f.move != chess.NullMove && hasNonPawnMaterial(pos, pos.SideToMove()) {
			r := nullMoveBaseReduction + depth/nullMoveDepthDivisor + min(int(refined-beta)/nullMoveEvalDivisor, nullMoveMaxEvalReduction)
			s.makeMove(ply, chess.NullMove)
			score := -s.search(-beta, -beta+1, depth-1-r, ply+1, false, !cutNode)
			s.unmakeMove()
			if s.stopped {
				return 0
			}
			if score >= beta {
				if score > MaxMateScore {
					score = beta // do not trust a mate found by passing
				}
				return score
			}
		}
	}

	// Step 8. ProbCut: when a capture, searched with a null window well
	// above beta at a reduced depth, beats it, the full-depth search almost
	// surely would too (unless the table already says it does not).
	if !pvNode && !inCheck && excluded == chess.NoMove && depth >= probCutMinDepth && beta > -MaxMateScore && beta < MaxMateScore {
		probBeta := beta + probCutMargin
		if !(ttHit && tte.depth >= depth-probCutTableReduction && ttScore < probBeta) {
			if m, score := s.probCut(ply, depth, probBeta, ttMove, refined, cutNode); m != chess.NoMove {
				s.tt.store(key, ttEntry{move: m, score: scoreToTT(score, ply), eval: rawEval, depth: depth - probCutTableReduction, bound: Lower, pv: ttPv})
				return score
			}
			if s.stopped {
				return 0
			}
		}
	}

	// Step 9. Internal iterative reduction: without a hash move, ordering
	// will be poor, so search shallower and let the next iteration fix it.
	if depth >= iirMinDepth && ttMove == chess.NoMove {
		depth--
	}

	// Step 10. The move loop.
	rows := s.historyRows(ply)
	mp := &f.pickers[boolToInt(excluded != chess.NoMove)]
	mp.initSearch(pos, s.tables, ttMove, ply, f.move, f.movedPiece, rows)
	origAlpha := alpha
	best, bestMove := -Infinite, chess.NoMove
	moveCount := 0
	var checks chess.Checks // filled at the second move
	var quiets [64]chess.Move
	nQuiets := 0
	var noisies [32]chess.Move
	nNoisies := 0
	skipQuiets := false
	pm := prunedMove{depth: depth, improving: improving, eval: refined}
	for m := mp.nextMove(); m != chess.NoMove; m = mp.nextMove() {
		if m == excluded { // a singular extension search leaves it out
			continue
		}
		moveCount++
		if skipQuiets { // the quiet moves the picker passed over count as tried
			moveCount += mp.takePassedOver()
		}
		quiet := m.IsQuiet()

		// Step 11. Singular extension: when the hash move is much better
		// than every other move (a search without it, at half depth, fails
		// low below the hash score), it is searched a ply deeper, or two
		// plies outside PV nodes when the others fail low by a margin (a
		// bounded number of times on one path). When even
		// without it the search beats beta, the node fails high at once
		// (several moves refute the opponent's: multi-cut); when it is not
		// singular but its hash score beats beta, it is searched a ply
		// shallower (negative extension).
		extension := 0
		if m == ttMove && ply > 0 && ply < 2*s.rootDepth && excluded == chess.NoMove && depth >= singularMinDepth &&
			tte.depth >= depth-singularTableDepthSlack && tte.bound != Upper && !ttScore.IsMate() {
			singularBeta := ttScore - Score(singularMarginPerPly*depth)
			f.excluded = m
			score := s.search(singularBeta-1, singularBeta, (depth-1)/2, ply, false, cutNode)
			f.excluded = chess.NoMove
			if s.stopped {
				return 0
			}
			switch {
			case score < singularBeta-doubleExtensionMargin && !pvNode && f.doubleExts < maxDoubleExtensions:
				extension = 2
			case score < singularBeta:
				extension = 1
			case singularBeta >= beta:
				return singularBeta
			case ttScore >= beta:
				// Not singular, and expected to fail high anyway: the
				// other moves can share the work, so search it shallower.
				extension = -1
			}
		}

		// Whether m checks: by the node's check information once a second
		// move is asked about (most nodes that cut off do so at the first).
		var givesCheck bool
		if moveCount == 1 {
			givesCheck = pos.GivesCheck(m)
		} else {
			if moveCount == 2 {
				checks = pos.Checks()
			}
			givesCheck = checks.GivesCheck(pos, m)
		}
		// Check extension: a check that does not lose material is
		// searched a ply deeper, so forcing sequences are not cut short
		// by the horizon.
		if givesCheck && extension < 1 && seeGE(pos, m, 0) {
			extension = 1
		}
		// A quiet move's value decides its pruning and reduction: its
		// history plus the threat adjustment (escaping a cheaper attacker
		// counts for it, stepping into one against it), or for a check its
		// history alone: a check that offers a piece is how many tactics
		// start (a smothered mate's queen sacrifice).
		var hist int32
		if quiet {
			if pc := pos.PieceAt(m.From()); givesCheck {
				hist = mp.quietHistory(m, pc)
			} else {
				hist = mp.quietValue(m, pc)
			}
		}

		// Step 12. Shallow-depth pruning of moves unlikely to matter, once
		// a move that avoids being mated is in hand. Checks are kept unless
		// they give away much material: they are how most tactics start.
		if ply > 0 && best > -MaxMateScore && !inCheck {
			pm.move, pm.quiet, pm.givesCheck, pm.value, pm.moveCount, pm.alpha = m, quiet, givesCheck, hist, moveCount, alpha
			switch pm.decide(pos) {
			case pruneMove:
				continue
			case pruneLateQuiets: // past the second move: checks is filled
				skipQuiets = true
				mp.pruneQuiets(&checks)
				continue
			}
		}
		child := s.makeMove(ply, m)
		if extension == 2 {
			child.doubleExts++
		}
		newDepth := depth - 1 + extension

		// Step 13. Late move reductions: quiet moves late in the order are
		// searched shallower with a null window, and again at full depth
		// only if they surprise.
		var score Score
		if depth >= lmrMinDepth && moveCount > 1+boolToInt(pvNode) && (quiet || !seeGE(pos, m, 0)) {
			r := lmrReductions[min(depth, 63)][min(moveCount, 63)]
			if !pvNode {
				r++
			}
			if ttPv {
				r--
			}
			// A node expected to fail high needs no exact score for its
			// late moves; and after a capturing hash move, quiet moves
			// are unlikely to be better.
			if cutNode {
				r++
			}
			if quiet && ttMove != chess.NoMove && !ttMove.IsQuiet() {
				r++
			}
			if !improving {
				r++
			}
			// Checks, killers and the counter-move are likelier than other
			// late moves to matter.
			if givesCheck || m == mp.killers[0] || m == mp.killers[1] || m == mp.counter {
				r--
			}
			if quiet {
				r -= int(hist / lmrHistoryDivisor)
			} else {
				// A losing capture that has often cut off here before is
				// reduced less, one that has not more.
				r -= int(*s.tables.captureEntry(pos, m) / captureReductionScale)
			}
			r = max(0, min(r, newDepth-1))
			reduced := newDepth - r
			score = -s.search(-alpha-1, -alpha, reduced, ply+1, false, true)
			if score > alpha && r > 0 {
				// The re-search goes a ply deeper when the reduced search
				// beat the best score by far, and a ply shallower when it
				// barely beat it.
				if score > best+deeperMargin+Score(deeperMarginPerPly*newDepth) {
					newDepth++
				} else if score < best+shallowerMargin {
					newDepth--
				}
				if newDepth > reduced {
					score = -s.search(-alpha-1, -alpha, newDepth, ply+1, false, !cutNode)
				}
				// A quiet move that surprised the reduced search teaches
				// its continuation history whether the surprise held.
				if quiet {
					s.tables.recordReSearch(pos, m, &rows, newDepth, score > alpha)
				}
			}
		} else if !pvNode || moveCount > 1 {
			score = -s.search(-alpha-1, -alpha, newDepth, ply+1, false, !cutNode)
		}
		// Principal variation search: the first move of a PV node, and any
		// later move that beats alpha in the null window, get a full window.
		if pvNode && (moveCount == 1 || score > alpha && score < beta) {
			score = -s.search(-beta, -alpha, newDepth, ply+1, true, false)
		}
		s.unmakeMove()
		if s.stopped {
			return 0
		}

		if score > best {
			best = score
			if score > alpha {
				alpha, bestMove = score, m
				if pvNode {
					f.setPV(m, child)
				}
				if score >= beta {
					// A cutoff by a wide margin teaches the history as a
					// ply deeper one would.
					bonusDepth := depth + boolToInt(score > beta+wideCutoffMargin)
					if quiet {
						s.tables.recordCutoff(pos, m, quiets[:nQuiets], f.move, f.movedPiece, &rows, ply, bonusDepth)
						s.tables.penaliseCaptures(pos, noisies[:nNoisies], bonusDepth)
					} else {
						s.tables.recordCaptureCutoff(pos, m, noisies[:nNoisies], bonusDepth)
					}
					break
				}
			}
		}
		switch {
		case quiet && nQuiets < len(quiets):
			quiets[nQuiets] = m
			nQuiets++
		case !quiet && nNoisies < len(noisies):
			noisies[nNoisies] = m
			nNoisies++
		}
	}

	// Step 14. No legal move: checkmate or stalemate (or, in a singular
	// extension search, no move but the one left out).
	if moveCount == 0 {
		if excluded != chess.NoMove {
			return alpha
		}
		if inCheck {
			return MatedIn(ply)
		}
		return DrawScore
	}

	// Step 15. Store the result with its bound (not for a search that left
	// a move out: its result is not the position's). When the result says
	// the static evaluation was off (a score beyond it in the direction
	// its bound allows, not from a capture), teach the correction history.
	if excluded != chess.NoMove {
		return best
	}
	bound := boundOf(best, origAlpha, beta)
	s.tt.store(key, ttEntry{move: bestMove, score: scoreToTT(best, ply), eval: rawEval, depth: depth, bound: bound, pv: ttPv})
	if bestMove == chess.NoMove && (depth >= 4 || pvNode) {
		s.rewardRefutation(ply, depth, pvNode || cutNode || best < origAlpha-Score(clearRefutationMargin*depth))
	}
	if !inCheck && (bestMove == chess.NoMove || bestMove.IsQuiet()) && !best.IsMate() &&
		!(bound == Lower && best <= staticEval) && !(bound == Upper && best >= staticEval) {
		s.corr.update(pos, f.movedPiece, f.move.To(), depth, best-staticEval)
	}
	return best
}

// probCut is step 8 of search: it returns the first capture at ply whose
// exchange can win enough to reach probBeta from the evaluation eval and
// that beats probBeta in quiescence and then in a null-window search of
// depth-probCutReduction, with its score; or NoMove when there is none (or
// the search was stopped).
func (s *searcher) probCut(ply, depth int, probBeta Score, ttMove chess.Move, eval Score, cutNode bool) (chess.Move, Score) {
	pos := &s.stack[ply].pos
	mp := &s.stack[ply].pickers[0]
	mp.initProbCut(pos, s.tables, ttMove, probBeta-eval)
	for m := mp.nextMove(); m != chess.NoMove; m = mp.nextMove() {
		s.makeMove(ply, m)
		score := -s.quiesce(-probBeta, -probBeta+1, ply+1, false)
		if score >= probBeta {
			score = -s.search(-probBeta, -probBeta+1, depth-probCutReduction, ply+1, false, !cutNode)
		}
		s.unmakeMove()
		if s.stopped {
			return chess.NoMove, 0
		}
		if score >= probBeta {
			return m, score
		}
	}
	return chess.NoMove, 0
}

// rewardRefutation is called when every move at ply failed low (at depth
// 4 or more, or at a PV node): the opponent's move that led there, if
// quiet, refuted them all, and its continuation history in its own node's
// rows gains the history bonus of depth, twice that when clear (a PV or
// cut node, or a fail low by more than clearRefutationMargin per ply), as
// Stockfish 15.1 rewards the prior move.
func (s *searcher) rewardRefutation(ply, depth int, clear bool) {
	f := &s.stack[ply]
	if ply < 1 || f.move == chess.NullMove || !f.move.IsQuiet() {
		return
	}
	bonus := historyBonus(depth)
	if clear {
		bonus *= 2
	}
	rows := s.historyRows(ply - 1)
	rows.updateContinuation(f.movedPiece, f.move.To(), bonus)
}

// historyRows returns the history rows of the node at ply: its pawn
// structure's, and the continuation rows after the opponent's last move and
// after our own previous move (nil where there is no such move).
func (s *searcher) historyRows(ply int) historyRows {
	f := &s.stack[ply]
	cont1 := s.tables.contRowAfter(f.move, f.movedPiece)
	var cont2 *contRow
	if ply >= 1 {
		cont2 = s.tables.contRowAfter(s.stack[ply-1].move, s.stack[ply-1].movedPiece)
	}
	return s.tables.rows(&f.pos, cont1, cont2)
}

// rawEval is the uncorrected static evaluation of the position at ply: the
// table's when it has one, else computed.
func (s *searcher) rawEval(ply int, tte ttEntry, ttHit bool) Score {
	if ttHit && tte.eval > -Infinite && tte.eval < Infinite {
		return tte.eval
	}
	return s.evaluate(ply)
}

// pruneDecision is step 12's verdict on a move (prunedMove.decide).
type pruneDecision uint8

const (
	searchMove      pruneDecision = iota // search it
	pruneMove                            // skip it
	pruneLateQuiets                      // skip it, and from now on every quiet move that does not give check (late move pruning)
)

// prunedMove is what step 12 of search knows when it decides whether to
// prune a move not made in check: the node's depth, whether it is
// improving and its refined evaluation, set once per node; and the move,
// set per move.
type prunedMove struct {
	depth     int
	improving bool
	eval      Score // the node's static evaluation refined by the hash entry

	move       chess.Move
	quiet      bool
	givesCheck bool
	value      int32 // if quiet: history and threats (movePicker.quietValue); a check's history alone
	moveCount  int   // its number in the node's move loop, the moves passed over included
	alpha      Score
}

// decide says whether pm's move, in position pos, is pruned at shallow
// depth: a check or a capture only when it gives away much material, a
// quiet move by late move, history, futility or SEE pruning. When late
// move pruning starts, the search prunes every later quiet move but
// checks.
func (pm *prunedMove) decide(pos *chess.Position) pruneDecision {
	depth := pm.depth
	if pm.givesCheck || !pm.quiet {
		// A check or a capture that gives away too much material (a check
		// may give away twice as much: it is how most tactics start).
		perPly := Score(seePruneCapturePerPly)
		if pm.givesCheck {
			perPly = seePruneCheckPerPly
		}
		if depth <= seePruneNoisyDepth && !seeGE(pos, pm.move, -perPly*Score(depth)) {
			return pruneMove
		}
		return searchMove
	}
	// Late move pruning: at low depth, quiet moves this late in the order
	// almost never beat the earlier ones.
	if depth <= lateMovePruneDepth && pm.moveCount > lateMoveLimit(depth, pm.improving) {
		return pruneLateQuiets
	}
	// History pruning: at low depth, a quiet move that has mostly failed
	// where it was tried before, or that steps into a cheaper piece's
	// attack without a good history.
	if depth <= historyPruneDepth && pm.value < -historyPruneMargin*int32(depth) {
		return pruneMove
	}
	// Futility pruning: the (refined) evaluation plus a margin cannot
	// reach alpha.
	if depth <= futilityDepth && pm.eval+Score(futilityBase+futilityPerPly*depth) <= pm.alpha {
		return pruneMove
	}
	// A quiet move that hangs material.
	if depth <= seePruneQuietDepth && !seeGE(pos, pm.move, Score(-seePruneQuietPerPly*depth)) {
		return pruneMove
	}
	return searchMove
}

// refinedEval is the static evaluation corrected by a transposition table
// score: a lower bound above it, or an upper bound below it, is a better
// estimate of the position than the evaluation. Mate scores are not used.
func refinedEval(staticEval, ttScore Score, bound Bound) Score {
	if ttScore.IsMate() {
		return staticEval
	}
	if bound == Exact || bound == Lower && ttScore > staticEval || bound == Upper && ttScore < staticEval {
		return ttScore
	}
	return staticEval
}

func boolToInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// quiesce searches captures and queen promotions (all evasions when in
// check) until the position is quiet, so that the static evaluation is
// never taken in the middle of an exchange (the horizon effect).
func (s *searcher) quiesce(alpha, beta Score, ply int, pvNode bool) Score {
	f := &s.stack[ply]
	pos := &f.pos
	f.pvLen = 0

	// Step 1. Count the node; stop if asked.
	s.node()
	if s.stopped {
		return 0
	}
	s.selDepth = max(s.selDepth, ply)
	inCheck := pos.InCheck()
	if ply >= maxPly {
		if inCheck {
			return DrawScore
		}
		return s.evaluate(ply)
	}

	// Step 2. Transposition table cutoff (any depth will do here).
	key := pos.Hash()
	tte, ttHit := s.tt.probe(key)
	ttMove := chess.NoMove
	ttScore := -Infinite
	if ttHit {
		ttMove = tte.move
		ttScore = scoreFromTT(tte.score, ply)
		if !pvNode && (tte.bound == Exact || tte.bound == Lower && ttScore >= beta || tte.bound == Upper && ttScore <= alpha) {
			return ttScore
		}
	}

	// Step 3. Stand pat: the side to move may decline every capture, so
	// the static evaluation is a lower bound (not when in check); refined,
	// as in search, by the table's score when its bound says it is better.
	// At or above beta it fails high, returning the point halfway between
	// it and beta (a mate score as it is): the evaluation shows that beta
	// is reached, but overstates by how much.
	best := -Infinite
	rawEval, standPat := -Infinite, -Infinite
	if !inCheck {
		rawEval = s.rawEval(ply, tte, ttHit)
		standPat = s.corr.correct(pos, f.movedPiece, f.move.To(), rawEval)
		if ttHit {
			standPat = refinedEval(standPat, ttScore, tte.bound)
		}
		if standPat >= beta {
			return towardsBeta(standPat, beta, standPatBlend)
		}
		alpha = max(alpha, standPat)
		best = standPat
	}

	// Step 4. Captures (or evasions), best first; losing captures are
	// skipped by the picker.
	mp := &f.pickers[0]
	if inCheck { // every evasion, the quiet ones by the butterfly and pawn history
		mp.initSearch(pos, s.tables, ttMove, ply, f.move, f.movedPiece, s.tables.rows(pos, nil, nil))
	} else {
		mp.initQuiescence(pos, s.tables, ttMove)
	}
	origAlpha := alpha
	bestMove := chess.NoMove
	moveCount := 0
	for m := mp.nextMove(); m != chess.NoMove; m = mp.nextMove() {
		moveCount++
		// Delta pruning: even winning the captured piece for free (plus a
		// margin) would not reach alpha.
		if !inCheck && !m.IsPromotion() {
			if standPat+seeValue[capturedType(pos, m)]+deltaMargin <= alpha {
				continue
			}
		}
		child := s.makeMove(ply, m)
		score := -s.quiesce(-beta, -alpha, ply+1, pvNode)
		s.unmakeMove()
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha, bestMove = score, m
				if pvNode {
					f.setPV(m, child)
				}
				if score >= beta {
					break
				}
			}
		}
	}

	// Step 5. In check with no evasion: mate.
	if inCheck && moveCount == 0 {
		return MatedIn(ply)
	}

	// Step 6. A move's fail high (a capture's, or an evasion's) is pulled
	// a quarter of the way to beta, for the same reason as the stand
	// pat's (a mate score is not), then stored.
	if best >= beta {
		best = towardsBeta(best, beta, moveBlend)
	}
	s.tt.store(key, ttEntry{move: bestMove, score: scoreToTT(best, ply), eval: rawEval, depth: 0, bound: boundOf(best, origAlpha, beta), pv: pvNode || ttHit && tte.pv})
	return best
}

// towardsBeta pulls a quiescence fail high, score >= beta, towards beta:
// (weight × score + beta) / (weight + 1). A mate score, or a mate bound,
// is returned as it is.
func towardsBeta(score, beta, weight Score) Score {
	if score.IsMate() || beta.IsMate() {
		return score
	}
	return (weight*score + beta) / (weight + 1)
}

package engine

import (
	"context"
	"slices"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/eval"
)

// run is the iterative deepening driver: depth 1, 2, ... until a limit is
// reached, each iteration searching every MultiPV line with an aspiration
// window, and reporting progress after each.
func (s *searcher) run(p *Params, multiPV int) Result {
	root := &s.stack[0]
	maxDepth := maxPly - 1
	if p.Limits.Depth > 0 {
		maxDepth = min(p.Limits.Depth, maxDepth)
	}
	var result Result
	stable := 0 // iterations in a row with the same best move
	for s.rootDepth = 1; s.rootDepth <= maxDepth; s.rootDepth++ {
		s.keepPreviousScores()
		for s.pvIdx = 0; s.pvIdx < multiPV; s.pvIdx++ {
			s.selDepth = 0
			s.aspirate(root)
			if s.stopped {
				break
			}
			// The lines found so far, best first, as a later line may
			// score higher than an earlier one (their windows differ).
			slices.SortStableFunc(s.rootMoves[:s.pvIdx+1], byScore)
		}
		if s.stopped {
			if multiPV == 1 && s.unfinishedFoundBetter(result.BestMove) {
				result = s.result()
				s.report(p, multiPV)
			}
			break
		}
		if s.rootMoves[0].move == result.BestMove {
			stable++
		} else {
			stable = 0
		}
		result = s.result()
		s.snapshotLines(multiPV)
		s.report(p, multiPV)

		// Stop when the budget would not allow another iteration, or a
		// forced mate is found and the depth is well past its length
		// (2 × its moves + 6 plies: reductions can hide a shorter mate
		// from the first iterations that find one).
		if !s.timeForAnotherIteration(stable) {
			break
		}
		if s.budget.soft > 0 && !s.pondering && result.Score.IsMate() && s.rootDepth >= 2*absInt(result.Score.MateMoves())+6 {
			break
		}
	}
	if result.BestMove == chess.NoMove {
		result = s.result()
	}
	// The result may be an earlier iteration's; the nodes and time are
	// the whole search's, an iteration stopped unfinished included.
	result.Nodes, result.Time = s.totalNodes(), time.Since(s.start)
	return result
}

// keepPreviousScores starts an iteration: each root move's score becomes
// its previous one, the centre of its aspiration window.
func (s *searcher) keepPreviousScores() {
	for i := range s.rootMoves {
		s.rootMoves[i].prev = s.rootMoves[i].score
	}
}

// unfinishedFoundBetter reports whether the iteration that was stopped
// found a move better than best, the last completed iteration's: one whose
// own search completed and beat best's score in this iteration. Such a
// move, now first among the root moves, is the deeper search's choice.
func (s *searcher) unfinishedFoundBetter(best chess.Move) bool {
	rm := &s.rootMoves[0]
	return rm.scoredAt == s.rootDepth && rm.move != best
}

// timeForAnotherIteration reports whether the time budget lets the next
// iteration start, after one in which the best move has stayed the same for
// stable iterations. With no budget (or while pondering) it always does,
// and so does a fixed move time, whose hard limit stops the last iteration:
// "go movetime" promises to think that long. Otherwise it does before
// iterationDeadline.
func (s *searcher) timeForAnotherIteration(stable int) bool {
	if s.pondering || s.budget.soft == 0 || s.budget.fixed {
		return true
	}
	return time.Since(s.start) <= s.iterationDeadline(stable)
}

// iterationDeadline is the time after which no new iteration starts: a
// share of the soft budget, scaled for a flexible budget by how settled the
// best move is and how the score has moved since the side's previous move,
// once the search is deep enough for that to mean something.
func (s *searcher) iterationDeadline(stable int) time.Duration {
	limit := float64(s.budget.soft) * iterationStartShare
	if s.budget.flexible && s.rootDepth >= 6 && s.nodes > 0 {
		limit *= timeScale(stable, float64(s.rootMoves[0].nodes)/float64(s.nodes)) * fallingEvalScale(s.prevScore, s.rootMoves[0].score)
	}
	return time.Duration(limit)
}

// snapshotLines keeps a copy of the best n lines of the completed iteration
// (their PVs are reused by the next one), for a level's choice of move.
func (s *searcher) snapshotLines(n int) {
	s.completed = s.completed[:0]
	for _, rm := range s.rootMoves[:n] {
		rm.pv = slices.Clone(rm.pv)
		s.completed = append(s.completed, rm)
	}
}

func byScore(a, b rootMove) int { return int(b.score - a.score) }

func absInt(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// aspirate searches the current MultiPV line with a window around its
// previous score, widening the window until the score falls inside it.
func (s *searcher) aspirate(root *frame) {
	rm := &s.rootMoves[s.pvIdx]
	alpha, beta := -Infinite, Infinite
	delta := Score(aspirationDelta)
	if s.rootDepth >= 5 && rm.prev > -MaxMateScore && rm.prev < MaxMateScore {
		alpha, beta = max(rm.prev-delta, -Infinite), min(rm.prev+delta, Infinite)
	}
	// After a fail high, the search repeated with the wider window is a
	// ply shallower per fail high in a row (until a fail low): a move that
	// beat the window is likely to keep its advantage, and confirming it
	// quickly matters more than confirming it deeply.
	failedHigh := 0
	for {
		score := s.searchRoot(alpha, beta, max(1, s.rootDepth-failedHigh))
		// Best first, so a move that failed high is searched first next
		// time; the stable sort keeps the earlier order among moves that
		// did not raise alpha.
		slices.SortStableFunc(s.rootMoves[s.pvIdx:], byScore)
		if s.stopped {
			return
		}
		switch {
		case score <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinite)
			failedHigh = 0
		case score >= beta:
			beta = min(score+delta, Infinite)
			failedHigh++
		default:
			return
		}
		delta += delta / 2
	}
}

// searchRoot searches the root moves from pvIdx on to depth with the
// window (alpha, beta), recording each move's score and PV. Moves before
// pvIdx are the better MultiPV lines already found this iteration.
func (s *searcher) searchRoot(alpha, beta Score, depth int) Score {
	best := -Infinite
	for i := s.pvIdx; i < len(s.rootMoves); i++ {
		rm := &s.rootMoves[i]
		before := s.nodes
		child := s.makeMove(0, rm.move)
		var score Score
		if i == s.pvIdx {
			score = -s.search(-beta, -alpha, depth-1, 1, true, false)
		} else {
			score = -s.search(-alpha-1, -alpha, depth-1, 1, false, true)
			if score > alpha && score < beta {
				score = -s.search(-beta, -alpha, depth-1, 1, true, false)
			}
		}
		s.unmakeMove()
		rm.nodes += s.nodes - before
		if s.stopped {
			return best
		}
		if i == s.pvIdx || score > alpha {
			rm.score, rm.scoredAt, rm.bound = score, s.rootDepth, boundOf(score, alpha, beta)
			rm.selDepth = s.selDepth
			rm.pv = append(append(rm.pv[:0], rm.move), child.pv[:child.pvLen]...)
		} else {
			rm.score = -Infinite
		}
		if score > best {
			best = score
		}
		if score > alpha {
			alpha = score
			if alpha >= beta {
				break
			}
		}
	}
	return best
}

// result is the best line found so far.
func (s *searcher) result() Result {
	rm := &s.rootMoves[0]
	r := Result{
		BestMove: rm.move,
		Score:    rm.score,
		Depth:    s.rootDepth,
		Nodes:    s.totalNodes(),
		Time:     time.Since(s.start),
		PV:       slices.Clone(rm.pv),
	}
	if len(r.PV) == 0 {
		r.PV = []chess.Move{rm.move}
	}
	if r.Score == -Infinite {
		r.Score = rm.prev
	}
	if len(r.PV) > 1 {
		r.PonderMove = r.PV[1]
	}
	return r
}

// report sends one Info per MultiPV line to the progress callback.
func (s *searcher) report(p *Params, multiPV int) {
	if p.Progress == nil {
		return
	}
	elapsed := time.Since(s.start)
	nodes := s.totalNodes()
	nps := uint64(0)
	if elapsed > 0 {
		nps = uint64(float64(nodes) / elapsed.Seconds())
	}
	hashfull := s.tt.hashfull()
	for i := 0; i < multiPV; i++ {
		rm := &s.rootMoves[i]
		p.Progress(Info{
			Depth:    s.rootDepth,
			SelDepth: rm.selDepth,
			MultiPV:  i + 1,
			Score:    rm.score,
			Bound:    rm.bound,
			Nodes:    nodes,
			NPS:      nps,
			Time:     elapsed,
			Hashfull: hashfull,
			PV:       slices.Clone(rm.pv),
		})
	}
}

// newSearcher prepares a search of p.Position by worker w: root moves
// (restricted to SearchMoves if given), the repetition history and the
// limits. It returns w's searcher, cleared: the caller must hold e.mu, and
// nothing may keep a reference into the searcher after the search.
func (e *Engine) newSearcher(ctx context.Context, p *Params, w *worker) *searcher {
	if w.searcher == nil {
		w.searcher = new(searcher)
	}
	s := w.searcher
	*s = searcher{} // cleared in place: a composite literal would be built on the goroutine's stack first
	s.eng, s.ctx, s.tt, s.tables, s.corr = e, ctx, e.tt, &w.tables, &w.corr
	s.evalCache, s.pawnKingCache = &w.evalCache, &w.pawnKingCache
	s.limits, s.start = p.Limits, time.Now()
	s.pondering, s.nodeLimit = p.Limits.Ponder, p.Limits.Nodes
	s.budget = budgetFor(p.Limits, p.Position.SideToMove())
	s.stack[0].pos = *p.Position
	if s.net = e.net; s.net != nil {
		s.accs = w.accumulators(s.net)
		s.net.Refresh(&s.accs[0], p.Position)
		s.stack[0].accReady = true
	} else {
		s.stack[0].inc = eval.Default.IncrementalOf(p.Position)
	}
	s.stack[0].staticEval = -Infinite
	s.hashes = make([]uint64, 0, len(p.History)+maxPly+2)
	s.hashes = append(append(s.hashes, p.History...), p.Position.Hash())
	s.prevScore = -Infinite
	if n := len(s.hashes); e.last.ok && n >= 3 && s.hashes[n-3] == e.last.rootHash {
		s.prevScore = e.last.score
	}
	for _, m := range p.Position.LegalMoves() {
		if len(p.Limits.SearchMoves) == 0 || slices.Contains(p.Limits.SearchMoves, m) {
			s.rootMoves = append(s.rootMoves, rootMove{move: m, score: -Infinite, prev: -Infinite})
		}
	}
	return s
}

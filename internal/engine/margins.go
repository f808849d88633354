package engine

// The search's margins, depth limits and reduction shapes, in the order of
// search's numbered steps, each with where it came from:
//
//   - measured: kept after self-play (scripts/selfplay-ab, 20,000 nodes a
//     move; the result and commit are in docs/record/strength.md, "Engine
//     changes in self-play", where the alternatives tried are too);
//   - Stockfish: taken from Stockfish (11 to 15.1), not tuned here;
//   - a guess: a round value of the first search (5ae4ed8), common in
//     engines, never measured here unless an alternative is named.
//
// Changing one changes the bench's node count: measure it in self-play and
// give the result and the new count in the commit. The learning rates of the
// move-ordering histories are in history.go, the correction history's in
// correction.go, the time manager's shares in timeman.go.

// Iterative deepening (root.go).
const (
	// aspirationDelta is the initial half-width of the aspiration window
	// around the previous iteration's score; it grows by half on each
	// failure. Measured: 14 against 20, +15.4 ±14.9 over 1600 games
	// (44bd3ba); 10 against 14, +5.0 ±14.6 over 1600, not kept.
	aspirationDelta = 14
)

// Step 6. Reverse futility pruning: at depth <= rfpMaxDepth a node whose
// refined evaluation is at least rfpMarginPerPly × depth above beta
// (rfpImprovingBonus less when improving) returns it. A guess. Win at Chess
// solves more without it (docs/record/strength.md, "What Win at Chess misses");
// its variants lost in self-play.
const (
	rfpMaxDepth       = 7
	rfpMarginPerPly   = 80
	rfpImprovingBonus = 60
)

// Step 7. Null-move pruning, from nullMoveMinDepth, with the reduction
// nullMoveBaseReduction + depth/nullMoveDepthDivisor + min((eval − beta) /
// nullMoveEvalDivisor, nullMoveMaxEvalReduction): the common form of
// Stockfish's. 4 + depth/3 measured -2.8 ±18.8 (1000 games), not kept.
const (
	nullMoveMinDepth         = 3
	nullMoveBaseReduction    = 3
	nullMoveDepthDivisor     = 4
	nullMoveEvalDivisor      = 200
	nullMoveMaxEvalReduction = 3
)

// Step 8. ProbCut searches at depth-probCutReduction, from probCutMinDepth
// on, for a capture that beats beta by probCutMargin. Its cutoff is stored
// in the table at depth-probCutTableReduction, and a table entry at least
// that deep scoring below beta+probCutMargin skips it (ProbCut would fail).
// The reductions are Stockfish's, the margin a guess; together measured:
// +7.1 ±10.9 over 3000 games (cb2f49f).
const (
	probCutMinDepth       = 5
	probCutReduction      = 4
	probCutTableReduction = 3
	probCutMargin         = 200
)

// Step 9. Internal iterative reduction: a node without a hash move from
// iirMinDepth on is searched a ply shallower. A guess; two plies at PV and
// deep cut nodes measured +5.9 ±18.9, not kept.
const iirMinDepth = 4

// Step 11. Singular extension, from singularMinDepth (measured: 6 against
// 8, +11.5 ±18.8; 4, -9.7 ±18.8), when the hash entry is at most
// singularTableDepthSlack plies shallower than the node (Stockfish's), with
// the search without the hash move at half depth (Stockfish's) against the
// hash score minus singularMarginPerPly × depth (measured: 1 × depth lost
// -21.8 ±21.4; Stockfish 15.1's 3 × depth gained about +5 over 2000 games,
// not kept). A singular hash move is extended two plies instead of one when
// the search without it fails low by doubleExtensionMargin more, at most
// maxDoubleExtensions times on one path from the root (so the search ends):
// measured, +32.2 ±19.2 (8e61e4a).
const (
	singularMinDepth        = 6
	singularTableDepthSlack = 3
	singularMarginPerPly    = 2
	doubleExtensionMargin   = 20
	maxDoubleExtensions     = 6
)

// Step 12. Shallow-depth pruning (prunedMove.decide).
const (
	// A capture that gives away more than seePruneCapturePerPly × depth by
	// SEE, or a check more than seePruneCheckPerPly × depth, is pruned at
	// depth <= seePruneNoisyDepth. Captures: a guess (200 × depth measured
	// -6.9 ±18.8, not kept); checks: measured, +17.6 ±13.5 over 1972 games
	// (6e00730).
	seePruneNoisyDepth    = 6
	seePruneCapturePerPly = 100
	seePruneCheckPerPly   = 200

	// Late move pruning at depth <= lateMovePruneDepth, after
	// lateMoveLimit's count of quiet moves: Stockfish's shape.
	lateMovePruneDepth = 8

	// History pruning: a quiet move valued below -historyPruneMargin ×
	// depth is pruned at depth <= historyPruneDepth. Measured: +11.5 ±18.4
	// (0dc16ef).
	historyPruneDepth  = 4
	historyPruneMargin = 2048

	// Futility pruning: at depth <= futilityDepth, a quiet move is pruned
	// when the refined evaluation plus futilityBase + futilityPerPly ×
	// depth cannot reach alpha. A guess; 100 + 80 × depth measured +1.0
	// ±18.9, not kept.
	futilityDepth  = 6
	futilityBase   = 100
	futilityPerPly = 100

	// A quiet move that loses more than seePruneQuietPerPly × depth by SEE
	// is pruned at depth <= seePruneQuietDepth. A guess.
	seePruneQuietDepth  = 7
	seePruneQuietPerPly = 50
)

// lateMoveLimit is the number of quiet moves searched at low depth before
// the rest are pruned: (3 + depth²) / (2 − improving), Stockfish's.
func lateMoveLimit(depth int, improving bool) int {
	n := 3 + depth*depth
	if !improving {
		n /= 2
	}
	return n
}

// Step 13. Late move reductions.
const (
	// lmrBase and lmrDivisor shape the reduction table: lmrBase + ln depth
	// × ln moveNumber / lmrDivisor plies. The divisor is measured (2.75
	// against 2.25, +7.8 ±13.3 over 2000 games, 58ee620; 2.5 about +7.5);
	// the base a guess (0.5 measured +5.0 ±13.2 over 2000, not kept).
	lmrBase    = 0.75
	lmrDivisor = 2.75

	// Moves are reduced from lmrMinDepth on, after the first (the first
	// two at a PV node). A guess.
	lmrMinDepth = 3

	// A quiet move's reduction shrinks by a ply per lmrHistoryDivisor of
	// its value (grows when negative). A guess (0dc16ef); 8192 measured
	// +6.3 ±19.0 and -4.9 ±18.7, not kept.
	lmrHistoryDivisor = 12288

	// captureReductionScale: a losing capture's reduction shrinks by one
	// per captureReductionScale of its capture history (and grows when
	// negative). Measured: +19.1 ±18.9.
	captureReductionScale = 6144

	// After a reduced search beats alpha, its re-search is a ply deeper
	// when the score beats the best so far by more than deeperMargin plus
	// deeperMarginPerPly × the re-search's depth, and a ply shallower when
	// it beats it by less than shallowerMargin. Stockfish's idea, these
	// values measured: +19.1 ±18.8.
	deeperMargin       = 40
	deeperMarginPerPly = 2
	shallowerMargin    = 10
)

// Step 13, after the move: what the histories learn.
const (
	// wideCutoffMargin: a move that beats beta by more than this is
	// rewarded (and the moves tried before it penalised) in the histories
	// as at a ply more depth: a clear refutation is worth learning faster.
	// Stockfish's; measured +8.0 ±18.5 (823a153).
	wideCutoffMargin = 150

	// clearRefutationMargin: a node that fails low by more than this many
	// centipawns per ply of depth rewards the move that led to it twice
	// (rewardRefutation). Stockfish 15.1's; measured with the bonus, +8.3
	// ±10.8 over 3000 games (b5f31d2).
	clearRefutationMargin = 62
)

// Quiescence search.
const (
	// deltaMargin: a capture is skipped when winning the captured piece
	// for free, plus deltaMargin, would not reach alpha. A guess.
	deltaMargin = 200

	// A quiescence fail high is pulled towards beta (towardsBeta): the
	// stand pat by standPatBlend (halfway), a move's score by moveBlend (a
	// quarter of the way). Measured: +10.5 ±10.8 over 3000 games (5f6e99a).
	standPatBlend = 1
	moveBlend     = 3
)

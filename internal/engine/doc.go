// Package engine is Outpost's search: given a position, it finds a good move
// within limits of depth, nodes or time, at a chosen strength.
//
// The one entry point is (*Engine).Search(ctx, Params) Result. Progress
// (depth, score, nodes, speed, principal variations) streams through
// Params.Progress; the context cancels. The UCI loop, the web server and the
// terminal game all call it the same way. An Engine runs one search at a
// time and keeps its hash table between searches; use one Engine per
// concurrent search. One search may use several threads (Options.Threads,
// SetThreads; UCI's Threads option).
//
// Techniques, and the file each lives in:
//
//	root.go      iterative deepening; aspiration windows (searched a ply
//	             shallower per fail high in a row, the move that failed
//	             high first); MultiPV; root move ordering by the previous
//	             iteration; a stopped iteration's better move played;
//	             progress reports
//	search.go    negamax alpha-beta with principal variation search (PVS),
//	             numbered steps: check extension (for checks that do not
//	             lose material, SEE >= 0), draw detection (repetition
//	             including the game before the root, fifty-move rule, bare
//	             material), mate distance pruning, transposition table
//	             cutoffs (a quiet hash move's cutoff feeds the history),
//	             static evaluation (the network's, eval.Network, when the
//	             engine has one, network.go: its accumulator pair per
//	             ply updated lazily, only when a position is evaluated,
//	             from the nearest evaluated ancestor by the moves'
//	             nnue.Change; else the hand-crafted evaluation's, its
//	             material and piece-square sums
//	             kept move by move in each frame, eval.Incremental;
//	             corrected by correction.go, and shrunk towards a draw by
//	             the fifty-move count)
//	             refined by the table's bound, reverse futility pruning,
//	             null-move pruning, ProbCut (a capture that beats beta by
//	             a margin at a reduced depth cuts the node), internal
//	             iterative reduction, singular
//	             extension (double outside PV nodes, and multi-cut and
//	             negative extension), late-move / history /
//	             futility / SEE pruning at shallow depth (history pruning
//	             and late move reductions judge a quiet move that does not
//	             check by its history and threats, as the picker orders
//	             it; checks only
//	             by SEE, when they give away much material, decided with
//	             chess.GivesCheck before the move is made; once late move
//	             pruning starts, the picker passes over the quiet moves
//	             that do not give check), late move reductions (a ply less
//	             at nodes that are or were on a principal variation, by
//	             the table's pv flag, and for checks, killers and the
//	             counter-move; a losing capture by its capture history;
//	             the re-search after a reduced search that beat alpha a
//	             ply deeper when it beat the best score by far, a ply
//	             shallower when only just), the opponent's quiet move
//	             that made every move fail low rewarded in its
//	             continuation history; quiescence
//	             search with stand-pat, delta pruning, SEE filtering and
//	             check evasions, its fail highs pulled towards beta
//	margins.go   every margin, depth limit and reduction shape of the
//	             search's steps, each with where it came from (measured
//	             in self-play, Stockfish's, or a guess)
//	threads.go   parallel search ("lazy SMP") at full strength: helper
//	             threads search the same root with their own histories and
//	             caches, sharing the hash table; the main thread keeps the
//	             clock and reports, and plays a helper's move when it
//	             completed a deeper iteration with a score at least as good
//	tt.go        transposition table: 4-entry buckets, lockless (key XOR
//	             data) so the threads share it, depth/age replacement,
//	             a flag for positions searched as PV nodes,
//	             mate scores stored relative to the node; its memory on
//	             transparent huge pages on Linux (tt_alloc_linux.go), and
//	             the child's bucket prefetched as a move is made, not
//	             for the moves pruned before (prefetch_amd64.s, from
//	             chess.Position.HashHint)
//	movepick.go  staged move picker, readied for the main search, for
//	             quiescence or for ProbCut (its SEE threshold): hash move (checked with
//	             chess.Position.IsLegal, so a cutoff by it generates no
//	             moves), good captures (MVV-LVA
//	             and capture history, SEE >= 0), killers, counter-move,
//	             quiet moves by history and threats (a piece escaping a
//	             cheaper attacker first, one stepping into such an attack
//	             last; threats.go), bad captures
//	history.go   killer moves, counter-moves, butterfly, continuation,
//	             pawn-structure and capture history with gravity updates
//	             (on cutoffs, a cutoff by a wide margin as if a ply
//	             deeper; the continuation history also by the result
//	             of a late move's re-search after its reduced search; the
//	             butterfly and pawn history also by how much a quiet move
//	             changed the static evaluation)
//	correction.go
//	             correction history: the static evaluation adjusted by how
//	             far searches found it off for the same pawn structure,
//	             for the same pieces of each side and after the same last
//	             move (its piece and target)
//	evalcache.go the static evaluations of recent positions, by hash: the
//	             search evaluates many positions again whose evaluation the
//	             hash table does not keep (stand-pat and pruned nodes store
//	             nothing)
//	network.go   the evaluation in use: a network (Options.Network,
//	             SetNetwork) or the hand-crafted one; DefaultNetwork, the
//	             default: the network built into the binary
//	see.go       static exchange evaluation (threshold swap algorithm)
//	timeman.go   time manager: soft and hard budgets from the clock; the
//	             soft one stretched while the best move changes or shares
//	             the effort with others, shrunk when it is settled, and
//	             stretched when the score falls from the side's previous
//	             move (root.go); a fixed move time is used to its end
//	level.go     levels 1-8, classic and max: search caps plus a softmax
//	             choice among the best MultiPV candidates
//	strength.go  a strength by number (800-2800, UCI_Elo): its checks and
//	             the table of search limits a calibration re-fits
//	classic.go   the tutorials' search: fixed-depth alpha-beta in random
//	             move order with the classic evaluator, mates and draws
//	             scored correctly
//	bench.go     the bench: fixed positions to a fixed depth; its node
//	             count is the search's signature
//
// Evaluation lives in package eval; the rules of chess in package chess.
package engine

package engine

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/outpost-chess/outpost/internal/eval"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// MaxThreads is the most search threads SetThreads accepts.
const MaxThreads = 256

// worker is one search thread's own state: its searcher and the tables it
// learns from, which persist between searches as the hash table does. The
// hash table is the one thing the threads share.
type worker struct {
	// searcher is reused by every search of this thread (under the
	// engine's mu): its stack of frames is over a megabyte, and a new one
	// per search made the garbage collector run every few moves. See
	// newSearcher.
	searcher      *searcher
	tables        orderingTables
	corr          correctionHistory
	evalCache     evalCache
	pawnKingCache eval.PawnKingCache
	// accs are the accumulator pairs of accsNet, one per ply (see
	// accumulators).
	accs    []nnue.Accumulator
	accsNet *nnue.Network
}

// accumulators returns the worker's accumulator pairs for net, one per ply
// of the search stack, made on the first search with that network.
func (w *worker) accumulators(net *nnue.Network) []nnue.Accumulator {
	if w.accsNet != net {
		w.accs, w.accsNet = net.NewAccumulators(maxPly+2), net
	}
	return w.accs
}

// clear empties the worker's histories (Engine.Clear). Its caches need no
// clearing: what they hold depends only on the position.
func (w *worker) clear() {
	w.tables.clear()
	w.corr = correctionHistory{}
}

// SetThreads sets the number of search threads (1..MaxThreads). With more
// than one, a full-strength search is a parallel one ("lazy SMP"): the
// helper threads search the same root to the same depths with their own
// histories, sharing only the hash table, so each finds what the others
// stored and the main thread goes deeper in the same time. Weakened levels
// always search on one thread (their node caps mean one thread's nodes).
// It waits for a running search to finish; a thread's history is kept when
// the count changes.
func (e *Engine) SetThreads(n int) error {
	if n < 1 || n > MaxThreads {
		return fmt.Errorf("engine: %d threads out of range 1..%d", n, MaxThreads)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.setThreads(n)
	return nil
}

// Threads returns the number of search threads.
func (e *Engine) Threads() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.workers)
}

func (e *Engine) setThreads(n int) {
	for len(e.workers) < n {
		e.workers = append(e.workers, new(worker))
	}
	clear(e.workers[n:])
	e.workers = e.workers[:n]
}

// threadGroup is what the threads of one parallel search share besides the
// hash table: the order to stop, the helpers' node count and the search's
// node limit (0: none).
type threadGroup struct {
	stop        atomic.Bool
	helperNodes atomic.Uint64
	nodeLimit   uint64
}

// poll is a helper's stop check, every 1024 nodes: it adds the nodes
// searched since the last poll to the group's count and reports whether the
// main thread has ordered the stop or the helpers alone have reached the
// node limit. The main thread enforces the limit on the total; the helpers
// stop by themselves so that a main thread the operating system leaves
// waiting for a core cannot let them search on past it.
func (g *threadGroup) poll(s *searcher) bool {
	helpers := g.helperNodes.Add(s.nodes - s.polledNodes)
	s.polledNodes = s.nodes
	return g.stop.Load() || (g.nodeLimit > 0 && helpers >= g.nodeLimit)
}

// totalNodes is the nodes searched so far by the search s belongs to: its
// own, and in a parallel search's main thread the helpers' too (as last
// polled).
func (s *searcher) totalNodes() uint64 {
	if s.threads == nil {
		return s.nodes
	}
	return s.nodes + s.threads.helperNodes.Load()
}

// helperResult is the last iteration a helper completed (Depth 0: none),
// and its selective depth for the report.
type helperResult struct {
	Result
	selDepth int
}

// runThreads runs a parallel search: main (already prepared by newSearcher)
// searches on the calling goroutine as in a single-threaded search, with
// the time manager, the limits and the progress reports, while the other
// workers search the same root on goroutines of their own until main
// finishes. The move played is main's, unless a helper completed a deeper
// iteration with a score at least as good (Stockfish's rule before its
// vote): that helper saw further.
func (e *Engine) runThreads(ctx context.Context, p *Params, main *searcher, multiPV int) Result {
	g := &threadGroup{nodeLimit: main.nodeLimit}
	main.threads = g
	results := make([]helperResult, len(e.workers)-1)
	var wg sync.WaitGroup
	for i := range results {
		h := e.newSearcher(ctx, p, e.workers[i+1])
		h.threads, h.helper = g, true
		h.budget, h.nodeLimit, h.pondering = timeBudget{}, 0, false
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = h.runHelper(p.Limits.Depth)
		}()
	}
	r := main.run(p, multiPV)
	g.stop.Store(true)
	wg.Wait()
	r.Nodes = main.totalNodes()
	if multiPV > 1 {
		return r
	}
	best := -1
	for i, hr := range results {
		if hr.Depth > r.Depth && hr.Score >= r.Score && (best < 0 || hr.Depth > results[best].Depth) {
			best = i
		}
	}
	if best < 0 {
		return r
	}
	hr := results[best]
	nodes, elapsed := r.Nodes, r.Time
	r = hr.Result
	r.Nodes, r.Time = nodes, elapsed
	if p.Progress != nil {
		p.Progress(Info{
			Depth: r.Depth, SelDepth: hr.selDepth, MultiPV: 1, Score: r.Score, Nodes: r.Nodes,
			NPS: uint64(float64(r.Nodes) / max(r.Time.Seconds(), 1e-9)), Time: r.Time,
			Hashfull: main.tt.hashfull(), PV: slices.Clone(r.PV),
		})
	}
	return r
}

// runHelper is a helper thread's iterative deepening: the main thread's
// without the time manager and the reports, one line, until the group
// stops it (or maxDepth, if set, is done). It returns the last completed
// iteration.
func (s *searcher) runHelper(maxDepth int) helperResult {
	if maxDepth <= 0 {
		maxDepth = maxPly - 1
	}
	maxDepth = min(maxDepth, maxPly-1)
	root := &s.stack[0]
	var done helperResult
	for s.rootDepth = 1; s.rootDepth <= maxDepth; s.rootDepth++ {
		s.keepPreviousScores()
		s.pvIdx, s.selDepth = 0, 0
		s.aspirate(root)
		if s.stopped {
			break
		}
		done = helperResult{Result: s.result(), selDepth: s.rootMoves[0].selDepth}
	}
	s.threads.poll(s)
	return done
}

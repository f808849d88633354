package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// Options configure an Engine.
type Options struct {
	HashMB  int    // transposition table size in MiB (default 16)
	Threads int    // search threads (default 1; see SetThreads)
	Seed    uint64 // seeds the random choices of weakened levels; 0 picks one at random
	// Network is the network to evaluate with (see SetNetwork). When nil,
	// the engine evaluates with DefaultNetwork(), or with the hand-crafted
	// evaluation if that is nil too or HandCrafted is set.
	Network     *nnue.Network
	HandCrafted bool
}

// DefaultHashMB is the hash table size when Options.HashMB is 0.
const DefaultHashMB = 16

// Engine searches positions. One Engine runs one search at a time (a second
// concurrent Search waits for the first); use several Engines for
// concurrent searches. The hash table and move-ordering history persist
// between searches until Clear.
type Engine struct {
	mu     sync.Mutex // held for the whole of a search
	hashMB int
	tt     *transTable
	// workers are the search threads' own state; workers[0] is the main
	// thread's, the only one a weakened level or a single thread uses.
	workers   []*worker
	rng       *rand.Rand
	ponderHit atomic.Bool
	// net is the network the search evaluates with; nil means the
	// hand-crafted evaluation (eval.Default).
	net *nnue.Network
	// last is the root and score of the last search, for the time
	// manager of the next (see fallingEvalScale).
	last lastSearch
}

// lastSearch is a search's root position and the score it returned.
type lastSearch struct {
	rootHash uint64
	score    Score
	ok       bool
}

// New returns an engine with the given options.
func New(opts Options) *Engine {
	if opts.HashMB <= 0 {
		opts.HashMB = DefaultHashMB
	}
	seed := opts.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	net := opts.Network
	if net == nil && !opts.HandCrafted {
		net = DefaultNetwork()
	}
	e := &Engine{
		hashMB: opts.HashMB,
		tt:     newTransTable(opts.HashMB),
		rng:    rand.New(rand.NewPCG(seed, seed^0x5851F42D4C957F2D)),
		net:    net,
	}
	e.setThreads(max(1, min(opts.Threads, MaxThreads)))
	return e
}

// Search searches params.Position within params.Limits and params.Level and
// returns the best move found. Cancelling ctx stops the search; the result
// is then the best move of the last completed iteration, or a move the
// stopped iteration found better (searched completely). Depth 1 always
// completes, so a legal move is returned whenever one exists; with no legal
// move, BestMove is NoMove and Score says mate or stalemate. With a single
// legal move and a clock or movetime limit, it answers at once.
func (e *Engine) Search(ctx context.Context, params Params) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	// The flag is cleared when the search ends, not when it starts: a
	// ponderhit may arrive before this search has taken the lock.
	defer e.ponderHit.Store(false)
	e.tt.newSearch()

	level := params.Level
	if level.Classic {
		return e.searchClassic(ctx, &params)
	}
	params.Limits = level.restrict(params.Limits)
	multiPV := max(1, params.Limits.MultiPV, level.Candidates)

	s := e.newSearcher(ctx, &params, e.workers[0])
	s.budget = level.capBudget(s.budget)
	if len(s.rootMoves) == 0 {
		score := DrawScore
		if params.Position.InCheck() {
			score = MatedIn(0)
		}
		return Result{Score: score}
	}
	multiPV = min(multiPV, len(s.rootMoves))
	if len(s.rootMoves) == 1 && (s.budget.soft > 0) && !params.Limits.Ponder {
		return Result{BestMove: s.rootMoves[0].move, PV: []chess.Move{s.rootMoves[0].move}, Depth: 0, Time: time.Since(s.start)}
	}
	var r Result
	if len(e.workers) > 1 && level.FullStrength() {
		r = e.runThreads(ctx, &params, s, multiPV)
	} else {
		r = s.run(&params, multiPV)
	}
	e.last = lastSearch{rootHash: params.Position.Hash(), score: r.Score, ok: r.BestMove != chess.NoMove}
	if level.Candidates > 1 && len(s.completed) > 0 {
		r = level.choose(s.completed, r, e.rng)
	}
	return r
}

// PonderHit tells a search started with Limits.Ponder that the expected move
// was played: from now on the clock limits apply.
func (e *Engine) PonderHit() { e.ponderHit.Store(true) }

// Clear empties the hash table, move-ordering and correction history, and
// forgets the last search's score (UCI "ucinewgame").
// It waits for a running search to finish.
func (e *Engine) Clear() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tt.clear()
	for _, w := range e.workers {
		w.clear()
	}
	e.last = lastSearch{}
}

// SetHashMB resizes the hash table, which clears it. It waits for a running
// search to finish. When the machine cannot give the memory, it keeps a
// table of the size before and says so in its error.
func (e *Engine) SetHashMB(mb int) error {
	if mb < 1 || mb > MaxHashMB {
		return errHashSize(mb)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	t, err := allocTransTable(mb, false)
	if err != nil {
		// Perhaps with the old table's memory back.
		e.tt.release()
		if t, err = allocTransTable(mb, false); err != nil {
			e.tt = newTransTable(e.hashMB)
			return fmt.Errorf("engine: the machine cannot give %d MiB for the hash table (%v): it stays at %d MiB", mb, err, e.hashMB)
		}
	} else {
		e.tt.release()
	}
	e.hashMB, e.tt = mb, t
	return nil
}

// MaxHashMB is the largest hash table SetHashMB accepts.
const MaxHashMB = 32768

// HashMB returns the hash table size in MiB.
func (e *Engine) HashMB() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.hashMB
}

func errHashSize(mb int) error {
	return fmt.Errorf("engine: hash size %d MiB out of range 1..%d", mb, MaxHashMB)
}

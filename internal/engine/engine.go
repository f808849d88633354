package engine

import (
	"context"

	"github.com/outpost-chess/outpost/chess"
)

// Options configure an Engine.
type Options struct {
	HashMB int // transposition table size in MiB (default 16)
}

// Engine searches positions. One Engine runs one search at a time (Search
// is not reentrant); use several Engines for concurrent searches. Its hash
// table persists between searches until Clear.
type Engine struct {
	opts Options
}

// New returns an engine with the given options.
func New(opts Options) *Engine {
	if opts.HashMB <= 0 {
		opts.HashMB = 16
	}
	return &Engine{opts: opts}
}

// Search searches params.Position within params.Limits and returns the best
// move found. Cancelling ctx stops the search; the result is then the best
// move of the last completed iteration (at least depth 1 is always
// completed, so a legal move is returned whenever one exists).
func (e *Engine) Search(ctx context.Context, params Params) Result {
	// Placeholder until the real search lands: the first legal move.
	moves := params.Position.LegalMoves()
	if len(moves) == 0 {
		return Result{}
	}
	return Result{BestMove: moves[0], PV: moves[:1], Depth: 1}
}

// PonderHit tells a search started with Limits.Ponder that the expected move
// was played: from now on the clock limits apply.
func (e *Engine) PonderHit() {}

// Clear empties the hash table and history (UCI "ucinewgame").
func (e *Engine) Clear() {}

// SetHashMB resizes the hash table (which clears it).
func (e *Engine) SetHashMB(mb int) error { e.opts.HashMB = mb; return nil }

// HashMB returns the hash table size in MiB.
func (e *Engine) HashMB() int { return e.opts.HashMB }

var _ = chess.NoMove

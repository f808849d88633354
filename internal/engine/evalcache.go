package engine

import (
	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/eval"
)

// evalCache remembers the static evaluations (eval.Default's, before the
// search's fifty-move shrink) of recently evaluated positions by their
// hash. A search evaluates many positions again whose evaluation the hash
// table does not hold: nodes that return before storing anything (a
// quiescence node that stands pat, a cut by reverse futility or null-move
// pruning), revisited by another move order. Like the hash table, it takes
// positions with the same hash to be the same position.
//
// Its zero value is empty and ready; it is not safe for concurrent use.
type evalCache struct {
	entries [evalCacheSize]evalEntry
}

const evalCacheSize = 1 << 16

type evalEntry struct {
	key   uint64
	value int32
	full  bool // the entry holds the evaluation of the position with hash key
}

// evaluate returns eval.Default.EvaluateCached(p, pk, inc), from the cache
// when it has it.
func (c *evalCache) evaluate(p *chess.Position, pk *eval.PawnKingCache, inc *eval.Incremental) int {
	key := p.Hash()
	e := &c.entries[key&(evalCacheSize-1)]
	if e.full && e.key == key {
		return int(e.value)
	}
	v := eval.Default.EvaluateCached(p, pk, inc)
	*e = evalEntry{key: key, value: int32(v), full: true}
	return v
}

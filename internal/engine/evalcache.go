package engine

// evalCache remembers the static evaluations (before the search's
// fifty-move shrink) of recently evaluated positions by their hash. A search
// evaluates many positions again whose evaluation the hash table does not
// hold: nodes that return before storing anything (a quiescence node that
// stands pat, a cut by reverse futility or null-move pruning), revisited by
// another move order. Like the hash table, it takes positions with the same
// hash to be the same position. It holds one evaluator's scores: it must be
// cleared when the engine changes its evaluation (Engine.SetNetwork).
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

// get returns the evaluation stored for the position with hash key, if any.
func (c *evalCache) get(key uint64) (int, bool) {
	e := &c.entries[key&(evalCacheSize-1)]
	return int(e.value), e.full && e.key == key
}

// put stores v as the evaluation of the position with hash key.
func (c *evalCache) put(key uint64, v int) {
	c.entries[key&(evalCacheSize-1)] = evalEntry{key: key, value: int32(v), full: true}
}

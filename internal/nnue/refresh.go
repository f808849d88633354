package nnue

import "github.com/outpost-chess/outpost/chess"

// refreshCache is the refresh cache (after Stockfish's, first called
// "Finny tables"): for each perspective, king bucket and mirror, the
// accumulator of the last board that perspective was rebuilt for in that
// view, and that board. When a king move changes its side's view, the
// side's accumulator is rebuilt from the entry of the new view by adding
// and subtracting only the pieces that differ between the entry's board
// and the position's (a few, as the same king square tends to come back
// with most pieces where they were), instead of from the biases with a
// column per piece.
type refreshCache struct {
	buckets int // N, king buckets
	entries []cacheEntry
}

// cacheEntry is one view's accumulator and the board it is for.
type cacheEntry struct {
	acc   []int16
	board board
}

// newRefreshCache returns n's cache with every entry the empty board's
// accumulator: the biases.
func (n *Network) newRefreshCache() *refreshCache {
	nb := n.KingBucketCount()
	c := &refreshCache{buckets: nb, entries: make([]cacheEntry, 2*nb*2)}
	for i, acc := range alignedBlocks(len(c.entries), n.Hidden) {
		copy(acc, n.FeatureBias)
		c.entries[i].acc = acc
	}
	return c
}

// entry returns perspective p's entry for view v.
func (c *refreshCache) entry(p chess.Color, v view) *cacheEntry {
	i := (int(p)*c.buckets + v.base/Inputs) * 2
	if v.flip != 0 {
		i++
	}
	return &c.entries[i]
}

// rebuild sets perspective p's accumulator in a to the one of a's board in
// a's view, through the refresh cache: the entry of that view is brought
// to a's board, piece by piece that differs, then copied.
func (n *Network) rebuild(a *Accumulator, p chess.Color) {
	h, v := n.Hidden, a.views[p]
	e := a.cache.entry(p, v)
	acc := &e.acc[0]
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.King; t++ {
			pc := chess.NewPiece(c, t)
			now, was := a.board[pc], e.board[pc]
			for bb := now &^ was; bb != 0; bb = bb.WithoutFirst() {
				add(acc, acc, n.column(v.feature(p, pc, bb.First())), h)
			}
			for bb := was &^ now; bb != 0; bb = bb.WithoutFirst() {
				sub(acc, acc, n.column(v.feature(p, pc, bb.First())), h)
			}
		}
	}
	e.board = a.board
	copy(a.v[int(p)*h:int(p+1)*h], e.acc)
}

package nnue

import (
	"unsafe"

	"github.com/outpost-chess/outpost/chess"
)

// Accumulator holds a position's two accumulators, one per perspective: for
// each, FeatureBias plus the FeatureWeights columns of the features the
// position's pieces activate from that side's view (see [Shape.Feature]). A
// search keeps one per ply: [Network.Refresh] computes it from a position,
// [Network.Update] from the parent's after a move, at the cost of a few
// column additions and subtractions rather than one per piece.
//
// An Accumulator belongs to the network that made it (its size is the
// network's Hidden width); its zero value is unusable. The accumulators
// of one [Network.NewAccumulators] call share a refresh cache (for a
// network with king buckets), so one goroutine at a time may use them.
type Accumulator struct {
	// v is White's accumulator in v[:H] and Black's in v[H:2H].
	v []int16
	// views are each perspective's view of the board (its king's bucket
	// and mirror), and board the position's pieces: kept for a network
	// with king buckets, whose updates and output bucket read them.
	views [2]view
	board board
	cache *refreshCache
}

// accumulatorAlign is the alignment of an accumulator's values: a cache
// line, so that no 32-byte load straddles two.
const accumulatorAlign = 64

// alignedBlocks returns count slices of size int16 values each, in one
// allocation, each starting on a 64-byte boundary.
func alignedBlocks(count, size int) [][]int16 {
	const pad = accumulatorAlign / 2 // int16 values per alignment unit
	stride := (size + pad - 1) / pad * pad
	block := make([]int16, count*stride+pad)
	skip := int(uintptr(unsafe.Pointer(unsafe.SliceData(block)))%accumulatorAlign) / 2
	if skip != 0 {
		skip = pad - skip
	}
	s := make([][]int16, count)
	for i := range s {
		off := skip + i*stride
		s[i] = block[off : off+size : off+size]
	}
	return s
}

// NewAccumulators returns count accumulators for n, their values in one
// allocation, each starting on a 64-byte boundary, and (for a network
// with king buckets) the refresh cache they share.
func (n *Network) NewAccumulators(count int) []Accumulator {
	var cache *refreshCache
	if n.KingBuckets != nil {
		cache = n.newRefreshCache()
	}
	accs := make([]Accumulator, count)
	for i, v := range alignedBlocks(count, 2*n.Hidden) {
		accs[i].v, accs[i].cache = v, cache
	}
	return accs
}

// Perspective returns perspective c's accumulator values (Hidden of them).
// It is for tests and tools; the slice aliases the accumulator.
func (a *Accumulator) Perspective(c chess.Color) []int16 {
	h := len(a.v) / 2
	return a.v[int(c)*h : int(c+1)*h]
}

// column returns the first weight of feature f's column of FeatureWeights;
// Hidden weights follow it.
func (n *Network) column(f int) *int16 { return &n.FeatureWeights[f*n.Hidden] }

// columnOf returns the first weight of the column of the feature that pl
// activates in perspective c seeing the board as v.
func (n *Network) columnOf(v view, c chess.Color, pl placement) *int16 {
	return n.column(v.feature(c, pl.piece, pl.square))
}

// Refresh computes a from scratch for position p: the biases plus the
// column of every piece's feature, in each perspective.
func (n *Network) Refresh(a *Accumulator, p *chess.Position) {
	h := n.Hidden
	a.board = boardOf(p)
	for c := chess.White; c <= chess.Black; c++ {
		v := n.viewOf(c, p.KingSquare(c))
		a.views[c] = v
		acc := &a.v[int(c)*h]
		copy(a.v[int(c)*h:int(c+1)*h], n.FeatureBias)
		for bb := p.Occupied(); bb != 0; bb = bb.WithoutFirst() {
			sq := bb.First()
			add(acc, acc, n.column(v.feature(c, p.PieceAt(sq), sq)), h)
		}
	}
}

// Update sets dst to the accumulator of the position after a move, given src,
// the accumulator of the position before it, and ch, the move's [Change]. A
// quiet move costs one subtraction and one addition per perspective, fused
// with the copy from src; a capture, an en-passant capture or a promotion
// one more subtraction; castling two of each. dst and src may be the same.
// With king buckets, a king move that changes its side's bucket or mirror
// rebuilds that side's accumulator from the refresh cache instead.
//
// It is the search's inner loop, so it hands the kernels pointers: each is
// in bounds by construction (a column starts at most at (N×768−1)×H in
// N×768×H weights; the accumulators' lengths are checked once), where
// slices would be checked again at every step.
func (n *Network) Update(dst, src *Accumulator, ch *Change) {
	h := n.Hidden
	if len(dst.v) != 2*h || len(src.v) != 2*h {
		panic("nnue: Update with an accumulator of another network")
	}
	var rebuild [2]bool
	if n.KingBuckets != nil {
		dst.board = src.board
		dst.board.apply(ch)
		dst.views = src.views
		if ch.movesKing() {
			for c := chess.White; c <= chess.Black; c++ {
				if v := n.viewOf(c, dst.board.king(c)); v != dst.views[c] {
					dst.views[c], rebuild[c] = v, true
				}
			}
		}
	}
	for c := chess.White; c <= chess.Black; c++ {
		if rebuild[c] {
			n.rebuild(dst, c)
			continue
		}
		v := dst.views[c]
		d, s := &dst.v[int(c)*h], &src.v[int(c)*h]
		switch {
		case ch.nAdded == 1 && ch.nRemoved == 1:
			addSub(d, s, n.columnOf(v, c, ch.added[0]), n.columnOf(v, c, ch.removed[0]), h)
		case ch.nAdded == 1 && ch.nRemoved == 2:
			addSubSub(d, s, n.columnOf(v, c, ch.added[0]), n.columnOf(v, c, ch.removed[0]), n.columnOf(v, c, ch.removed[1]), h)
		case ch.nAdded == 2 && ch.nRemoved == 2:
			addAddSubSub(d, s, n.columnOf(v, c, ch.added[0]), n.columnOf(v, c, ch.added[1]),
				n.columnOf(v, c, ch.removed[0]), n.columnOf(v, c, ch.removed[1]), h)
		default: // a null move (nothing changed), or a change no legal move makes
			copy(dst.v[int(c)*h:int(c+1)*h], src.v[int(c)*h:int(c+1)*h])
			for _, pl := range ch.added[:ch.nAdded] {
				add(d, d, n.columnOf(v, c, pl), h)
			}
			for _, pl := range ch.removed[:ch.nRemoved] {
				sub(d, d, n.columnOf(v, c, pl), h)
			}
		}
	}
}

// CopyFrom sets a to src (both made for the same network).
func (a *Accumulator) CopyFrom(src *Accumulator) {
	copy(a.v, src.v)
	a.views, a.board = src.views, src.board
}

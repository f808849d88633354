package nnue

import (
	"unsafe"

	"github.com/outpost-chess/outpost/chess"
)

// Accumulator holds a position's two accumulators, one per perspective: for
// each, FeatureBias plus the FeatureWeights columns of the features the
// position's pieces activate from that side's view (see [FeatureIndex]). A
// search keeps one per ply: [Network.Refresh] computes it from a position,
// [Network.Update] from the parent's after a move, at the cost of a few
// column additions and subtractions rather than one per piece.
//
// An Accumulator belongs to the network that made it (its size is the
// network's Hidden width); its zero value is unusable.
type Accumulator struct {
	// v is White's accumulator in v[:H] and Black's in v[H:2H].
	v []int16
}

// accumulatorAlign is the alignment of an accumulator's values: a cache
// line, so that no 32-byte load straddles two.
const accumulatorAlign = 64

// NewAccumulators returns count accumulators for n, their values in one
// allocation, each starting on a 64-byte boundary.
func (n *Network) NewAccumulators(count int) []Accumulator {
	h := n.Hidden
	const pad = accumulatorAlign / 2 // int16 values per alignment unit
	stride := (2*h + pad - 1) / pad * pad
	block := make([]int16, count*stride+pad)
	skip := int(uintptr(unsafe.Pointer(unsafe.SliceData(block)))%accumulatorAlign) / 2
	if skip != 0 {
		skip = pad - skip
	}
	accs := make([]Accumulator, count)
	for i := range accs {
		off := skip + i*stride
		accs[i].v = block[off : off+2*h : off+2*h]
	}
	return accs
}

// Perspective returns perspective c's accumulator values (Hidden of them).
// It is for tests and tools; the slice aliases the accumulator.
func (a *Accumulator) Perspective(c chess.Color) []int16 {
	h := len(a.v) / 2
	return a.v[int(c)*h : int(c+1)*h]
}

// column returns feature f's column of FeatureWeights.
func (n *Network) column(f int) []int16 {
	h := n.Hidden
	return n.FeatureWeights[f*h : (f+1)*h : (f+1)*h]
}

// Refresh computes a from scratch for position p: the biases plus the
// column of every piece's feature, in each perspective.
func (n *Network) Refresh(a *Accumulator, p *chess.Position) {
	h := n.Hidden
	for c := chess.White; c <= chess.Black; c++ {
		acc := a.v[int(c)*h : int(c+1)*h]
		copy(acc, n.FeatureBias)
		for bb := p.Occupied(); bb != 0; bb = bb.WithoutFirst() {
			sq := bb.First()
			addInPlace(acc, n.column(FeatureIndex(c, p.PieceAt(sq), sq)))
		}
	}
}

// Update sets dst to the accumulator of the position after a move, given src,
// the accumulator of the position before it, and ch, the move's [Change]. A
// quiet move costs one subtraction and one addition per perspective, fused
// with the copy from src; a capture, an en-passant capture or a promotion
// one more subtraction; castling two of each. dst and src may be the same.
//
// It is the search's inner loop, so it hands the kernels pointers: each is
// in bounds by construction (a column starts at most at 767×H in 768×H
// weights; the accumulators' lengths are checked once), where slices
// would be checked again at every step.
func (n *Network) Update(dst, src *Accumulator, ch *Change) {
	h := n.Hidden
	if len(dst.v) != 2*h || len(src.v) != 2*h {
		panic("nnue: Update with an accumulator of another network")
	}
	for c := chess.White; c <= chess.Black; c++ {
		d, s := &dst.v[int(c)*h], &src.v[int(c)*h]
		switch {
		case ch.nAdded == 1 && ch.nRemoved == 1:
			addSub(d, s, n.columnOf(c, ch.added[0]), n.columnOf(c, ch.removed[0]), h)
		case ch.nAdded == 1 && ch.nRemoved == 2:
			addSubSub(d, s, n.columnOf(c, ch.added[0]), n.columnOf(c, ch.removed[0]), n.columnOf(c, ch.removed[1]), h)
		case ch.nAdded == 2 && ch.nRemoved == 2:
			addAddSubSub(d, s, n.columnOf(c, ch.added[0]), n.columnOf(c, ch.added[1]),
				n.columnOf(c, ch.removed[0]), n.columnOf(c, ch.removed[1]), h)
		default: // a null move (nothing changed), or a change no legal move makes
			acc := dst.v[int(c)*h : int(c+1)*h]
			copy(acc, src.v[int(c)*h:int(c+1)*h])
			for _, pl := range ch.added[:ch.nAdded] {
				addInPlace(acc, n.column(FeatureIndex(c, pl.piece, pl.square)))
			}
			for _, pl := range ch.removed[:ch.nRemoved] {
				subInPlace(acc, n.column(FeatureIndex(c, pl.piece, pl.square)))
			}
		}
	}
}

// columnOf returns the first weight of the column of the feature that pl
// activates in perspective c; Hidden weights follow it.
func (n *Network) columnOf(c chess.Color, pl placement) *int16 {
	return &n.FeatureWeights[FeatureIndex(c, pl.piece, pl.square)*n.Hidden]
}

// CopyFrom sets a's values to src's (both made for the same network).
func (a *Accumulator) CopyFrom(src *Accumulator) { copy(a.v, src.v) }

package engine

import (
	"sync/atomic"

	"github.com/outpost-chess/outpost/chess"
)

// transTable is the transposition table: a fixed-size array of 4-entry
// buckets (64 bytes, one cache line) indexed by the position hash.
//
// Each entry is two 64-bit words stored atomically: data, and key^data
// (Hyatt's lockless hashing). A reader recomputes the key from both words,
// so an entry torn by a concurrent writer simply fails to match. This makes
// the table safe to share between search threads without locks (the
// parallel search, threads.go); one search thread pays nothing for it.
//
// Replacement: an entry for the same position is always overwritten (unless
// the new data is shallower and not exact and the old entry is from this
// search); otherwise the entry with the lowest depth-minus-age value in the
// bucket is replaced, so old searches' entries go first.
//
// Clearing is lazy (see clear): the buckets are grouped in regions of
// ttRegionBuckets, each of which records the table's generation its
// entries belong to, and an entry counts only in a region of the table's
// current generation.
type transTable struct {
	buckets []ttBucket
	mask    uint64
	// regions holds each region's state: regionUntouched, regionBusy, or
	// the generation its entries belong to (regionFirstGen or more).
	regions []atomic.Uint64
	gen     uint64 // the current generation, advanced by clear
	age     uint8  // incremented per search; 5 bits stored
	free    func() // releases the buckets' memory now, or nil (see allocBuckets)
}

// ttRegionShift sets the size of a region: 1<<15 buckets, 2 MiB, the size
// of a transparent huge page, the unit in which the kernel backs the table
// where it can (allocBuckets).
const (
	ttRegionShift   = 15
	ttRegionBuckets = 1 << ttRegionShift
)

// A region's states besides a generation. A region is untouched until its
// first entry is written: its buckets are still the zeros they were made
// with. It is busy while one search thread zeroes it.
const (
	regionUntouched = iota
	regionBusy
	regionFirstGen
)

const ttBucketSize = 4

type ttBucket [ttBucketSize]ttSlot

type ttSlot struct {
	keyXorData atomic.Uint64
	data       atomic.Uint64
}

// ttEntry is the decoded content of a slot. Its packing in data:
//
//	bits  0-15 move
//	bits 16-31 score (int16, mate scores relative to the node, see scoreToTT)
//	bits 32-47 static evaluation (int16)
//	bits 48-55 depth (uint8, offset by ttDepthOffset so qsearch depths fit)
//	bits 56-57 bound
//	bit  58    pv
//	bits 59-63 age
type ttEntry struct {
	move  chess.Move
	score Score
	eval  Score
	depth int
	bound Bound
	pv    bool // the position was searched as a PV node, now or before (ttPv)
}

// ttDepthOffset lets quiescence depths (negative) fit the stored byte;
// ttPVShift places the pv flag, ttAgeShift and ttAgeMask the search age.
const (
	ttDepthOffset = 8
	ttPVShift     = 58
	ttAgeShift    = 59
	ttAgeMask     = 31
)

// newTransTable returns a table of the largest power of two of buckets
// within mb MiB, its memory from the Go heap if it cannot be mapped (see
// allocBuckets).
func newTransTable(mb int) *transTable {
	t, _ := allocTransTable(mb, true)
	return t
}

// allocTransTable is newTransTable, which fails instead of taking the Go
// heap when heap is false and the memory cannot be mapped.
func allocTransTable(mb int, heap bool) (*transTable, error) {
	n := uint64(mb) << 20 / 64
	// round down to a power of two so the index is a mask
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	t := &transTable{mask: size - 1, gen: regionFirstGen}
	var err error
	if t.buckets, t.free, err = allocBuckets(t, size, heap); err != nil {
		return nil, err
	}
	t.regions = make([]atomic.Uint64, (size+ttRegionBuckets-1)>>ttRegionShift)
	return t, nil
}

// release gives the table's memory back at once rather than when the
// garbage collector finds the table unreachable (which, for memory outside
// the Go heap, may be long after: two large tables would be held). The
// table must not be used again.
func (t *transTable) release() {
	if t.free != nil {
		t.free()
	}
	t.buckets, t.regions, t.mask, t.free = nil, nil, 0, nil
}

func (t *transTable) bucket(key uint64) *ttBucket { return &t.buckets[key&t.mask] }

// clear empties the table, at once and at any size, without touching its
// memory: it starts a new generation, in which every region holds an
// earlier one, so every entry is gone (probe finds none, store sees empty
// slots, hashfull counts none). The first store into a region after a
// clear zeroes the region (renew). Zeroing a 4 GiB table in place took
// 7-9 s, because it touched for the first time the pages no search had
// (docs/uci.md). The generation is 64 bits: it never comes round again.
// clear must not run during a search.
func (t *transTable) clear() {
	t.gen++
	t.age = 0
}

// newSearch starts a search: it ages the table so that entries from
// earlier searches are replaced first.
func (t *transTable) newSearch() {
	t.age = (t.age + 1) & ttAgeMask
}

// regionOf returns the index of the region of the bucket key falls in.
func (t *transTable) regionOf(key uint64) uint64 { return (key & t.mask) >> ttRegionShift }

// renew makes region i current, so that entries may be stored in it, and
// reports whether it is. A region holding an earlier generation is zeroed
// first (2 MiB: some 0.1 ms, once per region after a clear, paid by the
// search that first stores there; its pages are backed then if they were
// not); an untouched one is zero already. Search threads may race to renew
// a region: one claims it and zeroes it, and until it is done the others
// store nothing there and probe no entry there, as they would in an empty
// table; none reads its buckets before its state says they are current.
func (t *transTable) renew(i uint64) bool {
	r := &t.regions[i]
	old := r.Load()
	if old == t.gen {
		return true
	}
	if old == regionBusy || !r.CompareAndSwap(old, regionBusy) {
		return false
	}
	if old != regionUntouched {
		first := i << ttRegionShift
		clear(t.buckets[first:min(first+ttRegionBuckets, uint64(len(t.buckets)))])
	}
	r.Store(t.gen)
	return true
}

func pack(e ttEntry, age uint8) uint64 {
	return uint64(e.move) | uint64(uint16(int16(e.score)))<<16 | uint64(uint16(int16(e.eval)))<<32 |
		uint64(uint8(e.depth+ttDepthOffset))<<48 | uint64(e.bound)<<56 | uint64(boolToInt(e.pv))<<ttPVShift |
		uint64(age)<<ttAgeShift
}

// ageOf returns the search age stored in an entry's data.
func ageOf(d uint64) uint8 { return uint8(d >> ttAgeShift) }

func unpack(d uint64) ttEntry {
	return ttEntry{
		move:  chess.Move(d),
		score: Score(int16(d >> 16)),
		eval:  Score(int16(d >> 32)),
		depth: int(uint8(d>>48)) - ttDepthOffset,
		bound: Bound(d >> 56 & 3),
		pv:    d>>ttPVShift&1 != 0,
	}
}

// probe returns the entry stored for key, if any.
func (t *transTable) probe(key uint64) (ttEntry, bool) {
	if t.regions[t.regionOf(key)].Load() != t.gen {
		return ttEntry{}, false
	}
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		if b[i].keyXorData.Load()^d == key && d != 0 {
			return unpack(d), true
		}
	}
	return ttEntry{}, false
}

// store saves an entry for key following the replacement scheme above.
func (t *transTable) store(key uint64, e ttEntry) {
	if i := t.regionOf(key); t.regions[i].Load() != t.gen && !t.renew(i) {
		return
	}
	b := t.bucket(key)
	victim := 0
	worst := 1 << 30
	for i := range b {
		d := b[i].data.Load()
		if d == 0 || b[i].keyXorData.Load()^d == key {
			if d != 0 {
				old := unpack(d)
				if e.move == chess.NoMove {
					e.move = old.move // keep the old best move rather than none
				}
				if e.bound != Exact && e.depth+2 < old.depth && ageOf(d) == t.age {
					return
				}
			}
			victim = i
			break
		}
		// Prefer replacing shallow entries and entries from old searches.
		ageDiff := int((t.age - ageOf(d)) & ttAgeMask)
		if v := int(uint8(d>>48)) - 4*ageDiff; v < worst {
			worst, victim = v, i
		}
	}
	d := pack(e, t.age)
	b[victim].data.Store(d)
	b[victim].keyXorData.Store(key ^ d)
}

// hashfull returns the per-mille occupancy by entries of the current search,
// sampled over the first 250 buckets.
func (t *transTable) hashfull() int {
	if t.regions[0].Load() != t.gen {
		return 0
	}
	n, used := 0, 0
	for i := 0; i < 250 && i < len(t.buckets); i++ {
		for j := range t.buckets[i] {
			d := t.buckets[i][j].data.Load()
			n++
			if d != 0 && ageOf(d) == t.age {
				used++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return used * 1000 / n
}

// scoreToTT converts a mate score from "mate in n plies from the root" to
// "from this node", so the entry is valid wherever the position recurs.
func scoreToTT(s Score, ply int) Score {
	switch {
	case s > MaxMateScore:
		return s + Score(ply)
	case s < -MaxMateScore:
		return s - Score(ply)
	}
	return s
}

// scoreFromTT is the inverse of scoreToTT.
func scoreFromTT(s Score, ply int) Score {
	switch {
	case s > MaxMateScore:
		return s - Score(ply)
	case s < -MaxMateScore:
		return s + Score(ply)
	}
	return s
}

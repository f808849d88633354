package engine

import (
	"fmt"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// ttKey returns a key that falls in bucket b of t, distinguished by n.
func ttKey(t *transTable, b, n uint64) uint64 { return n<<40 | b&t.mask }

func TestTTRoundTrip(t *testing.T) {
	p := chess.StartingPosition()
	tests := []struct {
		name string
		e    ttEntry
	}{
		{"exact", ttEntry{move: p.LegalMoves()[0], score: 35, eval: -12, depth: 9, bound: Exact}},
		{"lower", ttEntry{move: chess.NullMove, score: -Infinite + 1, eval: Infinite - 1, depth: 0, bound: Lower}},
		{"upper", ttEntry{move: chess.NoMove, score: MateIn(7), eval: -Infinite, depth: -ttDepthOffset, bound: Upper}},
		{"deepest", ttEntry{move: chess.Move(0xFFFF), score: MatedIn(3), eval: Infinite, depth: 255 - ttDepthOffset, bound: Exact, pv: true}},
		{"pv", ttEntry{move: p.LegalMoves()[3], score: 12, eval: 7, depth: 4, bound: Upper, pv: true}},
		{"qsearch", ttEntry{move: p.LegalMoves()[19], score: -1, eval: 1, depth: -1, bound: Lower}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tt := newTransTable(1)
			key := uint64(0x9E3779B97F4A7C15)
			tt.store(key, tc.e)
			got, ok := tt.probe(key)
			if !ok {
				t.Fatalf("probe after store: not found")
			}
			if got != tc.e {
				t.Errorf("probe = %+v, want %+v", got, tc.e)
			}
			if _, ok := tt.probe(key ^ 1<<50); ok {
				t.Errorf("probe of another key in the same bucket found an entry")
			}
		})
	}
}

func TestTTMateScoresByPly(t *testing.T) {
	// A node at ply k whose best line mates n plies below it has the
	// root-relative score MateIn(k+n). Stored, it must read back as mate in
	// n from any node where the same position recurs, at any ply.
	for _, k := range []int{0, 1, 5, 40} {
		for _, n := range []int{1, 2, 9} {
			win, loss := MateIn(k+n), MatedIn(k+n)
			if got, want := scoreToTT(win, k), MateIn(n); got != want {
				t.Errorf("scoreToTT(MateIn(%d), ply %d) = %d, want MateIn(%d) = %d", k+n, k, got, n, want)
			}
			if got, want := scoreToTT(loss, k), MatedIn(n); got != want {
				t.Errorf("scoreToTT(MatedIn(%d), ply %d) = %d, want MatedIn(%d) = %d", k+n, k, got, n, want)
			}
			for _, j := range []int{0, 3, 17} {
				if got, want := scoreFromTT(scoreToTT(win, k), j), MateIn(j+n); got != want {
					t.Errorf("mate in %d stored at ply %d, read at ply %d = %d, want %d", n, k, j, got, want)
				}
				if got, want := scoreFromTT(scoreToTT(loss, k), j), MatedIn(j+n); got != want {
					t.Errorf("mated in %d stored at ply %d, read at ply %d = %d, want %d", n, k, j, got, want)
				}
			}
		}
	}
	// Ordinary scores pass through unchanged; the two are inverses.
	for _, s := range []Score{0, 1, -1, 250, -900, MaxMateScore, -MaxMateScore, MateIn(0), MatedIn(0), MateIn(60), MatedIn(60)} {
		for _, ply := range []int{0, 1, 30, maxPly} {
			if !s.IsMate() {
				if got := scoreToTT(s, ply); got != s {
					t.Errorf("scoreToTT(%d, %d) = %d, want it unchanged", s, ply, got)
				}
			}
			if got := scoreFromTT(scoreToTT(s, ply), ply); got != s {
				t.Errorf("scoreFromTT(scoreToTT(%d, %d)) = %d", s, ply, got)
			}
		}
	}
}

func TestTTReplacement(t *testing.T) {
	m1 := chess.StartingPosition().LegalMoves()[0]
	m2 := chess.StartingPosition().LegalMoves()[1]
	tests := []struct {
		name string
		run  func(t *testing.T, tt *transTable)
	}{
		{"same key overwritten", func(t *testing.T, tt *transTable) {
			k := ttKey(tt, 3, 1)
			tt.store(k, ttEntry{move: m1, score: 10, depth: 5, bound: Lower})
			tt.store(k, ttEntry{move: m2, score: 20, depth: 6, bound: Exact})
			if got, _ := tt.probe(k); got.score != 20 || got.move != m2 {
				t.Errorf("probe = %+v, want the second store", got)
			}
			if n := usedSlots(tt, 3); n != 1 {
				t.Errorf("bucket holds %d entries, want 1 (same key reuses its slot)", n)
			}
		}},
		{"same key keeps old move when new has none", func(t *testing.T, tt *transTable) {
			k := ttKey(tt, 3, 1)
			tt.store(k, ttEntry{move: m1, score: 10, depth: 5, bound: Exact})
			tt.store(k, ttEntry{move: chess.NoMove, score: -30, depth: 5, bound: Upper})
			if got, _ := tt.probe(k); got.move != m1 || got.score != -30 || got.bound != Upper {
				t.Errorf("probe = %+v, want score -30, Upper, the old move %v", got, m1)
			}
		}},
		{"same key not overwritten by much shallower bound", func(t *testing.T, tt *transTable) {
			k := ttKey(tt, 3, 1)
			tt.store(k, ttEntry{move: m1, score: 10, depth: 12, bound: Exact})
			tt.store(k, ttEntry{move: m2, score: 99, depth: 2, bound: Lower})
			if got, _ := tt.probe(k); got.depth != 12 || got.score != 10 {
				t.Errorf("probe = %+v, want the deep entry kept", got)
			}
			// From a later search the deep entry is stale and gives way.
			tt.newSearch()
			tt.store(k, ttEntry{move: m2, score: 99, depth: 2, bound: Lower})
			if got, _ := tt.probe(k); got.depth != 2 || got.score != 99 {
				t.Errorf("probe = %+v, want the new entry in a new search", got)
			}
		}},
		{"full bucket: shallowest replaced", func(t *testing.T, tt *transTable) {
			depths := []int{7, 3, 9, 5}
			for i, d := range depths {
				tt.store(ttKey(tt, 5, uint64(i+1)), ttEntry{move: m1, score: Score(i), depth: d, bound: Exact})
			}
			newKey := ttKey(tt, 5, 99)
			tt.store(newKey, ttEntry{move: m2, score: 42, depth: 4, bound: Exact})
			if _, ok := tt.probe(newKey); !ok {
				t.Fatalf("new entry not stored")
			}
			if _, ok := tt.probe(ttKey(tt, 5, 2)); ok {
				t.Errorf("the depth-3 entry survived; it should have been replaced")
			}
			for _, i := range []int{0, 2, 3} {
				if _, ok := tt.probe(ttKey(tt, 5, uint64(i+1))); !ok {
					t.Errorf("the depth-%d entry was replaced, want the shallowest (3) to go", depths[i])
				}
			}
		}},
		{"full bucket: old search replaced before deeper current", func(t *testing.T, tt *transTable) {
			old := ttKey(tt, 6, 1)
			tt.store(old, ttEntry{move: m1, depth: 8, bound: Exact})
			for range 3 {
				tt.newSearch()
			}
			for i := 2; i <= 4; i++ {
				tt.store(ttKey(tt, 6, uint64(i)), ttEntry{move: m1, depth: 6, bound: Exact})
			}
			tt.store(ttKey(tt, 6, 99), ttEntry{move: m2, depth: 1, bound: Exact})
			if _, ok := tt.probe(old); ok {
				t.Errorf("the old deep entry survived; entries of old searches should go first")
			}
			for i := 2; i <= 4; i++ {
				if _, ok := tt.probe(ttKey(tt, 6, uint64(i))); !ok {
					t.Errorf("current entry %d was replaced", i)
				}
			}
		}},
		{"torn entry not returned", func(t *testing.T, tt *transTable) {
			k := ttKey(tt, 9, 7)
			tt.store(k, ttEntry{move: m1, score: 10, depth: 5, bound: Exact})
			b := tt.bucket(k)
			for i := range b {
				if d := b[i].data.Load(); d != 0 {
					// A concurrent writer replaced data but not yet keyXorData.
					b[i].data.Store(pack(ttEntry{move: m2, score: -500, depth: 20, bound: Lower}, tt.age))
				}
			}
			if got, ok := tt.probe(k); ok {
				t.Errorf("probe of a torn entry = %+v, want not found", got)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, newTransTable(1)) })
	}
}

// usedSlots counts the occupied slots of bucket b.
func usedSlots(tt *transTable, b uint64) int {
	n := 0
	for i := range tt.buckets[b] {
		if tt.buckets[b][i].data.Load() != 0 {
			n++
		}
	}
	return n
}

func TestTTHashfullAndClear(t *testing.T) {
	tt := newTransTable(1)
	if got := tt.hashfull(); got != 0 {
		t.Fatalf("empty table hashfull = %d, want 0", got)
	}
	prev := 0
	for b := uint64(0); b < 250; b += 25 {
		for i := range uint64(ttBucketSize) {
			tt.store(ttKey(tt, b+i, i+1), ttEntry{move: chess.NullMove, depth: 1, bound: Exact})
		}
		got := tt.hashfull()
		if got <= prev {
			t.Errorf("after filling more of the table, hashfull = %d, want more than %d", got, prev)
		}
		prev = got
	}
	tt.newSearch()
	if got := tt.hashfull(); got != 0 {
		t.Errorf("hashfull after newSearch = %d, want 0 (it counts the current search's entries)", got)
	}
	tt.store(ttKey(tt, 0, 5), ttEntry{move: chess.NullMove, depth: 1})
	tt.clear()
	if got := tt.hashfull(); got != 0 {
		t.Errorf("hashfull after clear = %d, want 0", got)
	}
	for b := range tt.buckets {
		if n := usedSlots(tt, uint64(b)); n != 0 {
			t.Fatalf("bucket %d has %d entries after clear", b, n)
		}
	}
}

func TestTTSize(t *testing.T) {
	for _, mb := range []int{1, 2, 3, 5, 16, 17, 33} {
		tt := newTransTable(mb)
		n := uint64(len(tt.buckets))
		if n == 0 || n&(n-1) != 0 {
			t.Errorf("newTransTable(%d): %d buckets, want a power of two", mb, n)
		}
		if tt.mask != n-1 {
			t.Errorf("newTransTable(%d): mask %#x, want %#x", mb, tt.mask, n-1)
		}
		bytes := n * 64
		if bytes > uint64(mb)<<20 || bytes*2 <= uint64(mb)<<20 {
			t.Errorf("newTransTable(%d): %d bytes, want the largest power of two within %d MiB", mb, bytes, mb)
		}
	}
}

// TestTTAgeAndPVBitsApart checks that the pv flag and the search age share
// the top byte without touching each other.
func TestTTAgeAndPVBitsApart(t *testing.T) {
	e := ttEntry{move: chess.Move(0x1234), score: -77, eval: 55, depth: 12, bound: Lower}
	for _, pv := range []bool{false, true} {
		for _, age := range []uint8{0, 1, ttAgeMask} {
			e.pv = pv
			d := pack(e, age)
			if got := ageOf(d); got != age {
				t.Errorf("pv %v, age %d: ageOf = %d", pv, age, got)
			}
			if got := unpack(d); got != e {
				t.Errorf("pv %v, age %d: unpack = %+v, want %+v", pv, age, got, e)
			}
		}
	}
}

// BenchmarkClearHash measures clearing a hash table, as "ucinewgame" and
// "Clear Hash" do: just made ("fresh", as after "setoption name Hash"),
// and in use ("used": a search has run and every page has been written).
// Run it with -benchtime 5x: each fresh run maps a new table.
func BenchmarkClearHash(b *testing.B) {
	for _, mb := range []int{16, 1024} {
		b.Run(fmt.Sprintf("%dMB/fresh", mb), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				t := newTransTable(mb)
				b.StartTimer()
				t.clear()
				b.StopTimer()
				t.release()
				b.StartTimer()
			}
		})
		b.Run(fmt.Sprintf("%dMB/used", mb), func(b *testing.B) {
			t := newTransTable(mb)
			defer t.release()
			for range b.N {
				b.StopTimer()
				t.newSearch()
				for i := range t.buckets { // one write per 64-byte bucket: every page
					t.buckets[i][0].data.Store(1)
				}
				b.StartTimer()
				t.clear()
			}
		})
	}
}

// TestClearHash checks that clear empties a used table, and that a table is
// empty after it has been cleared, resized or released and made again.
func TestClearHash(t *testing.T) {
	tt := newTransTable(16)
	defer tt.release()
	key := func(i int) uint64 { return ttKey(tt, uint64(i)*uint64(len(tt.buckets))/100, 7) }
	tt.newSearch()
	for i := range 100 {
		tt.store(key(i), ttEntry{move: 1, score: 5, depth: 3, bound: Exact})
	}
	if _, ok := tt.probe(key(99)); !ok {
		t.Fatal("stored entry not found")
	}
	tt.clear()
	for i := range 100 {
		if e, ok := tt.probe(key(i)); ok {
			t.Fatalf("entry %d found after clear: %+v", i, e)
		}
	}
	for i := range tt.buckets {
		if tt.buckets[i] != (ttBucket{}) {
			t.Fatalf("bucket %d not zero after clear", i)
		}
	}
	if tt.used || tt.age != 0 {
		t.Errorf("after clear: used %v, age %d", tt.used, tt.age)
	}
	tt.clear() // unused: nothing to do, and still empty
	if _, ok := tt.probe(key(0)); ok {
		t.Error("entry found after a second clear")
	}
}

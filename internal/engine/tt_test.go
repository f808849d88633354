package engine

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
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
	tt.store(ttKey(tt, 0, 5), ttEntry{move: chess.NullMove, depth: 1})
	if got := tt.hashfull(); got != 1 {
		t.Errorf("hashfull after clear and one store = %d, want 1 (1 of 1000 slots)", got)
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
// "Clear Hash" do, just made ("fresh", as after "setoption name Hash") and
// in use ("used": a search has run and every page has been written), and
// the zeroing that the first store into each region pays after a clear
// ("renew").
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
		t := newTransTable(mb)
		fill := func() {
			t.newSearch()
			for i := range uint64(len(t.buckets)) { // one entry per 64-byte bucket: every page
				t.store(i, ttEntry{move: 1, depth: 1, bound: Exact})
			}
		}
		b.Run(fmt.Sprintf("%dMB/used", mb), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				fill()
				b.StartTimer()
				t.clear()
			}
		})
		b.Run(fmt.Sprintf("%dMB/renew", mb), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				fill()
				t.clear()
				b.StartTimer()
				for i := range uint64(len(t.regions)) {
					t.renew(i)
				}
			}
		})
		t.release()
	}
}

// TestClearHash checks that no entry stored before a clear is found after
// it, in any region of the table, and that entries stored after it are;
// that a store after a clear finds its bucket empty; and that a table is
// empty after clears in a row.
func TestClearHash(t *testing.T) {
	tt := newTransTable(16) // 8 regions
	defer tt.release()
	const n = 100
	key := func(i, gen int) uint64 { return ttKey(tt, uint64(i)*uint64(len(tt.buckets))/n, uint64(gen)) }
	fill := func(gen int) {
		tt.newSearch()
		for i := range n {
			for slot := range ttBucketSize { // every slot of the bucket, deep
				tt.store(key(i, gen*8+slot), ttEntry{move: 1, score: Score(gen), depth: 20, bound: Exact})
			}
		}
	}
	found := func(gen int) (hits int) {
		for i := range n {
			for slot := range ttBucketSize {
				if e, ok := tt.probe(key(i, gen*8+slot)); ok && e.score == Score(gen) {
					hits++
				}
			}
		}
		return hits
	}
	fill(1)
	if got := found(1); got != n*ttBucketSize {
		t.Fatalf("%d of %d entries found before a clear", got, n*ttBucketSize)
	}
	tt.clear()
	if got := found(1); got != 0 {
		t.Fatalf("%d entries found after a clear", got)
	}
	if tt.age != 0 {
		t.Errorf("age %d after clear, want 0", tt.age)
	}
	// A shallow entry stored after the clear takes the first slot of its
	// bucket, as in an empty table, however deep the old entries were.
	k := key(3, 99)
	tt.store(k, ttEntry{move: 2, score: 99, depth: 1, bound: Upper})
	if e, ok := tt.probe(k); !ok || e.score != 99 {
		t.Fatalf("entry stored after a clear: %+v, %v", e, ok)
	}
	if b := k & tt.mask; usedSlots(tt, b) != 1 {
		t.Errorf("bucket holds %d entries after a clear and one store, want 1", usedSlots(tt, b))
	}
	fill(2)
	if got, want := found(2), n*ttBucketSize; got != want {
		t.Errorf("%d of %d entries stored after a clear found", got, want)
	}
	if got := found(1); got != 0 {
		t.Errorf("%d entries from before the clear found after new stores", got)
	}
	tt.clear()
	tt.clear()
	if got := found(1) + found(2); got != 0 {
		t.Errorf("%d entries found after two clears", got)
	}
}

// TestClearHashTouchesNoMemory checks that clearing a table touches none of
// its memory: the pages no search wrote stay unbacked (Linux's resident set
// does not grow). Zeroing a 4 GiB table in place took 7-9 s, nearly all of
// it backing the pages searches had not written.
func TestClearHashTouchesNoMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/self/statm")
	}
	tt := newTransTable(256)
	defer tt.release()
	tt.newSearch()
	tt.store(1, ttEntry{move: 1, depth: 1, bound: Exact}) // one page written
	before := residentMiB(t)
	tt.clear()
	after := residentMiB(t)
	if after-before > 32 {
		t.Errorf("resident memory grew from %d to %d MiB in clearing a 256 MiB table", before, after)
	}
	if _, ok := tt.probe(1); ok {
		t.Error("entry found after clear")
	}
}

// residentMiB returns the process's resident memory in MiB.
func residentMiB(t *testing.T) int {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Fatal(err)
	}
	var size, resident int
	if _, err := fmt.Sscan(string(b), &size, &resident); err != nil {
		t.Fatal(err)
	}
	return resident * os.Getpagesize() >> 20
}

// TestClearHashThreads stores and probes from several goroutines after a
// clear, racing to renew the same regions: no entry from before the clear
// is ever found, and every region ends current (run with -race, it also
// checks that zeroing a region races no reader).
func TestClearHashThreads(t *testing.T) {
	tt := newTransTable(8) // 4 regions
	defer tt.release()
	old := func(i uint64) uint64 { return ttKey(tt, i*997, 1) }
	tt.newSearch()
	for i := range uint64(1000) {
		tt.store(old(i), ttEntry{move: 1, score: 1, depth: 30, bound: Exact})
	}
	tt.clear()
	tt.newSearch()
	var wg sync.WaitGroup
	for g := range uint64(4) {
		wg.Go(func() {
			for i := range uint64(1000) {
				if _, ok := tt.probe(old(i)); ok {
					t.Errorf("goroutine %d: entry %d from before the clear found", g, i)
					return
				}
				tt.store(ttKey(tt, i*997+g, 2+g), ttEntry{move: 2, score: 2, depth: 1, bound: Exact})
			}
		})
	}
	wg.Wait()
	for i := range tt.regions {
		if got := tt.regions[i].Load(); got != tt.gen {
			t.Errorf("region %d in state %d after stores into it, want generation %d", i, got, tt.gen)
		}
	}
}

// TestSetHashMBTooLarge asks for the largest table: where the machine
// cannot give it (24 GiB here), SetHashMB says so and the engine keeps its
// table and searches on; where it can, the table has that size. Either way
// the program goes on (it used to end with "fatal error: runtime: out of
// memory" when the mapping failed and the Go heap could not have it).
func TestSetHashMBTooLarge(t *testing.T) {
	e := New(Options{HashMB: 2})
	err := e.SetHashMB(MaxHashMB)
	switch {
	case err != nil && (e.HashMB() != 2 || !strings.Contains(err.Error(), "it stays at 2 MiB")):
		t.Errorf("refused: %v, with %d MiB; want the 2 MiB kept and said", err, e.HashMB())
	case err == nil && e.HashMB() != MaxHashMB:
		t.Errorf("accepted, with %d MiB", e.HashMB())
	}
	t.Logf("SetHashMB(%d): %v", MaxHashMB, err)
	res := e.Search(context.Background(), Params{Position: chess.StartingPosition(), Limits: Limits{Depth: 4}})
	if res.BestMove == chess.NoMove {
		t.Error("no move after the refusal")
	}
}

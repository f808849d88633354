package chess

import "testing"

func TestSliderAttacksMatchReference(t *testing.T) {
	rng := prng{12345}
	for i := 0; i < 20000; i++ {
		a, b := rng.next(), rng.next()
		occ := Bitboard(a & b) // about a quarter of the squares occupied
		s := Square(rng.next() % 64)
		if got, want := RookAttacks(s, occ), slideAttacks(s, occ, &rookDirs); got != want {
			t.Fatalf("RookAttacks(%v, %x) = %x, want %x", s, occ, got, want)
		}
		if got, want := BishopAttacks(s, occ), slideAttacks(s, occ, &bishopDirs); got != want {
			t.Fatalf("BishopAttacks(%v, %x) = %x, want %x", s, occ, got, want)
		}
	}
}

func TestBetweenAndLine(t *testing.T) {
	if got, want := Between(A1, D4), B2.Bitboard()|C3.Bitboard(); got != want {
		t.Errorf("Between(a1, d4) = %x, want %x", got, want)
	}
	if Between(A1, B3) != Empty || Line(A1, B3) != Empty {
		t.Error("a1 and b3 share no line")
	}
	if got := Line(C1, C5); got != FileBB(FileC) {
		t.Errorf("Line(c1, c5) = %x, want file c", got)
	}
}

// TestPawnAttackSet checks the set-wise pawn attacks against the union of
// each pawn's own, for sets of pawns on every file and rank (edges too).
func TestPawnAttackSet(t *testing.T) {
	sets := []Bitboard{0, FileABB, FileHBB, Rank1BB | Rank8BB, 0x00FF00000000FF00, 0x8142241818244281, ^Bitboard(0)}
	for _, pawns := range sets {
		for c := White; c <= Black; c++ {
			var want Bitboard
			for b := pawns; b != 0; b = b.WithoutFirst() {
				want |= PawnAttacks(c, b.First())
			}
			if got := PawnAttackSet(c, pawns); got != want {
				t.Errorf("PawnAttackSet(%v, %#x) = %#x, want %#x", c, uint64(pawns), uint64(got), uint64(want))
			}
		}
	}
}

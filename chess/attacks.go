package chess

// Attack tables: leaper attacks are looked up directly; slider attacks use
// "fancy" magic bitboards, whose multipliers are found at package init by a
// seeded random search (deterministic, a few milliseconds).

var (
	pawnAttacks   [2][64]Bitboard
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard

	// betweenBB[a][b] holds the squares strictly between a and b when they
	// share a rank, file or diagonal, and is empty otherwise.
	betweenBB [64][64]Bitboard
	// lineBB[a][b] holds the whole line through a and b (edge to edge) when
	// they share a rank, file or diagonal, and is empty otherwise.
	lineBB [64][64]Bitboard

	rookMagics   [64]magic
	bishopMagics [64]magic
	// The attack tables, every square's after the one before. Each square
	// sees a whole magicSpan entries from its start (see magic.attacks),
	// so the bishops' table has that many beyond its 0x1480 entries in use;
	// they are never read (nor, zero, given memory by the system). The
	// rooks' last square, h8, uses all of its 4096.
	rookTable   [0x19000]Bitboard
	bishopTable [0x1480 - 64 + magicSpan]Bitboard
)

// magicSpan bounds the entries of one square's attack table: a magic index
// has at most 12 bits (a rook in a corner).
const magicSpan = 1 << 12

// magic maps the occupancy of a slider's relevant squares to its attacks:
// attacks[((occ & mask) * mult) >> shift]. It is 32 bytes, so that the
// magics of a square are found with a shift.
type magic struct {
	mask  Bitboard
	mult  uint64
	shift uint8
	// attacks starts the square's entries in the table; only the first
	// 1 << (64 - shift) belong to the square.
	attacks *[magicSpan]Bitboard
}

// index returns the entry of attacks for the occupancy occ.
func (m *magic) index(occ Bitboard) uint64 {
	// The shift is below 64 and the index below magicSpan; saying so
	// (& 63, & (magicSpan-1), neither of which changes a value) spares
	// the compiler the code for a shift of 64 or more and the bounds
	// check, in every slider lookup.
	return uint64(occ&m.mask) * m.mult >> (m.shift & 63) & (magicSpan - 1)
}

// PawnAttacks returns the squares a pawn of color c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }

// PawnAttackSet returns the squares the pawns of color c in pawns attack,
// all at once.
func PawnAttackSet(c Color, pawns Bitboard) Bitboard {
	ahead := pawns.Forward(c)
	return ahead.East() | ahead.West()
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s] }

// BishopAttacks returns the squares a bishop on s attacks when the squares in
// occ are occupied (the first blocker on each ray is included). Like
// RookAttacks, it takes s&63, the same square for any valid one, which
// costs less than a bounds check.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s&63]
	return m.attacks[m.index(occ)]
}

// RookAttacks returns the squares a rook on s attacks when the squares in occ
// are occupied (the first blocker on each ray is included).
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s&63]
	return m.attacks[m.index(occ)]
}

// QueenAttacks returns the squares a queen on s attacks given occupancy occ.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return BishopAttacks(s, occ) | RookAttacks(s, occ)
}

// Between returns the squares strictly between a and b if they are on a
// common rank, file or diagonal, and Empty otherwise.
func Between(a, b Square) Bitboard { return betweenBB[a][b] }

// Line returns the full rank, file or diagonal through a and b, or Empty if
// they share none.
func Line(a, b Square) Bitboard { return lineBB[a][b] }

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slideAttacks computes slider attacks ray by ray; it is the slow reference
// used to build the magic tables.
func slideAttacks(s Square, occ Bitboard, dirs *[4][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := int(s.File())+d[0], int(s.Rank())+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			sq := NewSquare(File(f), Rank(r))
			att |= sq.Bitboard()
			if occ.Has(sq) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}

func leaperAttacks(s Square, deltas [][2]int) Bitboard {
	var att Bitboard
	for _, d := range deltas {
		f, r := int(s.File())+d[0], int(s.Rank())+d[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			att |= NewSquare(File(f), Rank(r)).Bitboard()
		}
	}
	return att
}

func init() {
	knightDeltas := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingDeltas := [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	for s := A1; s <= H8; s++ {
		knightAttacks[s] = leaperAttacks(s, knightDeltas)
		kingAttacks[s] = leaperAttacks(s, kingDeltas)
		pawnAttacks[White][s] = leaperAttacks(s, [][2]int{{-1, 1}, {1, 1}})
		pawnAttacks[Black][s] = leaperAttacks(s, [][2]int{{-1, -1}, {1, -1}})
	}
	initMagics(rookMagics[:], rookTable[:], &rookDirs)
	initMagics(bishopMagics[:], bishopTable[:], &bishopDirs)
	for a := A1; a <= H8; a++ {
		for b := A1; b <= H8; b++ {
			if a == b {
				continue
			}
			for _, dirs := range []*[4][2]int{&rookDirs, &bishopDirs} {
				if slideAttacks(a, Empty, dirs).Has(b) {
					lineBB[a][b] = slideAttacks(a, Empty, dirs)&slideAttacks(b, Empty, dirs) | a.Bitboard() | b.Bitboard()
					betweenBB[a][b] = slideAttacks(a, b.Bitboard(), dirs) & slideAttacks(b, a.Bitboard(), dirs)
				}
			}
		}
	}
}

// initMagics finds a magic multiplier for every square and fills table, the
// attack storage shared by all squares.
func initMagics(magics []magic, table []Bitboard, dirs *[4][2]int) {
	// Seeds per rank that make the search converge quickly (any seed works;
	// these just keep init fast and the result fixed).
	seeds := [8]uint64{728, 10316, 55013, 32803, 12281, 15100, 16645, 255}
	var occs, refs [4096]Bitboard
	var epoch [4096]int
	offset, attempt := 0, 0
	for s := A1; s <= H8; s++ {
		m := &magics[s]
		edges := (Rank1BB|Rank8BB)&^RankBB(s.Rank()) | (FileABB|FileHBB)&^FileBB(s.File())
		m.mask = slideAttacks(s, Empty, dirs) &^ edges
		bitsN := m.mask.Count()
		m.shift = uint8(64 - bitsN)
		size := 1 << bitsN
		m.attacks = (*[magicSpan]Bitboard)(table[offset:])
		offset += size

		// Enumerate all subsets of the mask (Carry-Rippler).
		n := 0
		for b := Bitboard(0); ; {
			occs[n], refs[n] = b, slideAttacks(s, b, dirs)
			n++
			b = (b - m.mask) & m.mask
			if b == 0 {
				break
			}
		}
		rng := prng{seeds[s.Rank()]}
		for found := false; !found; {
			for {
				m.mult = rng.sparse()
				if (Bitboard(uint64(m.mask)*m.mult) >> 56).Count() >= 6 {
					break
				}
			}
			attempt++
			found = true
			for i := 0; i < n; i++ {
				idx := m.index(occs[i])
				if epoch[idx] < attempt {
					epoch[idx] = attempt
					m.attacks[idx] = refs[i]
				} else if m.attacks[idx] != refs[i] {
					found = false
					break
				}
			}
		}
	}
}

// prng is xorshift64*, a small deterministic generator for init-time tables.
type prng struct{ s uint64 }

func (r *prng) next() uint64 {
	r.s ^= r.s >> 12
	r.s ^= r.s << 25
	r.s ^= r.s >> 27
	return r.s * 2685821657736338717
}

// sparse returns a random number with few bits set, a good magic candidate:
// the AND of three draws.
func (r *prng) sparse() uint64 {
	a, b, c := r.next(), r.next(), r.next()
	return a & b & c
}

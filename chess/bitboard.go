package chess

import (
	"math/bits"
	"strings"
)

// Bitboard is a set of squares: bit i is set when Square(i) is in the set.
type Bitboard uint64

// Useful sets of squares.
const (
	Empty Bitboard = 0
	Full  Bitboard = ^Bitboard(0)

	FileABB Bitboard = 0x0101010101010101
	FileHBB Bitboard = FileABB << 7
	Rank1BB Bitboard = 0xFF
	Rank2BB Bitboard = Rank1BB << 8
	Rank3BB Bitboard = Rank1BB << 16
	Rank4BB Bitboard = Rank1BB << 24
	Rank5BB Bitboard = Rank1BB << 32
	Rank6BB Bitboard = Rank1BB << 40
	Rank7BB Bitboard = Rank1BB << 48
	Rank8BB Bitboard = Rank1BB << 56

	LightSquares Bitboard = 0x55AA55AA55AA55AA
	DarkSquares  Bitboard = ^LightSquares
)

// FileBB returns the set of squares on file f.
func FileBB(f File) Bitboard { return FileABB << f }

// RankBB returns the set of squares on rank r.
func RankBB(r Rank) Bitboard { return Rank1BB << (8 * r) }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&(1<<s) != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square in the set. The set must not be empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Last returns the highest square in the set. The set must not be empty.
func (b Bitboard) Last() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// PopFirst removes the lowest square from the set and returns it. The set
// must not be empty. Hot loops use First and WithoutFirst instead (see
// WithoutFirst).
func (b *Bitboard) PopFirst() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// WithoutFirst returns the set without its lowest square (the empty set
// stays empty). A loop over the squares of a set,
//
//	for b := set; b != 0; b = b.WithoutFirst() {
//		s := b.First()
//
// keeps b in a register, where PopFirst, which takes b's address, makes
// the compiler keep it in memory: a load and a store more per square.
func (b Bitboard) WithoutFirst() Bitboard { return b & (b - 1) }

// MoreThanOne reports whether the set holds two squares or more.
func (b Bitboard) MoreThanOne() bool { return b&(b-1) != 0 }

// North returns the set shifted one rank up (towards rank 8).
func (b Bitboard) North() Bitboard { return b << 8 }

// South returns the set shifted one rank down (towards rank 1).
func (b Bitboard) South() Bitboard { return b >> 8 }

// East returns the set shifted one file towards file h.
func (b Bitboard) East() Bitboard { return (b &^ FileHBB) << 1 }

// West returns the set shifted one file towards file a.
func (b Bitboard) West() Bitboard { return (b &^ FileABB) >> 1 }

// Forward returns the set shifted one rank ahead from c's point of view.
func (b Bitboard) Forward(c Color) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

// String draws the set as an 8x8 grid, rank 8 first, with "x" for members.
func (b Bitboard) String() string {
	var sb strings.Builder
	for r := Rank8; ; r-- {
		for f := FileA; f <= FileH; f++ {
			if b.Has(NewSquare(f, r)) {
				sb.WriteByte('x')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
		if r == Rank1 {
			break
		}
	}
	return sb.String()
}

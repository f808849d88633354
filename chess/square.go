package chess

import "fmt"

// File is a column of the board, FileA (0) to FileH (7).
type File uint8

// Rank is a row of the board, Rank1 (0) to Rank8 (7).
type Rank uint8

// The files and ranks.
const (
	FileA File = iota
	FileB
	FileC
	FileD
	FileE
	FileF
	FileG
	FileH
)

// The ranks.
const (
	Rank1 Rank = iota
	Rank2
	Rank3
	Rank4
	Rank5
	Rank6
	Rank7
	Rank8
)

// String returns the file's letter, "a" to "h".
func (f File) String() string { return string(rune('a' + f)) }

// String returns the rank's digit, "1" to "8".
func (r Rank) String() string { return string(rune('1' + r)) }

// Square is one of the 64 squares: A1 = 0, B1 = 1, ..., H8 = 63 (rank-major,
// little-endian file order). NoSquare marks the absence of a square.
type Square uint8

// The squares, and NoSquare.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
	NoSquare Square = 64
)

// NewSquare returns the square on file f and rank r.
func NewSquare(f File, r Rank) Square { return Square(r)<<3 | Square(f) }

// File returns the square's file.
func (s Square) File() File { return File(s & 7) }

// Rank returns the square's rank.
func (s Square) Rank() Rank { return Rank(s >> 3) }

// Bitboard returns the set holding only s.
func (s Square) Bitboard() Bitboard { return 1 << s }

// RelativeRank returns the square's rank as seen from c's side of the board:
// Rank1 is c's back rank.
func (s Square) RelativeRank(c Color) Rank { return Rank(s>>3) ^ Rank(7*c) }

// Mirror returns the square reflected across the middle of the board
// (A1 <-> A8), the same square seen from the other side.
func (s Square) Mirror() Square { return s ^ 56 }

// String returns the square in algebraic notation ("e4"), or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return s.File().String() + s.Rank().String()
}

// ParseSquare parses a square in algebraic notation ("e4").
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, fmt.Errorf("chess: invalid square %q", s)
	}
	return NewSquare(File(s[0]-'a'), Rank(s[1]-'1')), nil
}

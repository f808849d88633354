package chess

// CastlingRights is the set of castling moves still allowed by the rules
// (not whether they are possible right now): one bit per king and side.
type CastlingRights uint8

// The four castling rights. NoCastling and AllCastling are the empty and full sets.
const (
	WhiteKingside CastlingRights = 1 << iota
	WhiteQueenside
	BlackKingside
	BlackQueenside

	NoCastling  CastlingRights = 0
	AllCastling CastlingRights = 15
)

// String returns the rights in FEN form ("KQkq", "Kq", "-").
func (cr CastlingRights) String() string {
	s := ""
	for i, ch := range "KQkq" {
		if cr&(1<<i) != 0 {
			s += string(ch)
		}
	}
	if s == "" {
		return "-"
	}
	return s
}

// castlingMask[s] is the set of rights kept when a piece moves from or to s:
// moving a king or a rook, or capturing a rook on its home square, loses the
// corresponding rights.
var castlingMask [64]CastlingRights

// castle describes one castling move: the king's and rook's squares, the
// squares that must be empty, and the squares the king crosses (which must
// not be attacked).
type castle struct {
	right                 CastlingRights
	kingFrom, kingTo      Square
	rookFrom, rookTo      Square
	mustBeEmpty, kingPath Bitboard
}

var castles = [4]castle{
	{WhiteKingside, E1, G1, H1, F1, F1.Bitboard() | G1.Bitboard(), F1.Bitboard() | G1.Bitboard()},
	{WhiteQueenside, E1, C1, A1, D1, B1.Bitboard() | C1.Bitboard() | D1.Bitboard(), C1.Bitboard() | D1.Bitboard()},
	{BlackKingside, E8, G8, H8, F8, F8.Bitboard() | G8.Bitboard(), F8.Bitboard() | G8.Bitboard()},
	{BlackQueenside, E8, C8, A8, D8, B8.Bitboard() | C8.Bitboard() | D8.Bitboard(), C8.Bitboard() | D8.Bitboard()},
}

func init() {
	for s := range castlingMask {
		castlingMask[s] = AllCastling
	}
	for _, c := range castles {
		castlingMask[c.kingFrom] &^= c.right
		castlingMask[c.rookFrom] &^= c.right
	}
}

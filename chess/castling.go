package chess

// CastlingRights is the set of castling moves still allowed by the rules
// (not whether they are possible right now): one bit per king and side. In
// Chess960 each right belongs to one rook, whose square the position keeps
// (see Position.CastlingRook).
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

// castlingMask[s] is the set of rights kept when a piece moves from or to s
// in standard chess: moving a king or a rook, or capturing a rook on its
// home square, loses the corresponding rights. Chess960 positions then
// correct it (Position.castlingChanged960).
var castlingMask [64]CastlingRights

// castle describes one castling move: the king's and rook's squares, the
// squares that must be empty (all those either piece crosses or lands on,
// but for the two pieces themselves), and the squares the king crosses or
// lands on (which must not be attacked).
type castle struct {
	right                 CastlingRights
	kingFrom, kingTo      Square
	rookFrom, rookTo      Square
	mustBeEmpty, kingPath Bitboard
}

// castles are the four castling moves of standard chess, indexed by
// castleIndex; castles960[c][kingFile][rookFile] are the castling moves of
// Chess960, for every king and rook file on c's back rank (those with
// kingFile == rookFile unused). The standard ones are among them.
var (
	castles    [4]castle
	castles960 [2][8][8]castle
)

func init() {
	for c := White; c <= Black; c++ {
		for kf := FileA; kf <= FileH; kf++ {
			for rf := FileA; rf <= FileH; rf++ {
				if kf != rf {
					castles960[c][kf][rf] = newCastle(c, kf, rf)
				}
			}
		}
		castles[castleIndex(c, false)] = castles960[c][FileE][FileH]
		castles[castleIndex(c, true)] = castles960[c][FileE][FileA]
	}
	for s := range castlingMask {
		castlingMask[s] = AllCastling
	}
	for _, c := range castles {
		castlingMask[c.kingFrom] &^= c.right
		castlingMask[c.rookFrom] &^= c.right
	}
}

// newCastle returns the castling move of c's king on file kf with its rook
// on file rf: the king ends on the g-file and the rook on the f-file when
// the rook stands on the king's right (kingside), on the c- and d-files
// otherwise.
func newCastle(c Color, kf, rf File) castle {
	rank := Rank1
	if c == Black {
		rank = Rank8
	}
	queenside := rf < kf
	kt, rt := FileG, FileF
	if queenside {
		kt, rt = FileC, FileD
	}
	kingFrom, rookFrom := NewSquare(kf, rank), NewSquare(rf, rank)
	kingTo, rookTo := NewSquare(kt, rank), NewSquare(rt, rank)
	kingPath := rankSpan(kingFrom, kingTo) &^ kingFrom.Bitboard()
	both := kingFrom.Bitboard() | rookFrom.Bitboard()
	return castle{
		right:       CastlingRights(1) << castleIndex(c, queenside),
		kingFrom:    kingFrom,
		kingTo:      kingTo,
		rookFrom:    rookFrom,
		rookTo:      rookTo,
		mustBeEmpty: (kingPath | rankSpan(rookFrom, rookTo)) &^ both,
		kingPath:    kingPath,
	}
}

// rankSpan returns the squares from a to b inclusive, both on one rank.
func rankSpan(a, b Square) Bitboard {
	if a > b {
		a, b = b, a
	}
	var bb Bitboard
	for s := a; s <= b; s++ {
		bb |= s.Bitboard()
	}
	return bb
}

// castle returns castling move i (see castleIndex) of p, which must hold
// its right: in standard chess one of the four fixed ones, in Chess960 the
// one of the king's square and the right's rook.
func (p *Position) castle(i int) *castle {
	if !p.chess960 {
		return &castles[i]
	}
	c := Color(i >> 1)
	return &castles960[c][p.KingSquare(c).File()][p.castleRooks[i].File()]
}

// CastlingRook returns the square of the rook that castling right r (one
// of the four single rights) castles with, or NoSquare when p does not hold
// r. In standard chess it is the corner rook (h1 for WhiteKingside).
func (p *Position) CastlingRook(r CastlingRights) Square {
	for i := range 4 {
		if r == CastlingRights(1)<<i && p.castling&r != 0 {
			return p.castle(i).rookFrom
		}
	}
	return NoSquare
}

// Chess960 reports whether p is a Chess960 (Fischer random) position: its
// castling moves are those of Chess960, its FEN writes X-FEN castling
// fields, and UCI writes castling as the king taking its own rook.
func (p *Position) Chess960() bool { return p.chess960 }

package chess

// Move is a move in a particular position, packed into 16 bits:
//
//	bits  0-5   from square
//	bits  6-11  to square (for castling, the king's destination: e1g1)
//	bits 12-15  kind: one of the moveKind values below
//
// The kind records what the move does in the position it was generated for
// (quiet, double pawn push, castling, capture, en passant, promotion), so a
// Move is only meaningful together with that position. The zero Move is
// NoMove. A Move carries no search score.
type Move uint16

// NoMove is the zero Move: no move at all. NullMove passes the turn; it is
// used by search and never generated as a legal move.
const (
	NoMove   Move = 0
	NullMove Move = Move(B1) | Move(B1)<<6 // a1 to a1 would be NoMove
)

// moveKind is the 4-bit kind field of a Move. Bit 2 marks captures, bit 3
// promotions; the low two bits of a promotion give the piece (knight..queen).
type moveKind uint16

const (
	kindQuiet        moveKind = 0
	kindDoublePush   moveKind = 1
	kindKingCastle   moveKind = 2
	kindQueenCastle  moveKind = 3
	kindCapture      moveKind = 4
	kindEnPassant    moveKind = 5
	kindPromotion    moveKind = 8  // + piece index (0 knight .. 3 queen)
	kindPromoCapture moveKind = 12 // + piece index
)

func newMove(from, to Square, k moveKind) Move {
	return Move(from) | Move(to)<<6 | Move(k)<<12
}

// From returns the square the moving piece leaves.
func (m Move) From() Square { return Square(m & 63) }

// To returns the square the moving piece arrives on.
func (m Move) To() Square { return Square(m >> 6 & 63) }

func (m Move) kind() moveKind { return moveKind(m >> 12) }

// IsCapture reports whether the move captures a piece (en passant included).
func (m Move) IsCapture() bool { return m.kind()&kindCapture != 0 }

// IsPromotion reports whether the move promotes a pawn.
func (m Move) IsPromotion() bool { return m.kind()&kindPromotion != 0 }

// Promotion returns the piece a pawn promotes to, or NoPieceType.
func (m Move) Promotion() PieceType {
	if !m.IsPromotion() {
		return NoPieceType
	}
	return Knight + PieceType(m.kind()&3)
}

// IsCastle reports whether the move castles, on either side.
func (m Move) IsCastle() bool { k := m.kind(); return k == kindKingCastle || k == kindQueenCastle }

// IsEnPassant reports whether the move captures en passant.
func (m Move) IsEnPassant() bool { return m.kind() == kindEnPassant }

// IsDoublePush reports whether the move advances a pawn two squares.
func (m Move) IsDoublePush() bool { return m.kind() == kindDoublePush }

// IsQuiet reports whether the move neither captures nor promotes.
func (m Move) IsQuiet() bool { return m.kind()&(kindCapture|kindPromotion) == 0 }

// String returns the move in UCI long algebraic notation ("e2e4", "e7e8q",
// "e1g1" for castling), "0000" for NullMove and "(none)" for NoMove.
func (m Move) String() string {
	switch m {
	case NoMove:
		return "(none)"
	case NullMove:
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if p := m.Promotion(); p != NoPieceType {
		s += p.String()
	}
	return s
}

// MaxMoves bounds the number of legal moves in any chess position (the known
// maximum is 218).
const MaxMoves = 256

// MoveList is a fixed-capacity list of moves filled by move generation
// without allocating. The zero value is an empty list.
type MoveList struct {
	moves [MaxMoves]Move
	n     int
}

// Len returns the number of moves in the list.
func (l *MoveList) Len() int { return l.n }

// At returns the i-th move.
func (l *MoveList) At(i int) Move { return l.moves[i] }

// Slice returns the moves as a slice that aliases the list's storage; it
// stays valid (and may be reordered in place) until the list is refilled.
func (l *MoveList) Slice() []Move { return l.moves[:l.n] }

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.moves[:l.n] {
		if x == m {
			return true
		}
	}
	return false
}

func (l *MoveList) add(m Move) {
	l.moves[l.n] = m
	l.n++
}

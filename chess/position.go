package chess

// Position is a chess position: the pieces (as bitboards, with a mailbox
// beside them), the side to move, castling rights, the en-passant square,
// the move counters and the Zobrist hash, kept up to date incrementally.
//
// Position is a plain value: copying it is how a caller keeps the position
// before a move (copy-make), which is also what search does:
//
//	child := *p
//	child.MakeMove(m)
//
// The zero Position is not valid; use StartingPosition or ParseFEN.
type Position struct {
	byType  [7]Bitboard // indexed by PieceType; [NoPieceType] is unused
	byColor [2]Bitboard
	board   [64]Piece

	hash     uint64
	checkers Bitboard // pieces giving check to the side to move

	side      Color
	castling  CastlingRights
	epSquare  Square // set only when an en-passant capture is legal
	chess960  bool   // Chess960 castling and notation (see Chess960)
	halfmoves uint16 // plies since the last capture or pawn move, at most MaxMoveCounter
	fullmoves uint16 // starts at 1, incremented after Black's move, at most MaxMoveCounter

	// castleRooks[i] is the square of the rook of castling right 1<<i, in
	// Chess960 only (standard chess uses the corners), while p holds it.
	castleRooks [4]Square
}

// MaxMoveCounter is the largest halfmove clock and fullmove number a
// Position holds. The counters stop there rather than wrap around, so the
// FEN of any position reached by playing moves parses again. No game gets
// near it: the seventy-five-move rule ends every game within about 9,000
// moves.
const MaxMoveCounter = 65535

// StartFEN is the FEN of the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// StartingPosition returns the standard starting position.
func StartingPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("chess: bad StartFEN: " + err.Error())
	}
	return p
}

// SideToMove returns the color whose turn it is.
func (p *Position) SideToMove() Color { return p.side }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// Pieces returns the squares holding pieces of color c and type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byColor[c] & p.byType[t] }

// ByType returns the squares holding pieces of type t, of either color.
func (p *Position) ByType(t PieceType) Bitboard { return p.byType[t] }

// ByColor returns the squares holding pieces of color c.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c] }

// Occupied returns the squares holding any piece.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return p.Pieces(c, King).First() }

// CastlingRights returns the castling rights still held.
func (p *Position) CastlingRights() CastlingRights { return p.castling }

// EnPassant returns the square a pawn may capture onto en passant, or
// NoSquare. It is set only when such a capture is legal, so positions that
// differ only by an impossible en-passant capture are equal (and hash equal).
func (p *Position) EnPassant() Square { return p.epSquare }

// HalfmoveClock returns the number of plies since the last capture or pawn
// move, as used by the fifty-move rule; it stops at MaxMoveCounter.
func (p *Position) HalfmoveClock() int { return int(p.halfmoves) }

// FullmoveNumber returns the move number, starting at 1 and incremented
// after each Black move; it stops at MaxMoveCounter.
func (p *Position) FullmoveNumber() int { return int(p.fullmoves) }

// Hash returns the Zobrist hash of the position. Two positions with the same
// pieces, side to move, castling rights and en-passant possibility have the
// same hash.
func (p *Position) Hash() uint64 { return p.hash }

// HashHint returns, cheaply, the hash the position will most likely have
// after the move m, so that a search can prefetch the hash table entry of
// the child before making the move. It accounts for the moving piece, a
// capture on the target square and the side to move; it is Hash after
// MakeMove(m) exactly unless m castles, captures en passant, promotes,
// changes the castling rights, or comes after or makes a double pawn
// push that allows an en-passant capture.
func (p *Position) HashHint(m Move) uint64 {
	from, to := m.From(), m.To()
	pc := p.board[from]
	h := p.hash ^ zobristBlack ^ zobristPiece[pc][from] ^ zobristPiece[pc][to]
	if captured := p.board[to]; captured != NoPiece {
		h ^= zobristPiece[captured][to]
	}
	return h
}

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers != 0 }

// AttackersTo returns the pieces of both colors that attack s, with the
// squares in occ taken as occupied (pass p.Occupied() for the position as
// it stands).
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	return pawnAttacks[Black][s]&p.Pieces(White, Pawn) |
		pawnAttacks[White][s]&p.Pieces(Black, Pawn) |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen]) |
		RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])
}

// IsAttacked reports whether any piece of color by attacks s.
func (p *Position) IsAttacked(s Square, by Color) bool {
	return p.attackedWith(s, by, p.Occupied())
}

func (p *Position) attackedWith(s Square, by Color, occ Bitboard) bool {
	them := p.byColor[by]
	return pawnAttacks[by.Other()][s]&them&p.byType[Pawn] != 0 ||
		knightAttacks[s]&them&p.byType[Knight] != 0 ||
		kingAttacks[s]&them&p.byType[King] != 0 ||
		BishopAttacks(s, occ)&them&(p.byType[Bishop]|p.byType[Queen]) != 0 ||
		RookAttacks(s, occ)&them&(p.byType[Rook]|p.byType[Queen]) != 0
}

func (p *Position) put(pc Piece, s Square) {
	b := s.Bitboard()
	p.board[s] = pc
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
	p.hash ^= zobristPiece[pc][s]
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	b := s.Bitboard()
	p.board[s] = NoPiece
	p.byType[pc.Type()] ^= b
	p.byColor[pc.Color()] ^= b
	p.hash ^= zobristPiece[pc][s]
}

func (p *Position) relocate(from, to Square) {
	pc := p.board[from]
	b := from.Bitboard() | to.Bitboard()
	p.board[from] = NoPiece
	p.board[to] = pc
	p.byType[pc.Type()] ^= b
	p.byColor[pc.Color()] ^= b
	p.hash ^= zobristPiece[pc][from] ^ zobristPiece[pc][to]
}

// MakeMove plays m, which must be legal in p (as generated by GenerateMoves
// or returned by a parser), updating everything including the hash. To keep
// the position before the move, copy p first (see Position).
func (p *Position) MakeMove(m Move) {
	from, to := m.From(), m.To()
	us := p.side
	p.hash ^= zobristCastling[p.castling] ^ zobristBlack
	if p.epSquare != NoSquare {
		p.hash ^= zobristEP[p.epSquare.File()]
		p.epSquare = NoSquare
	}
	p.countPly(us)

	switch k := m.kind(); {
	case k == kindQuiet:
		if p.board[from].Type() == Pawn {
			p.halfmoves = 0
		}
		p.relocate(from, to)
	case k == kindDoublePush:
		p.halfmoves = 0
		p.relocate(from, to)
	case k&kindPromotion != 0:
		p.halfmoves = 0
		if k&kindCapture != 0 {
			p.remove(to)
		}
		p.remove(from)
		p.put(NewPiece(us, m.Promotion()), to)
	case k == kindCapture:
		p.halfmoves = 0
		p.remove(to)
		p.relocate(from, to)
	case k == kindEnPassant:
		p.halfmoves = 0
		p.remove(to ^ 8) // the captured pawn stands behind the target square
		p.relocate(from, to)
	default: // castling (both pieces lift before they land: they may swap in Chess960)
		p.castleMove(p.castle(castleIndex(us, k == kindQueenCastle)), us)
	}
	p.castling &= castlingMask[from] & castlingMask[to]
	p.hash ^= zobristCastling[p.castling]
	if p.chess960 { // the lines are as many as before Chess960, for default.pgo
		p.castlingChanged960(from, to)
	}
	p.side = us.Other()
	p.checkers = p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.byColor[us]
	if m.kind() == kindDoublePush {
		p.setEnPassant((from + to) / 2)
	}
}

// castleMove moves us's king and rook as castling move c says.
func (p *Position) castleMove(c *castle, us Color) {
	p.remove(c.rookFrom)
	p.remove(c.kingFrom)
	p.put(NewPiece(us, King), c.kingTo)
	p.put(NewPiece(us, Rook), c.rookTo)
}

// MakeNullMove passes the turn without moving (for null-move pruning in
// search). It must not be called when the side to move is in check.
func (p *Position) MakeNullMove() {
	p.hash ^= zobristBlack
	if p.epSquare != NoSquare {
		p.hash ^= zobristEP[p.epSquare.File()]
		p.epSquare = NoSquare
	}
	p.countPly(p.side)
	p.side = p.side.Other()
	p.checkers = Empty
}

// countPly advances the move counters for a ply played by us, stopping at
// MaxMoveCounter. A capture or pawn move then resets the halfmove clock.
func (p *Position) countPly(us Color) {
	if p.halfmoves < MaxMoveCounter {
		p.halfmoves++
	}
	if us == Black && p.fullmoves < MaxMoveCounter {
		p.fullmoves++
	}
}

func castleIndex(c Color, queenside bool) int {
	i := 2 * int(c)
	if queenside {
		i++
	}
	return i
}

// setEnPassant records ep as the en-passant square if the side to move has
// a legal capture onto it, and updates the hash accordingly.
func (p *Position) setEnPassant(ep Square) {
	candidates := pawnAttacks[p.side.Other()][ep] & p.Pieces(p.side, Pawn)
	for candidates != 0 {
		if p.enPassantLegal(candidates.PopFirst(), ep) {
			p.epSquare = ep
			p.hash ^= zobristEP[ep.File()]
			return
		}
	}
}

// enPassantLegal reports whether the pawn on from may capture en passant
// onto ep without leaving its king attacked. It handles the cases a pin mask
// cannot: both pawns leaving the same rank, and the captured pawn being the
// checker.
func (p *Position) enPassantLegal(from, ep Square) bool {
	captured := ep ^ 8
	occ := p.Occupied() ^ from.Bitboard() ^ captured.Bitboard() | ep.Bitboard()
	ksq := p.KingSquare(p.side)
	return p.AttackersTo(ksq, occ)&p.byColor[p.side.Other()]&^captured.Bitboard() == 0
}

// castlingKey returns the Zobrist key of p's castling rights: one key per
// set of rights, and in Chess960 one more per right for its rook's file
// (zero for the corner files of standard chess, so a position hashes the
// same in either mode).
func (p *Position) castlingKey() uint64 {
	k := zobristCastling[p.castling]
	if p.chess960 {
		k ^= p.rookFileKey(p.castling)
	}
	return k
}

// castlingChanged960 sets the castling rights of a Chess960 position after
// MakeMove moved a piece from from to to (MakeMove has applied standard
// chess's corners, which it undoes here): a king move loses both of its
// side's rights, and a move from or onto the square of a right's rook
// loses that right. The rights before the move are those whose rook p
// still keeps (castleRooks holds NoSquare for the others). It updates the
// hash (rights and rook files) and forgets the rook squares of the rights
// lost, so that equal positions are equal values. It is kept out of line
// so that MakeMove stays as small as it was for standard chess.
//
//go:noinline
func (p *Position) castlingChanged960(from, to Square) {
	before := NoCastling
	for i, r := range p.castleRooks {
		if r != NoSquare {
			before |= CastlingRights(1) << i
		}
	}
	kept := AllCastling
	if pc := p.board[to]; pc.Type() == King {
		kept &^= (WhiteKingside | WhiteQueenside) << (2 * pc.Color())
	}
	for i, r := range p.castleRooks {
		if r == from || r == to {
			kept &^= CastlingRights(1) << i
		}
	}
	after := before & kept
	p.hash ^= zobristCastling[p.castling] ^ zobristCastling[after] ^ p.rookFileKey(before) ^ p.rookFileKey(after)
	p.castling = after
	for i := range p.castleRooks {
		if after&(1<<i) == 0 {
			p.castleRooks[i] = NoSquare
		}
	}
}

// rookFileKey returns the XOR of the rook-file keys of the Chess960
// rights in rights, whose rooks p keeps.
func (p *Position) rookFileKey(rights CastlingRights) uint64 {
	var k uint64
	for i, r := range p.castleRooks {
		if rights&(1<<i) != 0 {
			k ^= zobristRookFile[i][r.File()]
		}
	}
	return k
}

// computeHash returns the Zobrist hash computed from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for s := A1; s <= H8; s++ {
		if pc := p.board[s]; pc != NoPiece {
			h ^= zobristPiece[pc][s]
		}
	}
	h ^= p.castlingKey()
	if p.epSquare != NoSquare {
		h ^= zobristEP[p.epSquare.File()]
	}
	if p.side == Black {
		h ^= zobristBlack
	}
	return h
}

package chess

// GivesCheck reports whether the legal move m puts the opponent in check,
// without making it: the same answer as making m and asking InCheck, at the
// cost of two slider lookups. It sees direct checks by the moved (or
// promoted) piece, checks by sliders the move uncovers (en passant uncovers
// two squares), and checks by the rook of a castling move.
func (p *Position) GivesCheck(m Move) bool {
	us := p.side
	ksq := p.KingSquare(us.Other())
	from, to := m.From(), m.To()
	moved := p.board[from].Type()
	occ := p.Occupied()&^from.Bitboard() | to.Bitboard()
	diagonal := p.Pieces(us, Bishop) | p.Pieces(us, Queen)
	straight := p.Pieces(us, Rook) | p.Pieces(us, Queen)

	switch k := m.kind(); {
	case k&kindPromotion != 0:
		moved = m.Promotion()
	case k == kindEnPassant:
		occ &^= (to ^ 8).Bitboard()
	case k == kindKingCastle || k == kindQueenCastle:
		// The rook checks, or (Chess960) the king uncovers a line.
		c := p.castle(castleIndex(us, k == kindQueenCastle))
		return c.givesCheck(ksq, p.Occupied(), diagonal, straight)
	}

	// The pieces after the move: the moved piece leaves from for to.
	diagonal &^= from.Bitboard()
	straight &^= from.Bitboard()
	switch moved {
	case Pawn:
		if PawnAttacks(us.Other(), ksq).Has(to) {
			return true
		}
	case Knight:
		if KnightAttacks(ksq).Has(to) {
			return true
		}
	case Bishop:
		diagonal |= to.Bitboard()
	case Rook:
		straight |= to.Bitboard()
	case Queen:
		diagonal |= to.Bitboard()
		straight |= to.Bitboard()
	}
	return BishopAttacks(ksq, occ)&diagonal != 0 || RookAttacks(ksq, occ)&straight != 0
}

// givesCheck reports whether castling as c checks the king on ksq, with
// the pieces on occ and the side's diagonal and straight sliders before
// it: the king and rook leave their squares before they land (in Chess960
// they may swap).
func (c *castle) givesCheck(ksq Square, occ, diagonal, straight Bitboard) bool {
	occ = occ&^(c.kingFrom.Bitboard()|c.rookFrom.Bitboard()) | c.kingTo.Bitboard() | c.rookTo.Bitboard()
	straight = straight&^c.rookFrom.Bitboard() | c.rookTo.Bitboard()
	return BishopAttacks(ksq, occ)&diagonal != 0 || RookAttacks(ksq, occ)&straight != 0
}

// Checks holds what GivesCheck needs to know of one position to answer for
// many of its moves at the cost of a table lookup each: the squares from
// which each piece type of the side to move would check the enemy king, and
// the side to move's pieces that uncover a check by leaving their line to
// it. A search that asks about every move of a node makes one per node.
type Checks struct {
	squares     [King + 1]Bitboard // indexed by PieceType; King is empty
	discoverers Bitboard
	king        Square // the enemy king
}

// Checks returns the check information of p, for Checks.GivesCheck.
func (p *Position) Checks() Checks {
	us := p.side
	them := us.Other()
	ksq := p.KingSquare(them)
	occ := p.Occupied()
	diag, straight := BishopAttacks(ksq, occ), RookAttacks(ksq, occ)
	ch := Checks{king: ksq}
	ch.squares[Pawn] = PawnAttacks(them, ksq)
	ch.squares[Knight] = KnightAttacks(ksq)
	ch.squares[Bishop] = diag
	ch.squares[Rook] = straight
	ch.squares[Queen] = diag | straight
	// Our sliders aimed at the king through exactly one of our pieces.
	snipers := p.byColor[us] & (RookAttacks(ksq, Empty)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(ksq, Empty)&(p.byType[Bishop]|p.byType[Queen]))
	for ; snipers != 0; snipers = snipers.WithoutFirst() {
		b := betweenBB[ksq][snipers.First()] & occ
		if b != 0 && !b.MoreThanOne() && b&p.byColor[us] != 0 {
			ch.discoverers |= b
		}
	}
	return ch
}

// multiLineKinds has bit k set for each move kind k that Checks.GivesCheck
// leaves to Position.GivesCheck: promotions, en passant and castling.
const multiLineKinds = 0xff<<kindPromotion | 1<<kindEnPassant | 1<<kindKingCastle | 1<<kindQueenCastle

// GivesCheck reports whether the legal move m of p, the position ch was
// made for, puts the opponent in check: the same answer as
// p.GivesCheck(m). Promotions, en-passant captures and castling, which
// change more than one line, are answered by p.GivesCheck.
func (ch *Checks) GivesCheck(p *Position, m Move) bool {
	if multiLineKinds>>m.kind()&1 != 0 {
		return p.GivesCheck(m)
	}
	from, to := m.From(), m.To()
	if ch.squares[p.board[from].Type()].Has(to) {
		return true
	}
	// A piece leaving the line between a slider of ours and the king,
	// unless it moves along that line.
	return ch.discoverers.Has(from) && !lineBB[from][ch.king].Has(to)
}

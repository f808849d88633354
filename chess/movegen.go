package chess

// GenKind selects which legal moves GenerateMoves produces. NoisyMoves and
// QuietMoves partition AllMoves.
type GenKind uint8

// The generation kinds.
const (
	AllMoves   GenKind = iota
	NoisyMoves         // captures (en passant included) and promotions
	QuietMoves         // everything else, castling included
)

// GenerateMoves fills ml with the legal moves of the given kind, replacing
// its contents. It does not allocate.
//
// The generator is fully legal: the king steps only to unattacked squares
// (tested with the king lifted off the board, so it cannot hide behind
// itself); in double check only the king moves; in single check the other
// pieces may only capture the checker or block; pinned pieces move only along
// the pin; en passant is tested by removing both pawns (see enPassantLegal).
func (p *Position) GenerateMoves(ml *MoveList, kind GenKind) {
	ml.n = 0
	us, them := p.side, p.side.Other()
	own, enemy := p.byColor[us], p.byColor[them]
	occ := own | enemy
	ksq := p.KingSquare(us)

	var targets Bitboard
	switch kind {
	case AllMoves:
		targets = ^own
	case NoisyMoves:
		targets = enemy
	default:
		targets = ^occ
	}

	// King moves.
	occWithoutKing := occ ^ ksq.Bitboard()
	for att := kingAttacks[ksq] & targets; att != 0; att = att.WithoutFirst() {
		to := att.First()
		if !p.attackedWith(to, them, occWithoutKing) {
			if enemy.Has(to) {
				ml.add(newMove(ksq, to, kindCapture))
			} else {
				ml.add(newMove(ksq, to, kindQuiet))
			}
		}
	}
	if p.checkers.MoreThanOne() {
		return
	}

	// Evasions: in check, a move must capture the checker or block.
	checkMask := Full
	if p.checkers != 0 {
		checkMask = betweenBB[ksq][p.checkers.First()] | p.checkers
	}
	pinned := p.pinnedPieces(ksq)
	targets &= checkMask

	for from := p.Pieces(us, Knight) &^ pinned; from != 0; from = from.WithoutFirst() {
		s := from.First()
		addPieceMoves(ml, s, knightAttacks[s]&targets, enemy)
	}
	for from := own & (p.byType[Bishop] | p.byType[Queen]); from != 0; from = from.WithoutFirst() {
		s := from.First()
		att := BishopAttacks(s, occ) & targets
		if pinned.Has(s) {
			att &= lineBB[ksq][s]
		}
		addPieceMoves(ml, s, att, enemy)
	}
	for from := own & (p.byType[Rook] | p.byType[Queen]); from != 0; from = from.WithoutFirst() {
		s := from.First()
		att := RookAttacks(s, occ) & targets
		if pinned.Has(s) {
			att &= lineBB[ksq][s]
		}
		addPieceMoves(ml, s, att, enemy)
	}
	p.generatePawnMoves(ml, kind, checkMask, pinned, ksq)

	if kind != NoisyMoves && p.checkers == 0 {
		for i := castleIndex(us, false); i <= castleIndex(us, true); i++ {
			c := p.castle(i) // meaningful only if p holds right i
			if p.castling&(1<<i) != 0 && p.canCastle(c) {
				ml.add(newMove(c.kingFrom, c.kingTo, kindKingCastle+moveKind(i&1)))
			}
		}
	}
}

// addPieceMoves adds the moves of the piece on from to each square in att,
// marking those onto enemy pieces as captures.
func addPieceMoves(ml *MoveList, from Square, att, enemy Bitboard) {
	for b := att & enemy; b != 0; b = b.WithoutFirst() {
		ml.add(newMove(from, b.First(), kindCapture))
	}
	for b := att &^ enemy; b != 0; b = b.WithoutFirst() {
		ml.add(newMove(from, b.First(), kindQuiet))
	}
}

// pinnedPieces returns the side to move's pieces that are pinned to its king
// on ksq: the only piece between the king and an enemy slider aimed at it.
func (p *Position) pinnedPieces(ksq Square) Bitboard {
	them := p.byColor[p.side.Other()]
	snipers := them & (RookAttacks(ksq, Empty)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(ksq, Empty)&(p.byType[Bishop]|p.byType[Queen]))
	occ := p.Occupied()
	var pinned Bitboard
	for ; snipers != 0; snipers = snipers.WithoutFirst() {
		b := betweenBB[ksq][snipers.First()] & occ
		if b != 0 && !b.MoreThanOne() {
			pinned |= b
		}
	}
	return pinned & p.byColor[p.side]
}

// generatePawnMoves adds the pawn moves of the given kind, set-wise: all
// pushes (or captures in one direction) are computed with one shift.
func (p *Position) generatePawnMoves(ml *MoveList, kind GenKind, checkMask, pinned Bitboard, ksq Square) {
	us := p.side
	pawns := p.Pieces(us, Pawn)
	enemy := p.byColor[us.Other()] & checkMask
	empty := ^p.Occupied()
	up, rank7, rank3 := 8, Rank7BB, Rank3BB
	if us == Black {
		up, rank7, rank3 = -8, Rank2BB, Rank6BB
	}
	promoting, others := pawns&rank7, pawns&^rank7
	pin := pinFilter{pinned, ksq}

	if kind != NoisyMoves {
		single := others.Forward(us) & empty
		double := (single & rank3).Forward(us) & empty & checkMask
		pin.add(ml, single&checkMask, up, kindQuiet)
		pin.add(ml, double, 2*up, kindDoublePush)
	}
	if kind == QuietMoves {
		return
	}
	west, east := others.West().Forward(us)&enemy, others.East().Forward(us)&enemy
	pin.add(ml, west, up-1, kindCapture)
	pin.add(ml, east, up+1, kindCapture)
	if promoting != 0 {
		pin.addPromotions(ml, promoting.Forward(us)&empty&checkMask, up, kindPromotion)
		pin.addPromotions(ml, promoting.West().Forward(us)&enemy, up-1, kindPromoCapture)
		pin.addPromotions(ml, promoting.East().Forward(us)&enemy, up+1, kindPromoCapture)
	}
	if ep := p.epSquare; ep != NoSquare {
		for from := pawnAttacks[us.Other()][ep] & pawns; from != 0; from = from.WithoutFirst() {
			s := from.First()
			if p.enPassantLegal(s, ep) {
				ml.add(newMove(s, ep, kindEnPassant))
			}
		}
	}
}

// pinFilter drops pawn moves that would take a pinned pawn off its pin line.
type pinFilter struct {
	pinned Bitboard
	ksq    Square
}

func (f pinFilter) allowed(from, to Square) bool {
	return !f.pinned.Has(from) || lineBB[f.ksq][from].Has(to)
}

// add adds a move to each square in targets from the square delta behind it.
func (f pinFilter) add(ml *MoveList, targets Bitboard, delta int, k moveKind) {
	for ; targets != 0; targets = targets.WithoutFirst() {
		to := targets.First()
		from := Square(int(to) - delta)
		if f.allowed(from, to) {
			ml.add(newMove(from, to, k))
		}
	}
}

// addPromotions is add for moves onto the last rank, one per promotion piece.
func (f pinFilter) addPromotions(ml *MoveList, targets Bitboard, delta int, k moveKind) {
	for ; targets != 0; targets = targets.WithoutFirst() {
		to := targets.First()
		from := Square(int(to) - delta)
		if f.allowed(from, to) {
			for piece := moveKind(3); ; piece-- { // queen first
				ml.add(newMove(from, to, k+piece))
				if piece == 0 {
					break
				}
			}
		}
	}
}

// LegalMoves returns the legal moves in a new slice. It allocates; hot code
// should call GenerateMoves with a reused MoveList.
func (p *Position) LegalMoves() []Move {
	var ml MoveList
	p.GenerateMoves(&ml, AllMoves)
	return append([]Move(nil), ml.Slice()...)
}

// IsLegal reports whether m is a legal move in p (for example a move from a
// hash table, which may belong to another position): exactly when
// GenerateMoves would produce it, kind bits included. It tests the one
// move without generating the others.
func (p *Position) IsLegal(m Move) bool {
	us, them := p.side, p.side.Other()
	from, to, k := m.From(), m.To(), m.kind()
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != us || from == to && !m.IsCastle() { // a Chess960 king may castle in place
		return false
	}
	if k == kindKingCastle || k == kindQueenCastle {
		return p.castleLegal(from, to, k == kindQueenCastle)
	}
	own, enemy := p.byColor[us], p.byColor[them]
	occ := own | enemy
	if own.Has(to) || k&kindCapture != 0 && k != kindEnPassant && !enemy.Has(to) ||
		k&kindCapture == 0 && occ.Has(to) {
		return false
	}
	ksq := p.KingSquare(us)
	if pc.Type() == Pawn {
		return p.pawnMoveLegal(from, to, k, ksq)
	}
	if k != kindQuiet && k != kindCapture {
		return false
	}
	switch pc.Type() {
	case Knight:
		if !knightAttacks[from].Has(to) {
			return false
		}
	case Bishop:
		if !BishopAttacks(from, occ).Has(to) {
			return false
		}
	case Rook:
		if !RookAttacks(from, occ).Has(to) {
			return false
		}
	case Queen:
		if !QueenAttacks(from, occ).Has(to) {
			return false
		}
	default: // King
		return kingAttacks[from].Has(to) && !p.attackedWith(to, them, occ^from.Bitboard())
	}
	return p.keepsKingSafe(from, to, ksq)
}

// keepsKingSafe reports whether moving the (non-king) piece on from to to
// leaves the side to move's king on ksq out of check: in check, it must
// capture the single checker or block; a pinned piece must stay on its pin
// line.
func (p *Position) keepsKingSafe(from, to, ksq Square) bool {
	if p.checkers != 0 {
		if p.checkers.MoreThanOne() || !(betweenBB[ksq][p.checkers.First()] | p.checkers).Has(to) {
			return false
		}
	}
	return !p.pinnedPieces(ksq).Has(from) || lineBB[ksq][from].Has(to)
}

// pawnMoveLegal is IsLegal for a pawn move of kind k (its target square
// already checked against the capture bit).
func (p *Position) pawnMoveLegal(from, to Square, k moveKind, ksq Square) bool {
	us := p.side
	up, lastRank, fourthRank := 8, Rank8BB, Rank4BB
	if us == Black {
		up, lastRank, fourthRank = -8, Rank1BB, Rank5BB
	}
	if k == kindEnPassant {
		return to == p.epSquare && pawnAttacks[us][from].Has(to) && !p.checkers.MoreThanOne() && p.enPassantLegal(from, to)
	}
	if k&kindPromotion != 0 != lastRank.Has(to) {
		return false
	}
	switch {
	case k == kindCapture || k >= kindPromoCapture:
		if !pawnAttacks[us][from].Has(to) {
			return false
		}
	case k == kindDoublePush:
		if int(to) != int(from)+2*up || !fourthRank.Has(to) || p.Occupied().Has(Square(int(from)+up)) {
			return false
		}
	case k == kindQuiet || k >= kindPromotion:
		if int(to) != int(from)+up {
			return false
		}
	default: // kinds no pawn move has
		return false
	}
	return p.keepsKingSafe(from, to, ksq)
}

// castleLegal is IsLegal for a castling move from the king's square to its
// destination, on the queenside or the kingside.
func (p *Position) castleLegal(from, to Square, queenside bool) bool {
	i := castleIndex(p.side, queenside)
	if p.castling&(1<<i) == 0 {
		return false
	}
	c := p.castle(i)
	return c.kingFrom == from && c.kingTo == to && p.board[from].Type() == King && p.checkers == 0 && p.canCastle(c)
}

// canCastle reports whether the side to move, not in check, may castle as
// c says: it has the right, the squares the king and the rook cross or land
// on are empty (but for the two of them), and the king crosses and lands on
// no attacked square, its rook taken off the board (in Chess960 the rook
// may stand between the king's destination and an enemy rook or queen).
func (p *Position) canCastle(c *castle) bool {
	occ := p.Occupied()
	if p.castling&c.right == 0 || occ&c.mustBeEmpty != 0 {
		return false
	}
	for path := c.kingPath; path != 0; path = path.WithoutFirst() {
		if p.attackedWith(path.First(), p.side.Other(), occ^c.rookFrom.Bitboard()) {
			return false
		}
	}
	return true
}

// HasLegalMoves reports whether the side to move has any legal move.
func (p *Position) HasLegalMoves() bool {
	var ml MoveList
	p.GenerateMoves(&ml, AllMoves)
	return ml.n > 0
}

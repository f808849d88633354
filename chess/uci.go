package chess

import (
	"strings"
)

// ParseUCI parses a move in UCI long algebraic notation ("e2e4", "e7e8q")
// and returns the legal move of p it names. Castling is written as the king's
// move ("e1g1") or as the king taking its own rook ("e1h1"), the form of
// Chess960; in a Chess960 position the king's move names castling only when
// the king goes two files or more (so "f1g1" is a king step, and castling
// with the rook on h1 is "f1h1"). A promotion piece may be upper or lower
// case. "0000" (the null move) is rejected: it is never legal.
//
// The error says what is wrong: text that is not a UCI move, or why the move
// is illegal in p ("chess: move \"e2e5\" is illegal in this position: the
// pawn on e2 cannot move to e5").
func (p *Position) ParseUCI(s string) (Move, error) {
	from, to, promo, err := splitUCI(s)
	if err != nil {
		return NoMove, err
	}
	var ml MoveList
	p.GenerateMoves(&ml, AllMoves)
	for _, m := range ml.Slice() {
		if m.From() == from && m.To() == to && m.Promotion() == promo && (!m.IsCastle() || fileDistance(from, to) >= 2) {
			return m, nil
		}
	}
	if m, ok := p.castleByRookSquare(&ml, from, to); ok && promo == NoPieceType {
		return m, nil
	}
	return NoMove, p.illegal(s, from, to, promo)
}

// splitUCI checks the syntax of a UCI move and returns its parts.
func splitUCI(s string) (from, to Square, promo PieceType, err error) {
	if s == "0000" {
		return NoSquare, NoSquare, NoPieceType, &MoveError{Move: s, Why: WhyNullMove}
	}
	bad := func() (Square, Square, PieceType, error) {
		return NoSquare, NoSquare, NoPieceType, &MoveError{Move: s, Why: WhyNotUCI}
	}
	if len(s) != 4 && len(s) != 5 {
		return bad()
	}
	from, err1 := ParseSquare(s[0:2])
	to, err2 := ParseSquare(s[2:4])
	if err1 != nil || err2 != nil {
		return bad()
	}
	if len(s) == 5 {
		if promo = promotionPiece(s[4]); promo == NoPieceType {
			return bad()
		}
	}
	return from, to, promo, nil
}

// promotionPiece returns the piece a promotion letter names (either case),
// or NoPieceType.
func promotionPiece(ch byte) PieceType {
	switch ch {
	case 'q', 'Q':
		return Queen
	case 'r', 'R':
		return Rook
	case 'b', 'B':
		return Bishop
	case 'n', 'N':
		return Knight
	}
	return NoPieceType
}

// castleByRookSquare finds the legal castling move written as the king
// moving onto its own rook (e1h1, e1a1), as Chess960-aware GUIs send it.
func (p *Position) castleByRookSquare(ml *MoveList, from, to Square) (Move, bool) {
	for _, m := range ml.Slice() {
		if m.IsCastle() && m.From() == from && p.castle(castleIndex(p.side, m.kind() == kindQueenCastle)).rookFrom == to {
			return m, true
		}
	}
	return NoMove, false
}

// fileDistance returns how many files apart a and b are.
func fileDistance(a, b Square) int {
	return max(int(a.File())-int(b.File()), int(b.File())-int(a.File()))
}

// UCI returns the legal move m of p in UCI notation as a GUI expects it:
// m.String(), but for castling in a Chess960 position the king taking its
// own rook ("e1h1", "b1a1"), as Chess960 GUIs and engines write it.
func (p *Position) UCI(m Move) string {
	if !p.chess960 || !m.IsCastle() {
		return m.String()
	}
	return m.From().String() + p.castle(castleIndex(p.side, m.kind() == kindQueenCastle)).rookFrom.String()
}

// pieceName is the English name of a piece type, for error messages.
var pieceName = [...]string{NoPieceType: "piece", Pawn: "pawn", Knight: "knight",
	Bishop: "bishop", Rook: "rook", Queen: "queen", King: "king"}

// whyIllegal explains why moving the piece on from to to (promoting to
// promo, or NoPieceType) is not a legal move in p: a MoveError without its
// Move. It is used for errors only, so it favours clarity over speed.
func (p *Position) whyIllegal(from, to Square, promo PieceType) MoveError {
	us := p.side
	pc := p.board[from]
	switch {
	case pc == NoPiece:
		return MoveError{Why: WhyNoPieceOn, From: from, To: to}
	case pc.Color() != us:
		return MoveError{Why: WhyNotYourPiece, Color: pc.Color(), Piece: pc.Type(), From: from, To: to}
	case from == to:
		return MoveError{Why: WhySameSquare, From: from, To: to}
	}
	t := pc.Type()
	if t == King {
		if i, ok := p.castlingAttempt(from, to); ok {
			return p.whyNoCastle(i)
		}
	}
	if p.board[to] != NoPiece && p.board[to].Color() == us {
		return MoveError{Why: WhyOwnPieceOn, Color: us, Piece: p.board[to].Type(), From: from, To: to}
	}
	if !p.reaches(from, to) {
		return MoveError{Why: WhyCannotReach, Color: us, Piece: t, From: from, To: to}
	}
	lastRank := to.RelativeRank(us) == Rank8
	switch {
	case t == Pawn && lastRank && promo == NoPieceType:
		return MoveError{Why: WhyMustPromote, Color: us, Piece: Pawn, From: from, To: to}
	case (t != Pawn || !lastRank) && promo != NoPieceType:
		return MoveError{Why: WhyOnlyPawnsPromote, Color: us, Piece: t, From: from, To: to}
	case promo == Pawn || promo == King:
		return MoveError{Why: WhyBadPromotion, Color: us, Piece: promo, From: from, To: to}
	case t != King && p.InCheck():
		return MoveError{Why: WhyInCheck, Color: us, Piece: t, From: from, To: to}
	}
	child := *p
	child.relocateForTest(from, to)
	if child.attackedWith(child.KingSquare(us), us.Other(), child.Occupied()) {
		return MoveError{Why: WhyLeavesKingInCheck, Color: us, Piece: t, From: from, To: to}
	}
	return MoveError{Why: WhyNoMatch, Color: us, Piece: t, From: from, To: to}
}

// illegal returns the error of move text s (in UCI, or a Move's String),
// illegal in p as whyIllegal says.
func (p *Position) illegal(s string, from, to Square, promo PieceType) error {
	e := p.whyIllegal(from, to, promo)
	e.Move, e.form = s, formMove
	return &e
}

// relocateForTest moves the piece on from to to, capturing what stands
// there, without any other bookkeeping: enough to ask whether the mover's
// king would be attacked afterwards.
func (p *Position) relocateForTest(from, to Square) {
	if p.board[to] != NoPiece {
		p.remove(to)
	}
	if p.board[from].Type() == Pawn && to == p.epSquare {
		p.remove(to ^ 8)
	}
	p.relocate(from, to)
}

// reaches reports whether the piece on from moves to to by its own pattern
// (ignoring pins, checks and castling): a slider's path must be clear, a
// pawn pushes onto empty squares and captures diagonally.
func (p *Position) reaches(from, to Square) bool {
	pc := p.board[from]
	occ := p.Occupied()
	switch pc.Type() {
	case Pawn:
		c := pc.Color()
		if pawnAttacks[c][from].Has(to) {
			return p.board[to] != NoPiece || to == p.epSquare
		}
		one := from.Bitboard().Forward(c)
		if one.Has(to) {
			return !occ.Has(to)
		}
		return from.RelativeRank(c) == Rank2 && one.Forward(c).Has(to) && occ&(one|to.Bitboard()) == 0
	case Knight:
		return knightAttacks[from].Has(to)
	case Bishop:
		return BishopAttacks(from, occ).Has(to)
	case Rook:
		return RookAttacks(from, occ).Has(to)
	case Queen:
		return (BishopAttacks(from, occ) | RookAttacks(from, occ)).Has(to)
	case King:
		return kingAttacks[from].Has(to)
	}
	return false
}

// castlingAttempt reports whether the king's move from from to to is
// written as castling, and which (castleIndex): in standard chess the king
// going from e1 to g1 or c1 (e8 for Black); in
// Chess960 the king going two files or more to the g- or c-file of its back
// rank, or onto the rook of a castling right it holds.
func (p *Position) castlingAttempt(from, to Square) (int, bool) {
	us := p.side
	for i := castleIndex(us, false); i <= castleIndex(us, true); i++ {
		c := &castles[i]
		switch {
		case !p.chess960:
			if from == c.kingFrom && to == c.kingTo {
				return i, true
			}
		case from.Rank() != c.kingTo.Rank():
		case to == c.kingTo && fileDistance(from, to) >= 2,
			p.castling&c.right != 0 && to == p.castleRooks[i]:
			return i, true
		}
	}
	return 0, false
}

// whyNoCastle explains why castling move i (castleIndex) is not legal in p:
// a MoveError without its Move.
func (p *Position) whyNoCastle(i int) MoveError {
	c := &castles[i]
	e := MoveError{Color: p.side, Piece: King, From: c.kingFrom, To: c.kingTo, Queenside: i&1 == 1}
	if p.chess960 {
		e.From = p.KingSquare(p.side)
	}
	if p.castling&c.right == 0 {
		e.Why = WhyCastlingRightLost
		return e
	}
	c = p.castle(i)
	switch {
	case p.InCheck():
		e.Why = WhyCastlingOutOfCheck
	case p.Occupied()&c.mustBeEmpty != 0:
		e.Why = WhyCastlingBlocked
	default:
		e.Why = WhyCastlingThroughCheck
	}
	return e
}

// ParseMove parses a move typed by a person or sent by a program: SAN
// ("Nf3", "exd5", "O-O", "e8=Q", with the tolerance of ParseSAN) or UCI long
// algebraic ("g1f3", "e7e8q"). Text made of two squares and an optional
// promotion letter is read as UCI; anything else as SAN.
func (p *Position) ParseMove(s string) (Move, error) {
	s = strings.TrimSpace(s)
	if _, _, _, err := splitUCI(s); err == nil {
		return p.ParseUCI(s)
	}
	return p.ParseSAN(s)
}

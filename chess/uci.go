package chess

import (
	"fmt"
	"strings"
)

// ParseUCI parses a move in UCI long algebraic notation ("e2e4", "e7e8q")
// and returns the legal move of p it names. Castling is written as the king's
// move ("e1g1"); the king-takes-rook form of Chess960 GUIs ("e1h1") is also
// accepted when that castling move is legal. A promotion piece may be upper
// or lower case. "0000" (the null move) is rejected: it is never legal.
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
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, nil
		}
	}
	if m, ok := p.castleByRookSquare(&ml, from, to); ok && promo == NoPieceType {
		return m, nil
	}
	return NoMove, fmt.Errorf("chess: move %q is illegal in this position: %s", s, p.whyIllegal(from, to, promo))
}

// splitUCI checks the syntax of a UCI move and returns its parts.
func splitUCI(s string) (from, to Square, promo PieceType, err error) {
	if s == "0000" {
		return NoSquare, NoSquare, NoPieceType, fmt.Errorf("chess: move %q is the null move, which is never legal", s)
	}
	bad := func() (Square, Square, PieceType, error) {
		return NoSquare, NoSquare, NoPieceType, fmt.Errorf(
			"chess: %q is not a UCI move (want two squares and an optional promotion piece, like \"e2e4\" or \"e7e8q\")", s)
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
	for i := range castles {
		c := &castles[i]
		if c.kingFrom != from || c.rookFrom != to {
			continue
		}
		for _, m := range ml.Slice() {
			if m.IsCastle() && m.From() == from && m.To() == c.kingTo {
				return m, true
			}
		}
	}
	return NoMove, false
}

// pieceName is the English name of a piece type, for error messages.
var pieceName = [...]string{NoPieceType: "piece", Pawn: "pawn", Knight: "knight",
	Bishop: "bishop", Rook: "rook", Queen: "queen", King: "king"}

// whyIllegal explains why moving the piece on from to to (promoting to
// promo, or NoPieceType) is not a legal move in p. It is used for error
// messages only, so it favours clarity over speed.
func (p *Position) whyIllegal(from, to Square, promo PieceType) string {
	us := p.side
	pc := p.board[from]
	switch {
	case pc == NoPiece:
		return fmt.Sprintf("there is no piece on %v", from)
	case pc.Color() != us:
		return fmt.Sprintf("the %v on %v is %v's and it is %v's turn", pieceName[pc.Type()], from, pc.Color(), us)
	case from == to:
		return "a move must change squares"
	}
	t := pc.Type()
	if t == King {
		for i := castleIndex(us, false); i <= castleIndex(us, true); i++ {
			if c := &castles[i]; from == c.kingFrom && to == c.kingTo {
				return p.whyNoCastle(i)
			}
		}
	}
	if p.board[to] != NoPiece && p.board[to].Color() == us {
		return fmt.Sprintf("%v's own %v stands on %v", us, pieceName[p.board[to].Type()], to)
	}
	if !p.reaches(from, to) {
		return fmt.Sprintf("the %v on %v cannot move to %v", pieceName[t], from, to)
	}
	lastRank := to.RelativeRank(us) == Rank8
	switch {
	case t == Pawn && lastRank && promo == NoPieceType:
		return fmt.Sprintf("a pawn reaching %v must promote (to a queen, rook, bishop or knight)", to)
	case (t != Pawn || !lastRank) && promo != NoPieceType:
		return "only a pawn reaching the last rank promotes"
	case promo == Pawn || promo == King:
		return fmt.Sprintf("a pawn cannot promote to a %v", pieceName[promo])
	case t != King && p.InCheck():
		return fmt.Sprintf("the %v king is in check and the move does not answer it", us)
	}
	child := *p
	child.relocateForTest(from, to)
	if child.attackedWith(child.KingSquare(us), us.Other(), child.Occupied()) {
		return fmt.Sprintf("it would leave the %v king in check", us)
	}
	return "it does not match a legal move of this position (was it made for another one?)"
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

// whyNoCastle explains why castling move castles[i] is not legal in p.
func (p *Position) whyNoCastle(i int) string {
	c := &castles[i]
	us := p.side
	side := "kingside"
	if c.rookFrom < c.kingFrom {
		side = "queenside"
	}
	switch {
	case p.castling&c.right == 0:
		return fmt.Sprintf("%v has lost the right to castle %s", us, side)
	case p.InCheck():
		return fmt.Sprintf("%v cannot castle out of check", us)
	case p.Occupied()&c.mustBeEmpty != 0:
		return fmt.Sprintf("the squares between the %v king and rook are not empty", us)
	default:
		return fmt.Sprintf("the %v king would cross or land on an attacked square", us)
	}
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

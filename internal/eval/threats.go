package eval

import "github.com/outpost-chess/outpost/chess"

// This file is threats: enemy pieces attacked by less valuable ones, enemy
// pieces attacked and not defended (by the king too), enemy pieces a safe
// pawn push would attack, and squares contested where the enemy is not
// strong. The side to move can often cash such a threat, and the side
// under threat must spend a move on it.

// threats sets c's threats term from the attack maps both sides' piece
// passes filled in (pieces.go).
func (e *evaluation) threats(c chess.Color) {
	w, p := e.w, e.p
	them := c.Other()
	attacks, defends := &e.attackedBy[c], &e.attackedBy[them]
	pieces := p.ByColor(them) &^ (p.ByType(chess.Pawn) | p.ByType(chess.King))

	s := w.ThreatByPawn.Mul((pieces & attacks[chess.Pawn]).Count())
	// Per piece a minor attacks (seldom more than one), by its type.
	for b := pieces & (attacks[chess.Knight] | attacks[chess.Bishop]); b != 0; b = b.WithoutFirst() {
		s = s.Add(w.ThreatByMinor[p.PieceAt(b.First()).Type()])
	}
	s = s.Add(w.ThreatByRook.Mul((p.Pieces(them, chess.Queen) & attacks[chess.Rook]).Count()))
	s = s.Add(w.Hanging.Mul((pieces & attacks[chess.NoPieceType] &^ defends[chess.NoPieceType]).Count()))
	s = s.Add(w.ThreatByKing.Mul((p.ByColor(them) & attacks[chess.King] &^ defends[chess.NoPieceType]).Count()))
	strong := defends[chess.Pawn] | e.attacked2[them]&^e.attacked2[c]
	s = s.Add(w.Restricted.Mul((defends[chess.NoPieceType] & attacks[chess.NoPieceType] &^ strong).Count()))

	// Pawn pushes (one square, or two from the second rank) to squares no
	// enemy pawn attacks and the enemy does not hold against our support.
	empty := ^p.Occupied()
	pushes := e.pawns[c].Forward(c) & empty
	third := chess.RankBB(chess.Rank3)
	if c == chess.Black {
		third = chess.RankBB(chess.Rank6)
	}
	pushes |= (pushes & third).Forward(c) & empty
	pushes &^= defends[chess.Pawn]
	pushes &= attacks[chess.NoPieceType] | ^defends[chess.NoPieceType]
	s = s.Add(w.ThreatPawnPush.Mul((chess.PawnAttackSet(c, pushes) & pieces).Count()))
	e.terms[TermThreats][c] = s
}

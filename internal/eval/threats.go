package eval

import "github.com/outpost-chess/outpost/chess"

// This file is threats: enemy pieces attacked by less valuable ones, and
// enemy pieces attacked and not defended. The side to move can often cash
// such a threat, and the side under threat must spend a move on it.

// threats sets c's threats term from the attack maps both sides' piece
// passes filled in (pieces.go).
func (e *evaluation) threats(c chess.Color) {
	w, p := e.w, e.p
	them := c.Other()
	attacks, defends := &e.attackedBy[c], &e.attackedBy[them]
	pieces := p.ByColor(them) &^ (p.ByType(chess.Pawn) | p.ByType(chess.King))

	s := w.ThreatByPawn.Mul((pieces & attacks[chess.Pawn]).Count())
	byMinor := attacks[chess.Knight] | attacks[chess.Bishop]
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		s = s.Add(w.ThreatByMinor[pt].Mul((p.Pieces(them, pt) & byMinor).Count()))
	}
	s = s.Add(w.ThreatByRook.Mul((p.Pieces(them, chess.Queen) & attacks[chess.Rook]).Count()))
	s = s.Add(w.Hanging.Mul((pieces & attacks[chess.NoPieceType] &^ defends[chess.NoPieceType]).Count()))
	e.terms[TermThreats][c] = s
}

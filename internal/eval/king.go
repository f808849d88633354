package eval

import "github.com/outpost-chess/outpost/chess"

// This file is king safety: the attack on each king's zone (counted during
// the piece pass in pieces.go, scaled here), safe checks, and the pawn
// shield in front of a castled king.

// kingAttackTerm sets c's king-attack term: the KingZoneAttack weights of
// c's pieces hitting the enemy king zone, scaled by how many pieces take
// part (Weights.KingAttackerScale).
func (e *evaluation) kingAttackTerm(c chess.Color) {
	k := e.w.KingAttackerScale[min(e.kingAttackers[c], len(e.w.KingAttackerScale)-1)]
	a := e.kingAttack[c]
	e.terms[TermKingAttack][c] = S(a.MG*k/64, a.EG*k/64).Add(e.safeChecks(c))
}

// safeChecks returns c's SafeCheck credits: for each piece type, whether
// one of c's pieces of that type can check the enemy king next move from a
// square the enemy does not defend.
func (e *evaluation) safeChecks(c chess.Color) Score {
	p, w := e.p, e.w
	them := c.Other()
	ksq := p.KingSquare(them)
	occ := p.Occupied()
	safe := ^p.ByColor(c) &^ e.attackedBy[them][chess.NoPieceType]
	diag, straight := chess.BishopAttacks(ksq, occ), chess.RookAttacks(ksq, occ)
	checks := [chess.King + 1]chess.Bitboard{
		chess.Knight: chess.KnightAttacks(ksq),
		chess.Bishop: diag,
		chess.Rook:   straight,
		chess.Queen:  diag | straight,
	}
	var s Score
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		if checks[pt]&e.attackedBy[c][pt]&safe != 0 {
			s = s.Add(w.SafeCheck[pt])
		}
	}
	return s
}

// castledFiles are the files a king may be called castled on: a-c and f-h.
const castledFiles = chess.FileABB | chess.FileABB<<1 | chess.FileABB<<2 |
	chess.FileHBB>>2 | chess.FileHBB>>1 | chess.FileHBB

// pawnShield sets c's pawn-shield term: for a castled king (on its first
// two ranks, files a-c or f-h), the own pawns one and two ranks ahead of it
// on its file and the adjacent ones.
func (e *evaluation) pawnShield(c chess.Color) {
	ksq := e.p.KingSquare(c)
	if ksq.RelativeRank(c) > chess.Rank2 || !castledFiles.Has(ksq) {
		return
	}
	kb := ksq.Bitboard()
	near := (kb | kb.East() | kb.West()).Forward(c)
	far := near.Forward(c)
	own := e.pawns[c]
	w := e.w
	e.terms[TermPawnShield][c] = w.PawnShield[0].Mul((own & near).Count()).
		Add(w.PawnShield[1].Mul((own & far).Count()))
}

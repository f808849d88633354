package engine

import "github.com/outpost-chess/outpost/chess"

// seeValue is the piece value used by static exchange evaluation; the king's
// is large so that it never wins an exchange by being captured.
var seeValue = [7]Score{chess.Pawn: 100, chess.Knight: 320, chess.Bishop: 330, chess.Rook: 500, chess.Queen: 950, chess.King: 20000}

// capturedType is the type of the piece m captures in p (a pawn for en
// passant; NoPieceType for a move that captures nothing).
func capturedType(p *chess.Position, m chess.Move) chess.PieceType {
	if m.IsEnPassant() {
		return chess.Pawn
	}
	return p.PieceAt(m.To()).Type()
}

// WinsMaterial reports whether m in p loses no material when both sides
// recapture on its target square with their least valuable piece: its
// static exchange evaluation is at least 0. It is seeGE for the cold code
// outside the engine (the search explorer orders moves with it).
func WinsMaterial(p *chess.Position, m chess.Move) bool { return seeGE(p, m, 0) }

// seeGE reports whether the static exchange evaluation of m in p is at least
// threshold: whether, when both sides keep recapturing on m's target square
// with their least valuable attacker (and may stop when it pays), the mover
// ends at least threshold ahead. X-ray attackers behind the capturers join
// in; pins are ignored. This is the swap algorithm with a threshold, which
// needs no list of gains.
func seeGE(p *chess.Position, m chess.Move, threshold Score) bool {
	if m.IsCastle() {
		return threshold <= 0
	}
	from, to := m.From(), m.To()
	moving := p.PieceAt(from).Type()
	gain := seeValue[capturedType(p, m)]
	if promo := m.Promotion(); promo != chess.NoPieceType {
		gain += seeValue[promo] - seeValue[chess.Pawn]
		moving = promo
	}
	swap := gain - threshold
	if swap < 0 {
		return false // even an unanswered capture is not enough
	}
	swap = seeValue[moving] - swap
	if swap <= 0 {
		return true // even losing the moved piece leaves us at the threshold
	}

	occ := p.Occupied() ^ from.Bitboard() ^ to.Bitboard()
	if m.IsEnPassant() {
		occ ^= chess.Square(to ^ 8).Bitboard()
	}
	diagonal := p.ByType(chess.Bishop) | p.ByType(chess.Queen)
	straight := p.ByType(chess.Rook) | p.ByType(chess.Queen)
	attackers := p.AttackersTo(to, occ) & occ
	stm := p.SideToMove()
	res := Score(1) // 1 while the exchange so far meets the threshold
	for {
		stm = stm.Other()
		attackers &= occ
		mine := attackers & p.ByColor(stm)
		if mine == 0 {
			break
		}
		res ^= 1
		// The least valuable attacker captures next.
		var pt chess.PieceType
		for pt = chess.Pawn; pt < chess.King; pt++ {
			if mine&p.ByType(pt) != 0 {
				break
			}
		}
		if pt == chess.King {
			// The king may only capture if the other side has no attacker left.
			if attackers&^p.ByColor(stm) != 0 {
				res ^= 1
			}
			break
		}
		// Capturing with pt: stop when even a free capture leaves this
		// side short of its goal (it would not enter the exchange).
		if swap = seeValue[pt] - swap; swap < res {
			break
		}
		occ ^= (mine & p.ByType(pt)).First().Bitboard()
		switch pt {
		case chess.Pawn, chess.Bishop:
			attackers |= chess.BishopAttacks(to, occ) & diagonal
		case chess.Rook:
			attackers |= chess.RookAttacks(to, occ) & straight
		case chess.Queen:
			attackers |= chess.BishopAttacks(to, occ)&diagonal | chess.RookAttacks(to, occ)&straight
		}
	}
	return res != 0
}

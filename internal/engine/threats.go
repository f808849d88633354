package engine

import "github.com/outpost-chess/outpost/chess"

// threats are the squares the opponent of the side to move attacks with
// its cheaper pieces, by the type of piece they threaten: against[pt] is
// where a piece of type pt stands attacked by a cheaper one (for knights
// and bishops the pawns' attacks; for rooks those and the minor pieces';
// for queens those and the rooks'; nothing for pawns and kings, which the
// ordering leaves alone). A piece standing on such a square is threatened.
type threats struct {
	against [8]chess.Bitboard // indexed by PieceType (a Piece's type is below 8)
}

// threatValue is the ordering adjustment for escaping a threat, by the
// type of the threatened piece.
var threatValue = [8]int32{chess.Knight: historyMax * 5 / 8, chess.Bishop: historyMax * 5 / 8, chess.Rook: historyMax, chess.Queen: 2 * historyMax}

// threatsTo returns the threats against the side to move in p.
func threatsTo(p *chess.Position) threats {
	them := p.SideToMove().Other()
	occ := p.Occupied()
	byPawn := chess.PawnAttackSet(them, p.Pieces(them, chess.Pawn))
	byMinor := byPawn
	for b := p.Pieces(them, chess.Knight); b != 0; b = b.WithoutFirst() {
		byMinor |= chess.KnightAttacks(b.First())
	}
	for b := p.Pieces(them, chess.Bishop); b != 0; b = b.WithoutFirst() {
		byMinor |= chess.BishopAttacks(b.First(), occ)
	}
	byRook := byMinor
	for b := p.Pieces(them, chess.Rook); b != 0; b = b.WithoutFirst() {
		byRook |= chess.RookAttacks(b.First(), occ)
	}
	var t threats
	t.against[chess.Knight], t.against[chess.Bishop] = byPawn, byPawn
	t.against[chess.Rook], t.against[chess.Queen] = byMinor, byRook
	return t
}

// orderingScore is the ordering adjustment for threats of a quiet move m
// by a piece of type pt: a piece that a cheaper one attacks gains
// threatValue for moving to a square no cheaper piece attacks (escaping),
// and a piece that is not threatened loses as much for moving to one
// (putting itself en prise). Pawn and king moves get 0. The values are
// added to the history sum (four tables of ±historyMax each), which then
// orders the move and decides its pruning and reduction
// (movePicker.quietValue). It is a table lookup and arithmetic, without a
// branch.
func (t *threats) orderingScore(m chess.Move, pt chess.PieceType) int32 {
	attacked := t.against[pt&7]
	fromThreatened := int32(attacked >> m.From() & 1)
	toThreatened := int32(attacked >> m.To() & 1)
	return (fromThreatened - toThreatened) * threatValue[pt&7]
}

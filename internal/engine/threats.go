package engine

import "github.com/outpost-chess/outpost/chess"

// threats are the squares the opponent of the side to move attacks with
// its cheaper pieces, each set including the ones before it: by pawns; by
// pawns, knights and bishops; and by those and rooks. A piece standing on a
// square attacked by a cheaper piece is threatened.
type threats struct {
	byPawn, byMinor, byRook chess.Bitboard
}

// threatsTo returns the threats against the side to move in p.
func threatsTo(p *chess.Position) threats {
	them := p.SideToMove().Other()
	occ := p.Occupied()
	var t threats
	t.byPawn = chess.PawnAttackSet(them, p.Pieces(them, chess.Pawn))
	t.byMinor = t.byPawn
	for b := p.Pieces(them, chess.Knight); b != 0; b = b.WithoutFirst() {
		t.byMinor |= chess.KnightAttacks(b.First())
	}
	for b := p.Pieces(them, chess.Bishop); b != 0; b = b.WithoutFirst() {
		t.byMinor |= chess.BishopAttacks(b.First(), occ)
	}
	t.byRook = t.byMinor
	for b := p.Pieces(them, chess.Rook); b != 0; b = b.WithoutFirst() {
		t.byRook |= chess.RookAttacks(b.First(), occ)
	}
	return t
}

// orderingScore is the ordering adjustment for threats of a quiet move m
// by a piece of type pt: a piece that a cheaper one attacks gains for
// moving to a square no cheaper piece attacks (escaping), and a piece that
// is not threatened loses as much for moving to one (putting itself en
// prise). Pawn and king moves get 0. The values are added to the history
// sum (four tables of ±historyMax each).
func (t *threats) orderingScore(m chess.Move, pt chess.PieceType) int32 {
	from, to := m.From(), m.To()
	var attackedBy chess.Bitboard // squares where pt is attacked by a cheaper piece
	var value int32
	switch pt {
	case chess.Queen:
		attackedBy, value = t.byRook, 2*historyMax
	case chess.Rook:
		attackedBy, value = t.byMinor, historyMax
	case chess.Knight, chess.Bishop:
		attackedBy, value = t.byPawn, historyMax*5/8
	default:
		return 0
	}
	switch fromThreatened, toThreatened := attackedBy.Has(from), attackedBy.Has(to); {
	case fromThreatened && !toThreatened:
		return value
	case !fromThreatened && toThreatened:
		return -value
	}
	return 0
}

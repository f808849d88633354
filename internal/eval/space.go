package eval

import "github.com/outpost-chess/outpost/chess"

// This file is space: the safe squares a side's pawns give its pieces in
// the centre, worth more the more pieces it has to use them and the more
// closed the position is.

// spaceArea is, per colour, the squares that count for space: files c-f,
// the side's ranks 2-4.
var spaceArea = [2]chess.Bitboard{
	chess.White: (chess.RankBB(chess.Rank2) | chess.RankBB(chess.Rank3) | chess.RankBB(chess.Rank4)) & centreFiles,
	chess.Black: (chess.RankBB(chess.Rank7) | chess.RankBB(chess.Rank6) | chess.RankBB(chess.Rank5)) & centreFiles,
}

// centreFiles are files c to f.
const centreFiles = chess.FileABB<<2 | chess.FileABB<<3 | chess.FileABB<<4 | chess.FileABB<<5

// spaceCount sets e.spaceSquares[c], c's safe squares in its space area
// (not holding an own pawn, not attacked by an enemy pawn), those up to
// three squares behind an own pawn counted twice. It depends only on the
// pawns, so a PawnKingCache keeps it.
func (e *evaluation) spaceCount(c chess.Color) {
	own := e.pawns[c]
	safe := spaceArea[c] &^ own &^ e.pawnAttacks[c.Other()]
	back := own.Forward(c.Other())
	behind := back | back.Forward(c.Other()) | back.Forward(c.Other()).Forward(c.Other())
	e.spaceSquares[c] = safe.Count() + (safe & behind).Count()
}

// blockedPawns sets e.blocked, the pawns of either side with a pawn right in
// front of them. It depends only on the pawns, so a PawnKingCache keeps it.
func (e *evaluation) blockedPawns() {
	all := e.pawns[chess.White] | e.pawns[chess.Black]
	e.blocked = (e.pawns[chess.White] & all.Forward(chess.Black)).Count() +
		(e.pawns[chess.Black] & all.Forward(chess.White)).Count()
}

// space sets c's space term: Weights.Space per counted square, times
// weight²/256 with weight c's pieces and pawns minus 3 plus the blocked
// pawns (at most 9).
func (e *evaluation) space(c chess.Color) {
	weight := max(e.p.ByColor(c).Count()-3+min(e.blocked, 9), 0)
	n := e.spaceSquares[c] * weight * weight
	s := e.w.Space
	e.terms[TermSpace][c] = S(s.MG*int32(n)/256, s.EG*int32(n)/256)
}

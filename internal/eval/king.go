package eval

import (
	"math/bits"

	"github.com/outpost-chess/outpost/chess"
)

// This file is king safety: the attack on each king's zone (counted during
// the piece pass in pieces.go, scaled here), weak squares around the king,
// safe checks, and the king's pawn shelter and the enemy pawn storm; and
// the king's activity in the endgame: near the pawns, not on a flank
// without them.

// kingAttackTerm sets c's king-attack term: the KingZoneAttack weights of
// c's pieces hitting the enemy king zone plus KingWeakSquare per weak square
// of the zone c attacks, scaled by how many pieces take part
// (Weights.KingAttackerScale) and, when c has no queen, by
// KingAttackNoQueen, its middlegame half grown by KingDangerSquare; plus
// c's safe checks and KingFlankAttack per attack on the king's flank.
func (e *evaluation) kingAttackTerm(c chess.Color) {
	w := e.w
	k := w.KingAttackerScale[min(e.kingAttackers[c], len(w.KingAttackerScale)-1)]
	if e.p.Pieces(c, chess.Queen) == 0 {
		k = k * w.KingAttackNoQueen / 64
	}
	a := e.kingAttack[c].Add(w.KingWeakSquare.Mul(e.weakKingSquares(c).Count()))
	mg := a.MG * k / 64
	if mg > 0 {
		mg += mg * mg * w.KingDangerSquare / 4096
	}
	e.terms[TermKingAttack][c] = S(mg, a.EG*k/64).Add(e.safeChecks(c)).
		Add(w.KingFlankAttack.Mul(e.flankAttacks(c)))
}

// flankAttacks counts c's attacks on the enemy king's flank: the squares
// of its kingFlank files on the enemy's first five ranks that c attacks,
// those attacked twice or more counted twice.
func (e *evaluation) flankAttacks(c chess.Color) int {
	them := c.Other()
	b := e.attackedBy[c][chess.NoPieceType] & kingFlank[e.p.KingSquare(them).File()] & kingCamp[them]
	return b.Count() + (b & e.attacked2[c]).Count()
}

// weakKingSquares returns the squares of the enemy king zone that c attacks
// and that the enemy defends with nothing but its king or queen.
func (e *evaluation) weakKingSquares(c chess.Color) chess.Bitboard {
	def := &e.attackedBy[c.Other()]
	guarded := def[chess.Pawn] | def[chess.Knight] | def[chess.Bishop] | def[chess.Rook]
	return e.kingZone[c.Other()] & e.attackedBy[c][chess.NoPieceType] &^ guarded
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
	att := &e.attackedBy[c]
	var s Score
	s = s.Add(safeCheck(w, chess.Knight, chess.KnightAttacks(ksq)&att[chess.Knight]&safe))
	s = s.Add(safeCheck(w, chess.Bishop, diag&att[chess.Bishop]&safe))
	s = s.Add(safeCheck(w, chess.Rook, straight&att[chess.Rook]&safe))
	return s.Add(safeCheck(w, chess.Queen, (diag|straight)&att[chess.Queen]&safe))
}

// safeCheck returns the SafeCheck credit of piece type pt when its safe
// checking squares, checks, are not empty, and 0 otherwise.
func safeCheck(w *Weights, pt chess.PieceType, checks chess.Bitboard) Score {
	if checks == 0 {
		return Score{}
	}
	return w.SafeCheck[pt]
}

// kingShelter sets c's king-shelter term: the pawns on the king's file and
// the two beside it (the b-g files' neighbours for a king on the edge),
// from KingShelter (c's own pawns) and KingStorm or KingStormBlocked (the
// enemy's pawns coming at it). While c may still castle, the shelter of
// the square its king would castle to counts when that is better (its
// middlegame value), as the king usually goes there.
func (e *evaluation) kingShelter(c chess.Color) {
	best := e.shelterAt(c, e.p.KingSquare(c))
	for _, castle := range castlingTargets[c] {
		if e.p.CastlingRights()&castle.right == 0 {
			continue
		}
		if s := e.shelterAt(c, castle.king); s.MG > best.MG {
			best = s
		}
	}
	e.terms[TermKingShelter][c] = best
}

// castlingTargets are, per colour, the castling rights and the square each
// puts the king on.
var castlingTargets = [2][2]struct {
	right chess.CastlingRights
	king  chess.Square
}{
	chess.White: {{chess.WhiteKingside, chess.G1}, {chess.WhiteQueenside, chess.C1}},
	chess.Black: {{chess.BlackKingside, chess.G8}, {chess.BlackQueenside, chess.C8}},
}

// shelterAt returns the shelter-and-storm value of c's pawns and the
// enemy's for a king of c on ksq. On each of the three files, only the
// pawns on the king's rank or ahead of it count: c's rearmost one (the
// shelter) and the enemy's foremost one (the storm), each by its rank from
// c's side (0 when there is none). A storming pawn stopped head-on by the
// sheltering one is KingStormBlocked.
func (e *evaluation) shelterAt(c chess.Color, ksq chess.Square) Score {
	w := e.w
	own, enemy := e.pawns[c], e.pawns[c.Other()]
	// Seen from c's side: for Black the board is mirrored, so that on
	// every file c's nearest pawn is the lowest one and its rank is its
	// rank from c's side.
	if c == chess.Black {
		own, enemy, ksq = mirrorRanks(own), mirrorRanks(enemy), ksq.Mirror()
	}
	// (The shift and the edge below are masked to their ranges, which
	// changes neither but spares the compiler's checks.)
	ahead := ^chess.Bitboard(0) << (8 * uint(ksq.Rank()) & 63)
	own, enemy = own&ahead, enemy&ahead
	center := min(max(ksq.File(), chess.FileB), chess.FileG)
	var s Score
	for f := center - 1; f <= center+1; f++ {
		file := chess.FileBB(f)
		ourRank, theirRank := 0, 0
		if b := own & file; b != 0 {
			ourRank = int(b.First().Rank())
		}
		if b := enemy & file; b != 0 {
			theirRank = int(b.First().Rank())
		}
		edge := min(f, chess.FileH-f) & 3
		s = s.Add(w.KingShelter[edge][ourRank])
		if ourRank != 0 && theirRank == ourRank+1 {
			s = s.Add(w.KingStormBlocked[theirRank])
		} else {
			s = s.Add(w.KingStorm[edge][theirRank])
		}
	}
	return s
}

// mirrorRanks returns b with its ranks reversed (a1 <-> a8).
func mirrorRanks(b chess.Bitboard) chess.Bitboard {
	return chess.Bitboard(bits.ReverseBytes64(uint64(b)))
}

// nearestTo returns the member of the non-empty b nearest c's first rank
// (the lowest for White, the highest for Black).
func nearestTo(c chess.Color, b chess.Bitboard) chess.Square {
	if c == chess.White {
		return b.First()
	}
	return b.Last()
}

// kingActivity sets c's king-activity term: KingPawnDistance per king move
// to the nearest pawn (none without pawns), and PawnlessFlank when no pawn
// stands on the king's flank. It depends only on the pawns and the kings,
// so a PawnKingCache keeps it.
func (e *evaluation) kingActivity(c chess.Color) {
	w := e.w
	ksq := e.p.KingSquare(c)
	pawns := e.pawns[chess.White] | e.pawns[chess.Black]
	var s Score
	if pawns != 0 {
		d := 1
		for kingRange[ksq][d]&pawns == 0 {
			d++
		}
		s = w.KingPawnDistance.Mul(d)
	}
	if pawns&kingFlank[ksq.File()] == 0 {
		s = s.Add(w.PawnlessFlank)
	}
	e.terms[TermKingActivity][c] = s
}

// kingCamp is each side's first five ranks.
var kingCamp = [2]chess.Bitboard{
	chess.White: 1<<40 - 1,
	chess.Black: ^chess.Bitboard(1<<24 - 1),
}

// kingFlank is the flank of a king on each file: files a-d for a king on
// a-c, c-f for d-e, e-h for f-h.
var kingFlank = [8]chess.Bitboard{
	queensideFiles, queensideFiles, queensideFiles,
	centreFiles, centreFiles,
	kingsideFiles, kingsideFiles, kingsideFiles,
}

// kingRange[s][d] is the squares at most d king moves from s.
var kingRange = func() (r [64][8]chess.Bitboard) {
	for s := chess.A1; s <= chess.H8; s++ {
		for t := chess.A1; t <= chess.H8; t++ {
			for d := distance(s, t); d < 8; d++ {
				r[s][d] |= t.Bitboard()
			}
		}
	}
	return r
}()

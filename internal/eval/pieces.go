package eval

import "github.com/outpost-chess/outpost/chess"

// This file is the per-piece terms: mobility, the attacks on the enemy king
// zone that king.go turns into the king-attack term, the bishop pair, rooks
// on open and half-open files and on the seventh rank, rooks shut in by
// their own king, and the minor pieces' placement (outposts and knights
// that can reach one, shelter behind a pawn, distance from their king, own
// pawns on a bishop's colour). One pass over each side's knights, bishops,
// rooks and queens computes each piece's attacks once for all of them.

// pieces adds c's mobility, bishop-pair and rook terms (files, the seventh,
// trapped) and its knights that can reach an outpost to e, records
// c's attacks on the enemy king zone in e.kingAttackers and e.kingAttack,
// every square c attacks, by piece type, in e.attackedBy, and the squares
// it attacks twice or more in e.attacked2.
func (e *evaluation) pieces(c chess.Color) {
	w, p := e.w, e.p
	occ := p.Occupied()
	area := e.mobilityArea[c]
	zone := e.kingZone[c.Other()]
	holes := e.minorPieces(c)
	var mob Score
	// all and twice gather the squares attacked once and twice or more,
	// starting with the pawns' and the king's.
	ahead := e.pawns[c].Forward(c)
	kingAtt := chess.KingAttacks(p.KingSquare(c))
	all := e.pawnAttacks[c] | kingAtt
	twice := ahead.East()&ahead.West() | e.pawnAttacks[c]&kingAtt
	var reachable int // knights, not on an outpost, that can reach one
	for bb := p.Pieces(c, chess.Knight); bb != 0; bb = bb.WithoutFirst() {
		s := bb.First()
		att := chess.KnightAttacks(s)
		if !holes.Has(s) && att&holes&^p.ByColor(c) != 0 {
			reachable++
		}
		twice |= all & att
		all |= att
		e.attackedBy[c][chess.Knight] |= att
		mob = mob.Add(w.MobilityKnight[(att & area).Count()])
		e.attackKing(c, chess.Knight, att&zone)
	}
	bishops := p.Pieces(c, chess.Bishop)
	for bb := bishops; bb != 0; bb = bb.WithoutFirst() {
		att := chess.BishopAttacks(bb.First(), occ)
		twice |= all & att
		all |= att
		e.attackedBy[c][chess.Bishop] |= att
		mob = mob.Add(w.MobilityBishop[(att & area).Count()])
		e.attackKing(c, chess.Bishop, att&zone)
	}
	allPawns := e.pawns[chess.White] | e.pawns[chess.Black]
	kingFile := p.KingSquare(c).File()
	var files Score
	for bb := p.Pieces(c, chess.Rook); bb != 0; bb = bb.WithoutFirst() {
		s := bb.First()
		att := chess.RookAttacks(s, occ)
		twice |= all & att
		all |= att
		e.attackedBy[c][chess.Rook] |= att
		n := (att & area).Count()
		mob = mob.Add(w.MobilityRook[n])
		e.attackKing(c, chess.Rook, att&zone)
		if n <= 3 && (kingFile < chess.FileE) == (s.File() < kingFile) {
			files = files.Add(w.TrappedRook)
			if p.CastlingRights()&castlingRightsOf[c] == 0 {
				files = files.Add(w.TrappedRook)
			}
		}
		file := chess.FileBB(s.File())
		if allPawns&file == 0 {
			files = files.Add(w.RookOpenFile)
		} else if e.pawns[c]&file == 0 {
			files = files.Add(w.RookHalfOpenFile)
		}
		if s.RelativeRank(c) == chess.Rank7 && seventhTargets(p, c) {
			files = files.Add(w.RookOnSeventh)
		}
	}
	for bb := p.Pieces(c, chess.Queen); bb != 0; bb = bb.WithoutFirst() {
		att := chess.QueenAttacks(bb.First(), occ)
		twice |= all & att
		all |= att
		e.attackedBy[c][chess.Queen] |= att
		mob = mob.Add(w.MobilityQueen[(att & area).Count()])
		e.attackKing(c, chess.Queen, att&zone)
	}

	e.attackedBy[c][chess.Pawn] = e.pawnAttacks[c]
	e.attackedBy[c][chess.King] = kingAtt
	e.attackedBy[c][chess.NoPieceType] = all
	e.attacked2[c] = twice
	e.terms[TermMobility][c] = mob
	e.terms[TermMinorPieces][c] = e.terms[TermMinorPieces][c].Add(w.ReachableOutpost.Mul(reachable))
	e.terms[TermRooks][c] = files
	if bishops&chess.LightSquares != 0 && bishops&chess.DarkSquares != 0 {
		e.terms[TermBishopPair][c] = w.BishopPair
	}
}

// attackKing records that a piece of c, of type pt, attacks the squares hits
// of the enemy king zone (nothing if hits is empty).
func (e *evaluation) attackKing(c chess.Color, pt chess.PieceType, hits chess.Bitboard) {
	if hits != 0 {
		e.kingAttackers[c]++
		e.kingAttack[c] = e.kingAttack[c].Add(e.w.KingZoneAttack[pt].Mul(hits.Count()))
	}
}

// outpostRanks are the ranks an outpost may be on, for each colour: its
// 4th to 6th.
var outpostRanks = [2]chess.Bitboard{
	chess.White: chess.RankBB(chess.Rank4) | chess.RankBB(chess.Rank5) | chess.RankBB(chess.Rank6),
	chess.Black: chess.RankBB(chess.Rank5) | chess.RankBB(chess.Rank4) | chess.RankBB(chess.Rank3),
}

// seventhTargets reports whether a rook of c on its seventh rank has
// something to do there: enemy pawns on that rank, or the enemy king on
// the rank behind it.
func seventhTargets(p *chess.Position, c chess.Color) bool {
	seventh, eighth := chess.RankBB(chess.Rank7), chess.RankBB(chess.Rank8)
	if c == chess.Black {
		seventh, eighth = chess.RankBB(chess.Rank2), chess.RankBB(chess.Rank1)
	}
	them := c.Other()
	return p.Pieces(them, chess.Pawn)&seventh != 0 || p.Pieces(them, chess.King)&eighth != 0
}

// minorPieces sets c's minor-piece term: knights and bishops on an outpost
// (the 4th to 6th rank, defended by an own pawn, where no enemy pawn can
// attack them: none on an adjacent file ahead), knights and bishops
// sheltered right behind a pawn, their distances from their king, and, per
// bishop, the own pawns on squares of its colour (they block it and leave
// the other colour weak). It returns c's outpost squares, for the knights
// that can reach one (added by pieces).
func (e *evaluation) minorPieces(c chess.Color) chess.Bitboard {
	enemy := e.pawns[c.Other()]
	// Squares an enemy pawn attacks now or could after advancing.
	attackable := frontSpan(c.Other(), enemy.East()|enemy.West())
	holes := outpostRanks[c] & e.pawnAttacks[c] &^ attackable
	w, p := e.w, e.p
	knights, bishops := p.Pieces(c, chess.Knight), p.Pieces(c, chess.Bishop)
	s := w.Outpost[chess.Knight].Mul((knights & holes).Count()).
		Add(w.Outpost[chess.Bishop].Mul((bishops & holes).Count()))
	behindPawn := (e.pawns[chess.White] | e.pawns[chess.Black]).Forward(c.Other())
	s = s.Add(w.MinorBehindPawn.Mul(((knights | bishops) & behindPawn).Count()))
	// Per piece, summed first and weighed once.
	ksq := p.KingSquare(c)
	distances := 0
	for bb := knights | bishops; bb != 0; bb = bb.WithoutFirst() {
		distances += distance(ksq, bb.First())
	}
	own, blocking := e.pawns[c], 0
	for bb := bishops; bb != 0; bb = bb.WithoutFirst() {
		blocking += (own & sameColourSquares(bb.First())).Count()
	}
	e.terms[TermMinorPieces][c] = s.Add(w.KingProtector.Mul(distances)).Add(w.BishopPawn.Mul(blocking))
	return holes
}

// castlingRightsOf is each colour's two castling rights.
var castlingRightsOf = [2]chess.CastlingRights{
	chess.White: chess.WhiteKingside | chess.WhiteQueenside,
	chess.Black: chess.BlackKingside | chess.BlackQueenside,
}

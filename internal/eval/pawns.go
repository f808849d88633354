package eval

import "github.com/outpost-chess/outpost/chess"

// This file is pawn structure: doubled, isolated, backward, passed (with
// what depends on the kings and the other pieces: the kings' distances,
// blockers, attacks on the path, the race against the enemy king) and
// connected pawns. pawnStructure depends only on the pawns, so a
// PawnKingCache can keep its result (cache.go).

// pawnStructure sets c's doubled, isolated, backward, passed (by rank
// only: passedPaths adds the rest) and connected pawn terms, and
// e.passed[c].
func (e *evaluation) pawnStructure(c chess.Color) {
	w := e.w
	own, enemy := e.pawns[c], e.pawns[c.Other()]

	// Doubled: pawns with an own pawn ahead on the same file, i.e. in the
	// span behind some own pawn. A file with n pawns counts n-1.
	doubled := own & rearSpan(c, own)
	e.terms[TermDoubledPawns][c] = w.DoubledPawn.Mul(doubled.Count())

	// Isolated: no own pawn on either adjacent file.
	files := fileFill(own)
	isolated := own &^ (files.East() | files.West())
	e.terms[TermIsolatedPawns][c] = w.IsolatedPawn.Mul(isolated.Count())

	// Backward: not isolated, but the square in front is attacked by an
	// enemy pawn and no own pawn on an adjacent file can come to defend it
	// (none level with the pawn or behind it).
	support := e.pawnAttacks[c] | frontSpan(c, e.pawnAttacks[c])
	badStops := own.Forward(c) & e.pawnAttacks[c.Other()] &^ support
	backward := badStops.Forward(c.Other()) &^ isolated
	e.terms[TermBackwardPawns][c] = w.BackwardPawn.Mul(backward.Count())

	// Passed: no enemy pawn ahead on the same or an adjacent file. The
	// enemy pawns' front spans (seen from their side) on their files and the
	// neighbouring ones are exactly the squares they stop. The rear pawn of
	// a doubled pair is not counted: its file-mate ahead gets the bonus.
	stoppers := enemy | enemy.East() | enemy.West()
	passed := own &^ frontSpan(c.Other(), stoppers) &^ doubled
	e.passed[c] = passed
	var s Score
	for ; passed != 0; passed = passed.WithoutFirst() {
		s = s.Add(w.PassedPawn[passed.First().RelativeRank(c)])
	}
	e.terms[TermPassedPawns][c] = s

	// Connected: defended by an own pawn, or with one beside it.
	connected := own & (e.pawnAttacks[c] | own.East() | own.West())
	var cs Score
	for ; connected != 0; connected = connected.WithoutFirst() {
		cs = cs.Add(w.ConnectedPawn[connected.First().RelativeRank(c)])
	}
	e.terms[TermConnectedPawns][c] = cs
}

// passedPaths adds to c's passed-pawn term what depends on the kings, the
// pieces and their attacks (so it runs after both sides' piece passes): for
// each passed pawn beyond its third rank, PassedOwnKingDistance and
// PassedEnemyKingDistance per king move from each king to the square in
// front of it, PassedBlocked when that square is occupied, and
// PassedSafePath when no enemy piece stands on or attacks any square
// between it and promotion, else PassedSafeStop when the square in front of
// it is free of them, all times the rank factor; and, in a
// pawn ending for the enemy (no pieces but pawns), PassedUnstoppable for a
// pawn the enemy king cannot catch (the rule of the square, counting the
// move of the side to move).
func (e *evaluation) passedPaths(c chess.Color) {
	if e.passed[c] == 0 {
		return
	}
	w, p := e.w, e.p
	them := c.Other()
	danger := e.attackedBy[them][chess.NoPieceType] | p.ByColor(them)
	pawnEnding := p.ByColor(them)&^(p.ByType(chess.Pawn)|p.ByType(chess.King)) == 0
	ownKing, enemyKing := p.KingSquare(c), p.KingSquare(them)
	var s Score
	for passed := e.passed[c]; passed != 0; passed = passed.WithoutFirst() {
		sq := passed.First()
		r := sq.RelativeRank(c)
		path := frontSpan(c, sq.Bitboard())
		if pawnEnding && path&p.Occupied() == 0 {
			promotion := nearestTo(them, path)
			moves := int(chess.Rank8 - r)
			if r == chess.Rank2 {
				moves-- // the double step
			}
			kingMoves := distance(enemyKing, promotion)
			if p.SideToMove() == them {
				kingMoves--
			}
			if kingMoves > moves {
				s = s.Add(w.PassedUnstoppable)
			}
		}
		if r <= chess.Rank3 {
			continue
		}
		k := int(r - chess.Rank3)
		stop := nearestTo(c, path)
		s = s.Add(w.PassedOwnKingDistance.Mul(distance(ownKing, stop) * k)).
			Add(w.PassedEnemyKingDistance.Mul(distance(enemyKing, stop) * k))
		if p.Occupied().Has(stop) {
			s = s.Add(w.PassedBlocked.Mul(k))
		}
		unsafe := path & danger
		if unsafe == 0 {
			s = s.Add(w.PassedSafePath.Mul(k))
		} else if !unsafe.Has(stop) {
			s = s.Add(w.PassedSafeStop.Mul(k))
		}
	}
	e.terms[TermPassedPawns][c] = e.terms[TermPassedPawns][c].Add(s)
}

// distance is the number of king moves from a to b. It looks up a&63 and
// b&63, the same squares, which costs less than checking their bounds.
func distance(a, b chess.Square) int { return int(squareDistance[a&63][b&63]) }

// squareDistance[a][b] is distance(a, b), looked up rather than computed
// from the files and ranks: the evaluation asks for it per passed pawn and
// per minor piece.
var squareDistance = func() (d [64][64]uint8) {
	for a := chess.A1; a <= chess.H8; a++ {
		for b := chess.A1; b <= chess.H8; b++ {
			df := int(a.File()) - int(b.File())
			dr := int(a.Rank()) - int(b.Rank())
			d[a][b] = uint8(max(df, -df, dr, -dr))
		}
	}
	return d
}()

// northFill returns b with every square north of a member added.
func northFill(b chess.Bitboard) chess.Bitboard {
	b |= b << 8
	b |= b << 16
	b |= b << 32
	return b
}

// southFill returns b with every square south of a member added.
func southFill(b chess.Bitboard) chess.Bitboard {
	b |= b >> 8
	b |= b >> 16
	b |= b >> 32
	return b
}

// fileFill returns every square on a file that holds a member of b.
func fileFill(b chess.Bitboard) chess.Bitboard { return northFill(b) | southFill(b) }

// frontSpan returns the squares strictly ahead of the members of b, from
// c's point of view, on their files.
func frontSpan(c chess.Color, b chess.Bitboard) chess.Bitboard {
	if c == chess.White {
		return northFill(b.North())
	}
	return southFill(b.South())
}

// rearSpan returns the squares strictly behind the members of b, from c's
// point of view, on their files.
func rearSpan(c chess.Color, b chess.Bitboard) chess.Bitboard {
	return frontSpan(c.Other(), b)
}

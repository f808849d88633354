package eval

import "github.com/outpost-chess/outpost/chess"

// This file is pawn structure: doubled, isolated, passed (with the kings'
// distances to them) and connected pawns. It is
// recomputed at every call (there is no pawn hash table yet); with bitboard
// fills it costs a few dozen instructions per side.

// pawnStructure adds c's doubled, isolated and passed pawn terms to e.
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

	// Passed: no enemy pawn ahead on the same or an adjacent file. The
	// enemy pawns' front spans (seen from their side) on their files and the
	// neighbouring ones are exactly the squares they stop. The rear pawn of
	// a doubled pair is not counted: its file-mate ahead gets the bonus.
	stoppers := enemy | enemy.East() | enemy.West()
	passed := own &^ frontSpan(c.Other(), stoppers) &^ doubled
	var s Score
	ownKing, enemyKing := e.p.KingSquare(c), e.p.KingSquare(c.Other())
	occupied := e.p.Occupied()
	for passed != 0 {
		sq := passed.PopFirst()
		r := sq.RelativeRank(c)
		s = s.Add(w.PassedPawn[r])
		if r > chess.Rank3 {
			stop := sq + 8
			if c == chess.Black {
				stop = sq - 8
			}
			k := int(r - chess.Rank3)
			s = s.Add(w.PassedOwnKingDistance.Mul(distance(ownKing, stop) * k)).
				Add(w.PassedEnemyKingDistance.Mul(distance(enemyKing, stop) * k))
			if occupied.Has(stop) {
				s = s.Add(w.PassedBlocked.Mul(k))
			}
		}
	}
	e.terms[TermPassedPawns][c] = s

	// Connected: defended by an own pawn, or with one beside it.
	connected := own & (e.pawnAttacks[c] | own.East() | own.West())
	var cs Score
	for connected != 0 {
		cs = cs.Add(w.ConnectedPawn[connected.PopFirst().RelativeRank(c)])
	}
	e.terms[TermConnectedPawns][c] = cs
}

// distance is the number of king moves from a to b.
func distance(a, b chess.Square) int {
	df := int(a.File()) - int(b.File())
	dr := int(a.Rank()) - int(b.Rank())
	return max(df, -df, dr, -dr)
}

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

package chess

// Repeated reports whether the position whose hash is last in hashes
// stands earlier among them: hashes are the Zobrist hashes of a line of
// positions (a game's, Game.Hashes, with a search's path after them),
// oldest first, and halfmoveClock the last position's halfmove clock. Only
// the positions since the last capture or pawn move can repeat it, with the
// same side to move, so it looks at every second one of those, from four
// plies back (a position cannot repeat sooner).
//
// Searches score a single repetition as a draw: a line that repeats once
// can repeat again, and the side that could avoid it would have. It
// compares hashes alone (a match of different positions is as rare as a
// hash table's) and allocates nothing; the search calls it at every node.
func Repeated(hashes []uint64, halfmoveClock int) bool {
	n := len(hashes) - 1
	for d := 4; d <= halfmoveClock && d <= n; d += 2 {
		if hashes[n-d] == hashes[n] {
			return true
		}
	}
	return false
}

// repetitions returns how many times the current position has occurred in
// the game, itself included.
func (g *Game) repetitions() int { return g.repetitionsOf(&g.pos, len(g.moves)) }

// repetitionsOf returns how many times p, the position after ply plies (the
// game's, or that after a move not yet played when ply is Len()+1), has
// occurred, itself included, among the game's positions before it. Only
// the positions since the last capture or pawn move can repeat it, with
// the same side to move, so it looks at every second one of those; a hash
// match is confirmed by comparing positions.
func (g *Game) repetitionsOf(p *Position, ply int) int {
	count := 1
	for i := ply - 2; i >= 0 && i >= ply-p.HalfmoveClock(); i -= 2 {
		if g.hashes[i] == p.hash {
			if q := g.positionAt(i); samePosition(&q, p) {
				count++
			}
		}
	}
	return count
}

// samePosition reports whether a and b are the same position for the
// repetition rules: pieces, side to move, castling rights and en-passant
// possibility (move counters aside).
func samePosition(a, b *Position) bool {
	return a.board == b.board && a.side == b.side && a.castling == b.castling && a.epSquare == b.epSquare
}

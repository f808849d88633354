package nnue

import "github.com/outpost-chess/outpost/chess"

// Change is what one move did to the board, as the pieces it took off
// squares and the pieces it put on squares: a quiet move removes the piece
// from its square and adds it on the target; a capture also removes the
// captured piece (en passant: from its own square); a promotion adds the new
// piece instead of the pawn; castling moves two pieces; a null move changes
// nothing. [Network.Update] turns it into column additions and subtractions.
// It is a few bytes, made without allocating.
type Change struct {
	added, removed   [2]placement
	nAdded, nRemoved uint8
}

// placement is a piece on a square.
type placement struct {
	piece  chess.Piece
	square chess.Square
}

// ChangeOf returns the change from before to after, where after is before
// with one legal move (or a null move) made. The squares a move touches are
// the ones whose occupancy by either colour differs between the two (a
// capture turns its target from one colour to the other), and those where
// the king was or is (Chess960 castling may swap a king and its rook, which
// leaves the colours as they were); on each, the piece before is removed
// and the piece after is added.
func ChangeOf(before, after *chess.Position) Change {
	var ch Change
	changed := (before.ByColor(chess.White) ^ after.ByColor(chess.White)) |
		(before.ByColor(chess.Black) ^ after.ByColor(chess.Black)) |
		(before.ByType(chess.King) ^ after.ByType(chess.King))
	for ; changed != 0; changed = changed.WithoutFirst() {
		sq := changed.First()
		if pc := before.PieceAt(sq); pc != chess.NoPiece && ch.nRemoved < 2 {
			ch.removed[ch.nRemoved] = placement{pc, sq}
			ch.nRemoved++
		}
		if pc := after.PieceAt(sq); pc != chess.NoPiece && ch.nAdded < 2 {
			ch.added[ch.nAdded] = placement{pc, sq}
			ch.nAdded++
		}
	}
	return ch
}

// movesKing reports whether the change takes a king off a square (a king
// move or castling).
func (ch *Change) movesKing() bool {
	for _, pl := range ch.removed[:ch.nRemoved] {
		if pl.piece.Type() == chess.King {
			return true
		}
	}
	return false
}

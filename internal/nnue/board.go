package nnue

import "github.com/outpost-chess/outpost/chess"

// board is a position's pieces as one bitboard per piece (indexed by
// chess.Piece): what an accumulator of a network with king buckets keeps,
// to find each side's king, count the pieces for the output bucket and
// tell the refresh cache what changed.
type board [16]chess.Bitboard

// boardOf returns p's pieces.
func boardOf(p *chess.Position) board {
	var b board
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.King; t++ {
			b[chess.NewPiece(c, t)] = p.Pieces(c, t)
		}
	}
	return b
}

// apply makes the change ch on b.
func (b *board) apply(ch *Change) {
	for _, pl := range ch.removed[:ch.nRemoved] {
		b[pl.piece] &^= pl.square.Bitboard()
	}
	for _, pl := range ch.added[:ch.nAdded] {
		b[pl.piece] |= pl.square.Bitboard()
	}
}

// king returns the square of c's king.
func (b *board) king(c chess.Color) chess.Square { return b[chess.NewPiece(c, chess.King)].First() }

// count returns the number of pieces on b, kings included.
func (b *board) count() int {
	var occ chess.Bitboard
	for _, bb := range b {
		occ |= bb
	}
	return occ.Count()
}

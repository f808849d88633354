package trainer

import (
	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/datagen"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// features are the active input features of a record's position in both
// perspectives, the side to move's first (nnue.Shape.Feature gives each),
// and its output bucket.
type features struct {
	n      int // pieces on the board, at most 32
	side   [2][32]int32
	stm    chess.Color
	bucket int
}

// set fills f from r for a network of shape s without allocating; with
// mirror, from r's position mirrored left to right (a-file to h-file).
func (f *features) set(r *datagen.Record, mirror bool, s nnue.Shape) {
	f.stm = r.SideToMove()
	occ := r.Occupancy()
	flip := chess.Square(0)
	if mirror {
		flip = 7
	}
	var squares [32]chess.Square
	var pieces [32]chess.Piece
	var kings [2]chess.Square
	n := 0
	for ; occ != 0 && n < 32; n++ {
		squares[n], pieces[n] = occ.PopFirst()^flip, r.Piece(n)
		if pieces[n].Type() == chess.King {
			kings[pieces[n].Color()] = squares[n]
		}
	}
	us, them := f.stm, f.stm.Other()
	for i := range n {
		f.side[0][i] = int32(s.Feature(us, kings[us], pieces[i], squares[i]))
		f.side[1][i] = int32(s.Feature(them, kings[them], pieces[i], squares[i]))
	}
	f.n = n
	f.bucket = s.OutputBucket(n)
}

// mirrored reports whether training shows record i of the data mirrored
// left to right in the epoch whose shuffle is numbered epoch: a position
// without castling rights is worth the same as its mirror image (castling
// is the only rule that tells the a-file from the h-file), so such a
// position is shown one way in one epoch and the other way in the next,
// doubling the positions the network learns from at no cost. Validation
// positions are never mirrored.
func mirrored(r *datagen.Record, i uint32, epoch int) bool {
	return r.CastlingRights() == 0 && (i^uint32(epoch))&1 == 1
}

// us returns the side to move's features.
func (f *features) us() []int32 { return f.side[0][:f.n] }

// them returns the other side's features.
func (f *features) them() []int32 { return f.side[1][:f.n] }

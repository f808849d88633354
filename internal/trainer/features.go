package trainer

import (
	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/datagen"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// features are the active input features of a record's position in both
// perspectives, the side to move's first (nnue.FeatureIndex gives each).
type features struct {
	n    int // pieces on the board, at most 32
	side [2][32]int32
	stm  chess.Color
}

// set fills f from r without allocating.
func (f *features) set(r *datagen.Record) {
	f.stm = r.SideToMove()
	occ := r.Occupancy()
	n := 0
	for ; occ != 0 && n < 32; n++ {
		sq := occ.PopFirst()
		pc := r.Piece(n)
		f.side[0][n] = int32(nnue.FeatureIndex(f.stm, pc, sq))
		f.side[1][n] = int32(nnue.FeatureIndex(f.stm.Other(), pc, sq))
	}
	f.n = n
}

// us returns the side to move's features.
func (f *features) us() []int32 { return f.side[0][:f.n] }

// them returns the other side's features.
func (f *features) them() []int32 { return f.side[1][:f.n] }

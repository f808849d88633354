package engine

import "github.com/outpost-chess/outpost/chess"

// Correction history: the static evaluation has blind spots that depend
// mostly on the pawn structure (a blocked centre, a weak pawn it does not
// see) and on how each side's pieces stand (a piece out of play, an attack
// it underrates). After each search of a node whose result says the
// evaluation was off, the difference is folded into three entries for the
// side to move: one for the pawn structure and one for each side's pieces
// (king, knights, bishops, rooks and queens: their squares, hashed), and
// later evaluations of positions that share them are corrected by the
// pawn entry plus the average of the two piece entries.
const (
	correctionBits    = 14
	correctionEntries = 1 << correctionBits
	// correctionGrain is the fixed-point scale of the entries.
	correctionGrain = 256
	// correctionLimit bounds an entry, so a correction never exceeds
	// correctionLimit/correctionGrain centipawns per table.
	correctionLimit = 64 * correctionGrain
	// correctionWeightScale: a search of depth d moves an entry (d+1)/256 of
	// the way to its result, at most maxCorrectionWeight/256.
	correctionWeightScale = 256
	maxCorrectionWeight   = 16
)

// correctionHistory holds the corrections, per side to move: by pawn
// structure, and by the pieces of each colour (hashed).
type correctionHistory struct {
	pawn   [2][correctionEntries]int32
	pieces [2][2][correctionEntries]int32 // [side to move][colour of the pieces]
}

// mixIndex turns a hash into an entry index.
func mixIndex(h uint64) uint64 {
	return (h ^ h>>29) * 0xBF58476D1CE4E5B9 >> (64 - correctionBits)
}

// pawnIndex hashes the position's pawn structure to an entry index.
func pawnIndex(p *chess.Position) uint64 {
	w := uint64(p.Pieces(chess.White, chess.Pawn))
	b := uint64(p.Pieces(chess.Black, chess.Pawn))
	return mixIndex(w*0x9E3779B97F4A7C15 ^ (b+0x632BE59BD9B4E019)*0xC2B2AE3D27D4EB4F)
}

// piecesIndexes hashes the squares of White's and of Black's king,
// knights, bishops, rooks and queens to an entry index each (both at once:
// they share the loads of the piece sets).
func piecesIndexes(p *chess.Position) (white, black uint64) {
	knights, bishops := p.ByType(chess.Knight), p.ByType(chess.Bishop)
	rooks, queens, kings := p.ByType(chess.Rook), p.ByType(chess.Queen), p.ByType(chess.King)
	hash := func(own chess.Bitboard) uint64 {
		return mixIndex(uint64(knights&own)*0x9E3779B97F4A7C15 ^
			uint64(bishops&own)*0xC2B2AE3D27D4EB4F ^
			uint64(rooks&own)*0x165667B19E3779F9 ^
			uint64(queens&own)*0xD6E8FEB86659FD93 ^
			uint64((kings&own).First()+1)*0x94D049BB133111EB)
	}
	return hash(p.ByColor(chess.White)), hash(p.ByColor(chess.Black))
}

// correct returns the static evaluation raw of p adjusted by its entries.
func (c *correctionHistory) correct(p *chess.Position, raw Score) Score {
	stm := p.SideToMove()
	white, black := piecesIndexes(p)
	pieces := c.pieces[stm][chess.White][white] + c.pieces[stm][chess.Black][black]
	return raw + Score((c.pawn[stm][pawnIndex(p)]+pieces/2)/correctionGrain)
}

// update moves p's entries towards diff, the search result of a node of the
// given depth minus its (corrected) static evaluation.
func (c *correctionHistory) update(p *chess.Position, depth int, diff Score) {
	stm := p.SideToMove()
	w := int32(min(depth+1, maxCorrectionWeight))
	updateEntry(&c.pawn[stm][pawnIndex(p)], w, diff)
	white, black := piecesIndexes(p)
	updateEntry(&c.pieces[stm][chess.White][white], w, diff)
	updateEntry(&c.pieces[stm][chess.Black][black], w, diff)
}

// updateEntry moves e a share w/correctionWeightScale of the way to diff.
func updateEntry(e *int32, w int32, diff Score) {
	v := (*e*(correctionWeightScale-w) + int32(diff)*correctionGrain*w) / correctionWeightScale
	*e = max(-correctionLimit, min(v, correctionLimit))
}

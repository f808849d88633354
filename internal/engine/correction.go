package engine

import "github.com/outpost-chess/outpost/chess"

// Correction history: the static evaluation has blind spots that depend
// mostly on the pawn structure (a blocked centre, a weak pawn it does not
// see) and on how each side's pieces stand (a piece out of play, an attack
// it underrates), and on what the opponent has just done (a threat the
// last move made that the evaluation does not see). After each search of
// a node whose result says the evaluation was off, the difference is
// folded into four entries for the side to move: one for the pawn
// structure, one for each side's pieces (king, knights, bishops, rooks and
// queens: their squares, hashed) and one for the last move (its piece and
// target), and later evaluations of positions that share them are
// corrected by the pawn entry plus half the sum of the other three.
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
// structure, by the pieces of each colour (hashed), and by the last move.
type correctionHistory struct {
	pawn   [2][correctionEntries]int32
	pieces [2][2][correctionEntries]int32 // [side to move][colour of the pieces]
	// last is indexed by [side to move][the last move's piece][its
	// target]. At the root the search passes NoPiece and A1, an entry no
	// move uses; after a null move, the piece on b1 and b1 (the target of
	// chess.NullMove), an entry of its own when b1 is empty.
	last [2][16][64]int32
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

// correct returns the static evaluation raw of p, reached by a move of
// lastPiece to lastTo, adjusted by its entries.
func (c *correctionHistory) correct(p *chess.Position, lastPiece chess.Piece, lastTo chess.Square, raw Score) Score {
	stm := p.SideToMove()
	white, black := piecesIndexes(p)
	others := c.pieces[stm][chess.White][white] + c.pieces[stm][chess.Black][black] + c.last[stm][lastPiece][lastTo]
	return raw + Score((c.pawn[stm][pawnIndex(p)]+others/2)/correctionGrain)
}

// update moves p's entries towards diff, the search result of a node of the
// given depth minus its (corrected) static evaluation.
func (c *correctionHistory) update(p *chess.Position, lastPiece chess.Piece, lastTo chess.Square, depth int, diff Score) {
	stm := p.SideToMove()
	w := int32(min(depth+1, maxCorrectionWeight))
	updateEntry(&c.pawn[stm][pawnIndex(p)], w, diff)
	updateEntry(&c.last[stm][lastPiece][lastTo], w, diff)
	white, black := piecesIndexes(p)
	updateEntry(&c.pieces[stm][chess.White][white], w, diff)
	updateEntry(&c.pieces[stm][chess.Black][black], w, diff)
}

// updateEntry moves e a share w/correctionWeightScale of the way to diff.
func updateEntry(e *int32, w int32, diff Score) {
	v := (*e*(correctionWeightScale-w) + int32(diff)*correctionGrain*w) / correctionWeightScale
	*e = max(-correctionLimit, min(v, correctionLimit))
}

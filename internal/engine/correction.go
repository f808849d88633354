package engine

import "github.com/outpost-chess/outpost/chess"

// Correction history: the static evaluation has blind spots that depend
// mostly on the pawn structure (a blocked centre, a weak pawn it does not
// see). After each search of a node whose result says the evaluation was
// off, the difference is folded into an entry for the side to move and the
// pawn structure, and later evaluations of positions with that structure
// are corrected by the entry's average.
const (
	correctionBits    = 14
	correctionEntries = 1 << correctionBits
	// correctionGrain is the fixed-point scale of the entries.
	correctionGrain = 256
	// correctionLimit bounds an entry, so a correction never exceeds
	// correctionLimit/correctionGrain centipawns.
	correctionLimit = 64 * correctionGrain
	// correctionWeightScale: a search of depth d moves an entry (d+1)/256 of
	// the way to its result, at most maxCorrectionWeight/256.
	correctionWeightScale = 256
	maxCorrectionWeight   = 16
)

// correctionHistory holds the corrections, per side to move and pawn
// structure (hashed).
type correctionHistory [2][correctionEntries]int32

// pawnIndex hashes the position's pawn structure to an entry index.
func pawnIndex(p *chess.Position) uint64 {
	w := uint64(p.Pieces(chess.White, chess.Pawn))
	b := uint64(p.Pieces(chess.Black, chess.Pawn))
	h := w*0x9E3779B97F4A7C15 ^ (b+0x632BE59BD9B4E019)*0xC2B2AE3D27D4EB4F
	return (h ^ h>>29) * 0xBF58476D1CE4E5B9 >> (64 - correctionBits)
}

// correct returns the static evaluation raw of p adjusted by the entry for
// its pawn structure.
func (c *correctionHistory) correct(p *chess.Position, raw Score) Score {
	return raw + Score(c[p.SideToMove()][pawnIndex(p)]/correctionGrain)
}

// update moves p's entry towards diff, the search result of a node of the
// given depth minus its (corrected) static evaluation.
func (c *correctionHistory) update(p *chess.Position, depth int, diff Score) {
	e := &c[p.SideToMove()][pawnIndex(p)]
	w := int32(min(depth+1, maxCorrectionWeight))
	v := (*e*(correctionWeightScale-w) + int32(diff)*correctionGrain*w) / correctionWeightScale
	*e = max(-correctionLimit, min(v, correctionLimit))
}

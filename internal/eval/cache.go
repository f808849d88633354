package eval

import "github.com/outpost-chess/outpost/chess"

// PawnKingCache remembers the terms of the main evaluation that depend only
// on the pawns, the kings' squares and the castling rights (pawn structure,
// king shelter and activity, and the space count), which change in few of
// the moves a search makes. A search evaluates through one with
// Weights.EvaluateCached.
//
// A cache holds the terms of one Weights value: use it with no other, and
// do not change the weights while it holds entries (Clear it instead). It
// is not safe for concurrent use; its zero value is empty and ready.
type PawnKingCache struct {
	entries [pawnKingCacheSize]pawnKingEntry
}

const pawnKingCacheSize = 1 << 13

// pawnKingTerms are the cached terms.
var pawnKingTerms = [...]Term{TermDoubledPawns, TermIsolatedPawns, TermBackwardPawns, TermPassedPawns, TermConnectedPawns, TermKingShelter, TermKingActivity}

type pawnKingEntry struct {
	pawns   [2]chess.Bitboard
	passed  [2]chess.Bitboard
	terms   [len(pawnKingTerms)][2]Score
	kings   uint32 // pawnKingKey's packing; 0 for an empty entry
	space   [2]uint8
	blocked uint8
}

// Clear empties the cache.
func (c *PawnKingCache) Clear() { clear(c.entries[:]) }

// pawnKingKey packs the kings' squares and the castling rights, with a bit
// set so that no key is 0.
func pawnKingKey(p *chess.Position) uint32 {
	return uint32(p.KingSquare(chess.White)) | uint32(p.KingSquare(chess.Black))<<6 |
		uint32(p.CastlingRights())<<12 | 1<<16
}

// entry returns the slot for e's position, and whether it holds it.
func (c *PawnKingCache) entry(e *evaluation, kings uint32) (*pawnKingEntry, bool) {
	h := uint64(e.pawns[chess.White])*0x9E3779B97F4A7C15 ^ uint64(e.pawns[chess.Black])*0xC2B2AE3D27D4EB4F ^
		uint64(kings)*0x165667B19E3779F9
	slot := &c.entries[(h^h>>29)&(pawnKingCacheSize-1)]
	return slot, slot.kings == kings && slot.pawns == e.pawns
}

// pawnsAndKings computes (or, with a cache, looks up) both sides' pawn
// structure, king shelter and king activity terms and space counts.
func (e *evaluation) pawnsAndKings(cache *PawnKingCache) {
	if cache == nil {
		for c := chess.White; c <= chess.Black; c++ {
			e.pawnStructure(c) // pawns.go
			e.kingShelter(c)   // king.go
			e.kingActivity(c)  // king.go
			e.spaceCount(c)    // space.go
		}
		e.blockedPawns() // space.go
		return
	}
	kings := pawnKingKey(e.p)
	slot, hit := cache.entry(e, kings)
	if hit {
		e.passed, e.blocked = slot.passed, int(slot.blocked)
		e.spaceSquares = [2]int{int(slot.space[0]), int(slot.space[1])}
		for i, t := range pawnKingTerms {
			e.terms[t] = slot.terms[i]
		}
		return
	}
	e.pawnsAndKings(nil)
	slot.pawns, slot.kings, slot.passed = e.pawns, kings, e.passed
	// At most 24 space squares a side and 16 blocked pawns: bytes.
	slot.space, slot.blocked = [2]uint8{uint8(e.spaceSquares[0]), uint8(e.spaceSquares[1])}, uint8(e.blocked)
	for i, t := range pawnKingTerms {
		slot.terms[i] = e.terms[t]
	}
}

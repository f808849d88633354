package eval

import "github.com/outpost-chess/outpost/chess"

// PawnKingCache remembers the terms of the main evaluation that depend only
// on the pawns (pawn structure and the space count), and each side's terms
// that depend only on the pawns, that side's king square and its castling
// rights (king shelter and activity), in two tables. Most moves a search
// makes change none of these; a king move (or a lost castling right) only
// its own side's king terms. A search evaluates through one with
// Weights.EvaluateCached.
//
// A cache holds the terms of one Weights value: use it with no other, and
// do not change the weights while it holds entries (Clear it instead). It
// is not safe for concurrent use; its zero value is empty and ready.
type PawnKingCache struct {
	pawns [pawnCacheSize]pawnEntry
	kings [kingCacheSize]kingEntry
}

// The tables' entries: about 2 MiB of pawn entries and 1.3 MiB of king
// entries an engine. Half as many cost the bench about 15 instructions a
// node in misses; twice as many would save about 20 more, at 10 MiB.
const (
	pawnCacheSize = 1 << 14
	kingCacheSize = 1 << 15
)

// The cached terms that depend only on the pawns, a run of consecutive Terms.
const firstPawnTerm, lastPawnTerm = TermDoubledPawns, TermConnectedPawns

// pawnEntry holds the terms of one pawn structure.
type pawnEntry struct {
	pawns   [2]chess.Bitboard
	passed  [2]chess.Bitboard
	terms   [lastPawnTerm - firstPawnTerm + 1][2]Score
	space   [2]uint8
	blocked uint8
	full    bool // the entry holds the terms of pawns (false: empty)
}

// kingEntry holds one side's king shelter and activity terms, for the pawns
// and the king square, castling rights and colour that key packs.
type kingEntry struct {
	pawns             [2]chess.Bitboard
	shelter, activity Score
	key               uint16 // kingKey's packing; 0 for an empty entry
}

// Clear empties the cache.
func (c *PawnKingCache) Clear() {
	clear(c.pawns[:])
	clear(c.kings[:])
}

// kingKey packs c's king square and castling rights and c, with a bit set
// so that no key is 0.
func kingKey(p *chess.Position, c chess.Color) uint16 {
	return uint16(p.KingSquare(c)) | uint16(p.CastlingRights()&castlingRightsOf[c])<<6 | uint16(c)<<10 | 1<<11
}

// pawnsAndKings computes (or, with a cache, looks up) both sides' pawn
// structure, king shelter and king activity terms and space counts.
func (e *evaluation) pawnsAndKings(cache *PawnKingCache) {
	if cache == nil {
		e.pawnTerms()
		for c := chess.White; c <= chess.Black; c++ {
			e.kingShelter(c)  // king.go
			e.kingActivity(c) // king.go
		}
		return
	}
	h := uint64(e.pawns[chess.White])*0x9E3779B97F4A7C15 ^ uint64(e.pawns[chess.Black])*0xC2B2AE3D27D4EB4F
	slot := &cache.pawns[(h^h>>29)&(pawnCacheSize-1)]
	pawnTerms := (*[len(slot.terms)][2]Score)(e.terms[firstPawnTerm : lastPawnTerm+1])
	if slot.full && slot.pawns == e.pawns {
		e.passed, e.blocked = slot.passed, int(slot.blocked)
		e.spaceSquares = [2]int{int(slot.space[0]), int(slot.space[1])}
		*pawnTerms = slot.terms
	} else {
		e.pawnTerms()
		// At most 24 space squares a side and 16 blocked pawns: bytes.
		*slot = pawnEntry{
			pawns: e.pawns, passed: e.passed, terms: *pawnTerms,
			space:   [2]uint8{uint8(e.spaceSquares[0]), uint8(e.spaceSquares[1])},
			blocked: uint8(e.blocked), full: true,
		}
	}
	for c := chess.White; c <= chess.Black; c++ {
		key := kingKey(e.p, c)
		kh := h ^ uint64(key)*0x165667B19E3779F9
		k := &cache.kings[(kh^kh>>29)&(kingCacheSize-1)]
		if k.key == key && k.pawns == e.pawns {
			e.terms[TermKingShelter][c], e.terms[TermKingActivity][c] = k.shelter, k.activity
			continue
		}
		e.kingShelter(c)
		e.kingActivity(c)
		*k = kingEntry{pawns: e.pawns, shelter: e.terms[TermKingShelter][c], activity: e.terms[TermKingActivity][c], key: key}
	}
}

// pawnTerms computes both sides' pawn structure terms and space counts and
// the blocked pawns, which depend on the pawns alone.
func (e *evaluation) pawnTerms() {
	for c := chess.White; c <= chess.Black; c++ {
		e.pawnStructure(c) // pawns.go
		e.spaceCount(c)    // space.go
	}
	e.blockedPawns() // space.go
}

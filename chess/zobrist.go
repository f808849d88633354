package chess

// Zobrist keys: a position's hash is the XOR of one key per piece on its
// square, the castling rights, the en-passant file (only when an en-passant
// capture is legal) and the side to move. Position keeps it incrementally.
var (
	zobristPiece    [16][64]uint64
	zobristCastling [16]uint64
	zobristEP       [8]uint64
	zobristBlack    uint64
)

func init() {
	rng := prng{0x9E3779B97F4A7C15}
	for p := range zobristPiece {
		for s := range zobristPiece[p] {
			zobristPiece[p][s] = rng.next()
		}
	}
	for i := range zobristCastling {
		zobristCastling[i] = rng.next()
	}
	for i := range zobristEP {
		zobristEP[i] = rng.next()
	}
	zobristBlack = rng.next()
}

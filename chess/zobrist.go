package chess

// Zobrist keys: a position's hash is the XOR of one key per piece on its
// square, the castling rights, the en-passant file (only when an en-passant
// capture is legal) and the side to move, and in Chess960 the file of each
// castling right's rook (see Position.castlingKey). Position keeps it
// incrementally.
var (
	zobristPiece    [16][64]uint64
	zobristCastling [16]uint64
	zobristEP       [8]uint64
	zobristBlack    uint64
	zobristRookFile [4][8]uint64 // by right (castleIndex) and rook file; zero for the corners
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
	// Drawn after the others, which keep their values.
	for i := range zobristRookFile {
		for f := range zobristRookFile[i] {
			zobristRookFile[i][f] = rng.next()
		}
		corner := FileH // kingside rights have even indexes
		if i%2 == 1 {
			corner = FileA
		}
		zobristRookFile[i][corner] = 0
	}
}

package eval

import "github.com/outpost-chess/outpost/chess"

// This file holds the material and piece-square terms, and the data the
// default weights for them start from: Ronald Friederich's PeSTO piece values
// and piece-square tables, as published on the Chess Programming Wiki
// ("PeSTO's Evaluation Function", https://www.chessprogramming.org/PeSTO%27s_Evaluation_Function).
// PeSTO tuned them (Texel method) for an evaluation with nothing else in it,
// so beside our other terms they are a starting point for our own tuning.
//
// The tables are kept in their published layout: White's point of view, a8
// first (row 0 = rank 8), so pestoMG[pt][s^56] is the value for a White piece
// on chess.Square s. Untuned turns them into Weights.PST, which is
// indexed by chess.Square (A1 = 0) from White's point of view.

// PeSTO piece values (P, N, B, R, Q, K), indexed by chess.PieceType.
var (
	pestoValueMG = [chess.King + 1]int32{0, 82, 337, 365, 477, 1025, 0}
	pestoValueEG = [chess.King + 1]int32{0, 94, 281, 297, 512, 936, 0}
)

// pestoMG holds PeSTO's middlegame piece-square tables, published layout.
var pestoMG = [chess.King + 1][64]int32{
	chess.Pawn: {
		0, 0, 0, 0, 0, 0, 0, 0,
		98, 134, 61, 95, 68, 126, 34, -11,
		-6, 7, 26, 31, 65, 56, 25, -20,
		-14, 13, 6, 21, 23, 12, 17, -23,
		-27, -2, -5, 12, 17, 6, 10, -25,
		-26, -4, -4, -10, 3, 3, 33, -12,
		-35, -1, -20, -23, -15, 24, 38, -22,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	chess.Knight: {
		-167, -89, -34, -49, 61, -97, -15, -107,
		-73, -41, 72, 36, 23, 62, 7, -17,
		-47, 60, 37, 65, 84, 129, 73, 44,
		-9, 17, 19, 53, 37, 69, 18, 22,
		-13, 4, 16, 13, 28, 19, 21, -8,
		-23, -9, 12, 10, 19, 17, 25, -16,
		-29, -53, -12, -3, -1, 18, -14, -19,
		-105, -21, -58, -33, -17, -28, -19, -23,
	},
	chess.Bishop: {
		-29, 4, -82, -37, -25, -42, 7, -8,
		-26, 16, -18, -13, 30, 59, 18, -47,
		-16, 37, 43, 40, 35, 50, 37, -2,
		-4, 5, 19, 50, 37, 37, 7, -2,
		-6, 13, 13, 26, 34, 12, 10, 4,
		0, 15, 15, 15, 14, 27, 18, 10,
		4, 15, 16, 0, 7, 21, 33, 1,
		-33, -3, -14, -21, -13, -12, -39, -21,
	},
	chess.Rook: {
		32, 42, 32, 51, 63, 9, 31, 43,
		27, 32, 58, 62, 80, 67, 26, 44,
		-5, 19, 26, 36, 17, 45, 61, 16,
		-24, -11, 7, 26, 24, 35, -8, -20,
		-36, -26, -12, -1, 9, -7, 6, -23,
		-45, -25, -16, -17, 3, 0, -5, -33,
		-44, -16, -20, -9, -1, 11, -6, -71,
		-19, -13, 1, 17, 16, 7, -37, -26,
	},
	chess.Queen: {
		-28, 0, 29, 12, 59, 44, 43, 45,
		-24, -39, -5, 1, -16, 57, 28, 54,
		-13, -17, 7, 8, 29, 56, 47, 57,
		-27, -27, -16, -16, -1, 17, -2, 1,
		-9, -26, -9, -10, -2, -4, 3, -3,
		-14, 2, -11, -2, -5, 2, 14, 5,
		-35, -8, 11, 2, 8, 15, -3, 1,
		-1, -18, -9, 10, -15, -25, -31, -50,
	},
	chess.King: {
		-65, 23, 16, -15, -56, -34, 2, 13,
		29, -1, -20, -7, -8, -4, -38, -29,
		-9, 24, 2, -16, -20, 6, 22, -22,
		-17, -20, -12, -27, -30, -25, -14, -36,
		-49, -1, -27, -39, -46, -44, -33, -51,
		-14, -14, -22, -46, -44, -30, -15, -27,
		1, 7, -8, -64, -43, -16, 9, 8,
		-15, 36, 12, -54, 8, -28, 24, 14,
	},
}

// pestoEG holds PeSTO's endgame piece-square tables, published layout.
var pestoEG = [chess.King + 1][64]int32{
	chess.Pawn: {
		0, 0, 0, 0, 0, 0, 0, 0,
		178, 173, 158, 134, 147, 132, 165, 187,
		94, 100, 85, 67, 56, 53, 82, 84,
		32, 24, 13, 5, -2, 4, 17, 17,
		13, 9, -3, -7, -7, -8, 3, -1,
		4, 7, -6, 1, 0, -5, -1, -8,
		13, 8, 8, 10, 13, 0, 2, -7,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	chess.Knight: {
		-58, -38, -13, -28, -31, -27, -63, -99,
		-25, -8, -25, -2, -9, -25, -24, -52,
		-24, -20, 10, 9, -1, -9, -19, -41,
		-17, 3, 22, 22, 22, 11, 8, -18,
		-18, -6, 16, 25, 16, 17, 4, -18,
		-23, -3, -1, 15, 10, -3, -20, -22,
		-42, -20, -10, -5, -2, -20, -23, -44,
		-29, -51, -23, -15, -22, -18, -50, -64,
	},
	chess.Bishop: {
		-14, -21, -11, -8, -7, -9, -17, -24,
		-8, -4, 7, -12, -3, -13, -4, -14,
		2, -8, 0, -1, -2, 6, 0, 4,
		-3, 9, 12, 9, 14, 10, 3, 2,
		-6, 3, 13, 19, 7, 10, -3, -9,
		-12, -3, 8, 10, 13, 3, -7, -15,
		-14, -18, -7, -1, 4, -9, -15, -27,
		-23, -9, -23, -5, -9, -16, -5, -17,
	},
	chess.Rook: {
		13, 10, 18, 15, 12, 12, 8, 5,
		11, 13, 13, 11, -3, 3, 8, 3,
		7, 7, 7, 5, 4, -3, -5, -3,
		4, 3, 13, 1, 2, 1, -1, 2,
		3, 5, 8, 4, -5, -6, -8, -11,
		-4, 0, -5, -1, -7, -12, -8, -16,
		-6, -6, 0, 2, -9, -9, -11, -3,
		-9, 2, 3, -1, -5, -13, 4, -20,
	},
	chess.Queen: {
		-9, 22, 22, 27, 27, 19, 10, 20,
		-17, 20, 32, 41, 58, 25, 30, 0,
		-20, 6, 9, 49, 47, 35, 19, 9,
		3, 22, 24, 45, 57, 40, 57, 36,
		-18, 28, 19, 47, 31, 34, 39, 23,
		-16, -27, 15, 6, 9, 17, 10, 5,
		-22, -23, -30, -16, -16, -23, -36, -32,
		-33, -28, -22, -43, -5, -32, -20, -41,
	},
	chess.King: {
		-74, -35, -18, -18, -11, 15, 4, -17,
		-12, 17, 14, 17, 17, 38, 23, 11,
		10, 17, 23, 15, 20, 45, 44, 13,
		-8, 22, 24, 27, 26, 33, 26, 3,
		-18, -4, 21, 24, 27, 23, 9, -11,
		-19, -3, 11, 21, 23, 16, 7, -9,
		-27, -11, 4, 13, 14, 4, -5, -17,
		-53, -34, -21, -11, -28, -14, -24, -43,
	},
}

// Incremental holds the parts of a position's evaluation under some
// Weights that a move changes only on the squares it touches: each side's
// piece values and piece-square term, and the game phase (uncapped). A
// search keeps it up to date move by move with UpdateIncremental and hands
// it to EvaluateCached, which then need not sum them over every piece.
type Incremental struct {
	material    [chess.Black + 1]Score // piece values, before the pawn adjustments
	pieceSquare [chess.Black + 1]Score
	phase       int
}

// IncrementalOf returns the incremental terms of p under w.
func (w *Weights) IncrementalOf(p *chess.Position) Incremental {
	var inc Incremental
	for bb := p.Occupied(); bb != 0; bb = bb.WithoutFirst() {
		s := bb.First()
		inc.add(w.pieceTerms(p.PieceAt(s), s))
	}
	return inc
}

// UpdateIncremental turns *inc, the incremental terms of before under w,
// into those of after, when after is before with one move (or a null move)
// made. It works in place: the terms are a few dozen bytes, updated per
// move of a search. A move changes the colour of every square it touches (a
// capture turns the target from one colour to the other, a promotion fills
// an empty or enemy square), so those squares are the ones whose occupancy
// by either colour differs.
func (w *Weights) UpdateIncremental(inc *Incremental, before, after *chess.Position) {
	changed := (before.ByColor(chess.White) ^ after.ByColor(chess.White)) |
		(before.ByColor(chess.Black) ^ after.ByColor(chess.Black))
	for ; changed != 0; changed = changed.WithoutFirst() {
		s := changed.First()
		if pc := before.PieceAt(s); pc != chess.NoPiece {
			inc.sub(w.pieceTerms(pc, s))
		}
		if pc := after.PieceAt(s); pc != chess.NoPiece {
			inc.add(w.pieceTerms(pc, s))
		}
	}
}

// pieceTerms returns the incremental terms of piece pc (not NoPiece) on s:
// its colour, value, piece-square value and phase weight. A Black piece
// reads White's piece-square entry for the mirrored square. (The colour
// and the square are masked to their ranges, which changes neither for a
// piece and a square but spares the bounds checks, and the mirror is a
// multiplication rather than a branch.)
func (w *Weights) pieceTerms(pc chess.Piece, s chess.Square) (c chess.Color, value, pst Score, phase int) {
	c, pt := pc.Color()&1, pc.Type()
	s = (s ^ 56*chess.Square(c)) & 63
	return c, w.PieceValue[pt], w.PST[pt][s], phaseWeight[pt]
}

// add adds a piece's terms, as pieceTerms returns them, to inc.
func (inc *Incremental) add(c chess.Color, value, pst Score, phase int) {
	inc.material[c] = inc.material[c].Add(value)
	inc.pieceSquare[c] = inc.pieceSquare[c].Add(pst)
	inc.phase += phase
}

// sub takes a piece's terms, as pieceTerms returns them, from inc.
func (inc *Incremental) sub(c chess.Color, value, pst Score, phase int) {
	inc.material[c] = inc.material[c].Sub(value)
	inc.pieceSquare[c] = inc.pieceSquare[c].Sub(pst)
	inc.phase -= phase
}

// materialAndPST adds the material (with the knights' and rooks' pawn
// adjustments) and piece-square terms of both sides to e, and sets
// e.phase, from inc when it is not nil (it must be w.IncrementalOf(p)).
func (e *evaluation) materialAndPST(inc *Incremental) {
	w, p := e.w, e.p
	if inc == nil {
		all := w.IncrementalOf(p)
		inc = &all
	}
	for c := chess.White; c <= chess.Black; c++ {
		pawnsBeyondFive := p.Pieces(c, chess.Pawn).Count() - 5
		e.terms[TermMaterial][c] = inc.material[c].
			Add(w.KnightPawn.Mul(p.Pieces(c, chess.Knight).Count() * pawnsBeyondFive)).
			Add(w.RookPawn.Mul(p.Pieces(c, chess.Rook).Count() * pawnsBeyondFive))
		e.terms[TermPieceSquare][c] = inc.pieceSquare[c]
	}
	e.phase = min(inc.phase, MaxPhase)
}

// phaseWeight is PeSTO's contribution of each piece type to the game phase.
var phaseWeight = [chess.King + 1]int{0, 0, 1, 1, 2, 4, 0}

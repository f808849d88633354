package eval

import "github.com/outpost-chess/outpost/chess"

// This file is the seeds' classic evaluator: exactly the evaluation of the
// tutorial in shared/seeds/000 (a JavaScript minimax/alpha-beta AI whose
// weights and tables are "adapted from Sunfish.py"), recomputed from scratch
// for a position instead of incrementally along the moves.
//
// Orientation. The tutorial writes each table from White's point of view
// with rank 8 on the first row (row 0) and file a in column 0, and indexes it
// as table[8-rank][file]. Black uses the same table with its rows reversed
// (pst_w[p].slice().reverse()), which is a mirror across the middle rank.
// The tables below keep the tutorial's printed layout, flattened row by row,
// so for a chess.Square s (A1 = 0):
//
//	White piece on s: table[s^56]
//	Black piece on s: table[s]
//
// The endgame king table. The tutorial's evaluateBoard switches a king to
// the 'k_e' table with the test
//
//	if (prevSum  -1500)
//
// whose operator was lost in the seed's text (HTML ate the "<", as it did in
// "for (var i = 0; i  children.length; i++)"). The tutorial's published
// source reads "if (prevSum < -1500)": prevSum is the running score from the
// AI's point of view, so the kings switch to the endgame table while the AI
// is behind by more than 1500 centipawns. It is a material-deficit rule, not
// a game-phase rule, and it applies to both kings (the tutorial rewrites the
// moving piece 'k' to 'k_e' whoever moves it). We reproduce it statically:
// compute the score with the middlegame king table; if it is below -1500 from
// the viewer's side, score both kings on the endgame table instead.
//
// Ambiguities, and what we chose:
//   - The tutorial tests the score before the move (prevSum) and only changes
//     the delta of that one king move, so its running sum can mix the two
//     king tables. A static evaluator has no "before"; we test the position's
//     own score and score each king wholly on one table.
//   - The viewer is the tutorial's AI colour, fixed for the whole game.
//     ClassicFor takes it as a parameter; Classic uses the side to move,
//     which is what a negamax search asks for (and keeps Classic symmetric
//     under a colour flip). A search that wants the tutorial's behaviour to
//     the letter calls ClassicFor with the root side and negates as needed.
//   - The seed's version also rewrites a captured 'k' to 'k_e'; kings are
//     never captured in legal chess, so that branch cannot matter.

// Tutorial piece weights (P, N, B, R, Q, K), indexed by chess.PieceType.
var classicValue = [chess.King + 1]int{0, 100, 280, 320, 479, 929, 60000}

// classicEndgameThreshold: below this score (from the viewer's side) the
// kings use the endgame table; the tutorial's "prevSum < -1500".
const classicEndgameThreshold = -1500

// classicPST holds the tutorial's pst_w tables, indexed by chess.PieceType,
// in its printed layout (row 0 = rank 8; see the orientation note above).
var classicPST = [chess.King + 1][64]int{
	chess.Pawn: {
		100, 100, 100, 100, 105, 100, 100, 100,
		78, 83, 86, 73, 102, 82, 85, 90,
		7, 29, 21, 44, 40, 31, 44, 7,
		-17, 16, -2, 15, 14, 0, 15, -13,
		-26, 3, 10, 9, 6, 1, 0, -23,
		-22, 9, 5, -11, -10, -2, 3, -19,
		-31, 8, -7, -37, -36, -14, 3, -31,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	chess.Knight: {
		-66, -53, -75, -75, -10, -55, -58, -70,
		-3, -6, 100, -36, 4, 62, -4, -14,
		10, 67, 1, 74, 73, 27, 62, -2,
		24, 24, 45, 37, 33, 41, 25, 17,
		-1, 5, 31, 21, 22, 35, 2, 0,
		-18, 10, 13, 22, 18, 15, 11, -14,
		-23, -15, 2, 0, 2, 0, -23, -20,
		-74, -23, -26, -24, -19, -35, -22, -69,
	},
	chess.Bishop: {
		-59, -78, -82, -76, -23, -107, -37, -50,
		-11, 20, 35, -42, -39, 31, 2, -22,
		-9, 39, -32, 41, 52, -10, 28, -14,
		25, 17, 20, 34, 26, 25, 15, 10,
		13, 10, 17, 23, 17, 16, 0, 7,
		14, 25, 24, 15, 8, 25, 20, 15,
		19, 20, 11, 6, 7, 6, 20, 16,
		-7, 2, -15, -12, -14, -15, -10, -10,
	},
	chess.Rook: {
		35, 29, 33, 4, 37, 33, 56, 50,
		55, 29, 56, 67, 55, 62, 34, 60,
		19, 35, 28, 33, 45, 27, 25, 15,
		0, 5, 16, 13, 18, -4, -9, -6,
		-28, -35, -16, -21, -13, -29, -46, -30,
		-42, -28, -42, -25, -25, -35, -26, -46,
		-53, -38, -31, -26, -29, -43, -44, -53,
		-30, -24, -18, 5, -2, -18, -31, -32,
	},
	chess.Queen: {
		6, 1, -8, -104, 69, 24, 88, 26,
		14, 32, 60, -10, 20, 76, 57, 24,
		-2, 43, 32, 60, 72, 63, 43, 2,
		1, -16, 22, 17, 25, 20, -13, -6,
		-14, -15, -2, -5, -1, -10, -20, -22,
		-30, -6, -13, -11, -16, -11, -16, -27,
		-36, -18, 0, -19, -15, -15, -21, -38,
		-39, -30, -31, -13, -31, -36, -34, -42,
	},
	chess.King: {
		4, 54, 47, -99, -99, 60, 83, -62,
		-32, 10, 55, 56, 56, 55, 10, 3,
		-62, 12, -57, 44, -67, 28, 37, -31,
		-55, 50, 11, -4, -19, 13, 0, -49,
		-55, -43, -52, -28, -51, -47, -8, -50,
		-47, -42, -43, -79, -64, -32, -29, -32,
		-4, 3, -14, -50, -57, -18, 13, 4,
		17, 30, -3, -14, 6, -1, 40, 18,
	},
}

// classicKingEndgame is the tutorial's 'k_e' table, same layout.
var classicKingEndgame = [64]int{
	-50, -40, -30, -20, -20, -30, -40, -50,
	-30, -20, -10, 0, 0, -10, -20, -30,
	-30, -10, 20, 30, 30, 20, -10, -30,
	-30, -10, 30, 40, 40, 30, -10, -30,
	-30, -10, 30, 40, 40, 30, -10, -30,
	-30, -10, 20, 30, 30, 20, -10, -30,
	-30, -30, 0, 0, 0, 0, -30, -30,
	-50, -30, -30, -30, -30, -30, -30, -50,
}

// classicIndex returns the index into a classic table for a piece of color c
// on s (see the orientation note).
func classicIndex(c chess.Color, s chess.Square) int {
	if c == chess.White {
		return int(s ^ 56)
	}
	return int(s)
}

// Classic returns the tutorial's evaluation of p in centipawns from the side
// to move's point of view: ClassicFor(p, p.SideToMove()). The start position
// scores 0, and a colour-flipped position scores the same for its side to
// move. It does not allocate.
func Classic(p *chess.Position) int { return ClassicFor(p, p.SideToMove()) }

// ClassicFor returns the tutorial's evaluation of p in centipawns from view's
// point of view: the sum over view's pieces of weight plus piece-square value,
// minus the same sum over the opponent's pieces (the kings' 60000 cancel).
// When that score is below -1500 both kings are scored on the endgame king
// table instead (the tutorial's rule, judged from view's side; see the note
// at the top of this file). It does not allocate.
func ClassicFor(p *chess.Position, view chess.Color) int {
	score := 0
	for c := chess.White; c <= chess.Black; c++ {
		side := 0
		for pt := chess.Pawn; pt <= chess.King; pt++ {
			bb := p.Pieces(c, pt)
			side += classicValue[pt] * bb.Count()
			for bb != 0 {
				side += classicPST[pt][classicIndex(c, bb.PopFirst())]
			}
		}
		if c == view {
			score += side
		} else {
			score -= side
		}
	}
	if score < classicEndgameThreshold {
		for c := chess.White; c <= chess.Black; c++ {
			i := classicIndex(c, p.KingSquare(c))
			d := classicKingEndgame[i] - classicPST[chess.King][i]
			if c == view {
				score += d
			} else {
				score -= d
			}
		}
	}
	return score
}

// PieceTerm is one piece's share of the classic evaluation, for a learner
// who wants to see where the score comes from. Material and PST are from
// the piece owner's point of view (a well-placed piece has PST > 0 whatever
// its colour).
type PieceTerm struct {
	Square   chess.Square
	Piece    chess.Piece
	Material int  // the tutorial's weight for the piece type
	PST      int  // the piece-square value of Piece on Square
	Endgame  bool // the piece is a king scored on the endgame king table
}

// Value returns the piece's contribution, Material + PST, from its owner's
// point of view.
func (t PieceTerm) Value() int { return t.Material + t.PST }

// ClassicTerms returns the classic evaluation of p seen from view, piece by
// piece, in square order (A1 first). ClassicFor(p, view) equals the sum of
// Value() over view's pieces minus the sum over the opponent's. It allocates
// the slice: it is for explaining, not for search.
func ClassicTerms(p *chess.Position, view chess.Color) []PieceTerm {
	endgame := classicMiddlegameKings(p, view) < classicEndgameThreshold
	terms := make([]PieceTerm, 0, p.Occupied().Count())
	for occ := p.Occupied(); occ != 0; {
		s := occ.PopFirst()
		pc := p.PieceAt(s)
		i := classicIndex(pc.Color(), s)
		t := PieceTerm{Square: s, Piece: pc, Material: classicValue[pc.Type()], PST: classicPST[pc.Type()][i]}
		if pc.Type() == chess.King && endgame {
			t.PST, t.Endgame = classicKingEndgame[i], true
		}
		terms = append(terms, t)
	}
	return terms
}

// classicMiddlegameKings returns ClassicFor's score before the endgame-king
// rule is applied (cold: it reads the mailbox).
func classicMiddlegameKings(p *chess.Position, view chess.Color) int {
	score := 0
	for occ := p.Occupied(); occ != 0; {
		s := occ.PopFirst()
		pc := p.PieceAt(s)
		v := classicValue[pc.Type()] + classicPST[pc.Type()][classicIndex(pc.Color(), s)]
		if pc.Color() == view {
			score += v
		} else {
			score -= v
		}
	}
	return score
}

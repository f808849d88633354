package tuner

import (
	"slices"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/eval"
)

// maxQuietPly bounds the capture sequences Quiesce follows. Real exchanges
// are shorter; the bound only stops a pathological position from taking
// long.
const maxQuietPly = 16

// Quiesce returns the position at the end of the principal variation of a
// quiescence search of p with weights w: captures and promotions to a queen
// (most valuable victim first), with the side to move free to stand pat on
// the static evaluation. The position returned is the one whose static
// evaluation is the search's score, so tuning the static evaluation on it
// tunes what the search sees. It is p itself when no capture improves on
// standing pat.
//
// Unlike the engine's quiescence search it does not search check evasions
// or prune: it resolves the hanging pieces of a position, it does not play.
func Quiesce(w *eval.Weights, p *chess.Position) chess.Position {
	_, leaf := quiesce(w, p, -1<<30, 1<<30, 0)
	return leaf
}

// quiesce is the fail-hard quiescence search behind Quiesce: it returns the
// score of p from its side to move's point of view and the position at the
// end of its principal variation.
func quiesce(w *eval.Weights, p *chess.Position, alpha, beta, ply int) (int, chess.Position) {
	leaf := *p
	standPat := w.Evaluate(p)
	if standPat >= beta {
		return beta, leaf
	}
	if ply >= maxQuietPly {
		return standPat, leaf
	}
	alpha = max(alpha, standPat)

	var ml chess.MoveList
	p.GenerateMoves(&ml, chess.NoisyMoves)
	moves := ml.Slice()
	slices.SortStableFunc(moves, func(a, b chess.Move) int {
		return mvvLVA(p, b) - mvvLVA(p, a)
	})
	for _, m := range moves {
		if promo := m.Promotion(); promo != chess.NoPieceType && promo != chess.Queen {
			continue
		}
		child := *p
		child.MakeMove(m)
		score, childLeaf := quiesce(w, &child, -beta, -alpha, ply+1)
		score = -score
		if score > alpha {
			alpha, leaf = score, childLeaf
			if score >= beta {
				return beta, leaf
			}
		}
	}
	return alpha, leaf
}

// mvvLVA orders captures: the most valuable victim first, then the least
// valuable attacker. Piece types are numbered pawn < knight < bishop < rook
// < queen, which is all the order needs.
func mvvLVA(p *chess.Position, m chess.Move) int {
	victim := p.PieceAt(m.To()).Type()
	if m.IsEnPassant() {
		victim = chess.Pawn
	}
	return 8*int(victim) + int(m.Promotion()) - int(p.PieceAt(m.From()).Type())
}

package eval

import "github.com/outpost-chess/outpost/chess"

// This file is endgame knowledge that weighted terms cannot express: the
// endings a material count calls won that are draws, and the mop-up that
// shows the search how to mate a bare king. Neither is tuned: they are
// facts of chess, not estimates, and the tuning data (quiet positions of
// whole games) holds too few such endings to learn them from.

// The mop-up's weights, in centipawns per step: the bare king's distance
// from the centre (against bishop and knight, its nearness to a corner the
// bishop can attack), and the nearness of the two kings.
const (
	mopUpEdge   = 10
	mopUpCorner = 60
	mopUpClose  = 4
)

// knownDraw reports whether strong, the side the endgame half of the score
// favours, cannot win by force:
//   - it has no pawns and no pieces but one or two knights, and the other
//     side has no pawns (knights cannot force mate);
//   - all its pawns stand on one rook file, its only pieces are bishops that
//     cannot attack the queening square (or none), and the other side has a
//     bare king on or next to that square (the wrong rook pawn: the king
//     cannot be driven out of the corner).
func (e *evaluation) knownDraw(strong chess.Color) bool {
	p := e.p
	weak := strong.Other()
	pieces := p.ByColor(strong) &^ p.Pieces(strong, chess.King)
	pawns := e.pawns[strong]
	if pawns == 0 {
		knights := p.Pieces(strong, chess.Knight)
		return pieces == knights && knights.Count() <= 2 && e.pawns[weak] == 0
	}
	if !p.BareKing(weak) {
		return false
	}
	var file chess.File
	switch {
	case pawns&^chess.FileABB == 0:
		file = chess.FileA
	case pawns&^chess.FileHBB == 0:
		file = chess.FileH
	default:
		return false
	}
	bishops := p.Pieces(strong, chess.Bishop)
	if pieces != pawns|bishops {
		return false
	}
	queening := chess.NewSquare(file, chess.Rank8)
	if strong == chess.Black {
		queening = chess.NewSquare(file, chess.Rank1)
	}
	if bishops&sameColourSquares(queening) != 0 {
		return false
	}
	return distance(p.KingSquare(weak), queening) <= 1
}

// mopUp returns, from White's view, the bonus that leads a side with
// mating material (a queen or rook, or two pieces with a bishop) against a
// bare king: mopUpEdge per step of the bare king from the centre (against
// bishop and knight alone, mopUpCorner per step of cornerCloseness to a
// corner the bishop can attack instead), and mopUpClose per step the kings
// are nearer each other. It is 0 when neither king is bare.
func (e *evaluation) mopUp() int {
	p := e.p
	for strong := chess.White; strong <= chess.Black; strong++ {
		weak := strong.Other()
		if !p.BareKing(weak) {
			continue
		}
		heavy := p.Pieces(strong, chess.Queen) | p.Pieces(strong, chess.Rook)
		bishops, knights := p.Pieces(strong, chess.Bishop), p.Pieces(strong, chess.Knight)
		if heavy == 0 && (bishops == 0 || (bishops|knights).Count() < 2) {
			return 0
		}
		wk := p.KingSquare(weak)
		v := mopUpClose * (7 - distance(wk, p.KingSquare(strong)))
		if heavy == 0 && e.pawns[strong] == 0 && bishops.Count() == 1 && knights.Count() == 1 {
			v += mopUpCorner * cornerCloseness(wk, sameColourSquares(bishops.First()))
		} else {
			v += mopUpEdge * centreDistance(wk)
		}
		if strong == chess.Black {
			return -v
		}
		return v
	}
	return 0
}

// sameColourSquares returns the light squares if s is light, else the dark.
func sameColourSquares(s chess.Square) chess.Bitboard {
	if chess.LightSquares.Has(s) {
		return chess.LightSquares
	}
	return chess.DarkSquares
}

// centreDistance is how far s is from the four centre squares: the file's
// and the rank's distance from the middle two, summed (0 to 6).
func centreDistance(s chess.Square) int {
	f, r := int(s.File()), int(s.Rank())
	return max(3-f, f-4) + max(3-r, r-4)
}

// cornerCloseness measures how near s is to the two corners among colour:
// its distance from the long diagonal through the other two corners (0 on
// that diagonal, 7 in the corners). Unlike a distance from the edge, it
// does not reward the corners where bishop and knight cannot mate.
func cornerCloseness(s chess.Square, colour chess.Bitboard) int {
	f, r := int(s.File()), int(s.Rank())
	if colour&chess.A1.Bitboard() != 0 { // a1 and h8: away from a8-h1
		return max(7-f-r, f+r-7)
	}
	return max(f-r, r-f) // h1 and a8: away from a1-h8
}

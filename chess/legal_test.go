package chess

import "testing"

// TestIsLegalAgreesWithGenerator checks IsLegal against GenerateMoves: in
// every position of the perft suite, for all 65,536 move codes, and in
// every position one move from them (and from a position with an en passant
// capture that only one of two pawns may make), for every code from a square of the
// side to move (any destination, any kind). Codes a hash table could hold
// for another position are among them: moves of the wrong kind, onto the
// wrong square, through pieces, of pinned pieces, out of check, castling
// through attacked squares, en passant exposing the king.
func TestIsLegalAgreesWithGenerator(t *testing.T) {
	checked := 0
	// agree compares IsLegal with the generated set for the given codes.
	agree := func(p *Position, codes func(yield func(Move))) {
		var ml MoveList
		p.GenerateMoves(&ml, AllMoves)
		legal := map[Move]bool{}
		for _, m := range ml.Slice() {
			legal[m] = true
		}
		codes(func(m Move) {
			checked++
			if got := p.IsLegal(m); got != legal[m] {
				t.Fatalf("%s: IsLegal(%v, kind %d) = %v, the generator says %v", p.FEN(), m, m.kind(), got, legal[m])
			}
		})
	}
	allCodes := func(yield func(Move)) {
		for c := 0; c < 1<<16; c++ {
			yield(Move(c))
		}
	}
	fens := []string{
		// After ...d7-d5, c5xd6 is legal but e5xd6 leaves the e-file pin.
		"4r1k1/3p4/8/2P1P3/8/8/8/4K3 b - - 0 1",
	}
	for _, e := range loadPerftSuite(t) {
		fens = append(fens, e.Position.FEN())
	}
	for _, fen := range fens {
		root := MustParseFEN(fen)
		agree(root, allCodes)
		for _, m := range root.LegalMoves() {
			child := *root
			child.MakeMove(m)
			agree(&child, func(yield func(Move)) {
				for from := child.ByColor(child.SideToMove()); from != 0; {
					s := from.PopFirst()
					for c := 0; c < 1<<10; c++ { // to square and kind
						yield(Move(s) | Move(c)<<6)
					}
				}
			})
		}
	}
	if checked < 10_000_000 {
		t.Fatalf("checked %d codes, want the whole suite", checked)
	}
}

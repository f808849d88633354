package chess

// Perft counts the leaf nodes of the legal move tree of the given depth
// below p: the standard test and benchmark of a move generator. At the last
// ply it counts the generated moves without playing them (bulk counting).
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	p.GenerateMoves(&ml, AllMoves)
	if depth == 1 {
		return uint64(ml.n)
	}
	var nodes uint64
	// child is declared outside the loop: declared inside, its address
	// passed to the recursive call would move it to the heap on every move.
	var child Position
	for _, m := range ml.Slice() {
		child = *p
		child.MakeMove(m)
		nodes += Perft(&child, depth-1)
	}
	return nodes
}

// PerftNoBulk is Perft without bulk counting: it plays every leaf move too,
// so it measures making moves as well as generating them.
func PerftNoBulk(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	p.GenerateMoves(&ml, AllMoves)
	var nodes uint64
	// child is declared outside the loop: declared inside, its address
	// passed to the recursive call would move it to the heap on every move.
	var child Position
	for _, m := range ml.Slice() {
		child = *p
		child.MakeMove(m)
		nodes += PerftNoBulk(&child, depth-1)
	}
	return nodes
}

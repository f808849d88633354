package chess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

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

// PerftCounts returns the known perft counts of a perft suite's line,
// written as EPD operations "D<depth> <leaves>" ("...w KQkq - 0 1 ;D1 20
// ;D2 400"), by depth. Other operations are left alone. The error says
// which count is malformed, or that there is none.
func (e *EPD) PerftCounts() (map[int]uint64, error) {
	counts := map[int]uint64{}
	for _, op := range e.Ops {
		if len(op.Opcode) < 2 || op.Opcode[0] != 'D' || !isDigits(op.Opcode[1:]) {
			continue
		}
		entry := strings.TrimSpace(op.Opcode + " " + strings.Join(op.Operands, " "))
		depth, err := strconv.Atoi(op.Opcode[1:])
		if err != nil || depth < 1 || depth > maxPerftCountDepth {
			return nil, fmt.Errorf("chess: perft count %q: the depth is not a number from 1 to %d", entry, maxPerftCountDepth)
		}
		if len(op.Operands) != 1 {
			return nil, fmt.Errorf("chess: perft count %q: want D<depth> and one number", entry)
		}
		n, err := strconv.ParseUint(op.Operands[0], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("chess: perft count %q: the count is not a non-negative number", entry)
		}
		if _, dup := counts[depth]; dup {
			return nil, fmt.Errorf("chess: perft count %q: depth %d is listed twice", entry, depth)
		}
		counts[depth] = n
	}
	if len(counts) == 0 {
		return nil, errors.New(`chess: no perft counts ("D<depth> <leaves>" operations)`)
	}
	return counts, nil
}

// maxPerftCountDepth bounds the depths of perft counts: deeper trees are
// beyond counting.
const maxPerftCountDepth = 20

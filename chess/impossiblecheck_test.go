package chess

import (
	"strings"
	"testing"
)

// TestParseFENAcceptsLegalChecks plays moves that give the checks
// checkError and enPassantError must allow, and parses the positions they
// lead to, written with the en-passant square too after a double push.
// (malformedFENs holds the checks they refuse.)
func TestParseFENAcceptsLegalChecks(t *testing.T) {
	tests := []struct {
		name, fen, move string
		checkers        int
	}{
		{"discovered and direct: bishop and rook", "4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 1", "e2b5", 2},
		{"knight and rook", "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "e4d6", 2},
		{"knight and bishop", "7k/8/8/4N3/8/8/8/B5K1 w - - 0 1", "e5g6", 2},
		{"rook and uncovered queen", "4k3/8/2R5/8/Q7/8/8/6K1 w - - 0 1", "c6c8", 2},
		{"promotion to a knight uncovering a rook", "3rR3/4P3/4k3/8/8/8/8/K7 w - - 0 1", "e7d8n", 2},
		{"promotion to a queen uncovering a bishop", "1r5k/2P5/8/8/8/8/8/K5B1 w - - 0 1", "c7b8q", 1},
		{"capturing promotion to a queen uncovering a bishop", "5r1B/6P1/5k2/8/8/8/8/K7 w - - 0 1", "g7f8q", 2},
		{"pawn capture uncovering a rook", "8/8/4k3/3n4/4P3/8/8/K3R3 w - - 0 1", "e4d5", 2},
		{"black pawn capture uncovering a rook", "k3r3/8/8/4p3/3N4/4K3/8/8 b - - 0 1", "e5d4", 2},
		{"en passant: pawn and rook", "8/4k3/8/3pP3/8/8/8/K3R3 w - d6 0 2", "e5d6", 2},
		{"en passant: two uncovered sliders", "8/8/4k3/3pP3/8/8/B7/K3R3 w - d6 0 2", "e5d6", 2},
		{"en passant: uncovered along the rank", "8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 2", "e5d6", 1},
		{"castling: the rook checks", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 1},
		{"double push: the pawn checks", "8/8/8/3k4/8/8/4P3/4K3 w - - 0 1", "e2e4", 1},
		{"double push uncovering a bishop", "8/8/k7/8/8/8/4P3/4KB2 w - - 0 1", "e2e4", 1},
		{"double push uncovering a bishop, e.p. possible", "8/8/k7/8/3p4/8/4P3/4KB2 w - - 0 1", "e2e4", 1},
		{"black double push, no check", "4k3/3p4/8/8/8/8/8/3RK3 b - - 0 1", "d7d5", 0},
		{"black double push uncovering a rook", "4k3/r2p3K/8/8/8/8/8/8 b - - 0 1", "d7d5", 1},
		{"black double push checking", "4k3/3p4/8/4K3/8/8/8/8 b - - 0 1", "d7d6", 1},
		{"black double push, pawn check", "4k3/3p4/8/8/4K3/8/8/8 b - - 0 1", "d7d5", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			m, err := p.ParseUCI(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			p.MakeMove(m)
			if n := p.Checkers().Count(); n != tc.checkers {
				t.Fatalf("%s after %s: %d checkers, want %d", tc.fen, tc.move, n, tc.checkers)
			}
			for _, fen := range fensOf(p, m) {
				if _, err := ParseFEN(fen); err != nil {
					t.Errorf("ParseFEN(%q): %v", fen, err)
				}
			}
		})
	}
}

// fensOf returns the FEN of p, reached by the move m, and when m was a
// double push the same FEN with the square it passed as the en-passant
// square, as a program that always writes it does.
func fensOf(p *Position, m Move) []string {
	fen := p.FEN()
	if !m.IsDoublePush() {
		return []string{fen}
	}
	f := strings.Fields(fen)
	f[3] = ((m.From() + m.To()) / 2).String()
	return []string{fen, strings.Join(f, " ")}
}

// TestParseFENAcceptsPerftTrees parses every position two plies (three
// without -short) from each position of testdata/perftsuite.epd: positions
// that moves reach, with the checks of every kind the suite's tricky
// positions give, are never refused.
func TestParseFENAcceptsPerftTrees(t *testing.T) {
	depth := 3
	if testing.Short() {
		depth = 2
	}
	parsed := 0
	var walk func(p *Position, d int)
	walk = func(p *Position, d int) {
		for _, m := range p.LegalMoves() {
			child := *p
			child.MakeMove(m)
			for _, fen := range fensOf(&child, m) {
				if _, err := ParseFEN(fen); err != nil {
					t.Fatalf("ParseFEN(%q), reached by %v from %q: %v", fen, m, p.FEN(), err)
				}
				parsed++
			}
			if d > 1 {
				walk(&child, d-1)
			}
		}
	}
	for _, e := range loadPerftSuite(t) {
		walk(e.Position, depth)
	}
	t.Logf("%d FENs parsed", parsed)
}

package chess

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// loadPerft960Suite reads testdata/perft960.epd as Chess960 positions.
func loadPerft960Suite(t testing.TB) []*EPD {
	t.Helper()
	f, err := os.Open("testdata/perft960.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewEPDReader(f)
	r.Chess960 = true
	var suite []*EPD
	for {
		e, err := r.Next()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatal(err)
			}
			break
		}
		suite = append(suite, e)
	}
	if len(suite) < 20 {
		t.Fatalf("perft960.epd has %d positions, want the whole suite", len(suite))
	}
	return suite
}

// TestPerft960Suite checks the counts of testdata/perft960.epd (Stockfish's)
// up to a leaf budget, and that the position's FEN parses back to it.
func TestPerft960Suite(t *testing.T) {
	budget := uint64(2_000_000)
	if testing.Short() {
		budget = 100_000
	}
	for _, e := range loadPerft960Suite(t) {
		counts, err := e.PerftCounts()
		if err != nil {
			t.Fatalf("perft960.epd:%d: %v", e.Line, err)
		}
		p := e.Position
		if !p.Chess960() {
			t.Errorf("perft960.epd:%d: position is not Chess960", e.Line)
		}
		for depth, want := range counts {
			if want > budget {
				continue
			}
			if got := Perft(p, depth); got != want {
				t.Errorf("perft960.epd:%d: Perft(%q, %d) = %d, want %d", e.Line, p.FEN(), depth, got, want)
			}
		}
	}
}

// TestChess960Castling is the table of castling cases: which castling
// moves are legal (in UCI, king takes rook), and the position after each.
func TestChess960Castling(t *testing.T) {
	tests := []struct {
		name, fen string
		castles   map[string]string // UCI move: FEN after it
	}{
		{"king does not move", "4k3/8/8/8/8/8/8/6KR w H - 0 1",
			map[string]string{"g1h1": "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"}},
		{"king and rook adjacent", "4k3/8/8/8/8/8/8/RK6 w A - 0 1",
			map[string]string{"b1a1": "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"}},
		{"king and rook swap, queenside", "4k3/8/8/8/8/8/8/2RK4 w C - 0 1",
			map[string]string{"d1c1": "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"}},
		{"king and rook swap, kingside", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1",
			map[string]string{"f1g1": "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"}},
		{"rook's destination attacked, king's path safe", "3rk3/8/8/8/8/8/8/RK6 w A - 0 1",
			map[string]string{"b1a1": "3rk3/8/8/8/8/8/8/2KR4 b - - 1 1"}},
		{"king passes through check", "4r1k1/8/8/8/8/8/8/1K5R w H - 0 1", nil},
		{"king lands in check", "6r1/4k3/8/8/8/8/8/1K5R w H - 0 1", nil},
		{"a piece between", "4k3/8/8/8/8/8/8/1K3B1R w H - 0 1", nil},
		{"a piece on the rook's destination", "4k3/8/8/8/8/8/8/RKB5 w A - 0 1", nil},
		{"enemy rook behind the castling rook", "4k3/8/8/8/8/8/8/r1RK4 w C - 0 1", nil},
		{"in check", "4k3/8/8/8/8/8/8/1K4qR w H - 0 1", nil},
		{"both sides, black", "r3k2r/8/8/8/8/8/8/4K3 b ha - 0 1",
			map[string]string{"e8h8": "r4rk1/8/8/8/8/8/8/4K3 w - - 1 2", "e8a8": "2kr3r/8/8/8/8/8/8/4K3 w - - 1 2"}},
		{"inner rook, outer rook without right", "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1",
			map[string]string{"e1b1": "4k3/8/8/8/8/8/8/R1KR4 b - - 1 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN960(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, m := range p.LegalMoves() {
				if m.IsCastle() {
					child := *p
					child.MakeMove(m)
					got[p.UCI(m)] = child.FEN()
					if !p.IsLegal(m) {
						t.Errorf("IsLegal(%v) = false for a generated castling move", p.UCI(m))
					}
				}
			}
			if len(got) != len(tt.castles) {
				t.Fatalf("castling moves %v, want %v", got, tt.castles)
			}
			for move, fen := range tt.castles {
				if got[move] != fen {
					t.Errorf("after %s: %q, want %q", move, got[move], fen)
				}
				m, err := p.ParseUCI(move)
				if err != nil || !m.IsCastle() {
					t.Errorf("ParseUCI(%q) = %v, %v, want castling", move, m, err)
				}
			}
		})
	}
}

// TestChess960Notation checks castling in UCI and SAN, both directions.
func TestChess960Notation(t *testing.T) {
	p, err := ParseFEN960("4k3/8/8/8/8/8/8/5K1R w H - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	castle, err := p.ParseSAN("O-O")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.UCI(castle); got != "f1h1" {
		t.Errorf("UCI of O-O = %q, want f1h1", got)
	}
	if got := p.SAN(castle); got != "O-O" {
		t.Errorf("SAN = %q, want O-O", got)
	}
	// f1g1 is a king step in Chess960 (castling with h1 also ends on g1).
	step, err := p.ParseUCI("f1g1")
	if err != nil || step.IsCastle() {
		t.Errorf("ParseUCI(f1g1) = %v, %v, want the king's step", step, err)
	}
	if m, err := p.ParseSAN("Kg1"); err != nil || m.IsCastle() {
		t.Errorf("ParseSAN(Kg1) = %v, %v, want the king's step", m, err)
	}
	// In standard chess e1g1 and e1h1 both name castling, written e1g1.
	std := MustParseFEN("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	for _, s := range []string{"e1g1", "e1h1"} {
		m, err := std.ParseUCI(s)
		if err != nil || !m.IsCastle() || std.UCI(m) != "e1g1" {
			t.Errorf("standard ParseUCI(%q) = %v, %v", s, m, err)
		}
	}
	// The same position as Chess960 writes e1h1.
	p960, _ := ParseFEN960(std.FEN())
	m, _ := p960.ParseUCI("e1g1")
	if got := p960.UCI(m); got != "e1h1" {
		t.Errorf("Chess960 UCI = %q, want e1h1", got)
	}
	// Castling that is not legal says why.
	blocked, _ := ParseFEN960("4k3/8/8/8/8/8/8/1K3B1R w H - 0 1")
	if _, err := blocked.ParseSAN("O-O"); err == nil || !strings.Contains(err.Error(), "between the white king and rook") {
		t.Errorf("ParseSAN(O-O) blocked: %v", err)
	}
	if _, err := blocked.ParseUCI("b1h1"); err == nil || !strings.Contains(err.Error(), "between the white king and rook") {
		t.Errorf("ParseUCI(b1h1) blocked: %v", err)
	}
}

// TestChess960Numbers checks Scharnagl's numbering: known positions, all
// 960 distinct and legal, and Chess960Number inverting NewChess960.
func TestChess960Numbers(t *testing.T) {
	known := map[int]string{
		0:   "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
		518: StartFEN,
		959: "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",
	}
	seen := map[string]bool{}
	for n := range Chess960Positions {
		p, err := NewChess960(n)
		if err != nil {
			t.Fatalf("NewChess960(%d): %v", n, err)
		}
		fen := p.FEN()
		if want, ok := known[n]; ok && fen != want {
			t.Errorf("NewChess960(%d) = %q, want %q", n, fen, want)
		}
		if seen[fen] {
			t.Errorf("NewChess960(%d) repeats %q", n, fen)
		}
		seen[fen] = true
		if got, ok := p.Chess960Number(); !ok || got != n {
			t.Errorf("Chess960Number of %d = %d, %v", n, got, ok)
		}
		if p.CastlingRights() != AllCastling || Perft(p, 1) != 20 && n != 0 && !strings.Contains(fen, "N") {
			t.Errorf("NewChess960(%d) = %q", n, fen)
		}
	}
	for _, n := range []int{-1, 960} {
		if _, err := NewChess960(n); err == nil {
			t.Errorf("NewChess960(%d) gave no error", n)
		}
	}
	p, _ := NewChess960(100)
	p.MakeMove(p.LegalMoves()[0])
	if _, ok := p.Chess960Number(); ok {
		t.Error("Chess960Number of a position after a move is ok")
	}
}

// TestChess960FEN checks reading Shredder-FEN and X-FEN, writing X-FEN,
// and the errors.
func TestChess960FEN(t *testing.T) {
	tests := []struct{ in, out string }{
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		{"rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1", "rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1"},
		{"rr2k2r/8/8/8/8/8/8/RR2K2R w HBhb - 0 1", "rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1"},
		{"rr2k2r/8/8/8/8/8/8/RR2K2R w HAha - 0 1", "rr2k2r/8/8/8/8/8/8/RR2K2R w KQkq - 0 1"},
		{"4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1"},
	}
	for _, tt := range tests {
		p, err := ParseFEN960(tt.in)
		if err != nil {
			t.Errorf("ParseFEN960(%q): %v", tt.in, err)
			continue
		}
		if got := p.FEN(); got != tt.out {
			t.Errorf("ParseFEN960(%q).FEN() = %q, want %q", tt.in, got, tt.out)
		}
		q, err := ParseFEN960(p.FEN())
		if err != nil || *q != *p {
			t.Errorf("FEN round trip of %q: %v, %v", tt.in, q, err)
		}
	}
	bad := []struct{ fen, want string }{
		{"rr2k2r/8/8/8/8/8/8/RR2K2R w BA - 0 1", "two queenside rooks"},
		{"4k3/8/8/8/8/8/8/4K2R w G - 0 1", "no white rook on g1"},
		{"4k3/8/8/8/8/8/8/4K2R w Q - 0 1", "no white rook left of the king"},
		{"4k3/8/8/8/8/8/4K3/7R w H - 0 1", "no white king on rank 1"},
		{"4k3/8/8/8/8/8/8/4K2R w HH - 0 1", "repeats"},
		{"4k3/8/8/8/8/8/8/4K2R w X - 0 1", "invalid character"},
	}
	for _, tt := range bad {
		if _, err := ParseFEN960(tt.fen); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseFEN960(%q) = %v, want an error with %q", tt.fen, err, tt.want)
		}
	}
	if _, err := ParseFEN("4k3/8/8/8/8/8/8/4K2R w H - 0 1"); err == nil || !strings.Contains(err.Error(), "Chess960") {
		t.Errorf("ParseFEN of a Shredder-FEN: %v, want an error naming Chess960", err)
	}
}

// TestChess960Hash checks that rook files are in the hash, and that the
// standard position hashes the same in either mode.
func TestChess960Hash(t *testing.T) {
	a, _ := ParseFEN960("rr2k2r/8/8/8/8/8/8/RR2K2R w KQkq - 0 1")
	b, _ := ParseFEN960("rr2k2r/8/8/8/8/8/8/RR2K2R w KBkq - 0 1")
	if a.Hash() == b.Hash() {
		t.Error("castling with the a- and b-rook hash the same")
	}
	std, _ := NewChess960(Chess960Standard)
	if std.Hash() != StartingPosition().Hash() {
		t.Error("position 518 hashes unlike the standard start")
	}
}

// TestChess960PGN checks the Variant tag, written and read.
func TestChess960PGN(t *testing.T) {
	const fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1"
	p, err := ParseFEN960(fen)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGameFromPosition(p)
	moves := []string{"e1g1", "e8b8"} // king takes rook: O-O, O-O-O
	for _, m := range moves {
		if err := g.PlayMove(m); err != nil {
			t.Fatal(err)
		}
	}
	pgn := g.PGN()
	for _, want := range []string{`[Variant "Chess960"]`, `[SetUp "1"]`, `[FEN "` + fen + `"]`, "1. O-O O-O-O"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("PGN lacks %s:\n%s", want, pgn)
		}
	}
	games, err := ReadPGN(strings.NewReader(pgn))
	if err != nil || len(games) != 1 {
		t.Fatalf("ReadPGN: %v", err)
	}
	if got := games[0].PGN(); got != pgn {
		t.Errorf("round trip:\n%s\nwant\n%s", got, pgn)
	}
	if got := games[0].UCIMoves(); !slices.Equal(got, moves) {
		t.Errorf("UCIMoves = %v, want %v", got, moves)
	}
	if got, want := games[0].Position().FEN(), "2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w - - 2 2"; got != want {
		t.Errorf("after the moves: %q, want %q", got, want)
	}
	// A Variant tag without FEN starts from position 518.
	games, err = ReadPGN(strings.NewReader("[Variant \"chess 960\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O *\n"))
	if err != nil || !games[0].Position().Chess960() || games[0].UCIMoves()[6] != "e1h1" {
		t.Fatalf("ReadPGN with Variant and no FEN: %v", err)
	}
}

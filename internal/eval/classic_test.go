package eval

import (
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

func TestClassicHandComputed(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		view  chess.Color
		want  int
		kings bool // scored on the endgame king table
	}{
		{"start", chess.StartFEN, chess.White, 0, false},
		{"start, black's view", chess.StartFEN, chess.Black, 0, false},
		// 1.e4: the pawn leaves e2 (-36) for e4 (+6), +42 for White.
		{"1.e4, white's view", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", chess.White, 42, false},
		{"1.e4, black's view", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", chess.Black, -42, false},
		// White: Ra1 479-30, Qb1 929-30, Rh1 479-32, Ke1 k[e1]=6; Black: Kd5
		// k[d5]=-28. White's view: 449+899+447+6+28 = 1829, no switch.
		{"queen and rooks, white's view", "8/8/8/3k4/8/8/8/RQ2K2R w - - 0 1", chess.White, 1829, false},
		// Black's view: -1829 < -1500, so both kings use k_e: Black's king
		// d5 40 (+68), White's king e1 -30 (-36): -1829 + 68 + 36 = -1725.
		{"queen and rooks, black's view", "8/8/8/3k4/8/8/8/RQ2K2R w - - 0 1", chess.Black, -1725, true},
		// Knight f3 (row 5, column 5: 15) against knight c6, which reads
		// c3 (row 5, column 2: 13): files are not mirrored, only ranks.
		{"knights", "4k3/8/2n5/8/8/5N2/8/4K3 w - - 0 1", chess.White, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := position(t, tt.fen)
			if got := ClassicFor(p, tt.view); got != tt.want {
				t.Errorf("ClassicFor(%s) = %d, want %d", tt.view, got, tt.want)
			}
			if p.SideToMove() == tt.view {
				if got := Classic(p); got != tt.want {
					t.Errorf("Classic = %d, want %d", got, tt.want)
				}
			}
			for _, term := range ClassicTerms(p, tt.view) {
				if term.Piece.Type() == chess.King && term.Endgame != tt.kings {
					t.Errorf("king on %s: Endgame = %v, want %v", term.Square, term.Endgame, tt.kings)
				}
			}
		})
	}
}

func TestClassicTermsSum(t *testing.T) {
	for _, fen := range suiteFENs(t) {
		p := position(t, fen)
		for _, view := range []chess.Color{chess.White, chess.Black} {
			terms := ClassicTerms(p, view)
			if len(terms) != p.Occupied().Count() {
				t.Fatalf("%s: %d terms for %d pieces", fen, len(terms), p.Occupied().Count())
			}
			sum := 0
			for _, term := range terms {
				if term.Piece != p.PieceAt(term.Square) {
					t.Errorf("%s: term on %s has piece %v, board has %v", fen, term.Square, term.Piece, p.PieceAt(term.Square))
				}
				if term.Piece.Color() == view {
					sum += term.Value()
				} else {
					sum -= term.Value()
				}
			}
			if want := ClassicFor(p, view); sum != want {
				t.Errorf("%s, %s's view: terms sum to %d, ClassicFor = %d", fen, view, sum, want)
			}
		}
	}
}

func TestClassicSymmetry(t *testing.T) {
	for _, fen := range suiteFENs(t) {
		p := position(t, fen)
		flipped := flipFEN(t, fen)
		q := position(t, flipped)
		if a, b := Classic(p), Classic(q); a != b {
			t.Errorf("Classic(%q) = %d, flipped %q = %d", fen, a, flipped, b)
		}
		for _, view := range []chess.Color{chess.White, chess.Black} {
			if a, b := ClassicFor(p, view), ClassicFor(q, view.Other()); a != b {
				t.Errorf("ClassicFor(%q, %s) = %d, flipped for %s = %d", fen, view, a, view.Other(), b)
			}
		}
	}
}

func TestClassicNoAlloc(t *testing.T) {
	p := position(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if n := testing.AllocsPerRun(100, func() { Classic(p) }); n != 0 {
		t.Errorf("Classic allocates %v times per call, want 0", n)
	}
}

func BenchmarkClassic(b *testing.B) {
	p := position(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	b.ReportAllocs()
	for b.Loop() {
		Classic(p)
	}
}

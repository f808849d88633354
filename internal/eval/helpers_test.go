package eval

import (
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/fixture"
)

// flipFEN returns the colour-flipped position of fen: ranks mirrored,
// piece colours swapped, side to move swapped, castling rights and the
// en-passant square carried over to the other side.
func flipFEN(t *testing.T, fen string) string {
	t.Helper()
	f := strings.Fields(fen)
	if len(f) < 4 {
		t.Fatalf("flipFEN: short FEN %q", fen)
	}
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	f[0] = swapCase(strings.Join(ranks, "/"))
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	if f[2] != "-" {
		sw := swapCase(f[2])
		var cr strings.Builder
		for _, ch := range "KQkq" {
			if strings.ContainsRune(sw, ch) {
				cr.WriteRune(ch)
			}
		}
		f[2] = cr.String()
	}
	if f[3] != "-" {
		f[3] = f[3][:1] + string(rune('1'+'8'-f[3][1]))
	}
	return strings.Join(f, " ")
}

func swapCase(s string) string {
	b := []byte(s)
	for i, ch := range b {
		switch {
		case ch >= 'a' && ch <= 'z':
			b[i] = ch - 'a' + 'A'
		case ch >= 'A' && ch <= 'Z':
			b[i] = ch - 'A' + 'a'
		}
	}
	return string(b)
}

// suiteFENs returns the FENs of chess/testdata/perftsuite.epd plus a few
// positions that exercise terms the suite rarely reaches.
func suiteFENs(t *testing.T) []string {
	t.Helper()
	suite := fixture.PerftSuite(t)
	if len(suite) < 100 {
		t.Fatalf("perftsuite.epd: %d positions, want 100 or more", len(suite))
	}
	var fens []string
	for _, e := range suite {
		fens = append(fens, e.Position.FEN())
	}
	return append(fens, extraFENs...)
}

// extraFENs cover drawish scaling, pawn shields, passed and doubled pawns
// and open files.
var extraFENs = []string{
	"8/4kp2/6p1/4b3/8/5B2/4KPP1/8 w - - 0 1",                            // opposite-coloured bishops
	"8/8/4k3/8/8/3B4/4K3/8 b - - 0 1",                                   // a bishop up, no pawns
	"8/8/4k3/8/3r4/8/3RK3/8 w - - 0 1",                                  // rook against rook
	"r1bq1rk1/pp3ppp/2n1pn2/2bp4/2P5/2N1PN2/PP1BBPPP/R2QK2R w KQ - 0 8", // middlegame
	"2r3k1/pp3pp1/4p2p/3qP3/3P4/P4Q2/1P3PPP/2R3K1 b - - 0 25",           // heavy pieces, shields
	"6k1/P7/8/2p5/2p5/8/5K2/8 w - - 0 1",                                // passed 7th, doubled
	"r4rk1/1pp2ppp/p1n5/4q3/2B5/2N2Q2/PPP2PPP/R4RK1 w - - 0 15",         // open files, attacks
	"qqqrk3/8/8/8/8/8/8/QQQRK3 w - - 0 1",                               // phase above 24
}

// position parses fen or fails the test.
func position(t testing.TB, fen string) *chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func TestFlipFEN(t *testing.T) {
	tests := []struct{ in, want string }{
		{chess.StartFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "4k2r/8/8/8/8/8/8/4K3 b k - 0 1"},
		{"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b Qk e3 0 3", "rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w Kq e6 0 3"},
	}
	for _, tt := range tests {
		if got := flipFEN(t, tt.in); got != tt.want {
			t.Errorf("flipFEN(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// termCase is a position and the value one term should have for each side.
type termCase struct {
	name         string
	fen          string
	white, black Score
}

// checkTerm checks, in a subtest per case, that w's Explain gives term the
// case's values for White and Black.
func checkTerm(t *testing.T, w *Weights, term Term, cases []termCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := w.Explain(position(t, tc.fen)).Terms[term]
			if b.White != tc.white || b.Black != tc.black {
				t.Errorf("%s %+v / %+v, want %+v / %+v", term, b.White, b.Black, tc.white, tc.black)
			}
		})
	}
}

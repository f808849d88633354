package chess

import (
	"strings"
	"testing"
)

// Positions shared by the notation tests.
const (
	fenTwoKnights   = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"   // Nb1, Nf1 both reach d2
	fenTwoRooks     = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1"    // Ra1, Ra5 both reach a3
	fenThreeQueens  = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1"  // Qa1, Qc1, Qa3 all reach b2
	fenPinnedKnight = "4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1" // Nc3 pinned by Ba5
	fenPromotion    = "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1"  // e8=Q+, exd8=Q+, exd8=N
	fenCastling     = "3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1"   // O-O, O-O-O+
	fenFoolsMate    = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2"
	fenEnPassant    = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"   // exd6 en passant
	fenPawnBishop   = "4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1" // bxc3 (pawn) and Bxc3
	fenLoneBishop   = "4k3/8/8/8/8/8/3B4/4K3 w - - 0 1"     // "bc3" can only be Bc3
	fenInCheck      = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"      // white in check from a1
	fenCastleAttack = "4k3/8/8/4r3/8/8/8/R3K2R w KQ - 0 1"  // e5 rook checks: no castling
	fenCastleThru   = "4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1"  // g2 rook covers g1
	fenBlackPromo   = "4k3/8/8/8/8/8/p7/1N2K3 b - - 0 1"    // a1=Q+, axb1=N
)

func TestSAN(t *testing.T) {
	tests := []struct {
		fen  string
		uci  string
		want string
	}{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		{fenTwoKnights, "b1d2", "Nbd2"},
		{fenTwoKnights, "f1d2", "Nfd2"},
		{fenTwoKnights, "f1g3", "Ng3"},
		{fenTwoRooks, "a1a3", "R1a3"},
		{fenTwoRooks, "a5a3", "R5a3"},
		{fenTwoRooks, "a1b1", "Rb1"},
		{fenThreeQueens, "a1b2", "Qa1b2"},
		{fenThreeQueens, "c1b2", "Qcb2"},
		{fenThreeQueens, "a3b2", "Q3b2"},
		{fenPinnedKnight, "g1e2", "Ne2"}, // the pinned knight does not count
		{fenPromotion, "e7e8q", "e8=Q+"},
		{fenPromotion, "e7e8r", "e8=R+"},
		{fenPromotion, "e7e8b", "e8=B"},
		{fenPromotion, "e7d8q", "exd8=Q+"},
		{fenPromotion, "e7d8n", "exd8=N"},
		{fenBlackPromo, "a2a1q", "a1=Q"},
		{fenBlackPromo, "a2b1n", "axb1=N"},
		{fenCastling, "e1g1", "O-O"},
		{fenCastling, "e1c1", "O-O-O+"},
		{fenCastling, "h1h8", "Rh8+"},
		{fenCastling, "a1a8", "Ra8+"},
		{"6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8#"},
		{"6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O"},
		{fenFoolsMate, "d8h4", "Qh4#"},
		{fenEnPassant, "e5d6", "exd6"},
		{fenPawnBishop, "b2c3", "bxc3"},
		{fenPawnBishop, "d2c3", "Bxc3"},
		{fenInCheck, "e1e2", "Ke2"},
	}
	for _, tt := range tests {
		p := MustParseFEN(tt.fen)
		m, err := p.ParseUCI(tt.uci)
		if err != nil {
			t.Errorf("%s: ParseUCI(%q): %v", tt.fen, tt.uci, err)
			continue
		}
		if got := p.SAN(m); got != tt.want {
			t.Errorf("%s: SAN(%s) = %q, want %q", tt.fen, tt.uci, got, tt.want)
		}
	}
}

func TestSANOfIllegalMove(t *testing.T) {
	p := StartingPosition()
	m := newMove(E2, E5, kindQuiet)
	if got := p.SAN(m); got != "e2e5" {
		t.Errorf("SAN of illegal move = %q, want its UCI form %q", got, "e2e5")
	}
}

// parseSANCases are SAN texts ParseSAN must accept (strict and tolerant),
// with the move they name; they also seed FuzzParseSAN.
var parseSANCases = []struct {
	fen  string
	san  string
	want string // UCI
}{
	{StartFEN, "Nf3", "g1f3"},
	{StartFEN, "Nf3+", "g1f3"}, // extra check mark
	{StartFEN, "Nf3#", "g1f3"},
	{StartFEN, "Nf3!?", "g1f3"},
	{StartFEN, "Nf3??", "g1f3"},
	{StartFEN, " Nf3 ", "g1f3"},
	{StartFEN, "Nxf3", "g1f3"}, // extra capture marker
	{StartFEN, "Ng1f3", "g1f3"},
	{StartFEN, "Ng1-f3", "g1f3"},
	{StartFEN, "Ngf3", "g1f3"},
	{StartFEN, "N1f3", "g1f3"},
	{StartFEN, "nf3", "g1f3"},
	{StartFEN, "e4", "e2e4"},
	{StartFEN, "Pe4", "e2e4"},
	{StartFEN, "e2e4", "e2e4"},
	{StartFEN, "e2-e4", "e2e4"},
	{StartFEN, "e4!", "e2e4"},
	{fenTwoKnights, "Nbd2", "b1d2"},
	{fenTwoKnights, "Nfd2", "f1d2"},
	{fenTwoKnights, "Nb1d2", "b1d2"},
	{fenTwoRooks, "R1a3", "a1a3"},
	{fenTwoRooks, "R5a3", "a5a3"},
	{fenThreeQueens, "Qa1b2", "a1b2"},
	{fenThreeQueens, "Qcb2", "c1b2"},
	{fenThreeQueens, "Qc1b2", "c1b2"},
	{fenThreeQueens, "Q3b2", "a3b2"},
	{fenPinnedKnight, "Ne2", "g1e2"}, // the pinned knight is no candidate
	{fenPromotion, "e8=Q", "e7e8q"},
	{fenPromotion, "e8Q", "e7e8q"},
	{fenPromotion, "e8=q", "e7e8q"},
	{fenPromotion, "e8q", "e7e8q"},
	{fenPromotion, "e8/Q", "e7e8q"},
	{fenPromotion, "e8(Q)", "e7e8q"},
	{fenPromotion, "e8=Q+", "e7e8q"},
	{fenPromotion, "e8=N", "e7e8n"},
	{fenPromotion, "e8=B", "e7e8b"},
	{fenPromotion, "exd8=N", "e7d8n"},
	{fenPromotion, "ed8=N", "e7d8n"},
	{fenPromotion, "exd8Q+", "e7d8q"},
	{fenPromotion, "e7e8q", "e7e8q"},
	{fenPromotion, "e7d8r", "e7d8r"},
	{fenBlackPromo, "a1=Q", "a2a1q"},
	{fenBlackPromo, "axb1=N", "a2b1n"},
	{fenBlackPromo, "axb1n", "a2b1n"},
	{fenCastling, "O-O", "e1g1"},
	{fenCastling, "0-0", "e1g1"},
	{fenCastling, "o-o", "e1g1"},
	{fenCastling, "O-O-O", "e1c1"},
	{fenCastling, "0-0-0", "e1c1"},
	{fenCastling, "O-O-O+", "e1c1"},
	{fenCastling, "Kg1", "e1g1"},
	{fenFoolsMate, "Qh4", "d8h4"}, // missing mate mark
	{fenFoolsMate, "Qh4+", "d8h4"},
	{fenFoolsMate, "Qh4#", "d8h4"},
	{fenFoolsMate, "qh4", "d8h4"},
	{fenEnPassant, "exd6", "e5d6"},
	{fenEnPassant, "exd6 e.p.", "e5d6"},
	{fenEnPassant, "exd6e.p.", "e5d6"},
	{fenEnPassant, "ed6", "e5d6"},
	{fenEnPassant, "e5:d6", "e5d6"},
	{fenPawnBishop, "bxc3", "b2c3"}, // lower-case b is the b-file
	{fenPawnBishop, "bc3", "b2c3"},
	{fenPawnBishop, "Bxc3", "d2c3"},
	{fenPawnBishop, "Bc3", "d2c3"},
	{fenPawnBishop, "b3", "b2b3"},
	{fenLoneBishop, "bc3", "d2c3"}, // no pawn fits: the bishop does
	{fenLoneBishop, "bxc3", "d2c3"},
	{fenInCheck, "Ke2", "e1e2"},
}

func TestParseSAN(t *testing.T) {
	for _, tt := range parseSANCases {
		p := MustParseFEN(tt.fen)
		m, err := p.ParseSAN(tt.san)
		if err != nil {
			t.Errorf("%s: ParseSAN(%q): %v", tt.fen, tt.san, err)
			continue
		}
		if got := m.String(); got != tt.want {
			t.Errorf("%s: ParseSAN(%q) = %s, want %s", tt.fen, tt.san, got, tt.want)
		}
	}
}

// parseSANErrorCases are texts ParseSAN must reject, with words its error
// must contain; they also seed FuzzParseSAN.
var parseSANErrorCases = []struct {
	fen  string
	san  string
	want []string // substrings the error must contain
}{
	{fenTwoKnights, "Nd2", []string{`"Nd2" is ambiguous`, "Nbd2", "Nfd2"}},
	{fenThreeQueens, "Qb2", []string{"ambiguous", "Qa1b2", "Qcb2", "Q3b2"}},
	{fenThreeQueens, "Qab2", []string{"ambiguous", "Qa1b2", "Q3b2"}},
	{fenTwoRooks, "Ra3", []string{"ambiguous", "R1a3", "R5a3"}},
	{StartFEN, "Nf4", []string{"illegal", "no white knight can move to f4"}},
	{StartFEN, "Ke2", []string{"illegal", "no white king can move to e2"}},
	{StartFEN, "e5", []string{"illegal", "no white pawn can move to e5"}},
	{StartFEN, "exd3", []string{"illegal", "no white pawn can move to d3"}},
	{StartFEN, "xd3", []string{"illegal", "no white pawn can capture on d3"}},
	{StartFEN, "Qd4", []string{"illegal", "no white queen"}},
	{StartFEN, "O-O", []string{"illegal", "squares between the white king and rook are not empty"}},
	{StartFEN, "O-O-O", []string{"illegal", "not empty"}},
	{fenFoolsMate, "Ke6", []string{"illegal", "no black king can move to e6"}},
	{fenTwoKnights, "O-O", []string{"illegal", "white has lost the right to castle kingside"}},
	{fenCastleAttack, "O-O", []string{"illegal", "white cannot castle out of check"}},
	{fenCastleAttack, "Kg1", []string{"illegal", "white cannot castle out of check"}},
	{fenCastleThru, "O-O", []string{"illegal", "attacked square"}},
	{fenPinnedKnight, "Nce2", []string{"illegal", "would leave the white king in check"}},
	{fenPinnedKnight, "Nb5", []string{"illegal", "would leave the white king in check"}},
	{fenInCheck, "Kd1", []string{"illegal", "would leave the white king in check"}},
	{fenInCheck, "Kf1", []string{"illegal", "would leave the white king in check"}},
	{"4k3/8/8/8/8/8/P7/r3K3 w - - 0 1", "a3", []string{"illegal", "the white king is in check and the move does not answer it"}},
	{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "d5", []string{"illegal", "names its file"}},
	{fenPromotion, "e8", []string{`"e8" is incomplete`, "must promote"}},
	{fenPromotion, "exd8", []string{"incomplete", "must promote"}},
	{fenPromotion, "e8=K", []string{"not a move"}},
	{fenPromotion, "e8=P", []string{"not a move"}},
	{StartFEN, "e4=Q", []string{"illegal", "only a pawn reaching the last rank promotes"}},
	{StartFEN, "Nf3=Q", []string{"illegal", "only a pawn"}},
	{StartFEN, "", []string{"not a move"}},
	{StartFEN, "+", []string{"not a move"}},
	{StartFEN, "xyz", []string{`"xyz" is not a move`}},
	{StartFEN, "Nf9", []string{"not a move"}},
	{StartFEN, "e9", []string{"not a move"}},
	{StartFEN, "i4", []string{"not a move"}},
	{StartFEN, "Zf3", []string{"not a move"}},
	{StartFEN, "--", []string{"not a move"}},
	{StartFEN, "Nf3 Nc6", []string{"not a move"}},
	{StartFEN, "O-O-O-O", []string{"not a move"}},
	{StartFEN, "NNf3", []string{"not a move"}},
	{StartFEN, "Ng1g1f3", []string{"not a move"}},
}

func TestParseSANErrors(t *testing.T) {
	for _, tt := range parseSANErrorCases {
		p := MustParseFEN(tt.fen)
		m, err := p.ParseSAN(tt.san)
		if err == nil {
			t.Errorf("%s: ParseSAN(%q) = %v, want an error", tt.fen, tt.san, m)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "chess: ") {
			t.Errorf("ParseSAN(%q) error %q lacks the \"chess: \" prefix", tt.san, msg)
		}
		for _, w := range tt.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: ParseSAN(%q) error %q does not mention %q", tt.fen, tt.san, msg, w)
			}
		}
		if m != NoMove {
			t.Errorf("ParseSAN(%q) returned move %v with its error", tt.san, m)
		}
	}
}

func TestParseMove(t *testing.T) {
	tests := []struct {
		fen, text, want string
	}{
		{StartFEN, "Nf3", "g1f3"},
		{StartFEN, "g1f3", "g1f3"},
		{StartFEN, " e4 ", "e2e4"},
		{fenCastling, "e1g1", "e1g1"},
		{fenCastling, "O-O", "e1g1"},
		{fenPromotion, "e7d8n", "e7d8n"},
		{fenPromotion, "exd8=N", "e7d8n"},
	}
	for _, tt := range tests {
		m, err := MustParseFEN(tt.fen).ParseMove(tt.text)
		if err != nil || m.String() != tt.want {
			t.Errorf("%s: ParseMove(%q) = %v, %v; want %s", tt.fen, tt.text, m, err, tt.want)
		}
	}
	for _, bad := range []string{"", "e2e5", "Nf4", "0000", "hello"} {
		if m, err := StartingPosition().ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q) = %v, want an error", bad, m)
		}
	}
}

func TestSANLine(t *testing.T) {
	tests := []struct {
		fen   string
		moves []string // UCI; "-" for chess.NoMove, which is never legal
		want  string
		n     int // len(SANMoves)
	}{
		{StartFEN, nil, "", 0},
		{StartFEN, []string{"e2e4", "e7e5", "g1f3"}, "1. e4 e5 2. Nf3", 3},
		{"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12",
			[]string{"g8f6", "b1c3", "f8c5", "f1c4", "e8g8"}, "12... Nf6 13. Nc3 Bc5 14. Bc4 O-O", 5},
		{"3qk3/8/8/8/8/8/5PPP/6K1 b - - 0 7", []string{"d8d1"}, "7... Qd1#", 1},
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30", []string{"d1d8"}, "30. Rd8#", 1},
		// The line ends before the first move that is not legal.
		{StartFEN, []string{"e2e4", "-", "e7e5"}, "1. e4", 1},
		{StartFEN, []string{"-", "e2e4"}, "", 0},
	}
	for _, tc := range tests {
		p := MustParseFEN(tc.fen)
		q := *p
		var moves []Move
		for _, s := range tc.moves {
			m := NoMove
			if s != "-" {
				var err error
				if m, err = q.ParseUCI(s); err != nil {
					t.Fatalf("%s: %v", s, err)
				}
				q.MakeMove(m)
			}
			moves = append(moves, m)
		}
		if got := p.SANLine(moves); got != tc.want {
			t.Errorf("SANLine(%s, %v) = %q, want %q", tc.fen, tc.moves, got, tc.want)
		}
		sans := p.SANMoves(moves)
		if len(sans) != tc.n || sans == nil {
			t.Errorf("SANMoves(%s, %v) = %#v, want %d moves, not nil", tc.fen, tc.moves, sans, tc.n)
		}
		if *p != *MustParseFEN(tc.fen) {
			t.Errorf("SANLine(%s) changed the position", tc.fen)
		}
	}
}

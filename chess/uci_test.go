package chess

import (
	"strings"
	"testing"
)

// parseUCICases are UCI moves ParseUCI must accept; they also seed
// FuzzParseUCI.
var parseUCICases = []struct {
	fen, uci, want string
}{
	{StartFEN, "e2e4", "e2e4"},
	{StartFEN, "g1f3", "g1f3"},
	{fenPromotion, "e7e8q", "e7e8q"},
	{fenPromotion, "e7e8Q", "e7e8q"},
	{fenPromotion, "e7d8n", "e7d8n"},
	{fenCastling, "e1g1", "e1g1"},
	{fenCastling, "e1c1", "e1c1"},
	{fenCastling, "e1h1", "e1g1"}, // king takes own rook: Chess960-style castling
	{fenCastling, "e1a1", "e1c1"},
	{fenEnPassant, "e5d6", "e5d6"},
	{fenBlackPromo, "a2b1r", "a2b1r"},
}

func TestParseUCI(t *testing.T) {
	for _, tt := range parseUCICases {
		p := MustParseFEN(tt.fen)
		m, err := p.ParseUCI(tt.uci)
		if err != nil {
			t.Errorf("%s: ParseUCI(%q): %v", tt.fen, tt.uci, err)
			continue
		}
		if m.String() != tt.want || !p.IsLegal(m) {
			t.Errorf("%s: ParseUCI(%q) = %v (legal: %v), want %s", tt.fen, tt.uci, m, p.IsLegal(m), tt.want)
		}
	}
}

// parseUCIErrorCases are texts ParseUCI must reject, with words its error
// must contain; they also seed FuzzParseUCI.
var parseUCIErrorCases = []struct {
	fen, uci string
	want     []string
}{
	{StartFEN, "e2e5", []string{`move "e2e5" is illegal in this position`, "the pawn on e2 cannot move to e5"}},
	{StartFEN, "e3e4", []string{"illegal", "there is no piece on e3"}},
	{StartFEN, "e7e5", []string{"illegal", "the pawn on e7 is black's and it is white's turn"}},
	{StartFEN, "e1e2", []string{"illegal", "white's own pawn stands on e2"}},
	{StartFEN, "b1d2", []string{"illegal", "white's own pawn stands on d2"}},
	{StartFEN, "f1c4", []string{"illegal", "the bishop on f1 cannot move to c4"}},
	{StartFEN, "e2e4q", []string{"illegal", "only a pawn reaching the last rank promotes"}},
	{StartFEN, "e1g1", []string{"illegal", "not empty"}},
	{StartFEN, "e2e2", []string{"illegal", "must change squares"}},
	{fenPromotion, "e7e8", []string{"illegal", "must promote"}},
	{fenTwoKnights, "e1g1", []string{"illegal", "white has lost the right to castle kingside"}},
	{fenCastleAttack, "e1g1", []string{"illegal", "white cannot castle out of check"}},
	{fenCastleThru, "e1g1", []string{"illegal", "attacked square"}},
	{fenCastleThru, "e1h1", []string{"illegal", "white's own rook stands on h1"}},
	{fenPinnedKnight, "c3e2", []string{"illegal", "would leave the white king in check"}},
	{fenInCheck, "e1d1", []string{"illegal", "would leave the white king in check"}},
	{"4k3/8/8/8/8/8/P7/r3K3 w - - 0 1", "a2a3", []string{"illegal", "is in check and the move does not answer it"}},
	{StartFEN, "0000", []string{"null move"}},
	{StartFEN, "", []string{"not a UCI move"}},
	{StartFEN, "e2", []string{"not a UCI move"}},
	{StartFEN, "e2e4qq", []string{"not a UCI move"}},
	{StartFEN, "e2e4k", []string{"not a UCI move"}},
	{StartFEN, "i2i4", []string{"not a UCI move"}},
	{StartFEN, "e0e4", []string{"not a UCI move"}},
	{StartFEN, "Nf3", []string{"not a UCI move"}},
}

func TestParseUCIErrors(t *testing.T) {
	for _, tt := range parseUCIErrorCases {
		m, err := MustParseFEN(tt.fen).ParseUCI(tt.uci)
		if err == nil {
			t.Errorf("%s: ParseUCI(%q) = %v, want an error", tt.fen, tt.uci, m)
			continue
		}
		for _, w := range append([]string{"chess: "}, tt.want...) {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: ParseUCI(%q) error %q does not mention %q", tt.fen, tt.uci, err, w)
			}
		}
	}
}

package chess

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestMoveError checks that a move's error says why as data (Why and its
// fields, for a front end to translate) and in English.
func TestMoveError(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	tests := []struct {
		fen, move string
		why       Why
		color     Color
		piece     PieceType
		from, to  Square
		text      string
	}{
		{start, "", WhyNotAMove, White, NoPieceType, A1, A1, `"" is not a move`},
		{start, "Zz9", WhyNotSAN, White, NoPieceType, A1, A1, "not a move in algebraic notation"},
		{start, "Ke3", WhyNoPieceCanMove, White, King, A1, E3, `"Ke3" is illegal: no white king can move to e3`},
		{start, "e5", WhyNoPawnMove, White, Pawn, A1, E5, "no white pawn can move to e5"},
		{start, "exd3", WhyNoPieceCanMove, White, Pawn, A1, D3, "no white pawn can move to d3"},
		{start, "e2e5", WhyCannotReach, White, Pawn, E2, E5, `move "e2e5" is illegal in this position: the pawn on e2 cannot move to e5`},
		{start, "e3e4", WhyNoPieceOn, White, NoPieceType, E3, E4, "there is no piece on e3"},
		{start, "e7e5", WhyNotYourPiece, Black, Pawn, E7, E5, "the pawn on e7 is black's and it is white's turn"},
		{start, "d1d2", WhyOwnPieceOn, White, Pawn, D1, D2, "white's own pawn stands on d2"},
		{start, "O-O", WhyCastlingBlocked, White, King, E1, G1, "the squares between the white king and rook are not empty"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", WhyIncomplete, White, Pawn, A1, A8, "must promote"},
		{"4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O", WhyCastlingRightLost, White, King, E1, G1, "white has lost the right to castle kingside"},
		{"4k3/8/8/8/8/8/8/4KN1N w - - 0 1", "Ng3", WhyAmbiguous, White, Knight, A1, G3, `"Ng3" is ambiguous: Nfg3, Nhg3`},
		{"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "Kf2", WhyLeavesKingInCheck, White, King, E1, F2, "it would leave the white king in check"},
	}
	for _, tc := range tests {
		p := MustParseFEN(tc.fen)
		_, err := p.ParseMove(tc.move)
		var me *MoveError
		if !errors.As(err, &me) {
			t.Errorf("ParseMove(%q): %v, want a *MoveError", tc.move, err)
			continue
		}
		if me.Why != tc.why || me.Move != tc.move || me.Color != tc.color && tc.piece != NoPieceType || me.Piece != tc.piece ||
			(tc.from != A1 && me.From != tc.from) || (tc.to != A1 && me.To != tc.to) {
			t.Errorf("ParseMove(%q) = %+v, want why %v, %v %v, from %v to %v", tc.move, *me, tc.why, tc.color, tc.piece, tc.from, tc.to)
		}
		if !strings.HasPrefix(err.Error(), "chess: ") || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("ParseMove(%q): %q, want it to say %q", tc.move, err, tc.text)
		}
		if tc.why == WhyAmbiguous && !slices.Equal(me.Options, []string{"Nfg3", "Nhg3"}) {
			t.Errorf("ambiguous options %q", me.Options)
		}
	}
	if _, err := MustParseFEN(start).ParseUCI("0000"); err == nil || err.(*MoveError).Why != WhyNullMove {
		t.Errorf("ParseUCI(0000): %v", err)
	}
	for w := WhyNotAMove; w <= WhyAmbiguous; w++ {
		if name := w.String(); name == "" || strings.HasPrefix(name, "Why(") {
			t.Errorf("reason %d has no name", w)
		}
	}
}

// TestNoDrawError: a claim without a draw says how often the position has
// occurred in words ("once", not "1 times").
func TestNoDrawError(t *testing.T) {
	g := NewGame()
	for _, m := range []string{"Nf3", "Nf6", "Ng1", "Ng8"} {
		if err := g.PlayMove(m); err != nil {
			t.Fatal(err)
		}
	}
	err := g.ClaimDraw()
	var nd *NoDrawError
	if !errors.As(err, &nd) || nd.Repetitions != 2 || nd.HalfmoveClock != 4 {
		t.Fatalf("ClaimDraw after one repetition: %v (%+v)", err, nd)
	}
	if !strings.Contains(err.Error(), "occurred twice") {
		t.Errorf("%q does not say twice", err)
	}
	if err := NewGame().ClaimDraw(); err == nil || !strings.Contains(err.Error(), "occurred once") || strings.Contains(err.Error(), "1 times") {
		t.Errorf("ClaimDraw at the start: %v", err)
	}
}

// TestVariationsCounted: a PGN's variations are kept and counted.
func TestVariationsCounted(t *testing.T) {
	games, err := ReadPGN(strings.NewReader("1. e4 (1. d4 d5 (1... Nf6)) e5 2. Nf3 (2. f4) Nc6 *\n\n1. e4 e5 *\n"))
	if err != nil || len(games) != 2 {
		t.Fatalf("ReadPGN: %d games, %v", len(games), err)
	}
	if got := games[0].VariationCount(); got != 3 {
		t.Errorf("the first game's variations: %d, want 3", got)
	}
	if got := games[1].VariationCount(); got != 0 {
		t.Errorf("the second game's variations: %d, want 0", got)
	}
	if got := strings.Join(games[0].SANMoves(), " "); got != "e4 e5 Nf3 Nc6" {
		t.Errorf("main line %q", got)
	}
}

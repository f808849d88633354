package chess

import (
	"slices"
	"strings"
	"testing"
)

// playAll plays moves (SAN or UCI) in g, failing the test on an error.
func playAll(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		if err := g.PlayMove(s); err != nil {
			t.Fatalf("PlayMove(%q) after %v: %v", s, g.SANMoves(), err)
		}
	}
}

// repeatMoves returns moves repeated n times.
func repeatMoves(n int, moves ...string) []string {
	var out []string
	for range n {
		out = append(out, moves...)
	}
	return out
}

var knightDance = []string{"Nf3", "Nf6", "Ng1", "Ng8"} // returns to the start

func TestGameEnds(t *testing.T) {
	tests := []struct {
		name      string
		fen       string // "" for the standard start
		moves     []string
		want      Outcome
		claimable Reason // NoReason when no claim is available
	}{
		{"in progress", "", []string{"e4", "e5"}, Outcome{}, NoReason},
		{"checkmate", "", []string{"f3", "e5", "g4", "Qh4"}, Outcome{BlackWins, Checkmate}, NoReason},
		{"checkmate by white", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", []string{"Ra8"}, Outcome{WhiteWins, Checkmate}, NoReason},
		{"stalemate of white", "4k3/8/8/8/8/8/5q2/7K b - - 0 1", []string{"Kd7"}, Outcome{Draw, Stalemate}, NoReason},
		{"stalemate now", "k7/3Q4/8/8/8/8/8/4K3 w - - 0 1", []string{"Qc7"}, Outcome{Draw, Stalemate}, NoReason},
		{"twofold is nothing", "", knightDance, Outcome{}, NoReason},
		{"threefold is claimable", "", repeatMoves(2, knightDance...), Outcome{}, ThreefoldRepetition},
		{"fourfold is claimable", "", repeatMoves(3, knightDance...), Outcome{}, ThreefoldRepetition},
		{"fivefold is automatic", "", repeatMoves(4, knightDance...), Outcome{Draw, FivefoldRepetition}, NoReason},
		{"fifty moves: 99 plies", "4k3/8/8/8/8/8/8/R3K3 w - - 98 80", []string{"Ra2"}, Outcome{}, NoReason},
		{"fifty moves: 100 plies", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", []string{"Ra2"}, Outcome{}, FiftyMoveRule},
		{"fifty moves reset by a pawn move", "4k3/8/8/8/8/8/P7/R3K3 w - - 99 80", []string{"a3"}, Outcome{}, NoReason},
		{"seventy-five moves: 149 plies", "4k3/8/8/8/8/8/8/R3K3 w - - 148 80", []string{"Ra2"}, Outcome{}, FiftyMoveRule},
		{"seventy-five moves: 150 plies", "4k3/8/8/8/8/8/8/R3K3 w - - 149 80", []string{"Ra2"}, Outcome{Draw, SeventyFiveMoveRule}, NoReason},
		{"mate on the 150th ply wins", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 149 80", []string{"Ra8"}, Outcome{WhiteWins, Checkmate}, NoReason},
		{"stalemate on the 150th ply", "k7/3Q4/8/8/8/8/8/4K3 w - - 149 80", []string{"Qc7"}, Outcome{Draw, Stalemate}, NoReason},
		{"K v K", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", []string{"Kxe2"}, Outcome{Draw, InsufficientMaterial}, NoReason},
		{"K+N v K", "4k3/8/8/8/8/8/4r3/4KN2 w - - 0 1", []string{"Kxe2"}, Outcome{Draw, InsufficientMaterial}, NoReason},
		{"K v K+B", "4k3/8/8/8/8/2b5/3R4/4K3 b - - 0 1", []string{"Bxd2+"}, Outcome{Draw, InsufficientMaterial}, NoReason},
		{"K+N+N v K is playable", "4k3/8/8/8/8/8/4r3/3NKN2 w - - 0 1", []string{"Kxe2"}, Outcome{}, NoReason},
		{"bishops on both colors play on", "4k3/8/8/8/8/8/4r3/2B1KB2 w - - 0 1", []string{"Kxe2"}, Outcome{}, NoReason},
		{"two bishops on one color", "4k3/8/8/8/8/8/4r3/3BKB2 w - - 0 1", []string{"Kxe2"}, Outcome{Draw, InsufficientMaterial}, NoReason},
		{"same-colored bishops both sides", "4k3/8/4b3/8/8/8/4r3/4KB2 w - - 0 1", []string{"Kxe2"}, Outcome{Draw, InsufficientMaterial}, NoReason},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGame()
			if tt.fen != "" {
				g = NewGameFromPosition(MustParseFEN(tt.fen))
			}
			last := len(tt.moves) - 1
			playAll(t, g, tt.moves[:last]...)
			// OutcomeAfter foretells what the last move brings.
			m, err := g.Position().ParseMove(tt.moves[last])
			if err != nil {
				t.Fatal(err)
			}
			if got, err := g.OutcomeAfter(m); err != nil || got != tt.want {
				t.Errorf("OutcomeAfter(%s) = %v, %v; want %v", tt.moves[last], got, err, tt.want)
			}
			playAll(t, g, tt.moves[last])
			if got := g.Outcome(); got != tt.want {
				t.Errorf("Outcome() = %v (%+v), want %v", got, got, tt.want)
			}
			if _, err := g.OutcomeAfter(m); err == nil {
				t.Errorf("OutcomeAfter(%s) again: no error for a move no longer legal or a game over", tt.moves[last])
			}
			r, ok := g.ClaimableDraw()
			if ok != (tt.claimable != NoReason) || r != tt.claimable {
				t.Errorf("ClaimableDraw() = %v, %v; want %v", r, ok, tt.claimable)
			}
		})
	}
}

func TestStalemateAfterMoves(t *testing.T) {
	g := NewGameFromPosition(MustParseFEN("k7/8/1Q6/8/8/8/8/4K3 w - - 0 1"))
	playAll(t, g, "Qc7") // Black king a8: b8, a7, b7 covered, a8 not attacked
	if got := g.Outcome(); got != (Outcome{Draw, Stalemate}) {
		t.Errorf("Outcome() = %v, want draw by stalemate", got)
	}
}

func TestIsInsufficientMaterial(t *testing.T) {
	tests := []struct {
		fen  string
		want bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},      // K v K
		{"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true},     // K+N v K
		{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},     // K+B v K
		{"4kb2/8/8/8/8/8/8/4K3 w - - 0 1", true},     // K v K+B
		{"4kn2/8/8/8/8/8/8/4K3 w - - 0 1", true},     // K v K+N
		{"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},   // f8 and c1 are both dark
		{"2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false}, // c8 light, c1 dark: mates exist
		{"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false},  // bishop pair
		{"4k3/8/8/8/8/8/8/3BKB2 w - - 0 1", true},    // d1, f1: both light
		{"4k3/8/8/8/8/1B6/8/3BKB2 w - - 0 1", true},  // three light-squared bishops
		{"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false},   // K+N+N v K (mate needs help, but exists)
		{"4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false},   // K+N v K+N
		{"4kn2/8/8/8/8/8/8/4KB2 w - - 0 1", false},   // K+B v K+N
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},   // a pawn
		{"4k3/8/8/8/8/8/8/4KR2 w - - 0 1", false},    // a rook
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false},    // a queen
		{StartFEN, false},
	}
	for _, tt := range tests {
		if got := MustParseFEN(tt.fen).IsInsufficientMaterial(); got != tt.want {
			t.Errorf("%s: IsInsufficientMaterial() = %v, want %v", tt.fen, got, tt.want)
		}
	}
}

func TestBareKing(t *testing.T) {
	tests := []struct {
		fen          string
		white, black bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false, true},
		{"4k3/p7/8/8/8/8/8/4K3 b - - 0 1", true, false},
		{StartFEN, false, false},
	}
	for _, tt := range tests {
		p := MustParseFEN(tt.fen)
		if w, b := p.BareKing(White), p.BareKing(Black); w != tt.white || b != tt.black {
			t.Errorf("%s: BareKing(White), BareKing(Black) = %v, %v, want %v, %v", tt.fen, w, b, tt.white, tt.black)
		}
	}
}

func TestParseReason(t *testing.T) {
	for r := NoReason; r <= Aborted; r++ {
		s := r.String()
		if r == NoReason {
			s = ""
		}
		if got, err := ParseReason(s); got != r || err != nil {
			t.Errorf("ParseReason(%q) = %v, %v; want %v", s, got, err, r)
		}
	}
	if _, err := ParseReason("boredom"); err == nil {
		t.Error("ParseReason(boredom) succeeded")
	}
}

func TestCanCheckmate(t *testing.T) {
	tests := []struct {
		fen          string
		white, black bool
		why          string
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, false, "kings alone"},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", true, false, "a rook against a bare king"},
		{"4k3/p7/8/8/8/8/8/4K3 b - - 0 1", false, true, "a pawn can queen"},
		{"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", false, false, "a knight against a bare king"},
		{"4kq2/8/8/8/8/8/8/4KN2 w - - 0 1", false, true, "a knight against a king and queen: nothing to block the flight"},
		{"4kr2/8/8/8/8/8/8/4KN2 w - - 0 1", true, true, "a knight against a rook, which may block"},
		{"4k3/5p2/8/8/8/8/8/4KN2 w - - 0 1", true, true, "a knight against a pawn"},
		{"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", true, false, "two knights: a helpmate exists"},
		{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", false, false, "a bishop against a bare king"},
		{"4k3/8/8/8/8/1B6/8/3BKB2 w - - 0 1", false, false, "bishops all on light squares"},
		{"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", true, false, "the bishop pair"},
		{"4kb2/8/8/8/8/8/8/3BK3 w - - 0 1", true, true, "bishops on both colours, one each side"},
		{"2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1", false, false, "bishops of one colour, one each side"},
		{"4kn2/8/8/8/8/8/8/4KB2 w - - 0 1", true, true, "a bishop against a knight, which may block"},
		{"4k3/8/8/8/8/8/3p4/4KB2 w - - 0 1", true, true, "a bishop against a pawn"},
		{StartFEN, true, true, "the start"},
	}
	for _, tt := range tests {
		p := MustParseFEN(tt.fen)
		if w, b := p.CanCheckmate(White), p.CanCheckmate(Black); w != tt.white || b != tt.black {
			t.Errorf("%s (%s): CanCheckmate(White), CanCheckmate(Black) = %v, %v, want %v, %v", tt.why, tt.fen, w, b, tt.white, tt.black)
		}
		// A position where neither side can mate is insufficient material.
		if !tt.white && !tt.black && !p.IsInsufficientMaterial() {
			t.Errorf("%s (%s): neither side can mate, but IsInsufficientMaterial is false", tt.why, tt.fen)
		}
	}
}

// claimAt plays moves and reports, after each ply, whether a threefold
// repetition can be claimed.
func claimAt(t *testing.T, fen string, moves []string) []bool {
	t.Helper()
	g := NewGameFromPosition(MustParseFEN(fen))
	var claims []bool
	for _, s := range moves {
		playAll(t, g, s)
		r, ok := g.ClaimableDraw()
		claims = append(claims, ok && r == ThreefoldRepetition)
	}
	return claims
}

func TestRepetitionNeedsSameCastlingRights(t *testing.T) {
	// The rooks' trip loses the kingside castling rights: the start
	// position's pieces come back, but it is not the same position.
	moves := []string{"Nf3", "Nf6", "Rg1", "Rg8", "Rh1", "Rh8", "Ng1", "Ng8"}
	moves = append(moves, repeatMoves(2, knightDance...)...)
	claims := claimAt(t, StartFEN, moves)
	if claims[11] {
		t.Error("threefold claimable at ply 12, counting the start position whose castling rights differ")
	}
	if !claims[15] {
		t.Error("threefold not claimable at ply 16, the third occurrence without kingside castling")
	}
}

func TestRepetitionNeedsSameEnPassant(t *testing.T) {
	// After ...d5 White may capture en passant; after the kings' walk,
	// the same pieces stand there but the capture is gone.
	walk := []string{"Ke2", "Ke7", "Ke1", "Ke8"}
	moves := append([]string{"d5"}, repeatMoves(3, walk...)...)
	claims := claimAt(t, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", moves)
	if claims[8] {
		t.Error("threefold claimable after two walks, counting the position with an en-passant capture")
	}
	if !claims[12] {
		t.Error("threefold not claimable after three walks")
	}

	// With no pawn able to capture, the double push creates no en-passant
	// possibility: the position after it is repeated by the walks.
	claims = claimAt(t, "4k3/3p4/8/8/8/8/8/4K3 b - - 0 1", moves)
	if !claims[8] {
		t.Error("threefold not claimable after two walks when no en-passant capture was possible")
	}
}

func TestPlayErrorsChangeNothing(t *testing.T) {
	g := NewGame()
	playAll(t, g, "e4")
	before := g.PGN()
	for _, s := range []string{"e4", "Nf5", "e2e4", "O-O", "garbage", ""} {
		if err := g.PlayMove(s); err == nil {
			t.Errorf("PlayMove(%q) succeeded, want an error", s)
		}
	}
	if err := g.Play(newMove(E7, E4, kindQuiet)); err == nil || !strings.Contains(err.Error(), "illegal") {
		t.Errorf("Play(e7e4) error = %v, want an illegal-move error", err)
	}
	if err := g.Play(NoMove); err == nil {
		t.Error("Play(NoMove) succeeded")
	}
	if err := g.Play(NullMove); err == nil {
		t.Error("Play(NullMove) succeeded")
	}
	if got := g.PGN(); got != before {
		t.Errorf("failed moves changed the game:\n%s\nwant\n%s", got, before)
	}
}

func TestNoMovesAfterTheEnd(t *testing.T) {
	g := NewGame()
	playAll(t, g, "f3", "e5", "g4", "Qh4#")
	n := g.Len()
	err := g.PlayMove("a3")
	if err == nil || !strings.Contains(err.Error(), "game is over") || !strings.Contains(err.Error(), "checkmate") {
		t.Errorf("PlayMove after mate: error %v, want one saying the game is over by checkmate", err)
	}
	for name, f := range map[string]func() error{
		"Resign":     func() error { return g.Resign(White) },
		"AgreeDraw":  g.AgreeDraw,
		"ClaimDraw":  g.ClaimDraw,
		"Forfeit":    func() error { return g.Forfeit(White, TimeForfeit) },
		"Adjudicate": func() error { return g.Adjudicate(Draw) },
	} {
		if err := f(); err == nil {
			t.Errorf("%s after mate succeeded", name)
		}
	}
	if g.Len() != n || g.Outcome() != (Outcome{BlackWins, Checkmate}) {
		t.Errorf("game changed after its end: %d plies, %v", g.Len(), g.Outcome())
	}
}

func TestUndo(t *testing.T) {
	g := NewGame()
	if m, ok := g.Undo(); ok {
		t.Errorf("Undo on a new game = %v, true", m)
	}
	playAll(t, g, "f3", "e5", "g4", "Qh4#")
	g.SetComment(4, "mate")
	m, ok := g.Undo()
	if !ok || m.String() != "d8h4" {
		t.Fatalf("Undo() = %v, %v; want d8h4, true", m, ok)
	}
	if g.Outcome().IsOver() || g.Len() != 3 || g.Comment(4) != "" {
		t.Errorf("after Undo: outcome %v, %d plies", g.Outcome(), g.Len())
	}
	if got, want := g.Position().FEN(), "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"; got != want {
		t.Errorf("position after Undo = %s, want %s", got, want)
	}
	playAll(t, g, "Nc6")

	// Undo after a draw by repetition, a claim and a resignation.
	g = NewGame()
	playAll(t, g, repeatMoves(4, knightDance...)...)
	if !g.Outcome().IsOver() {
		t.Fatal("fivefold repetition did not end the game")
	}
	g.Undo()
	if g.Outcome().IsOver() {
		t.Error("Undo did not clear the fivefold repetition")
	}
	if err := g.ClaimDraw(); err != nil {
		t.Fatalf("ClaimDraw at the fourth occurrence: %v", err)
	}
	if g.Outcome() != (Outcome{Draw, ThreefoldRepetition}) {
		t.Errorf("Outcome after ClaimDraw = %v", g.Outcome())
	}
	g.Undo()
	if err := g.Resign(Black); err != nil {
		t.Fatal(err)
	}
	g.Undo()
	if g.Outcome().IsOver() {
		t.Error("Undo did not clear the resignation")
	}
}

func TestDecisionsFromOutside(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		do   func(g *Game) error
		want Outcome
	}{
		{"resign white", StartFEN, func(g *Game) error { return g.Resign(White) }, Outcome{BlackWins, Resignation}},
		{"resign black", StartFEN, func(g *Game) error { return g.Resign(Black) }, Outcome{WhiteWins, Resignation}},
		{"agree", StartFEN, (*Game).AgreeDraw, Outcome{Draw, DrawAgreement}},
		{"flag", StartFEN, func(g *Game) error { return g.Forfeit(Black, TimeForfeit) }, Outcome{WhiteWins, TimeForfeit}},
		{"flag vs lone king", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", func(g *Game) error { return g.Forfeit(White, TimeForfeit) }, Outcome{Draw, TimeForfeit}},
		{"flag with a lone king", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", func(g *Game) error { return g.Forfeit(Black, TimeForfeit) }, Outcome{WhiteWins, TimeForfeit}},
		{"flag vs king and knight", "n3k3/8/8/8/8/8/8/3QK3 w - - 0 1", func(g *Game) error { return g.Forfeit(White, TimeForfeit) }, Outcome{Draw, TimeForfeit}},
		{"flag vs king and knight, with a pawn to block", "n3k3/8/8/8/8/8/P7/4K3 w - - 0 1", func(g *Game) error { return g.Forfeit(White, TimeForfeit) }, Outcome{BlackWins, TimeForfeit}},
		{"forfeit by adjudication", StartFEN, func(g *Game) error { return g.Forfeit(White, Adjudication) }, Outcome{BlackWins, Adjudication}},
		{"adjudicate draw", StartFEN, func(g *Game) error { return g.Adjudicate(Draw) }, Outcome{Draw, Adjudication}},
		{"abort", StartFEN, (*Game).Abort, Outcome{NoResult, Aborted}},
	}
	for _, tt := range tests {
		g := NewGameFromPosition(MustParseFEN(tt.fen))
		if err := tt.do(g); err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := g.Outcome(); got != tt.want {
			t.Errorf("%s: Outcome() = %v, want %v", tt.name, got, tt.want)
		}
		if g.Tag("Result") != tt.want.Result.String() {
			t.Errorf("%s: Result tag %q, want %q", tt.name, g.Tag("Result"), tt.want.Result)
		}
	}

	g := NewGame()
	if err := g.Forfeit(White, Checkmate); err == nil {
		t.Error("Forfeit with reason checkmate succeeded")
	}
	if err := g.Adjudicate(NoResult); err == nil {
		t.Error("Adjudicate(NoResult) succeeded")
	}
	if err := g.ClaimDraw(); err == nil || !strings.Contains(err.Error(), "no draw to claim") {
		t.Errorf("ClaimDraw at the start: %v, want an error", err)
	}
	if g.Outcome().IsOver() {
		t.Error("failed calls ended the game")
	}
}

func TestFiftyMoveClaim(t *testing.T) {
	g := NewGameFromPosition(MustParseFEN("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"))
	if _, ok := g.ClaimableDraw(); ok {
		t.Error("claimable at 99 plies")
	}
	playAll(t, g, "Ra2")
	if err := g.ClaimDraw(); err != nil {
		t.Fatal(err)
	}
	if g.Outcome() != (Outcome{Draw, FiftyMoveRule}) {
		t.Errorf("Outcome() = %v", g.Outcome())
	}
}

func TestNewGameFromFinishedPosition(t *testing.T) {
	tests := []struct {
		fen  string
		want Outcome
	}{
		{"R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1", Outcome{WhiteWins, Checkmate}},
		{"k7/8/1Q6/8/8/8/8/4K3 b - - 0 1", Outcome{Draw, Stalemate}},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", Outcome{Draw, InsufficientMaterial}},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 150 80", Outcome{Draw, SeventyFiveMoveRule}},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 120 80", Outcome{}},
	}
	for _, tt := range tests {
		if got := NewGameFromPosition(MustParseFEN(tt.fen)).Outcome(); got != tt.want {
			t.Errorf("%s: Outcome() = %v, want %v", tt.fen, got, tt.want)
		}
	}
}

func TestGameAccessors(t *testing.T) {
	start := MustParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	g := NewGameFromPosition(start)
	playAll(t, g, "e4", "Kd7", "e5")
	if g.Len() != 3 {
		t.Errorf("Len() = %d, want 3", g.Len())
	}
	if got := g.StartPosition().FEN(); got != start.FEN() {
		t.Errorf("StartPosition() = %s", got)
	}
	if got := g.PositionAt(0).FEN(); got != start.FEN() {
		t.Errorf("PositionAt(0) = %s", got)
	}
	if got := g.PositionAt(3).FEN(); got != g.Position().FEN() {
		t.Errorf("PositionAt(3) = %s, want the current position %s", got, g.Position().FEN())
	}
	if g.PositionAt(-1) != nil || g.PositionAt(4) != nil {
		t.Error("PositionAt out of range is not nil")
	}
	if got := strings.Join(g.SANMoves(), " "); got != "e4 Kd7 e5" {
		t.Errorf("SANMoves() = %q", got)
	}
	var uci []string
	for _, m := range g.Moves() {
		uci = append(uci, m.String())
	}
	if got := strings.Join(uci, " "); got != "e2e4 e8d7 e4e5" {
		t.Errorf("Moves() = %q", got)
	}
	h := g.Hashes()
	if len(h) != 4 || h[0] != start.Hash() || h[3] != g.Position().Hash() {
		t.Errorf("Hashes() = %x", h)
	}
	for i := range h {
		if h[i] != g.PositionAt(i).Hash() {
			t.Errorf("Hashes()[%d] = %x, want %x", i, h[i], g.PositionAt(i).Hash())
		}
	}

	// The accessors return copies.
	g.Position().MakeMove(g.Position().LegalMoves()[0])
	g.Moves()[0] = NoMove
	g.Hashes()[0] = 0
	if g.Position().FEN() != g.PositionAt(3).FEN() || g.Moves()[0].String() != "e2e4" || g.Hashes()[0] != start.Hash() {
		t.Error("changing a returned value changed the game")
	}

	// Clone is deep.
	g.AddNAG(1, GoodMove)
	c := g.Clone()
	c.AddNAG(1, Blunder)
	playAll(t, c, "Kc7")
	if g.Len() != 3 || !slices.Equal(g.NAGs(1), []NAG{GoodMove}) {
		t.Errorf("changing a clone changed the game: %d plies, NAGs %v", g.Len(), g.NAGs(1))
	}
}

func TestCommentsAndNAGs(t *testing.T) {
	g := NewGame()
	playAll(t, g, "e4", "e5")
	g.SetComment(0, "  a   game\nbegins ")
	g.SetComment(2, "symmetry {really}")
	g.SetComment(9, "ignored")
	g.AddNAG(1, GoodMove)
	g.AddNAG(1, 146)
	g.AddNAG(0, Blunder) // no move 0: ignored
	tests := []struct {
		ply  int
		want string
	}{{0, "a game begins"}, {1, ""}, {2, "symmetry {really)"}, {3, ""}, {-1, ""}}
	for _, tt := range tests {
		if got := g.Comment(tt.ply); got != tt.want {
			t.Errorf("Comment(%d) = %q, want %q", tt.ply, got, tt.want)
		}
	}
	if got := g.NAGs(1); !slices.Equal(got, []NAG{GoodMove, 146}) {
		t.Errorf("NAGs(1) = %v", got)
	}
	if g.NAGs(0) != nil || g.NAGs(2) != nil {
		t.Error("unexpected NAGs")
	}
}

func TestTags(t *testing.T) {
	g := NewGame()
	g.SetTag("White", "Morphy, Paul")
	g.SetTag("Opening", "Philidor")
	g.SetTag("Event", "Paris")
	g.SetTag("White", "Morphy")  // replaces, keeps the place
	g.SetTag("Result", "1-0")    // derived: ignored
	g.SetTag("FEN", StartFEN)    // derived: ignored
	g.SetTag("bad name", "x")    // invalid: ignored
	g.SetTag("Annotator", "")    // an empty value is a value
	g.SetTag("WhiteElo", "2600") // after Opening
	g.RemoveTag("Annotator")
	if g.Tag("White") != "Morphy" || g.Tag("Result") != "*" || g.Tag("FEN") != "" || g.Tag("Site") != "" {
		t.Errorf("Tag values: White %q, Result %q, FEN %q, Site %q", g.Tag("White"), g.Tag("Result"), g.Tag("FEN"), g.Tag("Site"))
	}
	want := []Tag{
		{"Event", "Paris"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
		{"White", "Morphy"}, {"Black", "?"}, {"Result", "*"},
		{"Opening", "Philidor"}, {"WhiteElo", "2600"},
	}
	if got := g.Tags(); !slices.Equal(got, want) {
		t.Errorf("Tags() = %v\nwant %v", got, want)
	}

	// After a removal the other tags keep their places, a tag set again
	// goes to the end, and a clone shares nothing with the original.
	c := g.Clone()
	c.RemoveTag("Opening")
	c.SetTag("WhiteElo", "2610")
	c.SetTag("Opening", "Philidor Defence")
	wantClone := append(slices.Clone(want[:7]), Tag{"WhiteElo", "2610"}, Tag{"Opening", "Philidor Defence"})
	if got := c.Tags(); !slices.Equal(got, wantClone) {
		t.Errorf("clone's Tags() = %v\nwant %v", got, wantClone)
	}
	if got := g.Tags(); !slices.Equal(got, want) {
		t.Errorf("after changing a clone, Tags() = %v\nwant %v", got, want)
	}

	g = NewGameFromPosition(MustParseFEN(fenCastling))
	g.SetTag("Black", "B")
	if err := g.Forfeit(Black, TimeForfeit); err != nil {
		t.Fatal(err)
	}
	want = []Tag{
		{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
		{"White", "?"}, {"Black", "B"}, {"Result", "1-0"},
		{"SetUp", "1"}, {"FEN", fenCastling}, {"Termination", "time forfeit"},
	}
	if got := g.Tags(); !slices.Equal(got, want) {
		t.Errorf("Tags() = %v\nwant %v", got, want)
	}
	if g.Tag("SetUp") != "1" || g.Tag("FEN") != fenCastling {
		t.Errorf("SetUp %q, FEN %q", g.Tag("SetUp"), g.Tag("FEN"))
	}
}

func TestResultAndReasonStrings(t *testing.T) {
	for _, r := range []Result{NoResult, WhiteWins, BlackWins, Draw} {
		got, err := ParseResult(r.String())
		if err != nil || got != r {
			t.Errorf("ParseResult(%q) = %v, %v", r.String(), got, err)
		}
	}
	if _, err := ParseResult("1-1"); err == nil {
		t.Error("ParseResult(\"1-1\") succeeded")
	}
	for r := NoReason; r <= Aborted; r++ {
		if s := r.String(); s == "" || strings.HasPrefix(s, "Reason(") {
			t.Errorf("Reason %d has no name", r)
		}
	}
	tests := []struct {
		o    Outcome
		want string
	}{
		{Outcome{}, "game in progress"},
		{Outcome{WhiteWins, Checkmate}, "white wins by checkmate"},
		{Outcome{BlackWins, Resignation}, "black wins by resignation"},
		{Outcome{Draw, FiftyMoveRule}, "draw by the fifty-move rule"},
		{Outcome{Draw, DrawAgreement}, "draw by agreement"},
		{Outcome{WhiteWins, NoReason}, "white wins"},
		{Outcome{NoResult, Aborted}, "game aborted"},
	}
	for _, tt := range tests {
		if got := tt.o.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.o, got, tt.want)
		}
	}
	if c, ok := (Outcome{BlackWins, TimeForfeit}).Winner(); !ok || c != Black {
		t.Error("Winner of 0-1 is not black")
	}
	if _, ok := (Outcome{Draw, Stalemate}).Winner(); ok {
		t.Error("a draw has a winner")
	}
}

// TestAbort: an aborted game is over with no result ("*"), refuses moves,
// and its PGN (Termination "aborted") reads back as aborted.
func TestAbort(t *testing.T) {
	g := NewGame()
	playAll(t, g, "e4")
	if err := g.Abort(); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); !o.IsOver() || o != (Outcome{NoResult, Aborted}) {
		t.Fatalf("Outcome() = %+v, over %v; want aborted, over", o, o.IsOver())
	}
	if err := g.Abort(); err == nil {
		t.Error("aborting an aborted game succeeded")
	}
	if m, err := g.Position().ParseMove("e5"); err != nil || g.Play(m) == nil {
		t.Error("a move after the abort was played")
	}
	pgn := g.PGN()
	if !strings.Contains(pgn, `[Termination "aborted"]`) || !strings.Contains(pgn, `[Result "*"]`) {
		t.Errorf("PGN of an aborted game:\n%s", pgn)
	}
	back, err := ReadPGN(strings.NewReader(pgn))
	if err != nil || len(back) != 1 {
		t.Fatalf("ReadPGN: %v, %d games", err, len(back))
	}
	if o := back[0].Outcome(); o != (Outcome{NoResult, Aborted}) {
		t.Errorf("read back, Outcome() = %+v, want aborted", o)
	}
}

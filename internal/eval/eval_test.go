package eval

import (
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

func TestEvaluateStartIsTempo(t *testing.T) {
	p := chess.StartingPosition()
	// Phase is MaxPhase at the start, so the tapered tempo is its mg half.
	if got, want := Evaluate(p), int(Default.Tempo.MG); got != want {
		t.Errorf("Evaluate(start) = %d, want the tempo bonus %d", got, want)
	}
	b := position(t, strings.Replace(chess.StartFEN, " w ", " b ", 1))
	if got, want := Evaluate(b), int(Default.Tempo.MG); got != want {
		t.Errorf("Evaluate(start, Black to move) = %d, want %d", got, want)
	}
}

func TestEvaluateSymmetry(t *testing.T) {
	for _, fen := range suiteFENs(t) {
		flipped := flipFEN(t, fen)
		a, b := Evaluate(position(t, fen)), Evaluate(position(t, flipped))
		if a != b {
			t.Errorf("Evaluate(%q) = %d, flipped %q = %d", fen, a, flipped, b)
		}
	}
}

func TestExplainAgrees(t *testing.T) {
	for _, fen := range suiteFENs(t) {
		p := position(t, fen)
		b := Explain(p)
		if want := Evaluate(p); b.Total != want {
			t.Errorf("%s: Explain total %d, Evaluate %d", fen, b.Total, want)
		}
		var mg, eg, tapered int
		for i, ts := range b.Terms {
			if ts.Term != Term(i) {
				t.Errorf("%s: Terms[%d].Term = %v", fen, i, ts.Term)
			}
			mg += int(ts.White.MG - ts.Black.MG)
			eg += int(ts.White.EG - ts.Black.EG)
			tapered += ts.WhiteTapered - ts.BlackTapered
			for _, side := range []struct {
				s Score
				v int
			}{{ts.White, ts.WhiteTapered}, {ts.Black, ts.BlackTapered}} {
				if d := side.v - taper(int(side.s.MG), int(side.s.EG), b.Phase); d < -1 || d > 1 {
					t.Errorf("%s: %v tapered to %d, %d from its own taper", fen, ts.Term, side.v, d)
				}
			}
		}
		if mg != b.MG || eg != b.EG {
			t.Errorf("%s: terms sum to %d/%d, breakdown says %d/%d", fen, mg, eg, b.MG, b.EG)
		}
		if tapered != b.Tapered || b.Tapered != taper(b.MG, b.EG, b.Phase) {
			t.Errorf("%s: tapered terms sum to %d, breakdown says %d", fen, tapered, b.Tapered)
		}
		// A known draw (endgame.go) is 0 whatever the terms say.
		if want := taper(b.MG, b.EG*b.Scale/64, b.Phase) + b.MopUp; b.White != want && !(b.White == 0 && b.Scale == 0 && b.MopUp == 0) {
			t.Errorf("%s: White %d, want taper(%d, %d*%d/64, %d) + %d = %d", fen, b.White, b.MG, b.EG, b.Scale, b.Phase, b.MopUp, want)
		}
		if b.Phase < 0 || b.Phase > MaxPhase {
			t.Errorf("%s: phase %d", fen, b.Phase)
		}
		if !strings.Contains(b.String(), "passed pawns") {
			t.Errorf("%s: String() lacks the term names", fen)
		}
	}
}

// TestEvaluateOrderings checks that positions a player would rank one way
// are ranked that way: better must score above worse, both from White's
// point of view (White to move in both).
func TestEvaluateOrderings(t *testing.T) {
	tests := []struct {
		name          string
		better, worse string
		term          Term // the term that should favour better (NumTerms: none checked)
	}{
		{"passed pawn on the 7th beats the 3rd",
			"6k1/P7/8/8/8/8/5K2/8 w - - 0 1", "6k1/8/8/8/8/P7/5K2/8 w - - 0 1", TermPassedPawns},
		{"healthy pawns beat doubled isolated ones",
			"6k1/5ppp/8/8/8/8/2PP1K2/8 w - - 0 1", "6k1/5ppp/8/8/8/2P5/2P2K2/8 w - - 0 1", TermDoubledPawns},
		{"isolated pawn is worse",
			"6k1/5ppp/8/8/8/8/1PP2K2/8 w - - 0 1", "6k1/5ppp/8/8/8/8/1P1P1K2/8 w - - 0 1", TermIsolatedPawns},
		{"pawn shield beats an exposed king",
			"rn1q1rk1/5ppp/8/8/8/8/5PPP/RN1Q1RK1 w - - 0 1", "rn1q1rk1/5ppp/8/8/8/8/8/RN1Q1RK1 w - - 0 1", TermKingShelter},
		{"an open file in front of the king is a weakness",
			"rn1q1rk1/5ppp/8/8/8/8/5PPP/RN1Q1RK1 w - - 0 1", "rn1q1rk1/5ppp/8/8/8/8/5P1P/RN1Q1RK1 w - - 0 1", TermKingShelter},
		{"an enemy pawn storming the king's shelter",
			"1k1r3q/ppp5/6p1/8/8/8/5PPP/3R2KQ w - - 0 1", "1k1r3q/ppp5/8/8/6p1/8/5PPP/3R2KQ w - - 0 1", TermKingShelter},
		{"the shelter the king can still castle into counts",
			"r2qk3/5ppp/8/8/8/8/5PPP/R2QK2R w KQ - 0 1", "r2qk3/5ppp/8/8/8/8/5PPP/R2QK2R w Q - 0 1", TermKingShelter},
		{"a passed pawn with a free path",
			"4k3/8/8/8/P6r/8/8/4K3 w - - 0 1", "4k3/8/8/7r/P7/8/8/4K3 w - - 0 1", TermPassedPawns},
		{"a pawn the king cannot catch in a pawn ending",
			"8/7k/8/P7/8/8/8/4K3 w - - 0 1", "8/3k4/8/P7/8/8/8/4K3 w - - 0 1", TermPassedPawns},
		{"rook on the open file",
			"3r2k1/1pp2ppp/8/8/8/8/1PP2PPP/3R2K1 w - - 0 1", "3r2k1/1pp2ppp/8/8/8/8/1PP2PPP/2R3K1 w - - 0 1", TermRooks},
		{"bishop pair",
			"4k3/pppn4/8/8/8/8/PPP5/2B1KB2 w - - 0 1", "4k3/pppn4/8/8/8/8/PPP5/1N2KB2 w - - 0 1", TermBishopPair},
		{"mobile bishop beats a buried one",
			"4k3/pppp4/8/8/8/4P1P1/PP6/4KB2 w - - 0 1", "4k3/pppp4/8/8/8/8/PP2P1P1/4KB2 w - - 0 1", TermMobility},
		{"a pawn attacking a knight",
			"4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "4k3/8/8/3n4/8/4P3/8/4K3 w - - 0 1", TermThreats},
		{"a knight attacking a rook",
			"4k3/8/3r4/8/4N3/8/8/4K3 w - - 0 1", "4k3/8/3r4/8/8/4N3/8/4K3 w - - 0 1", TermThreats},
		{"a passed pawn escorted by its king, far from the enemy king",
			"k7/8/2K5/4P3/8/8/8/8 w - - 0 1", "8/8/2k5/4P3/8/8/8/K7 w - - 0 1", TermPassedPawns},
		{"a knight on an outpost",
			"4k3/pp4pp/3p4/2pN4/2P5/8/PP4PP/4K3 w - - 0 1", "4k3/pp4pp/3p4/2p5/2P5/8/PP2N1PP/4K3 w - - 0 1", TermMinorPieces},
		{"a backward pawn",
			"4k3/8/8/4p3/2PPP3/8/8/4K3 w - - 0 1", "4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - - 0 1", TermBackwardPawns},
		{"a rook on the seventh",
			"6k1/pp3ppp/8/8/8/8/5PPP/R5K1 b - - 0 1", "6k1/R4ppp/8/8/8/8/5PPP/6K1 b - - 0 1", NumTerms},
		{"a knight behind a pawn",
			"4k3/pp6/8/8/4P3/4N3/8/4K3 w - - 0 1", "4k3/pp6/8/8/3P4/4N3/8/4K3 w - - 0 1", TermMinorPieces},
		{"a pawn push that forks",
			"4k3/8/8/2r1r3/8/3P4/8/4K3 w - - 0 1", "4k3/8/8/1r3r2/8/3P4/8/4K3 w - - 0 1", TermThreats},
		{"connected pawns",
			"4k3/pp6/8/8/3PP3/8/8/4K3 w - - 0 1", "4k3/pp6/8/8/2P2P2/8/8/4K3 w - - 0 1", TermConnectedPawns},
		{"a safe knight check",
			"6k1/5ppp/8/3N4/8/8/5PPP/6K1 w - - 0 1", "6k1/5ppp/8/8/8/8/3N1PPP/6K1 w - - 0 1", TermKingAttack},
		{"attack on the king",
			"6k1/1b3ppp/8/6N1/7Q/8/5PPP/6K1 w - - 0 1", "6k1/1b3ppp/8/8/8/2N5/Q4PPP/6K1 w - - 0 1", TermKingAttack},
		{"a king beside the pawns in the endgame",
			"8/5pk1/8/8/8/8/5PK1/8 w - - 0 1", "8/5pk1/8/8/8/8/5P2/K7 w - - 0 1", TermKingActivity},
		{"a rook shut in by its uncastled king",
			"5rk1/5ppp/8/8/8/8/5PPP/5RK1 w - - 0 1", "5rk1/5ppp/8/8/8/8/5PPP/5K1R w - - 0 1", TermRooks},
		{"a knight that can reach an outpost",
			"4k3/pp4pp/3p4/2p5/2P5/4N3/PP4PP/4K3 w - - 0 1", "4k3/pp4pp/3p4/2p5/2P5/6N1/PP4PP/4K3 w - - 0 1", TermMinorPieces},
		{"space behind advanced centre pawns",
			"rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/3PP3/PPP2PPP/RNBQKBNR w KQkq - 0 1", TermSpace},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			better, worse := position(t, tt.better), position(t, tt.worse)
			if b, w := Evaluate(better), Evaluate(worse); b <= w {
				t.Errorf("Evaluate: better %d <= worse %d", b, w)
			}
			if tt.term < NumTerms {
				b, w := Explain(better).Terms[tt.term], Explain(worse).Terms[tt.term]
				if b.WhiteTapered-b.BlackTapered <= w.WhiteTapered-w.BlackTapered {
					t.Errorf("%v: better %+v, worse %+v", tt.term, b, w)
				}
			}
		})
	}
}

// TestWeakKingSquares checks which squares of the enemy king zone count as
// weak: attacked, and defended by nothing but the king or queen.
func TestWeakKingSquares(t *testing.T) {
	tests := []struct {
		name, fen string
		want      []chess.Square
	}{
		// Qh5 and Ng5 hit f7 and h7, which only Black's king defends.
		{"queen and knight", "r5k1/5ppp/8/6NQ/8/8/5PPP/6K1 w - - 0 1", []chess.Square{chess.F7, chess.H7}},
		// A rook on f8 defends f7.
		{"a rook defends f7", "5rk1/5ppp/8/6NQ/8/8/5PPP/6K1 w - - 0 1", []chess.Square{chess.H7}},
		{"no attack", "5rk1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e evaluation
			e.run(&Default, position(t, tt.fen), nil, nil)
			var want chess.Bitboard
			for _, s := range tt.want {
				want |= s.Bitboard()
			}
			if got := e.weakKingSquares(chess.White); got != want {
				t.Errorf("weakKingSquares = %v, want %v", got, want)
			}
		})
	}
}

// TestComplexity checks the complexity term's sign: a pawn up with pawns on
// both wings is more of a win than a pawn up with one pawn against none.
func TestComplexity(t *testing.T) {
	tests := []struct {
		name     string
		fen      string
		positive bool // White's endgame advantage grows (else shrinks)
	}{
		{"pawns on both wings", "4k3/pp3ppp/8/8/8/8/PP3PPP/R3K3 w - - 0 1", true},
		{"a lone pawn", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := Explain(position(t, tt.fen))
			c := b.Terms[TermComplexity]
			if c.Black != (Score{}) || c.White.MG != 0 || (c.White.EG > 0) != tt.positive || c.White.EG == 0 {
				t.Errorf("complexity = %+v, want White's endgame half %s", c, map[bool]string{true: "positive", false: "negative"}[tt.positive])
			}
			if b.EG < 0 {
				t.Errorf("complexity turned White's endgame edge into %d", b.EG)
			}
		})
	}
}

func TestEvaluateBounds(t *testing.T) {
	tests := []struct {
		name     string
		fen      string
		min, max int
	}{
		{"a queen up", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 700, 2000},
		{"a queen down", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", -2000, -700},
		{"bare kings", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", -60, 60},
		{"king and bishop against king", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", 0, 120},
		{"king and rook against king", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 300, 900},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Evaluate(position(t, tt.fen)); got < tt.min || got > tt.max {
				t.Errorf("Evaluate = %d, want %d..%d", got, tt.min, tt.max)
			}
		})
	}
}

func TestEvaluateScale(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want int32
	}{
		{"opposite-coloured bishops", "8/4kp2/6p1/4b3/8/5B2/4KPP1/8 w - - 0 1", Default.ScaleOppositeBishops},
		{"same-coloured bishops, two pawns each", "8/4kp2/6p1/3b4/8/5B2/4KPP1/8 w - - 0 1", Default.ScalePawnsBase + 2*Default.ScalePerPawn},
		{"same-coloured bishops, four pawns each", "8/3pkp2/2p3p1/3b4/8/2P2B2/3PKPP1/8 w - - 0 1", 64},
		{"a bishop up, no pawns", "8/8/4k3/8/8/3B4/4K3/8 b - - 0 1", Default.ScaleNoPawnsSmallEdge},
		{"a rook up, no pawns", "8/8/4k3/8/8/3R4/4K3/8 b - - 0 1", 64},
		{"a bishop and pawn up", "8/8/4k3/8/8/3B4/4KP2/8 b - - 0 1", Default.ScalePawnsBase + Default.ScalePerPawn},
		{"a pawn down: the side ahead's pawns count", "8/4kpp1/8/8/8/8/4KP2/8 w - - 0 1", Default.ScalePawnsBase + 2*Default.ScalePerPawn},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The factor is a weight (or 64), held to 0..64.
			want := min(max(int(tt.want), 0), 64)
			if got := Explain(position(t, tt.fen)).Scale; got != want {
				t.Errorf("Scale = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestEvaluateMaterialAndPhase(t *testing.T) {
	tests := []struct {
		fen   string
		phase int
	}{
		{chess.StartFEN, 24},
		{"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", 0},
		{"r3k3/8/8/8/8/8/8/4KB2 w - - 0 1", 3},
		{"qqqrk3/8/8/8/8/8/8/QQQRK3 w - - 0 1", 24},
	}
	for _, tt := range tests {
		if got := Explain(position(t, tt.fen)).Phase; got != tt.phase {
			t.Errorf("%s: phase %d, want %d", tt.fen, got, tt.phase)
		}
	}
	// With the untuned weights, a lone knight on e4 is worth its PeSTO value
	// adjusted for having five pawns fewer than five, and its e4 entry
	// (28/16); the kings on e1 and e8 read the same entry and cancel.
	start := Untuned()
	b := start.Explain(position(t, "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1"))
	if got, want := b.Terms[TermMaterial].White, S(337, 281).Add(start.KnightPawn.Mul(-5)); got != want {
		t.Errorf("knight material = %+v, want %+v", got, want)
	}
	if got, want := b.Terms[TermPieceSquare].White.Sub(b.Terms[TermPieceSquare].Black), S(28, 16); got != want {
		t.Errorf("piece-square difference = %+v, want %+v", got, want)
	}
}

func TestParams(t *testing.T) {
	w := Default
	ps := w.Params()
	seen := make(map[string]bool)
	for _, p := range ps {
		if seen[p.Name] {
			t.Errorf("duplicate parameter %q", p.Name)
		}
		seen[p.Name] = true
	}
	for _, name := range []string{"PieceValue[queen].eg", "PST[knight][e4].mg", "PassedPawn[rank7].eg", "Tempo.mg", "KingAttackerScale[2]"} {
		if !seen[name] {
			t.Errorf("no parameter %q", name)
		}
	}
	// Writing through a parameter changes w's evaluation, not Default's.
	p := chess.StartingPosition()
	for _, param := range ps {
		if param.Name == "Tempo.mg" {
			*param.Value += 7
		}
	}
	if got, want := w.Evaluate(p), Evaluate(p)+7; got != want {
		t.Errorf("after Tempo.mg += 7: Evaluate = %d, want %d", got, want)
	}
	// Knight e4 from the PeSTO tables, published a8-first: row 4, column 4.
	start := Untuned()
	if got := start.PST[chess.Knight][chess.E4]; got != S(28, 16) {
		t.Errorf("PST[knight][e4] = %+v, want {28 16}", got)
	}
	// Pawn a7 (row 1, column 0): 98/178.
	if got := start.PST[chess.Pawn][chess.A7]; got != S(98, 178) {
		t.Errorf("PST[pawn][a7] = %+v, want {98 178}", got)
	}
}

func TestEvaluateNoAlloc(t *testing.T) {
	p := position(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if n := testing.AllocsPerRun(100, func() { Evaluate(p) }); n != 0 {
		t.Errorf("Evaluate allocates %v times per call, want 0", n)
	}
}

// benchFENs are middlegame positions for BenchmarkEvaluate.
var benchFENs = []string{
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r1bq1rk1/pp3ppp/2n1pn2/2bp4/2P5/2N1PN2/PP1BBPPP/R2QK2R w KQ - 0 8",
	"r4rk1/1pp2ppp/p1n5/4q3/2B5/2N2Q2/PPP2PPP/R4RK1 w - - 0 15",
	"2r3k1/pp3pp1/4p2p/3qP3/3P4/P4Q2/1P3PPP/2R3K1 b - - 0 25",
}

func BenchmarkEvaluate(b *testing.B) {
	ps := make([]*chess.Position, len(benchFENs))
	for i, fen := range benchFENs {
		ps[i] = position(b, fen)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		Evaluate(ps[i&3])
		i++
	}
}

func BenchmarkExplain(b *testing.B) {
	p := position(b, benchFENs[0])
	b.ReportAllocs()
	for b.Loop() {
		Explain(p)
	}
}

// TestEvaluateCached checks that the pawn and king cache changes nothing:
// every position scores the same through it, on a miss and on a hit, and
// positions that share pawns and kings but not pieces do not mix.
func TestEvaluateCached(t *testing.T) {
	var cache PawnKingCache
	for round := 0; round < 2; round++ {
		for _, fen := range suiteFENs(t) {
			p := position(t, fen)
			if got, want := Default.EvaluateCached(p, &cache, nil), Evaluate(p); got != want {
				t.Errorf("round %d, %s: cached %d, uncached %d", round, fen, got, want)
			}
		}
	}
	// Same pawns and kings, a rook more: the passed pawn's path is no
	// longer safe, which the cache must not remember. Then the same pawns
	// with a king elsewhere, and with a castling right less: each side's
	// king terms are kept by its king square and castling rights.
	for _, fen := range []string{
		"4k3/8/8/8/P7/8/8/4K3 w - - 0 1", "4k3/r7/8/8/P7/8/8/4K3 w - - 0 1", "4k3/8/8/8/P7/8/8/3K4 w - - 0 1",
		"r3k2r/pp3ppp/8/8/8/8/PP3PPP/R3K2R w KQkq - 0 1", "r3k2r/pp3ppp/8/8/8/8/PP3PPP/R3K2R w Qkq - 0 1",
		"r3k2r/pp3ppp/8/8/8/8/PP3PPP/R3K2R w Qq - 0 1", "r3k2r/pp3ppp/8/8/8/8/PP3PPP/R4RK1 w q - 0 1",
	} {
		p := position(t, fen)
		if got, want := Default.EvaluateCached(p, &cache, nil), Evaluate(p); got != want {
			t.Errorf("%s: cached %d, uncached %d", fen, got, want)
		}
	}
}

// TestUpdateIncremental checks the incremental terms: after every legal move
// (quiet moves, captures, en passant, castling, promotions) and the null
// move from each perft-suite position, UpdateIncremental gives what
// IncrementalOf sums from scratch, and EvaluateCached with it gives
// Evaluate's score.
func TestUpdateIncremental(t *testing.T) {
	for _, fen := range suiteFENs(t) {
		before := position(t, fen)
		inc := Default.IncrementalOf(before)
		check := func(what string, after *chess.Position) {
			t.Helper()
			got := inc
			Default.UpdateIncremental(&got, before, after)
			if want := Default.IncrementalOf(after); got != want {
				t.Errorf("%s after %s: incremental %v, from scratch %v", fen, what, got, want)
			}
			if got, want := Default.EvaluateCached(after, nil, &got), Evaluate(after); got != want {
				t.Errorf("%s after %s: evaluation with the incremental terms %d, without %d", fen, what, got, want)
			}
		}
		for _, m := range before.LegalMoves() {
			after := *before
			after.MakeMove(m)
			check(m.String(), &after)
		}
		if !before.InCheck() {
			after := *before
			after.MakeNullMove()
			check("the null move", &after)
		}
	}
}

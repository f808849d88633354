package chess

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Start positions for random games: the standard one, and positions rich
// in castling, en passant, promotions and disambiguation.
var randomGameStarts = []string{
	StartFEN,
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",
}

// randomGame plays a random game of at most maxPlies plies from one of the
// randomGameStarts, checking the FEN round trip of every position along the
// way and, if checkMoves, the notation of every legal move in it; it ends
// the game in a random way if the rules did not. It decorates the game with
// tags, comments and NAGs for the PGN round trip.
func randomGame(t *testing.T, rng *rand.Rand, maxPlies int, checkMoves bool) *Game {
	t.Helper()
	g := NewGameFromPosition(MustParseFEN(randomGameStarts[rng.IntN(len(randomGameStarts))]))
	for g.Len() < maxPlies && !g.Outcome().IsOver() {
		p := g.current()
		checkFEN(t, p)
		if checkMoves {
			checkMoveNotation(t, p)
		}
		moves := p.LegalMoves()
		if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
		switch rng.IntN(20) {
		case 0:
			g.SetComment(g.Len(), "a {comment} with\n\"quotes\" \\ and } braces")
		case 1:
			g.AddNAG(g.Len(), NAG(rng.IntN(256)))
		case 2:
			g.SetComment(g.Len(), strings.Repeat("long ", 30))
		}
	}
	if !g.Outcome().IsOver() {
		var err error
		switch rng.IntN(7) {
		case 0:
			err = g.Resign(Color(rng.IntN(2)))
		case 1:
			err = g.AgreeDraw()
		case 2:
			err = g.Forfeit(Color(rng.IntN(2)), TimeForfeit)
		case 3:
			err = g.Adjudicate(Result(1 + rng.IntN(3)))
		case 4:
			if _, ok := g.ClaimableDraw(); ok {
				err = g.ClaimDraw()
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	g.SetTag("Event", "Random \"game\" \\ test")
	g.SetTag("Round", string(rune('1'+rng.IntN(9))))
	if rng.IntN(2) == 0 {
		g.SetTag("Annotator", "rng")
	}
	if rng.IntN(4) == 0 {
		g.SetComment(0, "before the first move")
	}
	return g
}

// checkFEN checks that p's FEN parses back to the same position.
func checkFEN(t *testing.T, p *Position) {
	t.Helper()
	q, err := ParseFEN(p.FEN())
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", p.FEN(), err)
	}
	if *q != *p || q.Hash() != p.Hash() {
		t.Fatalf("FEN round trip changed the position:\n%v\nbecame\n%v", p, q)
	}
}

// checkMoveNotation checks that the SAN and UCI forms of every legal move in
// p parse back to that move.
func checkMoveNotation(t *testing.T, p *Position) {
	t.Helper()
	// ParseMove reads SAN with ParseSAN and UCI with ParseUCI.
	for _, m := range p.LegalMoves() {
		san := p.SAN(m)
		if got, err := p.ParseMove(san); got != m {
			t.Fatalf("%s: ParseMove(SAN(%v) = %q) = %v, %v", p.FEN(), m, san, got, err)
		}
		if got, err := p.ParseMove(m.String()); got != m {
			t.Fatalf("%s: ParseMove(%q) = %v, %v", p.FEN(), m, got, err)
		}
	}
}

// TestRandomGamesRoundTrip plays random games, checks the FEN of every
// position, the notation of every legal move in every position of some of
// the games (the costly part), and that writing all the games as one PGN
// file and reading it back keeps them.
func TestRandomGamesRoundTrip(t *testing.T) {
	games, checkEvery := 3000, 8
	if testing.Short() {
		games, checkEvery = 1000, 20
	}
	rng := rand.New(rand.NewPCG(2026, 2))
	var file strings.Builder
	played := make([]*Game, games)
	for i := range played {
		played[i] = randomGame(t, rng, 250, i%checkEvery == 0)
		if err := played[i].WritePGN(&file); err != nil {
			t.Fatal(err)
		}
	}
	read, err := ReadPGN(strings.NewReader(file.String()))
	if err != nil {
		t.Fatalf("ReadPGN of written games: %v", err)
	}
	if len(read) != len(played) {
		t.Fatalf("read %d games, wrote %d", len(read), len(played))
	}
	for i, g := range played {
		if msg := sameGame(g, read[i]); msg != "" {
			t.Fatalf("game %d changed in the PGN round trip: %s\n%s", i+1, msg, g.PGN())
		}
	}
}

// sameGame compares what a PGN round trip must keep, and returns "" or what
// differs. Resignation and draw agreement have no place in PGN, so those
// reasons read back as NoReason.
func sameGame(a, b *Game) string {
	switch {
	case *a.StartPosition() != *b.StartPosition():
		return "start position " + b.StartPosition().FEN()
	case !slices.Equal(a.Moves(), b.Moves()):
		return "moves"
	case !slices.Equal(a.Tags(), b.Tags()):
		return "tags"
	case a.Outcome().Result != b.Outcome().Result:
		return "result " + b.Outcome().Result.String()
	}
	want := a.Outcome().Reason
	if want == Resignation || want == DrawAgreement {
		want = NoReason
	}
	// A draw without a recorded reason reads back as the claim the final
	// position allows, if any.
	if want == NoReason && a.Outcome().Result == Draw {
		if a.repetitions() >= 3 {
			want = ThreefoldRepetition
		} else if a.current().HalfmoveClock() >= 100 {
			want = FiftyMoveRule
		}
	}
	if b.Outcome().Reason != want {
		return "reason " + b.Outcome().Reason.String()
	}
	return sameNotes(a, b)
}

// sameNotes returns "" when the moves of a and b, whose moves are the
// same, have the same comments, clock readings, NAGs and variations, else
// what differs.
func sameNotes(a, b *Game) string {
	for ply := 0; ply <= a.Len(); ply++ {
		if a.Comment(ply) != b.Comment(ply) {
			return "comment " + b.Comment(ply)
		}
		ca, oka := a.Clock(ply)
		cb, okb := b.Clock(ply)
		if ca != cb || oka != okb {
			return fmt.Sprintf("clock after ply %d: %v, %v", ply, cb, okb)
		}
		if !slices.Equal(a.NAGs(ply), b.NAGs(ply)) {
			return "NAGs"
		}
		va, vb := a.Variations(ply), b.Variations(ply)
		if len(va) != len(vb) {
			return fmt.Sprintf("%d variations of ply %d, want %d", len(vb), ply, len(va))
		}
		for i := range va {
			if *va[i].StartPosition() != *vb[i].StartPosition() || !slices.Equal(va[i].Moves(), vb[i].Moves()) {
				return fmt.Sprintf("variation %d of ply %d: %v", i+1, ply, vb[i].SANMoves())
			}
			if msg := sameNotes(va[i], vb[i]); msg != "" {
				return fmt.Sprintf("variation %d of ply %d: %s", i+1, ply, msg)
			}
		}
	}
	return ""
}

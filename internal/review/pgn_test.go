package review

import (
	"context"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// TestAnnotateRoundTrip annotates a reviewed game, writes it as PGN, reads
// it back and writes it again: the evaluations, glyphs, comments and the
// better move as a variation survive unchanged.
func TestAnnotateRoundTrip(t *testing.T) {
	g, s := queenHangs(t)
	g.SetComment(2, "the open game")
	r, err := Analyse(context.Background(), g, s.search, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r.Moves[3].Line = []string{"Nc6", "Bb5", "a6"}
	a, err := Annotate(g, r)
	if err != nil {
		t.Fatal(err)
	}
	text := a.PGN()
	for _, want := range []string{
		`[Annotator "Outpost"]`, `[ECO "C40"]`, `[Opening "King's Knight Opening"]`,
		`1. e4 {[%eval 0.25]} 1... e5 {[%eval 0.30] the open game}`,
		`2... Qg5 $4 {[%eval 8.50] (+0.30 → +8.50) Blunder. Nc6 was best.} (2... Nc6 3. Bb5 a6)`,
		`3. Nxg5 {[%eval 8.40]} *`,
	} {
		if !strings.Contains(strings.ReplaceAll(text, "\n", " "), want) {
			t.Errorf("PGN lacks %q:\n%s", want, text)
		}
	}
	if g.Comment(2) != "the open game" || g.Variations(4) != nil {
		t.Error("Annotate changed the game it was given")
	}
	games, err := chess.ReadPGN(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("read back: %d games, %v", len(games), err)
	}
	back := games[0]
	if back.PGN() != text {
		t.Errorf("the annotated PGN changed in the round trip:\n%s\nbecame\n%s", text, back.PGN())
	}
	if nags := back.NAGs(4); len(nags) != 1 || nags[0] != chess.Blunder {
		t.Errorf("NAGs of Qg5 read back: %v", nags)
	}
	if vs := back.Variations(4); len(vs) != 1 || strings.Join(vs[0].SANMoves(), " ") != "Nc6 Bb5 a6" {
		t.Errorf("variation of Qg5 read back: %v", vs)
	}

	if _, err := Annotate(gameOf(t, "", "e4 e5 Nf3 Nc6 Bb5"), r); err == nil {
		t.Error("a review annotated another game")
	}
	if _, err := Annotate(gameOf(t, "", "e4 e5 Nf3 Qf6 Nc3"), r); err == nil {
		t.Error("a review annotated a game with other moves")
	}
}

func TestAnnotateMates(t *testing.T) {
	g, s := scholarsMate(t)
	r, err := Analyse(context.Background(), g, s.search, Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := Annotate(g, r)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(a.PGN(), "\n", " ")
	for _, want := range []string{
		`3... Nf6 $4 {[%eval #1] (+0.30 → #1) Checkmate is now unavoidable. g6 was best.} (3... g6)`,
		`4. Qxf7# 1-0`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("PGN lacks %q:\n%s", want, text)
		}
	}
}

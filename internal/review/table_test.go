package review

import (
	"context"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/engine"
)

func TestWriteTable(t *testing.T) {
	g, s := queenHangs(t)
	r, err := Analyse(context.Background(), g, s.search, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r.Moves[3].Line = []string{"Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1"}
	var b strings.Builder
	if err := r.WriteTable(&b, English); err != nil {
		t.Fatal(err)
	}
	want := `Opening: King's Knight Opening (C40), out of the book after 2... Qg5

move       eval  judgement   better
1. e4     +0.25
1... e5   +0.30
2. Nf3    +0.30
2... Qg5  +8.50  ?? blunder  2... Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O
3. Nxg5   +8.40

                         White  Black
accuracy                100.0%  20.5%
inaccuracies                 0      0
mistakes                     0      0
blunders                     0      1
average centipawn loss       3    413
`
	if b.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), want)
	}

	// Wide characters count two columns; a game from a position numbers
	// its moves from there; a side without moves has no accuracy.
	words := English
	words.Judgements[Blunder] = "大错"
	g = gameOf(t, "4k3/8/8/8/8/8/4P3/4K2R b - - 7 40", "Kd7")
	s = &scripted{g: g, scores: []engine.Score{900, 100}, best: []string{"e8f7", "h1h7"}}
	r, err = Analyse(context.Background(), g, s.search, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	r.WriteTable(&b, words)
	for _, want := range []string{
		"move        eval  judgement  better\n",
		"40... Kd7  +1.00  ?? 大错    40... Kf7\n",
		"accuracy                    -  ",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
}

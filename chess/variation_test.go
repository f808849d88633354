package chess

import (
	"strings"
	"testing"
)

func TestReadVariations(t *testing.T) {
	const text = `[Event "v"]

1. e4 e5 2. Nf3 $2 {a mistake} (2. Nc3 {the Vienna} Nf6 (2... Nc6 $1 3. Bc4) 3. f4)
(2. d4 exd4) 2... Nc6 3. Bb5 (3. Bc4 Bc5 4. c3 (4. b4)) a6 *`
	games, err := ReadPGN(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	g := games[0]
	if sanLine(g) != "e4 e5 Nf3 Nc6 Bb5 a6" || g.Comment(3) != "a mistake" || len(g.NAGs(3)) != 1 {
		t.Fatalf("main line %q, comment %q, NAGs %v", sanLine(g), g.Comment(3), g.NAGs(3))
	}
	vs := g.Variations(3)
	if len(vs) != 2 || sanLine(vs[0]) != "Nc3 Nf6 f4" || sanLine(vs[1]) != "d4 exd4" {
		t.Fatalf("variations of 2. Nf3: %d", len(vs))
	}
	if *vs[0].StartPosition() != *g.PositionAt(2) || vs[0].Comment(1) != "the Vienna" {
		t.Errorf("the Vienna starts at %s, comment %q", vs[0].StartPosition().FEN(), vs[0].Comment(1))
	}
	nested := vs[0].Variations(2)
	if len(nested) != 1 || sanLine(nested[0]) != "Nc6 Bc4" || len(nested[0].NAGs(1)) != 1 {
		t.Errorf("the variation in the Vienna: %v", nested)
	}
	if vs := g.Variations(5); len(vs) != 1 || sanLine(vs[0]) != "Bc4 Bc5 c3" || len(vs[0].Variations(3)) != 1 {
		t.Errorf("variations of 3. Bb5: %v", vs)
	}
	for _, ply := range []int{0, 1, 2, 4, 6, 7} {
		if vs := g.Variations(ply); vs != nil {
			t.Errorf("ply %d has variations %v", ply, vs)
		}
	}

	// Written back: the variations in parentheses with their numbers,
	// and the move after a variation numbered again.
	out := g.PGN()
	for _, want := range []string{
		"2. Nf3 $2 {a mistake} (2. Nc3 {the Vienna} 2... Nf6 (2... Nc6 $1 3. Bc4) 3. f4) (2. d4 exd4) 2... Nc6",
		"3. Bb5 (3. Bc4 Bc5 4. c3 (4. b4)) 3... a6 *",
	} {
		if !strings.Contains(strings.ReplaceAll(out, "\n", " "), want) {
			t.Errorf("PGN lacks %q:\n%s", want, out)
		}
	}
	again, err := ReadPGN(strings.NewReader(out))
	if err != nil || len(again) != 1 {
		t.Fatalf("read back: %v", err)
	}
	if msg := sameGame(g, again[0]); msg != "" || again[0].PGN() != out {
		t.Errorf("round trip: %s\n%s", msg, again[0].PGN())
	}
}

func TestReadVariationsLeniently(t *testing.T) {
	for _, tt := range []struct {
		name, pgn string
		kept      string // the moves of the variation of 1. e4 kept, or ""
	}{
		{"an illegal move ends it", "1. e4 (1. d4 d5 d4 c4) e5 *", "d4 d5"},
		{"illegal at once: nothing kept", "1. e4 (1. e5) e5 *", ""},
		{"a nested one after the illegal move is skipped too", "1. e4 (1. d4 Ke4 (1... d5)) e5 *", "d4"},
		{"empty", "1. e4 () e5 *", ""},
		{"a comment only", "1. e4 ({nothing}) e5 *", ""},
	} {
		games, err := ReadPGN(strings.NewReader(tt.pgn))
		if err != nil || len(games) != 1 || sanLine(games[0]) != "e4 e5" {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		vs := games[0].Variations(1)
		got := ""
		if len(vs) == 1 {
			got = sanLine(vs[0])
		}
		if got != tt.kept || len(vs) > 1 {
			t.Errorf("%s: variations %d, %q; want %q", tt.name, len(vs), got, tt.kept)
		}
	}
	if _, err := ReadPGN(strings.NewReader("1. e4 (1. d4 (1. c4) e5 *")); err == nil || !strings.Contains(err.Error(), "variation not closed") {
		t.Errorf("an unclosed variation: %v", err)
	}
}

func TestAddVariation(t *testing.T) {
	g := NewGame()
	playAll(t, g, "e4", "e5", "Nf3")
	v := NewGameFromPosition(g.PositionAt(1))
	playAll(t, v, "c5", "Nf3")
	v.SetTag("Event", "dropped")
	for _, tt := range []struct {
		name string
		ply  int
		v    *Game
	}{
		{"ply 0", 0, v},
		{"past the end", 4, v},
		{"no moves", 2, NewGameFromPosition(g.PositionAt(1))},
		{"from elsewhere", 3, v},
	} {
		if err := g.AddVariation(tt.ply, tt.v); err == nil {
			t.Errorf("%s: added", tt.name)
		}
	}
	if err := g.AddVariation(2, v); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(g.UCIMoves(), " "); got != "e2e4 e7e5 g1f3" {
		t.Errorf("UCIMoves %q", got)
	}
	// A copy was added: changing v or the copy returned changes nothing.
	playAll(t, v, "Nc6")
	got := g.Variations(2)
	got[0].Undo()
	if vs := g.Variations(2); len(vs) != 1 || sanLine(vs[0]) != "c5 Nf3" || vs[0].Tag("Event") != "" {
		t.Errorf("variation %v, Event %q", vs, vs[0].Tag("Event"))
	}
	// Clones are deep; Undo drops the variations of the move undone.
	c := g.Clone()
	g.Undo()
	g.Undo()
	playAll(t, g, "e5")
	if g.Variations(2) != nil || len(c.Variations(2)) != 1 {
		t.Errorf("after undoing e5: %v; the clone's %v", g.Variations(2), c.Variations(2))
	}
}

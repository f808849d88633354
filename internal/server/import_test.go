package server

import (
	"reflect"
	"strings"
	"testing"
)

// A game imported from a PGN with the players' names, an event, an opening,
// a time control, comments and variations (issue 46, item 7).
const importedPGN = `[Event "Tata Steel Masters"]
[Site "Wijk aan Zee"]
[Date "2024.01.20"]
[White "Carlsen, Magnus"]
[Black "Nakamura, Hikaru"]
[Result "*"]
[ECO "C65"]
[Opening "Ruy Lopez: Berlin Defense"]
[TimeControl "7200+30"]

{A Berlin.} 1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 {The Berlin Defence.} 4. O-O (4. d3 Bc5) Nxe4
5. d4 (5. Re1 Nd6 (5... Nc5)) Nd6 *
`

// TestImportKeepsTagsAndComments: an imported PGN's tags and comments come
// back in the game's PGN, the names as given; the state says what the PGN
// held and how many variations were left out; all of it after a restart.
func TestImportKeepsTagsAndComments(t *testing.T) {
	e := newEnv(t, Config{})
	g, st := e.create(NewGameRequest{White: "human", Black: "human", PGN: importedPGN})
	if st.Import == nil {
		t.Fatal("the state of an imported game has no import")
	}
	if st.Import.Variations != 3 || st.Import.CommentCount != 2 || st.Import.Tags["White"] != "Carlsen, Magnus" || st.Import.Tags["ECO"] != "C65" {
		t.Errorf("import %+v", st.Import)
	}
	if st.Import.Comments[0] != "A Berlin." || st.Import.Comments[6] != "The Berlin Defence." {
		t.Errorf("comments %v", st.Import.Comments)
	}
	// Play on: the PGN keeps the tags and comments, with the new move.
	if r := e.do("POST", "/api/games/"+g.id+"/moves", g.token, map[string]any{"move": "Ba4", "ply": 10}); r.status != 200 {
		t.Fatalf("Ba4: %d %s", r.status, r.body)
	}
	check := func(when string) {
		t.Helper()
		r := e.do("GET", "/api/games/"+g.id+"/pgn", "", nil)
		pgn := strings.ReplaceAll(string(r.body), "\n", " ") // a variation may be wrapped
		for _, want := range []string{`[White "Carlsen, Magnus"]`, `[Black "Nakamura, Hikaru"]`, `[Event "Tata Steel Masters"]`,
			`[ECO "C65"]`, `[Opening "Ruy Lopez: Berlin Defense"]`, `[TimeControl "7200+30"]`, "{A Berlin.}", "{The Berlin Defence.}", "(4. d3 Bc5)", "(5... Nc5)", "6. Ba4"} {
			if !strings.Contains(pgn, want) {
				t.Errorf("%s: the PGN lacks %s:\n%s", when, want, pgn)
			}
		}
	}
	check("after a move")
	// Another server on the same store: the import is kept there too.
	e2 := newEnvOn(t, e.store, Config{})
	check2 := e2.get(g)
	if check2.Import == nil || check2.Import.Tags["Black"] != "Nakamura, Hikaru" {
		t.Errorf("after a restart the import is %+v", check2.Import)
	}
	e = e2
	check("after a restart")
}

// TestImportShowsGlyphsAndLines (issue 64, bug 5): the state of an imported
// game carries its moves' glyphs and its side lines, nested ones with their
// own glyphs and comments, for the move list to show.
func TestImportShowsGlyphsAndLines(t *testing.T) {
	e := newEnv(t, Config{})
	_, st := e.create(NewGameRequest{White: "human", Black: "human",
		PGN: "1. e4 $1 e5 2. Nf3 Nc6?! (2... d6 $2 {Philidor.} 3. d4 (3. Bc4 h6??)) 3. Bb5 *"})
	imp := st.Import
	if imp == nil {
		t.Fatal("the state of an imported game has no import")
	}
	if !reflect.DeepEqual(imp.NAGs, map[int][]int{1: {1}, 4: {6}}) {
		t.Errorf("glyphs %v, want 1: [1], 4: [6]", imp.NAGs)
	}
	want := map[int][]ImportLine{4: {{Moves: []ImportMove{
		{SAN: "d6", NAGs: []int{2}, Comment: "Philidor."},
		{SAN: "d4", Lines: []ImportLine{{Moves: []ImportMove{{SAN: "Bc4"}, {SAN: "h6", NAGs: []int{4}}}}}},
	}}}}
	if !reflect.DeepEqual(imp.Lines, want) {
		t.Errorf("side lines %+v, want %+v", imp.Lines, want)
	}
}

package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// A PGN with a comment before the moves, glyphs, comments, and variations
// nested two deep, from a FEN.
const treePGN = `[Event "Analysis"]
[White "Ann"]
[Black "Bob"]
[Result "*"]

{Before.} 1. e4 e5 2. Nf3 ?! {A comment.} (2. Bc4 Nf6 (2... Bc5 3. Qh5) 3. d3) (2. f4) 2... Nc6 *
`

// TestReadPGN reads a PGN into a tree: tags, the comment before the
// moves, each move's SAN and position, its glyphs, comment and variations.
func TestReadPGN(t *testing.T) {
	e := newEnv(t, Config{})
	r := e.do("POST", "/api/pgn/read", "", PGNRequest{PGN: treePGN})
	if r.status != 200 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var tr GameTree
	if err := json.Unmarshal(r.body, &tr); err != nil {
		t.Fatal(err)
	}
	if tr.FEN != chess.StartFEN || tr.Comment != "Before." || tr.Result != "*" || len(tr.Moves) != 4 {
		t.Fatalf("tree %+v", tr)
	}
	if tags := tr.Tags; len(tags) < 6 || tags[0] != (TagPair{"Event", "Analysis"}) || tags[4] != (TagPair{"White", "Ann"}) {
		t.Errorf("tags %v", tags)
	}
	nf3 := tr.Moves[2]
	if nf3.UCI != "g1f3" || nf3.SAN != "Nf3" || nf3.Comment != "A comment." || len(nf3.NAGs) != 1 || nf3.NAGs[0] != 6 ||
		nf3.FEN != "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" {
		t.Errorf("2. Nf3: %+v", nf3)
	}
	if len(nf3.Variations) != 2 || len(nf3.Variations[0]) != 3 || len(nf3.Variations[1]) != 1 {
		t.Fatalf("2. Nf3's variations: %+v", nf3.Variations)
	}
	nf6 := nf3.Variations[0][1]
	if nf6.SAN != "Nf6" || len(nf6.Variations) != 1 || nf6.Variations[0][1].SAN != "Qh5" {
		t.Errorf("2... Nf6 in the variation: %+v", nf6)
	}

	// A refused PGN names the check that failed and its values (the
	// pages say it in their language).
	for _, tt := range []struct{ body, code, params string }{
		{`{"pgn": ""}`, "pgn_empty", ""},
		{`{"pgn": "1. e4 e5 2. Ke3 *"}`, "bad_pgn", `"check":"illegal_move","detail":"PGN line 1: game 1: illegal move 2. Ke3: `},
		{`{"pgn": "1. e4 e5 2. Ke3 *"}`, "bad_pgn", `"game":1,"line":1,"move":"2. Ke3"`},
		{`{"pgn": "[FEN \"8/8/8/8/8/8/8 w - - 0 1\"]\n\n*"}`, "bad_pgn", `"check":"board_ranks"`},
	} {
		r := e.do("POST", "/api/pgn/read", "", tt.body)
		if r.status != 400 || !strings.Contains(string(r.body), `"code":"`+tt.code+`"`) || !strings.Contains(string(r.body), tt.params) {
			t.Errorf("%s: status %d %s, want 400 %s with %s", tt.body, r.status, r.body, tt.code, tt.params)
		}
	}
}

// TestWritePGN writes trees as PGN: what POST /api/pgn/read read comes
// back the same, and moves in SAN, a FEN and a result are written as PGN
// writes them; an illegal move anywhere is refused with where it is.
func TestWritePGN(t *testing.T) {
	e := newEnv(t, Config{})
	r := e.do("POST", "/api/pgn/read", "", PGNRequest{PGN: treePGN})
	var tr GameTree
	if err := json.Unmarshal(r.body, &tr); err != nil {
		t.Fatal(err)
	}
	r = e.do("POST", "/api/pgn/write", "", tr)
	var out PGNText
	if err := json.Unmarshal(r.body, &out); err != nil || r.status != 200 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	want := "{Before.} 1. e4 e5 2. Nf3 $6 {A comment.} (2. Bc4 Nf6 (2... Bc5 3. Qh5) 3. d3)\n(2. f4) 2... Nc6 *\n"
	if !strings.HasSuffix(out.PGN, want) || !strings.Contains(out.PGN, `[White "Ann"]`) {
		t.Errorf("PGN:\n%s\nwant it to end with\n%s", out.PGN, want)
	}

	tests := []struct {
		tree   GameTree
		status int
		want   string // in the PGN, or in the error
	}{
		{GameTree{Moves: []TreeMove{{UCI: "e4"}, {UCI: "c5", Variations: [][]TreeMove{{{UCI: "e5"}}}}}, Result: "1-0"}, 200,
			"1. e4 c5 (1... e5) 1-0\n"},
		{GameTree{FEN: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", Moves: []TreeMove{{UCI: "a1a8"}}}, 200,
			"[FEN \"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\"]"},
		{GameTree{Moves: []TreeMove{{UCI: "e4", Variations: [][]TreeMove{{{UCI: "d4"}, {UCI: "d4"}}}}}}, 400,
			`move 2 of variation 1 of move 1 "d4"`},
		{GameTree{Moves: []TreeMove{{UCI: "e4", NAGs: []int{256}}}}, 400, "glyph $256"},
		{GameTree{FEN: "8/8 w - - 0 1"}, 400, "bad FEN"},
		{GameTree{Result: "2-0"}, 400, "bad result"},
	}
	for _, tt := range tests {
		r := e.do("POST", "/api/pgn/write", "", tt.tree)
		got := r.errMsg()
		if r.status == 200 {
			var out PGNText
			json.Unmarshal(r.body, &out)
			got = out.PGN
		}
		if r.status != tt.status || !strings.Contains(got, tt.want) {
			t.Errorf("%+v: status %d %s, want %d with %q", tt.tree, r.status, r.body, tt.status, tt.want)
		}
	}
}

// nestedTree returns moves whose first has a variation nested depth deep:
// the tree of "1. e4 (1. d4 (1. d4 ...))".
func nestedTree(depth int) []TreeMove {
	var inner []TreeMove
	for i := range depth {
		tm := TreeMove{UCI: "d2d4"}
		if i > 0 {
			tm.Variations = [][]TreeMove{inner}
		}
		inner = []TreeMove{tm}
	}
	e4 := TreeMove{UCI: "e2e4"}
	if depth > 0 {
		e4.Variations = [][]TreeMove{inner}
	}
	return []TreeMove{e4}
}

// TestPGNVariationDepth reads, writes and imports games whose variations
// nest up to chess.MaxVariationDepth deep, and refuses deeper ones with a
// 400 that says so (a 3,000-deep PGN used to take the server seconds and
// gigabytes).
func TestPGNVariationDepth(t *testing.T) {
	e := newEnv(t, Config{})
	const refusal = "variations nested more than 100 deep: 100 levels are the most kept"
	nested := func(depth int) string {
		return "1. e4 " + strings.Repeat("(1. d4 ", depth) + strings.Repeat(")", depth) + " *"
	}
	for _, tt := range []struct {
		what, path string
		body       any
		status     int
		want       string // in the error
	}{
		{"read, at the limit", "/api/pgn/read", PGNRequest{PGN: nested(chess.MaxVariationDepth)}, 200, ""},
		{"read, past it", "/api/pgn/read", PGNRequest{PGN: nested(chess.MaxVariationDepth + 1)}, 400, "bad PGN: PGN line 1: game 1: " + refusal},
		{"read, 3,000 deep", "/api/pgn/read", PGNRequest{PGN: nested(3000)}, 400, refusal},
		{"imported, 3,000 deep", "/api/games", NewGameRequest{PGN: nested(3000)}, 400, refusal},
		{"written, at the limit", "/api/pgn/write", GameTree{Moves: nestedTree(chess.MaxVariationDepth)}, 200, ""},
		{"written, past it", "/api/pgn/write", GameTree{Moves: nestedTree(chess.MaxVariationDepth + 1)}, 400,
			"the variations are nested more than 100 deep: 100 levels are the most the board reads and writes"},
		{"written, 1,500 deep", "/api/pgn/write", GameTree{Moves: nestedTree(1500)}, 400, "nested more than 100 deep"},
	} {
		t.Run(tt.what, func(t *testing.T) {
			r := e.do("POST", tt.path, "", tt.body)
			if r.status != tt.status || !strings.Contains(r.errMsg(), tt.want) {
				t.Errorf("status %d %.300s; want %d with %q", r.status, r.body, tt.status, tt.want)
			}
		})
	}
}

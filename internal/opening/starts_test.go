package opening

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

func TestParsePositions(t *testing.T) {
	const input = `# a comment
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1

rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id "Alekhine"; c0 "other";
rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 hmvc 0; fmvn 2; c0 "Sicilian; open";
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 # trailing comment
`
	got, err := ParsePositions(strings.NewReader(input), "test.epd")
	if err != nil {
		t.Fatal(err)
	}
	want := []Opening{
		{FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{FEN: "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", Name: "Alekhine"},
		// The en-passant square is dropped: no capture onto c6 is possible.
		{FEN: "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", Name: "Sicilian; open"},
		{FEN: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"},
	}
	if !slices.EqualFunc(got, want, sameOpening) {
		t.Errorf("ParsePositions:\n got %v\nwant %v", got, want)
	}
}

// sameOpening reports whether a and b are the same opening.
func sameOpening(a, b Opening) bool {
	return a.ECO == b.ECO && a.Name == b.Name && a.PGN == b.PGN && a.FEN == b.FEN && slices.Equal(a.Moves, b.Moves)
}

func TestParsePositionsErrors(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []string // substrings of the error
	}{
		{"empty", "# nothing\n\n", []string{"opening: test.epd: no opening positions"}},
		{"bad lines", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nhello\n\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\n",
			[]string{"opening: test.epd: chess: EPD line 2: ", "\nchess: EPD line 4: FEN rank 1 has invalid character"}},
		{"mated", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n", []string{"opening: test.epd: chess: EPD line 1: position \"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\" has no legal move"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParsePositions(strings.NewReader(tt.input), "test.epd")
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestShuffle(t *testing.T) {
	var list []Opening
	for i := range 20 {
		list = append(list, Opening{Name: string(rune('a' + i))})
	}
	a, b := Shuffle(list, 7), Shuffle(list, 7)
	if !slices.EqualFunc(a, b, sameOpening) {
		t.Error("same seed, different orders")
	}
	if slices.EqualFunc(a, list, sameOpening) {
		t.Error("not shuffled")
	}
	if slices.EqualFunc(a, Shuffle(list, 8), sameOpening) {
		t.Error("different seeds, same order")
	}
	if list[0].Name != "a" || list[19].Name != "t" {
		t.Error("input modified")
	}
	// The order a seed gives is part of outpost match --random-openings:
	// a match is replayed with its seed.
	if got := Shuffle(list, 3)[0].Name; got != shuffled3 {
		t.Errorf("seed 3 puts %q first, want %q", got, shuffled3)
	}
}

// shuffled3 is the first opening of 20 named a to t shuffled with seed 3.
const shuffled3 = "f"

func TestBalanced(t *testing.T) {
	list := Balanced()
	if len(list) != 118 {
		t.Errorf("%d built-in openings, want 118", len(list))
	}
	seen := map[string]bool{}
	for i, o := range list {
		if o.Name == "" || seen[o.FEN] || len(o.Moves) != 0 {
			t.Errorf("opening %d: name %q, FEN seen before: %v, %d moves", i, o.Name, seen[o.FEN], len(o.Moves))
		}
		seen[o.FEN] = true
	}
	if list[0].Name != "Sicilian, Classical" {
		t.Errorf("the first built-in opening is %q, want the file's first, Sicilian, Classical", list[0].Name)
	}
}

func TestPlayableLichess(t *testing.T) {
	book := Playable(Lichess())
	if len(book) != 3805 {
		t.Errorf("%d openings, want 3805", len(book))
	}
	for _, o := range book {
		if o.Name == "" || len(o.Moves) == 0 || o.FEN == "" {
			t.Errorf("opening %q: %d moves, FEN %q", o.Name, len(o.Moves), o.FEN)
		}
	}
	g, err := book[0].Game()
	if err != nil || book[0].Name != "Amar Opening" || g.Len() != 1 || g.SANMoves()[0] != "Nh3" || g.Position().FEN() != book[0].FEN {
		t.Errorf("first opening %q, %v, %v", book[0].Name, g, err)
	}
}

func TestGame(t *testing.T) {
	amar := Lichess()[0] // 1. Nh3
	for _, tt := range []struct {
		name  string
		o     Opening
		fen   string // of the game's position
		plies int
		err   string // the error's start; "" for none
	}{
		{"a position", Opening{Name: "p", FEN: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"},
			"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", 0, ""},
		{"a line", amar, amar.FEN, 1, ""},
		{"not a position", Opening{Name: "bad", FEN: "hello"}, "", 0, `opening: "bad": chess: `},
		{"an illegal line", Opening{Name: "twice", Moves: []chess.Move{amar.Moves[0], amar.Moves[0]}}, "", 0, `opening: "twice": chess: `},
	} {
		g, err := tt.o.Game()
		switch {
		case tt.err != "":
			if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
				t.Errorf("%s: %v, want an error starting %q", tt.name, err, tt.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case g.Position().FEN() != tt.fen || g.Len() != tt.plies:
			t.Errorf("%s: game at %q after %d plies, want %q after %d", tt.name, g.Position().FEN(), g.Len(), tt.fen, tt.plies)
		}
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	epd := write("book.epd", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"open\";\n")
	if book, err := Load(epd); err != nil || len(book) != 1 || book[0].Name != "open" || len(book[0].Moves) != 0 {
		t.Fatalf("EPD book: %+v, %v", book, err)
	}
	tsv := write("book.tsv", "eco\tname\tpgn\nC20\tKing's Pawn Game\t1. e4 e5\nC00\tFool's Mate\t1. f3 e5 2. g4 Qh4#\n")
	if book, err := Load(tsv); err != nil || len(book) != 1 || len(book[0].Moves) != 2 ||
		book[0].FEN != "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" {
		t.Fatalf("TSV book: %+v, %v", book, err)
	}
	for _, tt := range []struct{ name, path, want string }{
		{"missing", filepath.Join(dir, "missing.tsv"), "opening: open " + filepath.Join(dir, "missing.tsv") + ": no such file"},
		{"a book of one mate", write("mate.tsv", "eco\tname\tpgn\nC00\tFool's Mate\t1. f3 e5 2. g4 Qh4#\n"), "no opening that does not end the game"},
		{"bad EPD", write("bad.epd", "hello\n"), "opening: " + filepath.Join(dir, "bad.epd") + ": chess: EPD line 1:"},
	} {
		if _, err := Load(tt.path); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
}

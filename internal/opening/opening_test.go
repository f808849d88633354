package opening

import (
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

func TestLichessList(t *testing.T) {
	list := Lichess()
	if len(list) != 3807 {
		t.Errorf("%d openings, want 3807 (3,812 lines less the header of each of 5 files)", len(list))
	}
	first := list[0]
	if first.ECO != "A00" || first.Name != "Amar Opening" || first.PGN != "1. Nh3" || len(first.Moves) != 1 {
		t.Errorf("first opening %+v", first)
	}
	for _, o := range list {
		if o.ECO == "" || o.Name == "" || len(o.Moves) == 0 {
			t.Errorf("opening %+v has an empty field", o)
		}
	}
}

// play returns the game of moves in SAN from the standard start.
func play(t *testing.T, moves string) *chess.Game {
	t.Helper()
	g := chess.NewGame()
	for _, san := range strings.Fields(moves) {
		if err := g.PlayMove(san); err != nil {
			t.Fatalf("%s: %v", moves, err)
		}
	}
	return g
}

func TestLookup(t *testing.T) {
	book := LichessBook()
	for _, tt := range []struct {
		moves, eco, name string
	}{
		{"e4 e5 Nf3 Nc6 Bc4", "C50", "Italian Game"},
		{"e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6", "B90", "Sicilian Defense: Najdorf Variation"},
		{"d4 Nf6 c4 e6 Nc3 Bb4", "E20", "Nimzo-Indian Defense"},
		// Transpositions: the Queen's Gambit Declined reached from the
		// English, and the Italian Game with the knight moved first.
		{"c4 e6 Nc3 d5 d4", "D31", "Queen's Gambit Declined: Queen's Knight Variation"},
		{"Nf3 Nc6 e4 e5 Bc4", "C50", "Italian Game"},
	} {
		g := play(t, tt.moves)
		o, ok := book.Lookup(g.Position())
		if !ok || o.ECO != tt.eco || o.Name != tt.name {
			t.Errorf("%s: %v %+v, want %s %s", tt.moves, ok, o, tt.eco, tt.name)
		}
	}
	if o, ok := book.Lookup(play(t, "a3 h6 h3 a6").Position()); ok {
		t.Errorf("a3 h6 h3 a6 named %+v", o)
	}
}

func TestLookupFEN(t *testing.T) {
	book := LichessBook()
	const ruy = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq -"
	for _, fen := range []string{ruy, ruy + " 3 3", ruy + " 40 90"} {
		o, ok, err := book.LookupFEN(fen)
		if err != nil || !ok || o.Name != "Ruy Lopez" || o.ECO != "C60" {
			t.Errorf("%q: %+v %v %v", fen, o, ok, err)
		}
	}
	if _, _, err := book.LookupFEN("not a position"); err == nil {
		t.Error("a broken FEN was looked up")
	}
}

func TestFind(t *testing.T) {
	book := LichessBook()
	for _, tt := range []struct {
		moves         string
		name          string
		ply, leftBook int
	}{
		// The Najdorf, then a move no line of the list plays.
		{"e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Qd3", "Sicilian Defense: Najdorf Variation", 10, 11},
		// Out of the book at the second move.
		{"a3 h6 h3", "Anderssen's Opening", 1, 2},
		// Still in the book at the end.
		{"e4 e5 Nf3", "King's Knight Opening", 3, 0},
		// A transposition into the Queen's Gambit Declined from the
		// English (out of the book after 2... d5, back in after 3. d4):
		// named by the position.
		{"c4 e6 Nc3 d5 d4 Nf6 a3 a6", "Queen's Gambit Declined: Normal Defense", 6, 7},
	} {
		m := book.Find(play(t, tt.moves))
		if m.Name != tt.name || m.Ply != tt.ply || m.LeftBook != tt.leftBook || m.Named() != (tt.name != "") {
			t.Errorf("%s: %q at %d, left at %d; want %q at %d, left at %d", tt.moves, m.Name, m.Ply, m.LeftBook, tt.name, tt.ply, tt.leftBook)
		}
	}
}

func TestFindFromAPosition(t *testing.T) {
	book := LichessBook()
	start := chess.MustParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	g := chess.NewGameFromPosition(start)
	g.PlayMove("e4")
	if m := book.Find(g); m.Named() || m.Ply != 0 || m.LeftBook != 0 {
		t.Errorf("an endgame was in the book: %+v", m)
	}
	// A game from a position of the book is named from its start.
	ruy := chess.MustParseFEN("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3")
	if m := book.Find(chess.NewGameFromPosition(ruy)); m.Name != "Ruy Lopez" || m.Ply != 0 || m.LeftBook != 0 {
		t.Errorf("the Ruy Lopez from its FEN: %+v", m)
	}
}

func TestParseTSV(t *testing.T) {
	good := "eco\tname\tpgn\nC20\tKing's Pawn Game\t1. e4 e5\n\nC50\tItalian Game\te4 e5 Nf3 Nc6 Bc4\n"
	list, err := ParseTSV(strings.NewReader(good), "good.tsv")
	if err != nil || len(list) != 2 || len(list[1].Moves) != 5 || list[1].Family() != "Italian Game" {
		t.Fatalf("good file: %+v, %v", list, err)
	}
	for _, tt := range []struct{ in, want string }{
		{"eco\tname\tpgn\n", "bad.tsv: no openings"},
		{"eco\tname\tpgn\nC20 King's Pawn 1. e4\n", "bad.tsv:2: want eco, name and moves"},
		{"eco\tname\tpgn\nC20\tNonsense\t1. e4 e4\n", "bad.tsv:2: Nonsense"},
		{"eco\tname\tpgn\nC20\tEmpty\t1.\n", "bad.tsv:2: Empty: no moves"},
	} {
		if _, err := ParseTSV(strings.NewReader(tt.in), "bad.tsv"); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want one saying %q", tt.in, err, tt.want)
		}
	}
}

func TestFamily(t *testing.T) {
	if f := (Opening{Name: "Sicilian Defense: Najdorf Variation"}).Family(); f != "Sicilian Defense" {
		t.Errorf("Family %q", f)
	}
}

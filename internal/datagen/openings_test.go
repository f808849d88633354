package datagen

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

func TestLichessOpenings(t *testing.T) {
	book := LichessOpenings()
	if len(book) != 3805 {
		t.Errorf("%d openings, want 3805", len(book))
	}
	for _, o := range book {
		if o.Name == "" || len(o.Moves) == 0 || o.Start != *chess.StartingPosition() {
			t.Errorf("opening %q: %d moves", o.Name, len(o.Moves))
		}
	}
	g := book[0].game()
	if book[0].Name != "Amar Opening" || g.Len() != 1 || g.SANMoves()[0] != "Nh3" {
		t.Errorf("first opening %q, %v", book[0].Name, g.SANMoves())
	}
}

func TestLoadBook(t *testing.T) {
	dir := t.TempDir()
	epd := filepath.Join(dir, "book.epd")
	os.WriteFile(epd, []byte("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"open\";\n"), 0o644)
	book, err := LoadBook(epd)
	if err != nil || len(book) != 1 || book[0].Name != "open" || len(book[0].Moves) != 0 {
		t.Fatalf("EPD book: %+v, %v", book, err)
	}
	tsv := filepath.Join(dir, "book.tsv")
	os.WriteFile(tsv, []byte("eco\tname\tpgn\nC20\tKing's Pawn Game\t1. e4 e5\n"), 0o644)
	if book, err := LoadBook(tsv); err != nil || len(book) != 1 || len(book[0].Moves) != 2 {
		t.Fatalf("TSV book: %+v, %v", book, err)
	}
	if _, err := LoadBook(filepath.Join(dir, "missing.tsv")); err == nil {
		t.Error("a missing book was loaded")
	}
	mate := filepath.Join(dir, "mate.tsv")
	os.WriteFile(mate, []byte("eco\tname\tpgn\nC00\tFool's Mate\t1. f3 e5 2. g4 Qh4#\n"), 0o644)
	if _, err := LoadBook(mate); err == nil || !strings.Contains(err.Error(), "no opening that does not end the game") {
		t.Errorf("a book of one mate: %v", err)
	}
}

func TestOpenGame(t *testing.T) {
	book := LichessOpenings()
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[string]bool{}
	for range 50 {
		g := openGame(rng, book, 3)
		if g.Outcome().IsOver() || g.Len() < 4 {
			t.Errorf("opening %v: over or shorter than a line and 3 random plies", g.SANMoves())
		}
		seen[g.Position().FEN()] = true
	}
	if len(seen) < 45 {
		t.Errorf("only %d different openings in 50", len(seen))
	}
}

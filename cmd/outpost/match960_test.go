package main

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/fixture"
)

// TestMatchChess960AgainstStockfish plays Outpost against Debian's
// Stockfish over UCI in Chess960 mode: two short games from a random 960
// start, one with each colour, the runner checking every move. Both games
// must end without a rules infraction, and their PGN must replay as
// Chess960 games from the start drawn.
func TestMatchChess960AgainstStockfish(t *testing.T) {
	const stockfish = "/usr/games/stockfish"
	if _, err := os.Stat(stockfish); err != nil {
		t.Skip("no Stockfish at " + stockfish + " (apt-get install stockfish)")
	}
	pgnPath := filepath.Join(t.TempDir(), "games.pgn")
	args := []string{"--engine1", fixture.Outpost(t) + " uci", "--engine2", stockfish,
		"--option1", "Hash=8", "--option2", "Hash=8", "--nodes", "2000", "--games", "2",
		"--variant", "chess960", "--seed", "3", "--resign-moves", "3", "--resign-score", "400",
		"--draw-after", "40", "--draw-moves", "6", "--draw-score", "20", "--pgn", pgnPath, "--quiet"}
	var out strings.Builder
	if err := playMatch(context.Background(), args, &out, false); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "illegal") || strings.Contains(out.String(), "crashed") {
		t.Fatalf("match output:\n%s", out.String())
	}
	f, err := os.Open(pgnPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := chess.ReadPGN(f)
	if err != nil || len(games) != 2 {
		t.Fatalf("ReadPGN: %d games, %v", len(games), err)
	}
	for _, g := range games {
		start := g.StartPosition()
		n, ok := start.Chess960Number()
		if g.Tag("Variant") != "Chess960" || !ok || g.Tag("Opening") != "Chess960 #"+strconv.Itoa(n) {
			t.Errorf("game %s: Variant %q, start %q (%d, %v), Opening %q", g.Tag("Round"), g.Tag("Variant"), start.FEN(), n, ok, g.Tag("Opening"))
		}
		if term := g.Tag("Termination"); term == "rules infraction" || g.Len() < 10 {
			t.Errorf("game %s: %d plies, termination %q", g.Tag("Round"), g.Len(), term)
		}
	}
}

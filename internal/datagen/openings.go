package datagen

import (
	"bufio"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/match"
)

// Opening is where a self-play game starts: a position and the moves
// played from it (a named opening's line from the starting position, or no
// moves for a book of positions).
type Opening struct {
	Name  string
	Start chess.Position
	Moves []chess.Move
}

// game returns a new game at the end of the opening.
func (o *Opening) game() *chess.Game {
	g := chess.NewGameFromPosition(&o.Start)
	for _, m := range o.Moves {
		_ = g.Play(m) // checked legal when the opening was parsed
	}
	return g
}

// lichessTSV is lichess's list of named openings (github.com/lichess-org/
// chess-openings, commit 51b8862; CC0, see openings/COPYING.txt).
//
//go:embed openings/*.tsv
var lichessTSV embed.FS

// LichessOpenings returns the 3,805 named openings of lichess's list, each
// a line of moves from the starting position: the default book of "outpost
// datagen --format nnue".
func LichessOpenings() ([]Opening, error) {
	files, err := fs.Glob(lichessTSV, "openings/*.tsv")
	if err != nil {
		return nil, err
	}
	var out []Opening
	for _, name := range files {
		f, err := lichessTSV.Open(name)
		if err != nil {
			return nil, err
		}
		o, err := ParseLichessTSV(f, name)
		f.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, o...)
	}
	return out, nil
}

// LoadBook reads the openings file at path: lichess's tab-separated format
// (a name ending in ".tsv": columns eco, name and pgn, the moves from the
// starting position in SAN) or, for any other name, positions one a line
// as FEN or EPD (see match.ParseOpenings).
func LoadBook(path string) ([]Opening, error) {
	if !strings.HasSuffix(path, ".tsv") {
		positions, err := match.LoadOpenings(path)
		if err != nil {
			return nil, err
		}
		out := make([]Opening, len(positions))
		for i, o := range positions {
			p, err := chess.ParseFEN(o.FEN) // checked by ParseOpenings
			if err != nil {
				return nil, err
			}
			out[i] = Opening{Name: o.Name, Start: *p}
		}
		return out, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("datagen: openings: %v", err)
	}
	defer f.Close()
	return ParseLichessTSV(f, path)
}

// ParseLichessTSV reads openings in lichess's format: a header line, then
// one opening a line, tab-separated eco code, name and moves from the
// starting position ("1. e4 e5 2. Nf3"). Lines that end the game (a
// mate) are left out. Every bad line is reported as
// "name:line: problem"; name is used only in those messages. An input with
// no opening is an error.
func ParseLichessTSV(r io.Reader, name string) ([]Opening, error) {
	var (
		out  []Opening
		errs []error
	)
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if n == 1 && strings.HasPrefix(line, "eco\t") || strings.TrimSpace(line) == "" {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) < 3 {
			errs = append(errs, fmt.Errorf("datagen: %s:%d: want eco, name and moves separated by tabs", name, n))
			continue
		}
		o, err := parseLine(fields[1], fields[2])
		if err != nil {
			errs = append(errs, fmt.Errorf("datagen: %s:%d: %v", name, n, err))
			continue
		}
		if o.game().Outcome().IsOver() {
			continue // a trap that ends the game (Fool's Mate): nothing to play
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Errorf("datagen: %s: %v", name, err))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("datagen: %s: no openings", name)
	}
	return out, nil
}

// parseLine parses an opening's moves in SAN from the starting position,
// with or without move numbers.
func parseLine(name, moves string) (Opening, error) {
	o := Opening{Name: name, Start: *chess.StartingPosition()}
	g := chess.NewGame()
	for _, tok := range strings.Fields(moves) {
		if strings.HasSuffix(tok, ".") {
			continue // a move number: "1." or "3..."
		}
		if err := g.PlayMove(tok); err != nil {
			return Opening{}, fmt.Errorf("%s: %v", name, err)
		}
	}
	o.Moves = g.Moves()
	return o, nil
}

// openGame returns a game at the end of a random opening of book (the
// starting position when book is empty) followed by n random legal moves,
// drawn again until the game has not ended.
func openGame(rng *rand.Rand, book []Opening, n int) *chess.Game {
	for {
		var g *chess.Game
		if len(book) == 0 {
			g = chess.NewGame()
		} else {
			g = book[rng.IntN(len(book))].game()
		}
		for range n {
			if g.Outcome().IsOver() {
				break
			}
			moves := g.Position().LegalMoves()
			_ = g.Play(moves[rng.IntN(len(moves))])
		}
		if !g.Outcome().IsOver() {
			return g
		}
	}
}

package datagen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/match"
	"github.com/outpost-chess/outpost/internal/opening"
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

// LichessOpenings returns the named openings of lichess's list
// (opening.Lichess) that do not end the game, each a line of moves from
// the starting position: the default book of "outpost datagen --format
// nnue".
func LichessOpenings() []Opening {
	return fromNamed(opening.Lichess())
}

// LoadBook reads the openings file at path: lichess's tab-separated format
// (a name ending in ".tsv", see opening.ParseTSV; the lines that end the
// game are left out) or, for any other name, positions one a line
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
	list, err := opening.ParseTSV(f, path)
	if err != nil {
		return nil, err
	}
	out := fromNamed(list)
	if len(out) == 0 {
		return nil, fmt.Errorf("datagen: %s: no opening that does not end the game", path)
	}
	return out, nil
}

// fromNamed returns the openings of list as self-play openings, less
// those that end the game (a trap such as Fool's Mate: nothing to play).
func fromNamed(list []opening.Opening) []Opening {
	out := make([]Opening, 0, len(list))
	for _, n := range list {
		o := Opening{Name: n.Name, Start: *chess.StartingPosition(), Moves: n.Moves}
		if !o.game().Outcome().IsOver() {
			out = append(out, o)
		}
	}
	return out
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

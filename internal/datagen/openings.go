package datagen

import (
	"fmt"
	"math/rand/v2"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/opening"
)

// openGame returns a game at the end of a random opening of book (the
// starting position when book is empty) followed by n random legal moves,
// drawn again until the game has not ended.
func openGame(rng *rand.Rand, book []opening.Opening, n int) *chess.Game {
	for {
		var g *chess.Game
		if len(book) == 0 {
			g = chess.NewGame()
		} else {
			g, _ = book[rng.IntN(len(book))].Game() // checked by Run (checkBook)
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

// checkBook returns an error when an opening of book makes no game (see
// opening.Opening.Game: an opening not made by package opening's readers).
func checkBook(book []opening.Opening) error {
	for _, o := range book {
		if _, err := o.Game(); err != nil {
			return fmt.Errorf("datagen: the book: %w", err)
		}
	}
	return nil
}

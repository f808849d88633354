package match

import (
	"fmt"
	"math/rand/v2"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/opening"
)

// Chess960Openings returns n Chess960 start positions as openings for a
// match with Config.Chess960 set, drawn at random by seed: distinct while
// n is at most 960, the same for the same seed. Each is named
// "Chess960 #N" by its number (chess.NewChess960).
func Chess960Openings(n int, seed uint64) []opening.Opening {
	r := rand.New(rand.NewPCG(seed, 0x960))
	numbers := r.Perm(chess.Chess960Positions)
	out := make([]opening.Opening, n)
	for i := range out {
		num := numbers[i%len(numbers)]
		p, err := chess.NewChess960(num)
		if err != nil {
			panic("match: " + err.Error()) // numbers from Perm(960) are all valid
		}
		out[i] = opening.Opening{Name: fmt.Sprintf("Chess960 #%d", num), FEN: p.FEN()}
	}
	return out
}

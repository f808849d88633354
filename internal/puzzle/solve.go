package puzzle

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/outpost-chess/outpost/chess"
)

// Verdict is the judgement of one move of the solver (Step).
type Verdict struct {
	Correct bool   // the move is the solution's, or another move that mates at once
	Reply   string // the opponent's answer (UCI) when the puzzle goes on
	Solved  bool   // the solver's last move was played correctly
}

// Step judges the solver's move move (UCI) after the first ply moves of
// e's solution were played (ply is even: the solver is to move). As on
// lichess, a move other than the solution's is correct when it mates at
// once, and then solves the puzzle. A move that does not read or is not
// legal is an error and judges nothing.
func Step(e Entry, ply int, move string) (Verdict, error) {
	if ply < 0 || ply >= len(e.Moves) || ply%2 != 0 {
		return Verdict{}, fmt.Errorf("puzzle: %s: no move of the solver's at ply %d", e.ID, ply)
	}
	pos, err := chess.ParseFEN(e.FEN)
	if err != nil {
		return Verdict{}, fmt.Errorf("puzzle: %s: %v", e.ID, err)
	}
	for _, uci := range e.Moves[:ply] {
		m, err := pos.ParseUCI(uci)
		if err != nil {
			return Verdict{}, fmt.Errorf("puzzle: %s: %v", e.ID, err)
		}
		pos.MakeMove(m)
	}
	m, err := pos.ParseUCI(move)
	if err != nil {
		return Verdict{}, fmt.Errorf("puzzle: %v", err)
	}
	if move == e.Moves[ply] || m.String() == e.Moves[ply] {
		if ply+1 == len(e.Moves) {
			return Verdict{Correct: true, Solved: true}, nil
		}
		return Verdict{Correct: true, Reply: e.Moves[ply+1]}, nil
	}
	pos.MakeMove(m)
	if pos.InCheck() && len(pos.LegalMoves()) == 0 {
		return Verdict{Correct: true, Solved: true}, nil
	}
	return Verdict{}, nil
}

// Next picks the puzzle to offer a solver rated rating: among the puzzles
// of set not yet seen (seen may be nil) and tagged theme (any when theme
// is ""), one drawn at random from those whose rating is nearest to the
// solver's (the closest 20, as lichess offers puzzles near the player's
// rating without repeating one). ok is false when none is left.
func Next(set []Entry, rating float64, theme string, seen func(id string) bool, rnd *rand.Rand) (e Entry, ok bool) {
	const pool = 20
	var near []Entry // the closest so far, unordered, at most pool
	far := func(x Entry) float64 { return math.Abs(float64(x.Rating) - rating) }
	for _, x := range set {
		if (theme != "" && !slices.Contains(x.Themes, theme)) || (seen != nil && seen(x.ID)) {
			continue
		}
		if len(near) < pool {
			near = append(near, x)
			continue
		}
		worst := 0
		for i := range near {
			if far(near[i]) > far(near[worst]) {
				worst = i
			}
		}
		if far(x) < far(near[worst]) {
			near[worst] = x
		}
	}
	if len(near) == 0 {
		return Entry{}, false
	}
	return near[rnd.IntN(len(near))], true
}

package puzzle

// StartRating is the rating of e before anyone has tried it: its set's
// rating, as uncertain as InitialRating makes a new puzzle's.
func (e Entry) StartRating() Rating {
	return Rating{Rating: float64(e.Rating), Deviation: initialDeviation, Volatility: NewRating().Volatility}
}

// Rate returns the ratings of a solver rated solver and a puzzle rated pz
// after one attempt: solved is a win for the solver and a loss for the
// puzzle, a failure the reverse (one game of a rating period each, as
// lichess rates puzzles).
func Rate(solver, pz Rating, solved bool) (solverAfter, pzAfter Rating) {
	score := 0.0
	if solved {
		score = 1
	}
	solverAfter = solver.Update([]Result{{Opponent: pz, Score: score}})
	pzAfter = pz.Update([]Result{{Opponent: solver, Score: 1 - score}})
	return solverAfter, pzAfter
}

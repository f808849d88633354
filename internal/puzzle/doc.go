// Package puzzle makes tactics puzzles from games with the engine, tags
// them with themes, and rates them and their solvers with Glicko-2.
//
// The miner (Find, Mine) follows the criteria of lichess's public puzzle
// generator: a position after the opponent's move where one move alone
// wins (the best at least Options.Gap better than every other, and winning
// by Options.Win, or the only mate); the line goes on, the opponent
// answering with the engine's best reply, while the solver's move stays
// the only good one, and ends on the solver's move. Themes names what the
// line does (mates and their patterns, forks, hanging pieces, promotions,
// sacrifices, double checks, the game's phase, the line's length).
// Ratings (Rating.Update) are Glicko-2 (Glickman 2013); a puzzle starts at
// InitialRating, from the search effort its solution took.
//
// Missed and FromReviews make puzzles of the wins people missed in their
// reviewed games; Attempt rates and keeps a solver's attempt.
//
// Files: mine.go (the miner), missed.go (puzzles from reviewed games),
// themes.go (the themes), glicko.go (ratings), attempt.go (an attempt
// rated and kept), set.go (a set in JSON lines), builtin.go (the set built
// in), solve.go (judging a solver's move, choosing the next puzzle).
package puzzle

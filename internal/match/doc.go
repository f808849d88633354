// Package match plays matches between two UCI engines and measures the
// difference in their strength: the runner behind "outpost match", and so
// behind every strength figure of the project.
//
// A match is a number of games from a list of opening positions, each
// opening played twice with the colours swapped, so that an unbalanced
// opening favours neither engine. The runner keeps the clocks, checks every
// move, claims draws for the engines, adjudicates losses on time, illegal
// moves and crashes (and, if asked, hopeless or dead-drawn positions), and
// restarts an engine that crashed before its next game.
//
// Files:
//
//	match.go     Config, Run: the games, the workers, the early stop
//	game.go      one game: clocks, adjudication, the record of the game
//	uci.go       Engine: a UCI engine process and the protocol spoken to it
//	limits.go    Limits: time control, move time, nodes, depth
//	stats.go     Elo, confidence interval, LOS, SPRT
//	report.go    progress lines and the summary, as printed
//	pgn.go       the games in PGN
package match

// Package tui is Outpost's terminal game, "outpost play": a full-screen
// board drawn with Bubble Tea and Lip Gloss, and a line mode for pipes,
// scripts and screen readers.
//
// It is a front end and nothing more: a thin adapter to package play, which
// holds the rules of play (takeback, redo, resignation, draws, the clock)
// for the web app and the terminal alike, and package chess (legal moves,
// SAN, check, the end of the game). The engine's work (the AI's moves, its
// judgements of draw offers, the reviews) runs on a scheduler (package
// sched, as the web server's does) of one engine, the AI's, with
// sched.Scheduler.Search: a review asked for mid-game never holds the AI's
// move back by more than one position's search. Every AI move is the
// search play.Game.AISearch describes: in the full-screen game waited for
// on a goroutine of its own, so the screen answers keys while the AI
// thinks (progress arrives as messages); in the line mode in turn with the
// input, so the next prompt comes after the AI's move. Levels are engine.Levels,
// the same as in the web app and UCI. Every text shown is in the player's
// language, English or Chinese (Config.Lang), from the catalogue in
// messages.go. Unfinished games are kept in internal/store, the database
// the web app shares, so --resume continues the last one; a store that
// fails is reported once and the game goes on unkept. On a clock the side
// panel shows both clocks, redrawn ten times a second, and the game ends
// when a flag falls. The side panel names the opening (internal/opening).
// The puzzle trainer ("outpost puzzle") is the same board with its own
// model: puzzles picked by puzzle.Next near the player's rating, each move
// judged by puzzle.Step, the attempts rated and kept by puzzle.Attempt in
// the store; it too has a line mode.
// A game's review (internal/review) starts by itself when the full-screen
// game ends and with R at any time; the review screen shows the evaluation
// graph, the judgements, the better moves and each side's summary, and the
// line mode's review command prints the review's table. A review is kept
// with its game in the store.
//
// Files:
//
//	model.go    Config, Model: the state, Update and the keys of each mode
//	view.go     View: the layout (large, medium or small board, or "too
//	            small"), the side panel, the status and key lines, help
//	board.go    the board: squares, pieces, cursor, selection, legal
//	            destinations, last move, check; colours and glyphs
//	menu.go     the start menu: colour, level and clock
//	search.go   the AI's search as Bubble Tea commands and messages
//	work.go     the engine's work on the scheduler
//	session.go  a game being played: the play.Game, names, draws typed,
//	            PGN
//	player.go   ParsePlayer ("human", "ai:LEVEL", "elo:N")
//	plain.go    RunPlain, the line mode
//	run.go      Run, the full-screen program
//	store.go    the keeper and ResumeLatest, the link to internal/store
//	format.go   clocks, material, move list
//	review.go   the game's review: running it, keeping it, its keys
//	reviewview.go  the review screen, the panel's opening and review lines
//	graph.go    the evaluation graph in block characters
//	reviewtext.go  the review's words
//	puzzles.go  the puzzle trainer's state and actions, for both modes
//	puzzleview.go  RunPuzzles, the trainer full screen
//	puzzleplain.go RunPuzzlesPlain, the trainer in line mode
//	messages.go the catalogue: every text, in English and Chinese
//	words.go    colours, pieces, outcomes and errors in the player's
//	            language, from the catalogue
package tui

// Package tui is Outpost's terminal game, "outpost play": a full-screen
// board drawn with Bubble Tea and Lip Gloss, and a line mode for pipes,
// scripts and screen readers.
//
// It is a front end and nothing more. Every rule comes from package chess
// (legal moves and destinations, SAN, check, the end of the game), every AI
// move from engine.Search (on a goroutine of its own, so the screen answers
// keys while the AI thinks; progress arrives as messages), and levels are
// engine.Levels, the same as in the web app and UCI. Unfinished games are
// kept through a Keeper; StoreKeeper keeps them in internal/store, the
// database the web app shares, so --resume continues the last one.
//
// Files:
//
//	model.go    Config, Model: the state, Update and the keys of each mode
//	view.go     View: the layout (large, medium or small board, or "too
//	            small"), the side panel, the status and key lines, help
//	board.go    the board: squares, pieces, cursor, selection, legal
//	            destinations, last move, check; colours and glyphs
//	menu.go     the start menu: colour and level
//	search.go   the AI's search as Bubble Tea commands and messages
//	session.go  a game being played: players, moves, takeback and redo,
//	            keeping
//	player.go   Player, ParsePlayer ("human", "ai:LEVEL")
//	plain.go    RunPlain, the line mode
//	run.go      Run, the full-screen program
//	store.go    StoreKeeper and ResumeLatest, the link to internal/store
//	format.go   scores, counts, principal variations, material, move list
package tui

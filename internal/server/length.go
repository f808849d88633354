package server

import (
	"net/http"

	"github.com/outpost-chess/outpost/chess"
)

// MaxPlies is the longest game the server takes in when one is created: an
// imported game (PGN) or a start position (FEN) may not reach past ply 600
// (move 300), counting the plies before its start position (by its move
// number). Lichess's importer has the same bound (600 plies), and it is
// well past the longest game of master play, 269 moves (538 plies:
// Nikolić-Arsović, Belgrade 1989). It bounds the memory and work of a game
// imported in one request: each ply held costs the server about 700 bytes.
const MaxPlies = 600

// checkLength refuses, in words, a new game g that reaches past MaxPlies.
func checkLength(g *chess.Game) error {
	start := g.StartPosition()
	before := 2 * (start.FullmoveNumber() - 1)
	if start.SideToMove() == chess.Black {
		before++
	}
	ply := before + g.Len()
	if ply <= MaxPlies {
		return nil
	}
	if g.Len() == 0 {
		return errorf(http.StatusBadRequest, "the position is at move %d, ply %d of its game, past %d plies (%d moves), the longest game this server takes in (as lichess's imports): give the FEN a smaller move number",
			start.FullmoveNumber(), ply, MaxPlies, MaxPlies/2)
	}
	return errorf(http.StatusBadRequest, "the game is too long: %d plies (%d moves) from the start of its game, past %d plies (%d moves), the longest game this server takes in (as lichess's imports)",
		ply, (ply+1)/2, MaxPlies, MaxPlies/2)
}

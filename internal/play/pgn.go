package play

import (
	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/opening"
)

// PGN returns the game in PGN (see PGNGame).
func (g *Game) PGN(tags ...chess.Tag) string { return g.PGNGame(tags...).PGN() }

// PGNGame returns a copy of the game to export as PGN: with the given tags
// (the players' names, the event), the tags ECO and Opening of the last
// named opening it reached (lichess's list, internal/opening), and, on a
// clock, the tag TimeControl ("180+2") and each move's clock reading
// ({[%clk 0:02:58]}). A front end may annotate it (a review) before
// writing it.
func (g *Game) PGNGame(tags ...chess.Tag) *chess.Game {
	cg := g.game.Clone()
	for _, t := range tags {
		cg.SetTag(t.Name, t.Value)
	}
	if m := opening.LichessBook().Find(cg); m.Named() {
		cg.SetTag("ECO", m.ECO)
		cg.SetTag("Opening", m.Name)
	}
	if g.tc.Timed() {
		cg.SetTag("TimeControl", g.tc.PGN())
	}
	return cg
}

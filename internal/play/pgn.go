package play

import "github.com/outpost-chess/outpost/chess"

// PGN returns the game in PGN with the given tags (the players' names, the
// event) and, on a clock, the tag TimeControl ("180+2") and each move's
// clock reading ({[%clk 0:02:58]}).
func (g *Game) PGN(tags ...chess.Tag) string {
	cg := g.game.Clone()
	for _, t := range tags {
		cg.SetTag(t.Name, t.Value)
	}
	if g.tc.Timed() {
		cg.SetTag("TimeControl", g.tc.PGN())
	}
	return cg.PGN()
}

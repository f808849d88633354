package play

import "github.com/outpost-chess/outpost/chess"

// PGN returns the game in PGN with the given tags (the players' names, the
// event) and, on a clock, the tag TimeControl ("180+2") and each move's
// clock reading ({[%clk 0:02:58]}).
func (g *Game) PGN(tags ...chess.Tag) string { return g.PGNFrom(nil, tags...) }

// PGNFrom is PGN for a game imported from the game imported (nil: none):
// its tags win over tags (the players' names, the event and the opening as
// given), but for those the game itself decides (Result, FEN, SetUp), and
// its comments and glyphs annotate the moves the two games share from the
// same start.
func (g *Game) PGNFrom(imported *chess.Game, tags ...chess.Tag) string {
	cg := g.game.Clone()
	for _, t := range tags {
		cg.SetTag(t.Name, t.Value)
	}
	if imported != nil {
		for _, t := range imported.Tags() {
			switch t.Name {
			case "Result", "FEN", "SetUp", "PlyCount", "Termination":
			default:
				cg.SetTag(t.Name, t.Value)
			}
		}
		for ply := 0; ply <= SharedPlies(cg, imported); ply++ {
			if c := imported.Comment(ply); c != "" && cg.Comment(ply) == "" {
				cg.SetComment(ply, c)
			}
			if ply > 0 && len(cg.NAGs(ply)) == 0 {
				for _, n := range imported.NAGs(ply) {
					cg.AddNAG(ply, n)
				}
			}
		}
	}
	if g.tc.Timed() {
		cg.SetTag("TimeControl", g.tc.PGN())
	}
	return cg.PGN()
}

// SharedPlies returns how many moves a and b share from their start, or -1
// when they start from different positions.
func SharedPlies(a, b *chess.Game) int {
	if a.StartPosition().FEN() != b.StartPosition().FEN() {
		return -1
	}
	am, bm := a.Moves(), b.Moves()
	n := 0
	for n < len(am) && n < len(bm) && am[n] == bm[n] {
		n++
	}
	return n
}

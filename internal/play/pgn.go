package play

import (
	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/opening"
)

// PGN returns the game in PGN (see PGNGame).
func (g *Game) PGN(tags ...chess.Tag) string { return g.PGNGame(nil, tags...).PGN() }

// PGNGame returns a copy of the game to export as PGN: with the given tags
// (the players' names, the event), the tags ECO and Opening of the last
// named opening it reached (lichess's list, internal/opening; in Chess960,
// Opening is "Chess960 #N": see Chess960Label), and, on a
// clock, the tag TimeControl ("180+2") and each move's clock reading
// ({[%clk 0:02:58]}). For a game imported from the game imported (nil:
// none), that game's tags win over those (the players' names, the event
// and the opening as given), but for those the game itself decides
// (Result, FEN, SetUp), and its comments, glyphs and variations annotate
// the moves the two games share from the same start. A front end may annotate the copy
// further (a review) before writing it.
func (g *Game) PGNGame(imported *chess.Game, tags ...chess.Tag) *chess.Game {
	cg := g.game.Clone()
	for _, t := range tags {
		cg.SetTag(t.Name, t.Value)
	}
	if label := Chess960Label(cg.StartPosition()); label != "" {
		cg.SetTag("Opening", label)
	} else if m := opening.LichessBook().Find(cg); m.Named() {
		cg.SetTag("ECO", m.ECO)
		cg.SetTag("Opening", m.Name)
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
			if ply > 0 && len(cg.Variations(ply)) == 0 {
				for _, v := range imported.Variations(ply) {
					_ = cg.AddVariation(ply, v) // from the same position: the moves are shared
				}
			}
		}
	}
	if g.tc.Timed() {
		cg.SetTag("TimeControl", g.tc.PGN())
	}
	return cg
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

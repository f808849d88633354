package chess

import "errors"

// A move of a game may have variations: other lines that could have been
// played instead of it, as PGN writes them in parentheses after the move:
// "3. Bc4 (3. Bb5 a6) 3... Nf6". A variation is a Game of its own, starting
// from the position before the move it replaces, with its own comments,
// glyphs and variations.

// Variations returns copies of the variations of the ply-th move (1 to
// Len()), in order, or nil.
func (g *Game) Variations(ply int) []*Game {
	return cloneVariations(g.notes.variations[ply])
}

// AddVariation adds a copy of v as the last variation of the ply-th move
// (1 to Len()): v must start from the position before that move, and have
// at least one move. Its tags and outcome are not kept (a variation is
// moves, with their comments, glyphs and variations).
func (g *Game) AddVariation(ply int, v *Game) error {
	switch {
	case ply < 1 || ply > g.Len():
		return errors.New("chess: a variation must replace a move of the game")
	case v.Len() == 0:
		return errors.New("chess: a variation needs at least one move")
	case v.checkpoints[0] != g.positionAt(ply-1):
		return errors.New("chess: a variation must start from the position before the move it replaces")
	}
	c := v.Clone()
	c.tags = tagList{}
	if g.notes.variations == nil {
		g.notes.variations = map[int][]*Game{}
	}
	g.notes.variations[ply] = append(g.notes.variations[ply], c)
	return nil
}

// VariationCount returns how many variations the game holds, nested ones
// included.
func (g *Game) VariationCount() int {
	n := 0
	for _, vs := range g.notes.variations {
		for _, v := range vs {
			n += 1 + v.VariationCount()
		}
	}
	return n
}

// cloneVariations returns deep copies of vs, or nil for none.
func cloneVariations(vs []*Game) []*Game {
	if len(vs) == 0 {
		return nil
	}
	out := make([]*Game, len(vs))
	for i, v := range vs {
		out[i] = v.Clone()
	}
	return out
}

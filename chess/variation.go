package chess

import (
	"errors"
	"fmt"
	"slices"
)

// A move of a game may have variations: other lines that could have been
// played instead of it, as PGN writes them in parentheses after the move:
// "3. Bc4 (3. Bb5 a6) 3... Nf6". A variation is a Game of its own, starting
// from the position before the move it replaces, with its own comments,
// glyphs and variations.
//
// A variation, once added to a game, never changes: AddVariation stores a
// copy that nothing else can reach, and Variations hands out copies. So
// games share their variations' games: a copy of a game (Clone,
// Variations) copies its own moves and notes and points to the same
// variations, and a tree of variations costs its size, not its size times
// its depth, to copy, read, write or walk.

// MaxVariationDepth is how deep variations may nest: a variation within a
// variation within ... of a game, MaxVariationDepth levels in all. The PGN
// reader refuses a game whose variations nest deeper, and AddVariation a
// variation that would. Annotated games nest a few levels; 100 is far
// past them, and keeps the recursion of reading and writing shallow.
const MaxVariationDepth = 100

// ErrVariationDepth is the error (in errors.Is) of variations nested more
// than MaxVariationDepth deep.
var ErrVariationDepth = fmt.Errorf("chess: variations nested more than %d deep: %d levels are the most kept", MaxVariationDepth, MaxVariationDepth)

// Variations returns copies of the variations of the ply-th move (1 to
// Len()), in order, or nil.
func (g *Game) Variations(ply int) []*Game {
	vs := g.notes.variations[ply]
	if len(vs) == 0 {
		return nil
	}
	out := make([]*Game, len(vs))
	for i, v := range vs {
		out[i] = v.Clone()
	}
	return out
}

// AddVariation adds a copy of v as the last variation of the ply-th move
// (1 to Len()): v must start from the position before that move, have at
// least one move, and have variations nested at most MaxVariationDepth-1
// deep (else the error is ErrVariationDepth). Its tags and outcome are not
// kept (a variation is moves, with their comments, glyphs and variations).
func (g *Game) AddVariation(ply int, v *Game) error {
	switch {
	case ply < 1 || ply > g.Len():
		return errors.New("chess: a variation must replace a move of the game")
	case v.Len() == 0:
		return errors.New("chess: a variation needs at least one move")
	case v.checkpoints[0] != g.positionAt(ply-1):
		return errors.New("chess: a variation must start from the position before the move it replaces")
	case v.variationDepth() >= MaxVariationDepth:
		return ErrVariationDepth
	}
	c := v.Clone()
	c.tags = tagList{}
	g.addVariation(ply, c)
	return nil
}

// addVariation adds v, which the caller gives up, as the last variation of
// the ply-th move, which it replaces.
func (g *Game) addVariation(ply int, v *Game) {
	if g.notes.variations == nil {
		g.notes.variations = map[int][]*Game{}
	}
	g.notes.variations[ply] = append(g.notes.variations[ply], v)
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

// variationDepth returns how deep g's variations nest: 0 without any, 1
// when none of them has variations of its own, and so on.
func (g *Game) variationDepth() int {
	depth := 0
	for _, vs := range g.notes.variations {
		for _, v := range vs {
			depth = max(depth, 1+v.variationDepth())
		}
	}
	return depth
}

// cloneVariations returns a copy of the list vs, or nil for none: the
// games in it are shared, since nothing changes them (see above).
func cloneVariations(vs []*Game) []*Game {
	if len(vs) == 0 {
		return nil
	}
	return slices.Clone(vs)
}

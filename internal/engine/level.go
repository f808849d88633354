package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"
)

// Level is a playing strength shared by every front end, so "level 4" means
// the same in the web app, the terminal and UCI. The zero Level is full
// strength with no limits.
//
// A level weakens the engine the way people find natural: it searches less
// (a depth, node and time cap), and it chooses among the few best moves
// rather than always the best (a softmax over the top Candidates lines that
// are within Spread of the best, at Temperature): it prefers good moves and
// sometimes plays a reasonable second-best, but never a move far worse than
// the best it saw.
type Level struct {
	Name string // "1".."8", "classic", "max", a number ("2200"); "" for the zero Level
	Elo  int    // the strength it plays at (classic: as measured; 0 for full strength, not on the scale yet)

	Depth    int           // maximum search depth (0: none)
	Nodes    uint64        // maximum nodes per move (0: none)
	MoveTime time.Duration // maximum thinking time per move (0: none)

	Candidates  int   // lines searched to choose among (MultiPV); <= 1 plays the best
	Spread      Score // candidates scoring more than this below the best are excluded
	Temperature Score // softmax temperature in centipawns: higher is more random

	// Classic searches the way the tutorials do: fixed-depth alpha-beta
	// with the classic evaluator and moves in random order.
	Classic bool
}

// presets are the named levels: levels 1-7 at the strengths they have
// always aimed at (the numbers' limits, so "level 4" is "1400"), presets
// above them named by their numbers, and full strength. Levels 1-7 keep
// their names and numbers so that stored games, UCI's Level option and the
// scripts mean what they meant; the presets above are just numbers a
// player could type, offered in the lists. Full strength (8 and max) has
// no number on the scale yet (Elo 0): docs/levels.md says what it
// measured. Classic is whatever the tutorials' search is worth: its Elo is
// measured, not aimed at.
var presets = []struct {
	name string
	elo  int
}{
	{"1", 800}, {"2", 1000}, {"3", 1200}, {"4", 1400}, {"5", 1550}, {"6", 1700}, {"7", 1800},
	{"2000", 2000}, {"2200", 2200}, {"2400", 2400}, {"2600", 2600},
}

// levels is the level table: the presets weakest first, then "8",
// "classic" and "max".
var levels = func() []Level {
	var ls []Level
	for _, p := range presets {
		l := limitsAt(p.elo)
		l.Name = p.name
		ls = append(ls, l)
	}
	return append(ls,
		Level{Name: "8"},
		Level{Name: "classic", Elo: 600, Depth: 3, Classic: true},
		Level{Name: "max"})
}()

// FullStrength reports whether the level leaves the search unweakened
// (8, max and the zero Level): no caps, one line, the main evaluation.
func (l Level) FullStrength() bool {
	return l.Depth == 0 && l.Nodes == 0 && l.MoveTime == 0 && l.Candidates <= 1 && !l.Classic
}

// Levels returns every named level: the presets weakest first ("1".."7",
// "2000".."2600"), then "8", "classic" and "max".
func Levels() []Level { return append([]Level(nil), levels...) }

// ParseLevel returns the level with the given name ("1".."8", "classic",
// "max"), or the strength a number names ("2200", as EloLevel; a number
// CheckElo refuses is its error). Every level's name parses back to it.
func ParseLevel(name string) (Level, error) {
	for _, l := range levels {
		if l.Name == name {
			return l, nil
		}
	}
	if name != "" && name[0] >= '0' && name[0] <= '9' {
		elo, err := ParseElo(name)
		if err != nil {
			return Level{}, err
		}
		return EloLevel(elo)
	}
	return Level{}, fmt.Errorf("engine: unknown level %q (want 1-8, classic, max, or a number from %d to %d in steps of %d)", name, MinElo, MaxElo, EloStep)
}

// String returns the level's name, or "max" for the zero Level.
func (l Level) String() string {
	if l.Name == "" {
		return "max"
	}
	return l.Name
}

// restrict applies the level's depth and node caps to the limits.
func (l Level) restrict(lim Limits) Limits {
	if l.Depth > 0 && (lim.Depth == 0 || lim.Depth > l.Depth) {
		lim.Depth = l.Depth
	}
	if l.Nodes > 0 && (lim.Nodes == 0 || lim.Nodes > l.Nodes) {
		lim.Nodes = l.Nodes
	}
	return lim
}

// capBudget applies the level's time cap to a time budget.
func (l Level) capBudget(b timeBudget) timeBudget {
	if l.MoveTime <= 0 {
		return b
	}
	if b.hard == 0 || b.hard > l.MoveTime {
		b.hard = l.MoveTime
		b.flexible, b.fixed = false, false // the level's cap, not a promise
	}
	if b.soft == 0 || b.soft > l.MoveTime {
		b.soft = l.MoveTime
	}
	return b
}

// choose picks the move to play among the searched candidates (sorted best
// first, each with an exact score): a softmax over those within Spread of
// the best. A forced mate for the side to move is always played.
func (l Level) choose(cands []rootMove, best Result, rng *rand.Rand) Result {
	top := cands[0].score
	if top > MaxMateScore || len(cands) < 2 {
		return best
	}
	temp := math.Max(float64(l.Temperature), 1)
	weights := make([]float64, 0, len(cands))
	total := 0.0
	for _, c := range cands {
		if c.score == -Infinite || c.score < top-l.Spread {
			break
		}
		w := math.Exp(float64(c.score-top) / temp)
		weights = append(weights, w)
		total += w
	}
	x := rng.Float64() * total
	for i, w := range weights {
		if x < w || i == len(weights)-1 {
			c := cands[i]
			best.BestMove, best.Score, best.PV, best.PonderMove = c.move, c.score, c.pv, 0
			if len(c.pv) > 1 {
				best.PonderMove = c.pv[1]
			}
			return best
		}
		x -= w
	}
	return best
}

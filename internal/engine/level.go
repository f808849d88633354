package engine

import "fmt"

// Level is a playing strength shared by every front end, so "level 4" means
// the same in the web app, the terminal and UCI. The zero Level is full
// strength with no limits.
type Level struct {
	Name string // "1".."8", "classic", "max"; "" for the zero Level
	Elo  int    // the strength this level aims at
}

// The range of UCI_Elo values LevelForElo accepts.
const (
	MinElo = 800
	MaxElo = 2800
)

// Levels returns every named level, weakest first: "1".."8", "classic", "max".
func Levels() []Level {
	return nil
}

// ParseLevel returns the level with the given name ("1".."8", "classic", "max").
func ParseLevel(name string) (Level, error) {
	for _, l := range Levels() {
		if l.Name == name {
			return l, nil
		}
	}
	return Level{}, fmt.Errorf("engine: unknown level %q (want 1-8, classic or max)", name)
}

// LevelForElo returns a level aiming at the given Elo (clamped to MinElo..MaxElo),
// for UCI_LimitStrength/UCI_Elo.
func LevelForElo(elo int) Level {
	return Level{Elo: elo}
}

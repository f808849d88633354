package play

import (
	"fmt"

	"github.com/outpost-chess/outpost/internal/engine"
)

// Player is who plays one side: a person, or the AI at a level. The zero
// Player is a person.
type Player struct {
	AI    bool
	Level engine.Level // the AI's strength; the zero Level for a person
}

// Human is a person at the board.
var Human = Player{}

// AI returns the AI playing at level.
func AI(level engine.Level) Player { return Player{AI: true, Level: level} }

// The kinds of player as a store writes them.
const (
	KindHuman = "human"
	KindAI    = "ai"
)

// ParsePlayer returns the player a store records as kind (KindHuman or
// KindAI) and level (an engine level name, "1".."8", "classic" or "max",
// or a strength by number, "2200"; ignored for a person). An unknown kind
// or level is an error, never silently full strength.
func ParsePlayer(kind, level string) (Player, error) {
	switch kind {
	case KindHuman:
		return Human, nil
	case KindAI:
		l, err := engine.ParseLevel(level)
		if err != nil {
			return Player{}, fmt.Errorf("play: the AI's level %q is not one this version knows: %w", level, err)
		}
		return AI(l), nil
	}
	return Player{}, fmt.Errorf("play: player %q is neither %q nor %q", kind, KindHuman, KindAI)
}

// Kind returns KindHuman or KindAI.
func (p Player) Kind() string {
	if p.AI {
		return KindAI
	}
	return KindHuman
}

// LevelName returns the AI's level name ("4", "max", "2200"), or "" for a
// person.
func (p Player) LevelName() string {
	if !p.AI {
		return ""
	}
	return p.Level.String()
}

// String describes the player: "human", or "ai:4".
func (p Player) String() string {
	if !p.AI {
		return KindHuman
	}
	return KindAI + ":" + p.Level.String()
}

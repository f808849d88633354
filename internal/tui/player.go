package tui

import (
	"fmt"
	"strings"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// DefaultLevel is the level of an AI player when none is named ("ai"), and
// the level the start menu offers first.
const DefaultLevel = "3"

// Player is who moves for one side: a person at the keyboard, or the AI at a
// level. The zero Player is a human.
type Player struct {
	AI    bool
	Level engine.Level // meaningful only when AI is set
}

// Human is the player at the keyboard.
var Human = Player{}

// AIPlayer returns the AI at the given level.
func AIPlayer(level engine.Level) Player { return Player{AI: true, Level: level} }

// ParsePlayer parses a player as the --white and --black flags write it:
// "human", or "ai:LEVEL" with LEVEL one of engine.Levels ("1".."8",
// "classic", "max"). "ai" alone is the AI at DefaultLevel.
func ParsePlayer(s string) (Player, error) {
	switch s {
	case "human":
		return Human, nil
	case "ai":
		s = "ai:" + DefaultLevel
	}
	name, ok := strings.CutPrefix(s, "ai:")
	if !ok {
		return Player{}, fmt.Errorf("tui: player %q: want human or ai:LEVEL (LEVEL 1-8, classic or max)", s)
	}
	level, err := engine.ParseLevel(name)
	if err != nil {
		return Player{}, fmt.Errorf("tui: player %q: want human or ai:LEVEL (LEVEL 1-8, classic or max)", s)
	}
	return AIPlayer(level), nil
}

// String returns the player as ParsePlayer reads it: "human" or "ai:3".
func (p Player) String() string {
	if !p.AI {
		return "human"
	}
	return "ai:" + p.Level.String()
}

// colorName returns "White" or "Black".
func colorName(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}

package tui

import (
	"fmt"
	"strings"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/play"
)

// DefaultLevel is the level of an AI player when none is named ("ai"), and
// the level the start menu offers first.
const DefaultLevel = "3"

// ParsePlayer parses a player as the --white and --black flags write it:
// "human", or "ai:LEVEL" with LEVEL one of engine.Levels ("1".."8",
// "classic", "max"). "ai" alone is the AI at DefaultLevel.
func ParsePlayer(s string) (play.Player, error) {
	switch s {
	case "human":
		return play.Human, nil
	case "ai":
		s = "ai:" + DefaultLevel
	}
	name, ok := strings.CutPrefix(s, "ai:")
	if !ok {
		return play.Player{}, fmt.Errorf("tui: player %q: want human or ai:LEVEL (LEVEL 1-8, classic or max)", s)
	}
	level, err := engine.ParseLevel(name)
	if err != nil {
		return play.Player{}, fmt.Errorf("tui: player %q: want human or ai:LEVEL (LEVEL 1-8, classic or max)", s)
	}
	return play.AI(level), nil
}

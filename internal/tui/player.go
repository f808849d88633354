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
// "human", "ai:LEVEL" with LEVEL a name engine.ParseLevel knows ("1".."8",
// "classic", "max", or a number), or "elo:N", the AI at strength N
// (refused in engine.CheckElo's words). "ai" alone is the AI at
// DefaultLevel.
func ParsePlayer(s string) (play.Player, error) {
	switch s {
	case "human":
		return play.Human, nil
	case "ai":
		s = "ai:" + DefaultLevel
	}
	if n, ok := strings.CutPrefix(s, "elo:"); ok {
		elo, err := engine.ParseElo(n)
		if err != nil {
			return play.Player{}, fmt.Errorf("tui: player %q: %w", s, err)
		}
		level, err := engine.EloLevel(elo)
		if err != nil {
			return play.Player{}, fmt.Errorf("tui: player %q: %w", s, err)
		}
		return play.AI(level), nil
	}
	name, ok := strings.CutPrefix(s, "ai:")
	level, err := engine.ParseLevel(name)
	if !ok || err != nil {
		return play.Player{}, fmt.Errorf("tui: player %q: want human, ai:LEVEL (LEVEL 1-8, classic or max) or elo:N (N 800 to 2800 in steps of 50)", s)
	}
	return play.AI(level), nil
}

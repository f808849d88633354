package engine

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// The strengths a player may choose by number, on the scale of Stockfish
// 15.1's UCI_Elo: MinElo to MaxElo in steps of EloStep.
const (
	MinElo  = 800
	MaxElo  = 2800
	EloStep = 50
)

// eloChoice is what every refusal of a number tells a person to choose.
const eloChoice = "choose a number from 800 to 2800 in steps of 50"

// CheckElo returns nil for a strength a player may choose (MinElo to
// MaxElo, a multiple of EloStep), or an error saying why not. Every front
// end refuses a number with this error, so the words are the same in the
// API, the terminal and UCI.
func CheckElo(elo int) error {
	switch {
	case elo < MinElo:
		return fmt.Errorf("engine: strength %d is below %d, the weakest (%s)", elo, MinElo, eloChoice)
	case elo > MaxElo:
		return fmt.Errorf("engine: strength %d is above %d, the strongest (%s; max is full strength)", elo, MaxElo, eloChoice)
	case elo%EloStep != 0:
		return fmt.Errorf("engine: strength %d is not a multiple of %d (%s)", elo, EloStep, eloChoice)
	}
	return nil
}

// ParseElo reads a strength written as a number ("2200") and checks it as
// CheckElo does.
func ParseElo(s string) (int, error) {
	elo, err := strconv.Atoi(s)
	if err != nil || s == "" || s[0] < '0' || s[0] > '9' {
		return 0, fmt.Errorf("engine: strength %q is not a number (%s)", s, eloChoice)
	}
	return elo, CheckElo(elo)
}

// strengths is the mapping from a number to the search's limits: rows
// with Elo ascending, each a Level without a name. EloLevel interpolates
// between the two rows around a number. Rows up to 1900 are the settings
// of the levels as measured on 30 November (docs/levels.md: levels 1-7
// measured about 800, 990, 1145, 1385, 1595, 1780 and 1880), each placed
// at its measured strength rounded to 50. Rows above 1900 are
// extrapolated, not yet measured: there the strength comes from search
// effort (one more ply for about each 100 Elo, with node and time caps
// that rarely bind) and the best move is always played. The 1400 row's
// node cap stops its depth-4 search in harder positions, where it plays
// the completed depth 3's choice. Capped searches follow the engine's
// strength (a better evaluation makes them stronger), so the rows move
// with each new network: scripts/level-calibration measures numbers
// against Stockfish and prints the rows its results call for.
var strengths = []Level{
	{Elo: 800, Depth: 1, Nodes: 1_500, MoveTime: 100 * time.Millisecond, Candidates: 5, Spread: 250, Temperature: 100},
	{Elo: 1000, Depth: 2, Nodes: 1_500, MoveTime: 150 * time.Millisecond, Candidates: 4, Spread: 200, Temperature: 100},
	{Elo: 1150, Depth: 3, Nodes: 1_500, MoveTime: 200 * time.Millisecond, Candidates: 4, Spread: 150, Temperature: 80},
	{Elo: 1400, Depth: 4, Nodes: 1_500, MoveTime: 300 * time.Millisecond, Candidates: 4, Spread: 130, Temperature: 50},
	{Elo: 1600, Depth: 4, Nodes: 100_000, MoveTime: 400 * time.Millisecond, Candidates: 4, Spread: 75, Temperature: 30},
	{Elo: 1800, Depth: 5, Nodes: 200_000, MoveTime: 500 * time.Millisecond, Candidates: 3, Spread: 45, Temperature: 18},
	{Elo: 1900, Depth: 6, Nodes: 400_000, MoveTime: 700 * time.Millisecond, Candidates: 2, Spread: 20, Temperature: 6},
	{Elo: 2000, Depth: 7, Nodes: 500_000, MoveTime: 800 * time.Millisecond, Candidates: 1},
	{Elo: 2200, Depth: 9, Nodes: 700_000, MoveTime: time.Second, Candidates: 1},
	{Elo: 2400, Depth: 11, Nodes: 1_000_000, MoveTime: 1500 * time.Millisecond, Candidates: 1},
	{Elo: 2600, Depth: 13, Nodes: 1_500_000, MoveTime: 2 * time.Second, Candidates: 1},
	{Elo: 2800, Depth: 16, Nodes: 2_000_000, MoveTime: 3 * time.Second, Candidates: 1},
}

// EloLevel returns the level that plays at strength elo (checked as
// CheckElo does), named by its number ("2200"): the limits of the rows of
// the strength table around it, interpolated (depth, time, spread and
// temperature linearly, nodes geometrically), choosing among as many
// candidates as the row below.
func EloLevel(elo int) (Level, error) {
	if err := CheckElo(elo); err != nil {
		return Level{}, err
	}
	return limitsAt(elo), nil
}

// limitsAt is EloLevel for an elo known to be valid.
func limitsAt(elo int) Level {
	i := 0
	for i+2 < len(strengths) && strengths[i+1].Elo <= elo {
		i++
	}
	lo, hi := strengths[i], strengths[i+1]
	t := float64(elo-lo.Elo) / float64(hi.Elo-lo.Elo)
	mix := func(a, b float64) float64 { return a + (b-a)*t }
	return Level{
		Name:        strconv.Itoa(elo),
		Elo:         elo,
		Depth:       int(math.Round(mix(float64(lo.Depth), float64(hi.Depth)))),
		Nodes:       uint64(math.Round(math.Exp(mix(math.Log(float64(lo.Nodes)), math.Log(float64(hi.Nodes)))))),
		MoveTime:    time.Duration(mix(float64(lo.MoveTime), float64(hi.MoveTime))).Round(time.Millisecond),
		Candidates:  lo.Candidates,
		Spread:      Score(math.Round(mix(float64(lo.Spread), float64(hi.Spread)))),
		Temperature: Score(math.Round(mix(float64(lo.Temperature), float64(hi.Temperature)))),
	}
}

// ByNumber reports whether the level is a strength chosen by number: its
// name is its number ("2200").
func (l Level) ByNumber() bool { return l.Name != "" && l.Name == strconv.Itoa(l.Elo) }

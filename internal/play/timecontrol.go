package play

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// TimeControl is how a game is played on the clock, as lichess writes it:
// "3+2" gives each side 3 minutes (Limit) and adds 2 seconds (Increment)
// after each of its moves. The zero TimeControl is a game without clocks.
type TimeControl struct {
	Limit     time.Duration // each side's time for the game
	Increment time.Duration // added to a side's clock after each of its moves
}

// The range of a TimeControl (lichess's, with limits in whole seconds).
const (
	MaxLimit     = 3 * time.Hour
	MaxIncrement = 3 * time.Minute
)

// Presets are the time controls lichess offers for a quick game: 1+0,
// 3+0, 3+2, 5+3, 10+0, 10+5, 15+10 and 30+0.
var Presets = []TimeControl{
	{Limit: time.Minute}, {Limit: 3 * time.Minute}, {3 * time.Minute, 2 * time.Second}, {5 * time.Minute, 3 * time.Second},
	{Limit: 10 * time.Minute}, {10 * time.Minute, 5 * time.Second}, {15 * time.Minute, 10 * time.Second}, {Limit: 30 * time.Minute},
}

// The time a person has for their first move in a game on a clock, before
// the game is aborted (chess.Aborted: no result), as lichess aborts a game
// whose first moves do not come: FirstMoveLimit between two people (lichess
// gives 16-30 seconds by speed; 30 for all here), FirstMoveLimitAI against
// the AI, longer, for a new player taking in the board. The AI's first
// move is never subject to it.
const (
	FirstMoveLimit   = 30 * time.Second
	FirstMoveLimitAI = 2 * time.Minute
)

// minStart is the least time a side starts with when the limit is 0 (a
// game of increment only, "0+2"): lichess starts it at the increment, but
// at no less than 3 seconds.
const minStart = 3 * time.Second

// Timed reports whether the game is played on a clock.
func (tc TimeControl) Timed() bool { return tc.Limit > 0 || tc.Increment > 0 }

// Check returns an error for a time control a game cannot have: a limit
// outside 0 to 3 hours, an increment outside 0 to 180 seconds, either not
// in whole seconds. The zero TimeControl (no clock) is fine.
func (tc TimeControl) Check() error {
	switch {
	case tc.Limit < 0 || tc.Limit > MaxLimit || tc.Limit%time.Second != 0:
		return fmt.Errorf("play: a clock's time must be whole seconds from 0 to %d, not %v", int(MaxLimit.Seconds()), tc.Limit)
	case tc.Increment < 0 || tc.Increment > MaxIncrement || tc.Increment%time.Second != 0:
		return fmt.Errorf("play: a clock's increment must be whole seconds from 0 to %d, not %v", int(MaxIncrement.Seconds()), tc.Increment)
	}
	return nil
}

// Start returns the time each side starts with: the limit, or when it is 0
// the increment, but at least 3 seconds (as lichess does).
func (tc TimeControl) Start() time.Duration {
	if tc.Limit == 0 && tc.Increment > 0 {
		return max(tc.Increment, minStart)
	}
	return tc.Limit
}

// ParseTimeControl reads a time control as lichess writes it: minutes,
// "+", seconds of increment ("3+2", "0.5+0" for 30 seconds, "0+1"). The
// limit may have a fraction of a minute that makes whole seconds. "-",
// "none" and "untimed" are the zero TimeControl.
func ParseTimeControl(s string) (TimeControl, error) {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "-", "none", "untimed":
		return TimeControl{}, nil
	}
	mins, secs, ok := strings.Cut(s, "+")
	bad := func(why string) (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("play: clock %q: %s (write minutes+seconds, as 3+2 or 0.5+0)", s, why)
	}
	if !ok {
		return bad("no \"+\" between the minutes and the increment")
	}
	m, err := strconv.ParseFloat(mins, 64)
	if err != nil || math.IsNaN(m) || m < 0 || m > MaxLimit.Minutes() {
		return bad(fmt.Sprintf("%q is not a number of minutes from 0 to %d", mins, int(MaxLimit.Minutes())))
	}
	limit := math.Round(m * 60)
	if math.Abs(limit-m*60) > 1e-6 {
		return bad(fmt.Sprintf("%s minutes is not a whole number of seconds", mins))
	}
	inc, err := strconv.Atoi(secs)
	if err != nil || inc < 0 || inc > int(MaxIncrement.Seconds()) {
		return bad(fmt.Sprintf("%q is not a number of seconds from 0 to %d", secs, int(MaxIncrement.Seconds())))
	}
	tc := TimeControl{Limit: time.Duration(limit) * time.Second, Increment: time.Duration(inc) * time.Second}
	if !tc.Timed() {
		return bad("both are 0 (for no clock, leave it out)")
	}
	return tc, nil
}

// String returns the time control as ParseTimeControl reads it ("3+2",
// "0.5+0"), or "untimed".
func (tc TimeControl) String() string {
	if !tc.Timed() {
		return "untimed"
	}
	return strconv.FormatFloat(tc.Limit.Minutes(), 'f', -1, 64) + "+" + strconv.Itoa(int(tc.Increment.Seconds()))
}

// PGN returns the value of the PGN tag TimeControl: seconds, "+", seconds
// of increment ("180+2"), or "-" for a game without clocks.
func (tc TimeControl) PGN() string {
	if !tc.Timed() {
		return "-"
	}
	return strconv.Itoa(int(tc.Limit.Seconds())) + "+" + strconv.Itoa(int(tc.Increment.Seconds()))
}

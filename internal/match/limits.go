package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Limits is what each engine is given for each move. A clock game has
// Base > 0: the runner keeps both clocks, sends them with every "go" as
// wtime/btime/winc/binc, and adds Increment after each move. Otherwise
// MoveTime, Nodes or Depth limit each search on its own. Nodes and Depth may
// also be combined with a clock.
type Limits struct {
	Base, Increment time.Duration // clock: starting time and increment per move
	MoveTime        time.Duration // fixed time per move ("go movetime")
	Nodes           int64         // node limit per move ("go nodes"), 0 for none
	Depth           int           // depth limit per move ("go depth"), 0 for none
}

// Timed reports whether the limits include a clock.
func (l Limits) Timed() bool { return l.Base > 0 }

// Validate reports whether the limits make sense: at least one limit, no
// negative values, and a clock and a fixed move time not both given.
func (l Limits) Validate() error {
	switch {
	case l.Base < 0 || l.Increment < 0 || l.MoveTime < 0 || l.Nodes < 0 || l.Depth < 0:
		return fmt.Errorf("match: negative time, node or depth limit")
	case l.Base == 0 && l.Increment > 0:
		return fmt.Errorf("match: an increment needs a base time")
	case l.Timed() && l.MoveTime > 0:
		return fmt.Errorf("match: give either a time control or a move time, not both")
	case !l.Timed() && l.MoveTime == 0 && l.Nodes == 0 && l.Depth == 0:
		return fmt.Errorf("match: no limit: give a time control, move time, nodes or depth")
	}
	return nil
}

// PGNTimeControl returns the value of the PGN TimeControl tag: "base+inc"
// in seconds for a clock game, "-" when the game is not played on a clock.
func (l Limits) PGNTimeControl() string {
	if !l.Timed() {
		return "-"
	}
	s := formatSeconds(l.Base)
	if l.Increment > 0 {
		s += "+" + formatSeconds(l.Increment)
	}
	return s
}

// String describes the limits for people: "10+0.1", "movetime 50ms",
// "depth 8", "10+0.1, nodes 10000".
func (l Limits) String() string {
	var parts []string
	if l.Timed() {
		parts = append(parts, l.PGNTimeControl())
	}
	if l.MoveTime > 0 {
		parts = append(parts, "movetime "+l.MoveTime.String())
	}
	if l.Nodes > 0 {
		parts = append(parts, "nodes "+strconv.FormatInt(l.Nodes, 10))
	}
	if l.Depth > 0 {
		parts = append(parts, "depth "+strconv.Itoa(l.Depth))
	}
	return strings.Join(parts, ", ")
}

func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// ParseTimeControl parses a time control "BASE+INC" or "BASE", both in
// seconds with optional decimals ("10+0.1", "60", "0.5+0.05"). BASE may also
// be written minutes:seconds ("1:30+1"). The base must be positive.
func ParseTimeControl(s string) (base, inc time.Duration, err error) {
	bs, is, hasInc := strings.Cut(strings.TrimSpace(s), "+")
	if base, err = parseClockSeconds(bs); err != nil {
		return 0, 0, fmt.Errorf("match: time control %q: base %v", s, err)
	}
	if base <= 0 {
		return 0, 0, fmt.Errorf("match: time control %q: base time must be positive", s)
	}
	if hasInc {
		if inc, err = parseSeconds(is); err != nil {
			return 0, 0, fmt.Errorf("match: time control %q: increment %v", s, err)
		}
	}
	return base, inc, nil
}

// parseClockSeconds parses "SECONDS" or "MINUTES:SECONDS".
func parseClockSeconds(s string) (time.Duration, error) {
	m, sec, ok := strings.Cut(s, ":")
	if !ok {
		return parseSeconds(s)
	}
	mins, err := strconv.ParseUint(m, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number of minutes", m)
	}
	d, err := parseSeconds(sec)
	if err != nil {
		return 0, err
	}
	return time.Duration(mins)*time.Minute + d, nil
}

// parseSeconds parses a non-negative number of seconds, at most a day.
func parseSeconds(s string) (time.Duration, error) {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) || x < 0 || x > 86400 {
		return 0, fmt.Errorf("%q is not a number of seconds (0 to 86400)", s)
	}
	return time.Duration(math.Round(x * float64(time.Second))), nil
}

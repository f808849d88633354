package chess

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// A game played on a clock records, after each move, the time its player
// had left (the increment included), as PGN does with the [%clk] command
// of a comment: {[%clk 0:02:58]}. The time control itself is the PGN tag
// TimeControl ("180+2": seconds, then the increment in seconds).

// Clock returns the clock reading recorded after the ply-th move (1 to
// Len()): the time the player who made it had left. It reports false when
// none was recorded or ply is out of range.
func (g *Game) Clock(ply int) (time.Duration, bool) {
	if ply < 1 || ply > len(g.notes.clocks) || g.notes.clocks[ply-1] < 0 {
		return 0, false
	}
	return g.notes.clocks[ply-1], true
}

// SetClock records d, the time left after the ply-th move (1 to Len()), as
// that move's clock reading (a negative d records 0). It does nothing when
// ply is out of range.
func (g *Game) SetClock(ply int, d time.Duration) {
	if ply < 1 || ply > len(g.moves) {
		return
	}
	for len(g.notes.clocks) < ply {
		g.notes.clocks = append(g.notes.clocks, -1)
	}
	g.notes.clocks[ply-1] = max(d, 0)
}

// formatClock writes a clock reading as the [%clk] command does: hours,
// minutes and seconds ("0:02:58"), with tenths of a second when there is a
// fraction ("0:00:04.7"; shorter fractions are cut, as a clock shows them).
func formatClock(d time.Duration) string {
	d = max(d, 0).Truncate(time.Second / 10)
	h, m, s := int(d/time.Hour), int(d/time.Minute%60), int(d/time.Second%60)
	text := fmt.Sprintf("%d:%02d:%02d", h, m, s)
	if tenths := int(d / (time.Second / 10) % 10); tenths != 0 {
		text += "." + strconv.Itoa(tenths)
	}
	return text
}

// clockCommand finds a [%clk H:MM:SS] command, with an optional fraction of
// a second, in a comment.
var clockCommand = regexp.MustCompile(`\[%clk\s+(\d+):([0-5]?\d):([0-5]?\d(?:\.\d+)?)\s*\]`)

// cutClock returns the clock reading of the first [%clk] command in
// comment, cut to tenths of a second (what formatClock writes), and the
// comment without it.
func cutClock(comment string) (rest string, d time.Duration, ok bool) {
	loc := clockCommand.FindStringSubmatchIndex(comment)
	if loc == nil {
		return comment, 0, false
	}
	h, _ := strconv.Atoi(comment[loc[2]:loc[3]])
	m, _ := strconv.Atoi(comment[loc[4]:loc[5]])
	s, err := strconv.ParseFloat(comment[loc[6]:loc[7]], 64)
	if err != nil || h > 1000 {
		return comment, 0, false
	}
	d = time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(math.Round(s*1000))*time.Millisecond
	d = d.Truncate(time.Second / 10)
	rest = strings.TrimSpace(comment[:loc[0]] + " " + comment[loc[1]:])
	return normalizeComment(rest), d, true
}

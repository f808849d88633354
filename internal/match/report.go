package match

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
)

// ProgressLine describes a finished game on one line, for logs and
// terminals that are not interactive:
//
//	Game 3/100  Stockfish vs Fairy-Max  1-0  White mates  | +2 =1 -0
//
// The W/D/L after the bar are engine 1's, over all games finished so far.
func ProgressLine(p Progress) string {
	g := p.Game
	return fmt.Sprintf("Game %d/%d  %s vs %s  %s  %s  | %s",
		g.Round, p.Total, g.White, g.Black, g.Result, g.Reason, wdl(p.Tally))
}

// ProgressBar draws the state of the match as one line of width cells of
// bar, for a terminal that redraws it in place:
//
//	[#####.....] 42/100  +12 =20 -10
func ProgressBar(p Progress, width int) string {
	filled := 0
	if p.Total > 0 {
		filled = min(width, p.Done*width/p.Total)
	}
	return fmt.Sprintf("[%s%s] %d/%d  %s", strings.Repeat("#", filled), strings.Repeat(".", width-filled), p.Done, p.Total, wdl(p.Tally))
}

func wdl(t Tally) string { return fmt.Sprintf("+%d =%d -%d", t.Wins, t.Draws, t.Losses) }

// WriteSummary prints the summary of a match:
//
//	Engine 1: Stockfish 1500
//	Engine 2: Stockfish
//	Games:    100 of 100
//	W/D/L:    +12 =20 -68 (engine 1's)
//	Score:    22.0%
//	Elo:      -219.9, 95% interval [-265.2, -180.0] (±42.6)
//	LOS:      0.0%
//	SPRT:     elo0=0 elo1=10 alpha=0.05 beta=0.05: LLR -2.95 in [-2.94, 2.94], H0 accepted
//	Endings:  adjudication 20, normal 80
//
// Score, Elo and LOS appear only once a game has finished, the SPRT line
// only when an SPRT was asked for, and a "Stopped:" line when the match
// ended early.
func WriteSummary(w io.Writer, s Summary) error {
	var b strings.Builder
	e := s.Estimate
	fmt.Fprintf(&b, "Engine 1: %s\nEngine 2: %s\n", orUnknown(s.Names[0]), orUnknown(s.Names[1]))
	fmt.Fprintf(&b, "Games:    %d of %d\n", s.Tally.Games(), s.Planned)
	fmt.Fprintf(&b, "W/D/L:    %s (engine 1's)\n", wdl(s.Tally))
	if s.Tally.Games() > 0 {
		fmt.Fprintf(&b, "Score:    %.1f%%\n", 100*e.Score)
		fmt.Fprintf(&b, "Elo:      %s", formatElo(e.Elo))
		switch {
		case e.StdErr == 0:
			b.WriteString(", no interval: every game had the same result")
		case e.Infinities:
			fmt.Fprintf(&b, ", 95%% interval [%s, %s]", formatElo(e.Low), formatElo(e.High))
		default:
			fmt.Fprintf(&b, ", 95%% interval [%s, %s] (±%.1f)", formatElo(e.Low), formatElo(e.High), (e.High-e.Low)/2)
		}
		fmt.Fprintf(&b, "\nLOS:      %.1f%%\n", 100*e.LOS)
	}
	if s.SPRT != nil {
		lo, hi := s.SPRT.Bounds()
		fmt.Fprintf(&b, "SPRT:     %v: LLR %.2f in [%.2f, %.2f], %v\n", *s.SPRT, s.LLR, lo, hi, s.Status)
	}
	if len(s.Terminations) > 0 {
		var parts []string
		for k, v := range s.Terminations {
			parts = append(parts, fmt.Sprintf("%s %d", k, v))
		}
		sort.Strings(parts)
		fmt.Fprintf(&b, "Endings:  %s\n", strings.Join(parts, ", "))
	}
	if s.Stopped != "" {
		fmt.Fprintf(&b, "Stopped:  %s\n", s.Stopped)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// formatElo writes an Elo difference with one decimal and a sign, or
// "+inf"/"-inf".
func formatElo(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	if s := fmt.Sprintf("%+.1f", x); s != "-0.0" {
		return s
	}
	return "+0.0"
}

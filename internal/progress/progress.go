// Package progress formats engine search progress for people: node counts
// with thousands separators ("1,234,567"), rates in short form ("2.1M"),
// and scores as White sees them ("+0.35", "#3"). The command line
// (outpost analyse, solve), the terminal UI and the explain report all write
// search progress this way; this is the one place that says how.
package progress

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// Count returns n with thousands separators: "1,234,567".
func Count(n uint64) string {
	s := strconv.FormatUint(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Rate returns a per-second rate in short form: "950", "85k", "2.1M".
func Rate(n uint64) string {
	switch {
	case n < 1000:
		return strconv.FormatUint(n, 10)
	case n < 1_000_000:
		return strconv.FormatUint(n/1000, 10) + "k"
	default:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + "M"
	}
}

// Pawns returns centipawns as pawns with a sign: "+0.35", "-1.20", "0.00".
func Pawns(cp int) string {
	if cp == 0 {
		return "0.00"
	}
	sign := "+"
	if cp < 0 {
		sign, cp = "-", -cp
	}
	return fmt.Sprintf("%s%d.%02d", sign, cp/100, cp%100)
}

// Score returns s, a score from side's point of view, as White sees it:
// pawns as [Pawns] writes them, or a mate in moves ("#3": White mates in 3,
// "#-2": Black mates in 2).
func Score(s engine.Score, side chess.Color) string {
	w := s.White(side)
	if w.IsMate() {
		return "#" + strconv.Itoa(w.MateMoves())
	}
	return Pawns(int(w))
}

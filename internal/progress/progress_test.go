package progress

import (
	"slices"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

func TestCountRate(t *testing.T) {
	for n, want := range map[uint64]string{0: "0", 999: "999", 1000: "1,000", 100000: "100,000", 1234567: "1,234,567", 12345678901: "12,345,678,901"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[uint64]string{0: "0", 950: "950", 1000: "1k", 85_000: "85k", 85_400: "85k", 999_999: "999k", 2_100_000: "2.1M", 2_140_000: "2.1M", 12_000_000: "12.0M", 12_345_678: "12.3M"} {
		if got := Rate(n); got != want {
			t.Errorf("Rate(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestScore(t *testing.T) {
	tests := []struct {
		s    engine.Score
		side chess.Color
		want string
	}{
		{35, chess.White, "+0.35"},
		{35, chess.Black, "-0.35"},
		{-120, chess.White, "-1.20"},
		{-5, chess.White, "-0.05"},
		{0, chess.Black, "0.00"},
		{engine.MateIn(5), chess.White, "#3"},
		{engine.MateIn(5), chess.Black, "#-3"},
		{engine.MatedIn(4), chess.White, "#-2"},
		{engine.MatedIn(4), chess.Black, "#2"},
	}
	for _, tc := range tests {
		if got := Score(tc.s, tc.side); got != tc.want {
			t.Errorf("Score(%d, %v) = %q, want %q", tc.s, tc.side, got, tc.want)
		}
	}
}

// TestThrottle: the first report goes at once, the next ones within the
// interval are held back with only the newest kept, Flush sends it, and the
// alternatives of MultiPV are never sent.
func TestThrottle(t *testing.T) {
	var sent []int
	th := Throttle{Every: time.Hour, Send: func(info engine.Info) { sent = append(sent, info.Depth) }}
	th.Progress(engine.Info{Depth: 1, MultiPV: 1})
	th.Progress(engine.Info{Depth: 2, MultiPV: 1})
	th.Progress(engine.Info{Depth: 3, MultiPV: 1})
	th.Progress(engine.Info{Depth: 4, MultiPV: 2})
	th.Flush()
	th.Flush()
	if want := []int{1, 3}; !slices.Equal(sent, want) {
		t.Errorf("sent depths %v, want %v", sent, want)
	}
}

package metrics

import (
	"strings"
	"testing"
	"time"
)

func TestWrite(t *testing.T) {
	h := NewHistogram([]float64{0.1, 1})
	for _, d := range []time.Duration{50 * time.Millisecond, 100 * time.Millisecond, 500 * time.Millisecond, 3 * time.Second} {
		h.Observe(d)
	}
	var b strings.Builder
	Gauge(&b, "outpost_searches_queued", "Searches waiting.", 3)
	Counter(&b, "outpost_moves_total", "Moves.", 12)
	h.Write(&b, "outpost_search_seconds", "Search time.")
	want := `# HELP outpost_searches_queued Searches waiting.
# TYPE outpost_searches_queued gauge
outpost_searches_queued 3
# HELP outpost_moves_total Moves.
# TYPE outpost_moves_total counter
outpost_moves_total 12
# HELP outpost_search_seconds Search time.
# TYPE outpost_search_seconds histogram
outpost_search_seconds_bucket{le="0.1"} 2
outpost_search_seconds_bucket{le="1"} 3
outpost_search_seconds_bucket{le="+Inf"} 4
outpost_search_seconds_sum 3.65
outpost_search_seconds_count 4
`
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if h.Count() != 4 {
		t.Errorf("Count %d", h.Count())
	}
}

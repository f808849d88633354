// Package metrics writes the figures a host watches (queued and running
// searches, search latency) in Prometheus's text exposition format
// (version 0.0.4), which Prometheus, VictoriaMetrics, Grafana Agent and
// their kin scrape from GET /metrics. It has what Outpost needs and no more:
// gauges, counters and histograms with fixed buckets, without labels.
package metrics

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"sync"
	"time"
)

// ContentType is the Content-Type of the text format.
const ContentType = "text/plain; version=0.0.4; charset=utf-8"

// Gauge writes a gauge: a value that goes up and down.
func Gauge(w io.Writer, name, help string, v float64) {
	fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s gauge\n%s %s\n", name, help, name, name, format(v))
}

// Counter writes a counter: a total that only grows (until the process
// restarts).
func Counter(w io.Writer, name, help string, v float64) {
	fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s counter\n%s %s\n", name, help, name, name, format(v))
}

func format(v float64) string {
	if math.IsInf(v, +1) {
		return "+Inf"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// LatencyBuckets are the upper bounds, in seconds, of a histogram of search
// times and waits: from a level 1 move (milliseconds) to a long queue.
var LatencyBuckets = []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60}

// Histogram counts observations in buckets. Its methods are safe for
// concurrent use; the zero Histogram is not: make one with NewHistogram.
type Histogram struct {
	mu     sync.Mutex
	bounds []float64 // upper bounds, ascending
	counts []uint64  // per bucket (not cumulative); the last is +Inf
	sum    float64
	n      uint64
}

// NewHistogram returns an empty histogram with the given upper bounds
// (ascending); a last bucket, +Inf, takes the rest.
func NewHistogram(bounds []float64) *Histogram {
	return &Histogram{bounds: bounds, counts: make([]uint64, len(bounds)+1)}
}

// Observe adds one observation of d, in seconds.
func (h *Histogram) Observe(d time.Duration) {
	v := d.Seconds()
	h.mu.Lock()
	defer h.mu.Unlock()
	i := 0
	for i < len(h.bounds) && v > h.bounds[i] {
		i++
	}
	h.counts[i]++
	h.sum += v
	h.n++
}

// Count returns the number of observations.
func (h *Histogram) Count() uint64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n
}

// Write writes the histogram under name: its cumulative buckets, sum and
// count.
func (h *Histogram) Write(w io.Writer, name, help string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s histogram\n", name, help, name)
	var cum uint64
	for i, c := range h.counts {
		cum += c
		le := math.Inf(+1)
		if i < len(h.bounds) {
			le = h.bounds[i]
		}
		fmt.Fprintf(w, "%s_bucket{le=\"%s\"} %d\n", name, format(le), cum)
	}
	fmt.Fprintf(w, "%s_sum %s\n%s_count %d\n", name, format(h.sum), name, h.n)
}

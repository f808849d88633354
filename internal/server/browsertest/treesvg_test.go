package browsertest

import (
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"
)

// BenchmarkExplainTreeSVG measures how long the explorer's picture of a
// depth-3 tree of 7,912 nodes (alpha-beta in random order on a queen's
// gambit middlegame) takes to draw in headless Chromium: the script and the
// layout of one render, for the whole tree, zoomed 8 and 64 times, and
// panning at 8 times (the mean of 20 renders a tenth of the width apart).
// Run it with
//
//	go test ./internal/server/browsertest -run '^$' -bench ExplainTreeSVG -benchtime 20x
//
// and read the ms/render metrics (docs/explorer.md has the figures).
func BenchmarkExplainTreeSVG(b *testing.B) {
	p := newPage(b, desktop)
	id := explainIn(p, "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9", 3, "alphabeta")
	total := len(allVisits(b, id))
	if total < 5000 {
		b.Fatalf("the tree has %d nodes, want several thousand", total)
	}
	p.waitFor("the picture", `document.querySelectorAll('#explain-svg .xn').length > 10`, 10*time.Second)
	measure := `(() => {
		const x = window.outpostExplain, n = ` + strconv.Itoa(total) + `;
		const fit = x.measureTree(1, 0), z8 = x.measureTree(8, n / 3), z64 = x.measureTree(64, n / 2);
		let pan = 0;
		for (let i = 0; i < 20; i++) pan += x.measureTree(8, (n * i) / 20).ms;
		return [fit.ms, z8.ms, z64.ms, pan / 20, fit.shapes, z8.shapes, z64.shapes];
	})()`
	var sum [7]float64
	b.ResetTimer()
	for range b.N {
		r := evalJS[[]float64](p, measure)
		for i := range sum {
			sum[i] += r[i]
		}
	}
	n := float64(b.N)
	b.ReportMetric(sum[0]/n, "fit-ms/render")
	b.ReportMetric(sum[1]/n, "zoom8-ms/render")
	b.ReportMetric(sum[2]/n, "zoom64-ms/render")
	b.ReportMetric(sum[3]/n, "pan-ms/render")
	b.ReportMetric(sum[4]/n, "fit-shapes")
	b.ReportMetric(sum[5]/n, "zoom8-shapes")
	b.ReportMetric(sum[6]/n, "zoom64-shapes")
	b.ReportMetric(float64(total), "nodes")
}

// BenchmarkExplainPlayback measures the single-tree playback at its fastest
// speed, 1000 visits a second, in headless Chromium: the visits it plays a
// second, the frames the page draws a second and its longest frame, and
// the playback's own work in a frame (stepping and showing: mean and
// longest), and the main thread's CPU time (a second and a frame: what the
// page costs, whatever else the machine runs), over 5
// seconds from the start, on a tree loaded whole (the lesson's alpha-beta
// at depth 2, 316 positions) and on one loaded a page at a time (alpha-beta
// in random order with quiescence at depth 3 on the queen's gambit
// middlegame, 175,651 positions). Run it with
//
//	go test ./internal/server/browsertest -run '^$' -bench ExplainPlayback -benchtime 3x
//
// and read the metrics (docs/explorer.md has the figures).
func BenchmarkExplainPlayback(b *testing.B) {
	for _, bc := range []struct {
		name, fen  string
		depth      int
		quiescence bool
	}{
		{"whole-316", wayward, 2, false},
		{"paged-175651", "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9", 3, true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p := newPage(b, desktop)
			explainIn(p, bc.fen, bc.depth, "alphabeta")
			if bc.quiescence {
				p.do("turning quiescence on", chromedp.Click("#explain-quiescence"))
				old := evalJS[string](p, `document.getElementById('dlg-explain').dataset.tree`)
				p.click("#explain-go")
				p.waitFor("the tree with quiescence", `(() => { const d = document.getElementById('dlg-explain'); return d.dataset.state === 'ready' && d.dataset.tree !== `+jsString(old)+`; })()`, 60*time.Second)
			}
			if _, err := chromedp.Call(p.ctx, performance.Enable, performance.EnableParams{TimeDomain: performance.EnableTimeDomainThreadTicks}); err != nil {
				b.Fatal(err)
			}
			var sum [7]float64
			b.ResetTimer()
			for range b.N {
				before := mainThreadCPU(b, p)
				r, err := chromedp.Run(p.ctx, chromedp.Evaluate[map[string]float64](`window.outpostExplain.measurePlayback(5000)`, chromedp.EvalAwaitPromise))
				if err != nil {
					b.Fatal(err)
				}
				cpu := mainThreadCPU(b, p) - before
				sum[5] += cpu / 5 // a second of the 5
				sum[6] += cpu / (r["fps"] * 5)
				sum[0] += r["visitsPerSecond"]
				sum[1] += r["fps"]
				sum[2] += r["worstFrameMs"]
				sum[3] += r["workMs"]
				sum[4] += r["worstWorkMs"]
			}
			n := float64(b.N)
			b.ReportMetric(sum[0]/n, "visits/s")
			b.ReportMetric(sum[1]/n, "frames/s")
			b.ReportMetric(sum[2]/n, "worst-frame-ms")
			b.ReportMetric(sum[3]/n, "work-ms/frame")
			b.ReportMetric(sum[4]/n, "worst-work-ms")
			b.ReportMetric(sum[5]/n, "cpu-ms/s")
			b.ReportMetric(sum[6]/n, "cpu-ms/frame")
		})
	}
}

// mainThreadCPU returns the page's main thread's time in tasks so far, in
// ms of its own CPU (the thread's ticks: what the page costs, not what the
// rest of a busy machine takes from it).
func mainThreadCPU(b *testing.B, p *page) float64 {
	r, err := chromedp.Call(p.ctx, performance.GetMetrics, cdp.Empty{})
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range r.Metrics {
		if m.Name == "TaskDuration" {
			return m.Value * 1000
		}
	}
	b.Fatal("no TaskDuration among the page's metrics")
	return 0
}

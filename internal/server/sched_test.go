package server

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// clientAt returns an HTTP client whose connections come from the
// loopback address ip (Linux answers on all of 127.0.0.0/8), so that the
// server counts it as a client of its own.
func (e *testEnv) clientAt(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	tr := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		return d.DialContext(ctx, network, addr)
	}}
	e.t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}

// aiReplyTime plays 1. e4 in a new game against the AI at level 1 on a
// 20+0 clock and returns how long the AI took to answer, as the player
// sees it.
func (e *testEnv) aiReplyTime() time.Duration {
	e.t.Helper()
	g, _ := e.create(NewGameRequest{White: "human", Black: "ai", Level: "1", Clock: &ClockRequest{Limit: 20}})
	start := time.Now()
	e.move(g, "e2e4", 0)
	st := e.waitFor(g, "the AI's reply", func(st GameState) bool { return st.Plies == 2 || st.Status == "over" })
	if st.Status == "over" {
		e.t.Fatalf("the game ended before the AI answered: %s", st.Reason)
	}
	return time.Since(start)
}

// TestAnalysesBesideClockedGame is the first failure of issue 58: two
// clients' 30-second analyses held both engines of a 2-engine server, so a
// level-1 AI on a clock waited for one (12-30 s, and lost on time). Now an
// analysis yields its engine to a game's move, and goes on after it.
func TestAnalysesBesideClockedGame(t *testing.T) {
	e := newEnv(t, Config{Workers: 2, MoveTime: time.Second})
	var analyses []*stream
	for i := range 2 {
		s := e.openSSEFrom(e.clientAt(fmt.Sprintf("127.0.0.%d", 2+i)), "POST", "/api/analysis", `{"movetime": 30000}`)
		s.next(t, "info")
		analyses = append(analyses, s)
	}
	waitRunning(t, e.srv, 2)
	for i := range 3 {
		if d := e.aiReplyTime(); d > 3*time.Second {
			t.Errorf("game %d: the AI answered after %v beside two analyses, want within 3s", i+1, d)
		}
	}
	if st := e.srv.pool.Stats(); st.Yielded == 0 {
		t.Errorf("no analysis yielded: %+v", st)
	}
	if m := string(e.do("GET", "/metrics", "", nil).body); !strings.Contains(m, "outpost_engine_jobs_yielded_total ") || strings.Contains(m, "outpost_engine_jobs_yielded_total 0\n") {
		t.Errorf("/metrics does not count the yields:\n%s", m)
	}
	waitRunning(t, e.srv, 2) // both analyses go on
	for _, s := range analyses {
		s.cancel()
	}
}

// TestAnalysesFromManyAddresses is the third failure of issue 58: work
// from many addresses (fairness was per address only) pushed other
// players' AI replies to seconds. With twenty addresses each running an
// analysis on a 2-engine server, AI replies still come at once.
func TestAnalysesFromManyAddresses(t *testing.T) {
	e := newEnv(t, Config{Workers: 2, MoveTime: time.Second})
	for i := range 20 {
		s := e.openSSEFrom(e.clientAt(fmt.Sprintf("127.0.1.%d", 1+i)), "POST", "/api/analysis", `{"movetime": 30000}`)
		t.Cleanup(s.cancel)
	}
	waitRunning(t, e.srv, 2)
	var waits []time.Duration
	for range 5 {
		waits = append(waits, e.aiReplyTime())
	}
	slices.Sort(waits)
	if waits[len(waits)-1] > 3*time.Second {
		t.Errorf("AI replies took %v beside twenty addresses' analyses, want each within 3s", waits)
	}
	t.Logf("AI replies: %v", waits)
}

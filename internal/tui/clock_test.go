package tui

import (
	"bytes"
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/i18n"
	"github.com/outpost-chess/outpost/internal/play"
)

// testClock is a fake time source for the clocks.
type testClock struct{ t time.Time }

func (c *testClock) now() time.Time          { return c.t }
func (c *testClock) advance(d time.Duration) { c.t = c.t.Add(d) }

// TestClockOnScreen plays on a 3+2 clock with fake time: the side panel
// shows both clocks, a side's first move is charged nothing, a later move
// earns the increment, under 10 seconds the clock shows tenths, and when
// the time is up the next tick ends the game on time.
func TestClockOnScreen(t *testing.T) {
	clock := &testClock{time.Date(2025, 1, 1, 10, 0, 0, 0, time.UTC)}
	cfg := Config{Clock: play.TimeControl{Limit: 3 * time.Minute, Increment: 2 * time.Second}, Now: clock.now}
	h := newHarness(t, cfg, 120, 40)
	if view := h.m.View(); !strings.Contains(view, "3:00") {
		t.Fatalf("view at the start lacks the clocks:\n%s", view)
	}
	clock.advance(20 * time.Second)
	h.press("e4{enter}")
	clock.advance(10 * time.Second)
	h.press("e5{enter}")
	if view := h.m.View(); strings.Count(view, "3:00") != 2 {
		t.Errorf("after 1. e4 e5 (the first moves charged nothing), want 3:00 twice:\n%s", view)
	}
	clock.advance(20 * time.Second)
	h.press("Nf3{enter}")
	if view := h.m.View(); !strings.Contains(view, "2:42") || !strings.Contains(view, "3:00") {
		t.Errorf("after 20 s and 2. Nf3 (2 s back), want 2:42 and 3:00:\n%s", view)
	}
	clock.advance(170*time.Second + 700*time.Millisecond)
	h.send(clockTickMsg{})
	if view := h.m.View(); !strings.Contains(view, "0:09.3") || h.m.s.over() {
		t.Errorf("9.3 s left: view\n%s", view)
	}
	clock.advance(9300 * time.Millisecond)
	h.send(clockTickMsg{})
	if o := h.m.s.g.Outcome(); o != (chess.Outcome{Result: chess.WhiteWins, Reason: chess.TimeForfeit}) {
		t.Fatalf("outcome %v, want White wins on time", o)
	}
	if view := h.m.View(); !strings.Contains(view, "1-0: White wins on time") || !strings.Contains(view, "0:00.0") {
		t.Errorf("view after the flag:\n%s", view)
	}
	h.press("u")
	if view := h.m.View(); !strings.Contains(view, "it cannot be taken back") {
		t.Errorf("takeback after the flag:\n%s", view)
	}
}

// TestAbortOnScreen: no first move within play.FirstMoveLimit aborts the
// game at the next tick, said in the player's language.
func TestAbortOnScreen(t *testing.T) {
	for _, tt := range []struct {
		lang i18n.Lang
		want string
	}{{i18n.English, "Game aborted"}, {i18n.Chinese, "对局已中止"}} {
		clock := &testClock{time.Date(2025, 1, 1, 10, 0, 0, 0, time.UTC)}
		cfg := Config{Clock: play.TimeControl{Limit: time.Minute}, Now: clock.now, Lang: tt.lang}
		h := newHarness(t, cfg, 120, 40)
		clock.advance(play.FirstMoveLimit)
		h.send(clockTickMsg{})
		if o := h.m.s.g.Outcome(); o != (chess.Outcome{Reason: chess.Aborted}) {
			t.Fatalf("%s: outcome %v, want aborted", tt.lang, o)
		}
		if view := h.m.View(); !strings.Contains(view, tt.want) {
			t.Errorf("%s: view lacks %q:\n%s", tt.lang, tt.want, view)
		}
	}
}

// TestClockFromTheMenu chooses 5+3 in the start menu.
func TestClockFromTheMenu(t *testing.T) {
	h := newHarness(t, Config{Menu: true, Black: mustPlayer(t, "ai:1"), Engine: testEngine()}, 120, 40, 0)
	h.press("{down}{down}{right}{right}{right}{right}")
	if view := h.m.View(); !strings.Contains(view, "< 5+3 >") {
		t.Fatalf("menu:\n%s", view)
	}
	h.press("{enter}")
	if tc := h.m.s.g.TimeControl(); tc.String() != "5+3" {
		t.Errorf("time control %v, want 5+3", tc)
	}
	if view := h.m.View(); !strings.Contains(view, "New game: you (White) against Outpost level 1, 5+3.") {
		t.Errorf("view:\n%s", view)
	}
	// --clock with a time control of its own is the menu's first choice.
	h = newHarness(t, Config{Menu: true, Clock: play.TimeControl{Limit: 7 * time.Minute}}, 120, 40, 0)
	if view := h.m.View(); !strings.Contains(view, "< 7+0 >") {
		t.Errorf("menu with --clock 7+0:\n%s", view)
	}
}

// TestDrawOfferedToTheAI offers draws to the AI in the full-screen game:
// it declines in the opening and accepts a lost ending.
func TestDrawOfferedToTheAI(t *testing.T) {
	for _, tc := range []struct{ fen, want string }{
		{"", "Outpost declines the draw"},
		{"4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1", "1/2-1/2: Draw by agreement"},
	} {
		cfg := Config{Engine: testEngine(), Black: mustPlayer(t, "ai:1")}
		if tc.fen != "" {
			cfg.Start = chess.MustParseFEN(tc.fen)
		}
		h := newHarness(t, cfg, 120, 40)
		h.press(":draw{enter}")
		if view := h.m.View(); !strings.Contains(view, tc.want) {
			t.Errorf("%s: view lacks %q:\n%s", tc.fen, tc.want, view)
		}
	}
}

// TestPlainFlag lets the person's time run out in line mode while it
// waits for a move, after the first moves; then the input ends.
func TestPlainFlag(t *testing.T) {
	out := &watchWriter{want: "Game over", seen: make(chan struct{})}
	cfg := Config{Clock: play.TimeControl{Increment: time.Second}} // 3 seconds each
	r, w := ioPipe(t)
	go func() {
		_, _ = w.Write([]byte("e4\ne5\n"))
		<-out.seen
		w.Close()
	}()
	if err := RunPlain(context.Background(), cfg, r, out); err != nil {
		t.Fatal(err)
	}
	if missing := containsAll(out.String(), "Clocks (0+1): White 0:03.0 · Black 0:03.0.", "Clocks: White ▶ 0:0", "Time is up.", "Game over. 0-1: Black wins on time"); missing != "" {
		t.Errorf("output lacks %q:\n%s", missing, out.String())
	}
}

// watchWriter is an output that closes seen once want has been written.
type watchWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want string
	seen chan struct{}
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n, err := w.buf.Write(p)
	if w.seen != nil && strings.Contains(w.buf.String(), w.want) {
		close(w.seen)
		w.seen = nil
	}
	return n, err
}

func (w *watchWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// ioPipe returns the two ends of a pipe, closed at the end of the test:
// an input that never ends by itself.
func ioPipe(t *testing.T) (*os.File, *os.File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	return r, w
}

// containsAll returns the first of wants that text lacks, in order, or "".
func containsAll(text string, wants ...string) string {
	for _, want := range wants {
		i := strings.Index(text, want)
		if i < 0 {
			return want
		}
		text = text[i+len(want):]
	}
	return ""
}

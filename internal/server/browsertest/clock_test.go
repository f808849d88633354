package browsertest

import (
	"strings"
	"testing"
	"time"
)

// clockText returns the text of the clock in a player bar ("top" or
// "bottom").
func (p *page) clockText(bar string) string {
	p.t.Helper()
	return p.text("#player-" + bar + " .clock")
}

// TestClock plays against the AI on a 1+0 clock chosen in the new-game
// dialog: both clocks show beside the players, neither runs before White's
// first move (lichess), and White's counts down while White thinks after
// the first moves. Then, on a phone, a custom clock of 3 seconds between
// two people runs out after the first moves: the server ends the game on
// time by itself and the board says so.
func TestClock(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "ai", color: "white", level: "1", clock: "60+0", screenshot: "dialog"})
	p.waitFor("the clocks", `!document.querySelector('#player-bottom .clock').hidden && !document.querySelector('#player-top .clock').hidden`, 5*time.Second)
	if top, bottom := p.clockText("top"), p.clockText("bottom"); top != "1:00" || bottom != "1:00" {
		t.Errorf("the clocks at the start: %q / %q, want 1:00 / 1:00", top, bottom)
	}
	if c := evalJS[string](p, `document.querySelector('#player-bottom .clock').className`); strings.Contains(c, "running") {
		t.Errorf("White's clock runs before White's first move: %q", c)
	}
	p.clickMove("e2", "e4")
	p.waitPly(2, 20*time.Second)
	if top := p.clockText("top"); top != "1:00" {
		t.Errorf("Black's clock after its first move: %q, want 1:00 (not charged)", top)
	}
	p.waitFor("White's clock to run", `document.querySelector('#player-bottom .clock').textContent !== '1:00'`, 5*time.Second)
	if c := evalJS[string](p, `document.querySelector('#player-bottom .clock').className`); !strings.Contains(c, "running") {
		t.Errorf("White's clock classes %q, want running", c)
	}
	if c := evalJS[string](p, `document.querySelector('#player-top .clock').className`); strings.Contains(c, "running") {
		t.Errorf("Black's clock runs on White's turn: %q", c)
	}
	p.screenshot("running")

	q := newPage(t, phone)
	q.startGame(newGame{mode: "hvh", clock: "custom", minutes: "0.05", increment: "0"})
	q.clickMove("e2", "e4")
	q.waitPly(1, 5*time.Second)
	q.clickMove("e7", "e5")
	q.waitPly(2, 5*time.Second)
	q.waitFor("a clock under 10 seconds, red", `document.querySelector('#player-bottom .clock').classList.contains('low')`, 5*time.Second)
	if text := q.clockText("bottom"); !strings.HasPrefix(text, "0:0") || !strings.Contains(text, ".") {
		t.Errorf("White's 3-second clock shows %q, want tenths", text)
	}
	q.screenshot("low")
	q.waitFor("the game over on time", `!document.getElementById('banner').hidden && document.getElementById('app').dataset.status === 'over'`, 15*time.Second)
	if title, reason := q.text("#banner-title"), q.text("#banner-reason"); !strings.Contains(title, "Black wins") || !strings.Contains(reason, "White ran out of time") {
		t.Errorf("the banner says %q / %q", title, reason)
	}
	if text := q.clockText("bottom"); text != "0:00.0" {
		t.Errorf("White's clock after the flag: %q", text)
	}
	if w := evalJS[int](q, `document.documentElement.scrollWidth`); w > int(phone.width) {
		t.Errorf("the page is %dpx wide on a %dpx phone", w, phone.width)
	}
	q.screenshot("flag")
}

// TestClockAbort leaves a clocked game between two people without a first
// move: after play.FirstMoveLimit (30 s) the server aborts it by itself and
// the page says "Game aborted", with no result.
func TestClockAbort(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "hvh", clock: "60+0"})
	p.waitFor("the game aborted", `!document.getElementById('banner').hidden && document.getElementById('app').dataset.status === 'over'`, 45*time.Second)
	if title, reason := p.text("#banner-title"), p.text("#banner-reason"); title != "Game aborted" || !strings.Contains(reason, "no first move came in time") {
		t.Errorf("the banner says %q / %q", title, reason)
	}
	if top, bottom := p.clockText("top"), p.clockText("bottom"); top != "1:00" || bottom != "1:00" {
		t.Errorf("the clocks after the abort: %q / %q, want 1:00 / 1:00", top, bottom)
	}
	p.screenshot("aborted")
}

package browsertest

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The keys and the display choices of issue 64: ↑ and ↓ go to the first
// and the last move, f flips the board, z and the settings switch zen
// mode, the settings switch the coordinates, and both choices outlast a
// reload.

// visible says whether the element sel is on screen.
func (p *page) visible(sel string) bool {
	p.t.Helper()
	return evalJS[bool](p, `!!document.querySelector(`+"`"+sel+"`"+`)?.checkVisibility()`)
}

// TestKeysAndZen plays two moves, steps with ↑ and ↓, flips with f, turns
// zen mode on with z (only the board and the clocks stay) and off with its
// button, and the coordinates off in the settings.
func TestKeysAndZen(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "hvh", clock: "180+2"})
	p.clickMove("e2", "e4")
	p.waitPly(1, 5*time.Second)
	p.clickMove("e7", "e5")
	p.waitPly(2, 5*time.Second)

	for _, c := range []struct {
		key, want string
	}{{kb.ArrowUp, "0"}, {kb.ArrowDown, ""}} {
		p.do("pressing "+c.key, chromedp.Click("#status"), chromedp.KeyEvent(c.key))
		p.waitFor("the position after "+c.key, `document.getElementById('app').dataset.viewPly === '`+c.want+`'`, 5*time.Second)
	}
	p.do("pressing f", chromedp.KeyEvent("f"))
	p.waitFor("the board turned", `document.getElementById('board').classList.contains('orientation-black')`, 5*time.Second)
	if got := evalJS[string](p, `document.getElementById('move-input').value`); got != "" {
		t.Errorf("f typed %q into the move box, want it to flip the board only", got)
	}

	p.do("pressing z", chromedp.KeyEvent("z"))
	p.waitFor("zen mode", `document.body.classList.contains('zen')`, 5*time.Second)
	p.do("reloading", chromedp.Reload(), chromedp.WaitVisible("#board cg-board"))
	for sel, want := range map[string]bool{"header.top": false, "#moves": false, "#evalbar": false, "#player-top .name": false,
		"#board": true, "#player-bottom .clock": true, "#zen-exit": true} {
		if got := p.visible(sel); got != want {
			t.Errorf("zen mode after a reload: %s visible %v, want %v", sel, got, want)
		}
	}
	p.screenshot("zen")
	p.click("#zen-exit")
	p.waitFor("zen mode off", `!document.body.classList.contains('zen') && document.querySelector('header.top').checkVisibility()`, 5*time.Second)

	if !p.visible("#board coords") {
		t.Fatalf("the board has no coordinates before they are turned off")
	}
	p.click("#btn-settings")
	p.click("#settings-coords")
	p.screenshot("settings")
	p.click("#settings-close")
	p.do("reloading", chromedp.Reload(), chromedp.WaitVisible("#board cg-board"))
	if p.visible("#board coords") {
		t.Errorf("the coordinates are shown after they were turned off and the page reloaded")
	}
	if evalJS[bool](p, `document.getElementById('settings-coords').checked`) {
		t.Errorf("the settings' coordinates box is ticked after they were turned off")
	}
}

package browsertest

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// What a new player tripped on in the third round (issue 64, bugs 1, 3, 4,
// 5, 6, 8 and 9): each test shows one of them fixed.

// TestGameFromAnalysisShows (bug 1): a game started from the analysis board
// or a review takes the analysis board's place on screen.
func TestGameFromAnalysisShows(t *testing.T) {
	p := newPage(t, desktop)
	p.openAnalysis("#/analysis")
	p.click("#btn-new")
	p.do("new-game dialog", chromedp.WaitVisible("#dlg-new"))
	p.click(`#form-new input[name=mode][value=hvh]`)
	p.do("a 1+0 clock", chromedp.SetValue("#new-clock", "60+0"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('new-clock').dispatchEvent(new Event('change', {bubbles: true}))`))
	p.click("#new-start-btn")
	p.waitFor("the game", `!!document.getElementById('app').dataset.gameId`, 10*time.Second)
	p.waitFor("the game on screen instead of the analysis board",
		`!document.getElementById('app').hidden && document.getElementById('analysis').hidden`, 5*time.Second)
	p.screenshot("game")
}

package browsertest

import (
	"fmt"
	"slices"
	"strings"
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

// TestNewGameDialogFits (bug 3): the New game dialog, with its start-position
// part open, neither scrolls sideways nor has anything sticking out of its
// content box (into the room a scroll bar takes) on a desktop or a phone.
func TestNewGameDialogFits(t *testing.T) {
	for _, c := range []struct {
		vp   viewport
		lang string
	}{{viewport{"desktop", 1280, 800, false}, "en"}, {phone, "en"}, {phone, "zh-CN,zh"}} {
		t.Run(c.vp.name+"-"+c.lang, func(t *testing.T) {
			p := newPage(t, c.vp)
			p.speak(c.lang)
			p.open("/#new")
			p.do("new-game dialog", chromedp.WaitVisible("#dlg-new"))
			p.click("#new-start summary")
			if sw, cw := evalJS[int](p, `document.getElementById('dlg-new').scrollWidth`), evalJS[int](p, `document.getElementById('dlg-new').clientWidth`); sw > cw+1 {
				t.Errorf("the dialog scrolls sideways: %dpx of content in %dpx", sw, cw)
			}
			out := evalJS[[]string](p, `[...document.querySelectorAll('#dlg-new *')].filter(e => {
				if (!e.checkVisibility()) return false;
				// The dialog's content box: what sticks into its padding
				// scrolls sideways once a scroll bar takes its width.
				const dlg = document.getElementById('dlg-new'), d = dlg.getBoundingClientRect(), cs = getComputedStyle(dlg);
				const left = d.left + dlg.clientLeft + parseFloat(cs.paddingLeft), right = d.left + dlg.clientLeft + dlg.clientWidth - parseFloat(cs.paddingRight);
				const r = e.getBoundingClientRect();
				return r.width > 0 && (r.left < Math.max(0, left) - 1 || r.right > Math.min(innerWidth, right) + 1);
			}).map(e => e.id || e.tagName)`)
			if len(out) > 0 {
				t.Errorf("sticking out of the dialog or the screen: %q", out)
			}
			p.screenshot("dialog")
		})
	}
}

// TestEnginePanelClearsAtEnd (bug 4): once the game is over the Engine panel
// no longer shows the last search's depth, score and line.
func TestEnginePanelClearsAtEnd(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "ai", color: "white", level: "2"})
	p.clickMove("e2", "e4")
	p.waitPly(2, 20*time.Second)
	p.waitFor("the AI's search in the panel", `document.getElementById('th-depth').textContent !== '–'`, 10*time.Second)
	p.click("#btn-resign")
	p.click("#btn-resign")
	p.waitFor("the game-over banner", `!document.getElementById('banner').hidden`, 10*time.Second)
	for _, id := range []string{"th-depth", "th-score", "th-pv"} {
		if got := p.text("#" + id); got != "–" {
			t.Errorf("after the game #%s still says %q", id, got)
		}
	}
	p.screenshot("over")
}

// TestEvalBarKeptOnReload (bug 6): the evaluation bar shows the hint's
// evaluation again after a reload.
func TestEvalBarKeptOnReload(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "hvh"})
	p.clickMove("e2", "e4")
	p.waitPly(1, 5*time.Second)
	p.click("#btn-hint")
	p.waitFor("the hint's evaluation in the bar", `document.getElementById('evalbar').dataset.kind === 'hint'`, 20*time.Second)
	p.do("reloading", chromedp.Reload(), chromedp.WaitVisible("#board cg-board"))
	p.waitPly(1, 10*time.Second)
	p.waitFor("the hint's evaluation in the bar after the reload", `document.getElementById('evalbar').dataset.kind === 'hint'`, 5*time.Second)
}

// TestDeclinedDrawAndImportWords (bug 8): a declined draw says whose view
// its score is, in English and Chinese alike; a game started from six
// half-moves says it kept 3 moves.
func TestDeclinedDrawAndImportWords(t *testing.T) {
	for _, c := range []struct {
		lang, view, moves string
	}{
		{"en", "for Outpost)", "Imported: 3 moves"},
		{"zh-CN,zh", "对 Outpost 而言", "3 回合"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			p := newPage(t, desktop)
			p.speak(c.lang)
			p.startGame(newGame{mode: "ai", color: "black", level: "1", pgn: "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"})
			if got := p.text("#toast"); !strings.Contains(got, c.moves) {
				t.Errorf("starting from 6 half-moves says %q, want %q", got, c.moves)
			}
			p.waitPly(7, 20*time.Second)
			p.click("#btn-offer-draw")
			p.waitFor("Outpost's answer", `/Outpost/.test(document.getElementById('toast').textContent) && !document.getElementById('toast').hidden`, 20*time.Second)
			if got := p.text("#toast"); !strings.Contains(got, c.view) {
				t.Errorf("the declined draw says %q, want it to say whose view: %q", got, c.view)
			}
			p.screenshot("declined")
		})
	}
}

// TestMaterialFitsOnPhone (bug 9): on a phone the material and its
// difference stay inside the player's bar and the screen, beside a long
// name and a clock.
func TestMaterialFitsOnPhone(t *testing.T) {
	for _, lang := range []string{"en", "zh-CN,zh"} {
		t.Run(lang, func(t *testing.T) {
			p := newPage(t, phone)
			p.speak(lang)
			// White is a queen, two rooks and minor pieces up; Black also
			// has pieces White lacks, so both bars show material.
			p.startGame(newGame{mode: "ai", color: "black", level: "8", clock: "180+2",
				fen: "4k3/1pppp3/8/8/8/8/PPPPPPPP/RNBQKBNR b KQ - 0 1"})
			// The screen's width, not innerWidth: a page too wide makes a
			// phone's layout viewport as wide.
			clipped := evalJS[[]string](p, fmt.Sprintf(`[...document.querySelectorAll('.player')].flatMap(bar => {
				const b = bar.getBoundingClientRect();
				return [...bar.querySelectorAll('.material piece, .material-diff, .clock:not([hidden])')].filter(e => {
					const r = e.getBoundingClientRect();
					return r.right > Math.min(b.right, %d) + 1 || r.left < Math.max(b.left, 0) - 1;
				}).map(e => bar.id + ' ' + e.className + ' ' + e.textContent);
			})`, phone.width))
			if w := evalJS[int](p, `document.documentElement.scrollWidth`); w > int(phone.width) {
				t.Errorf("the page is %dpx wide on a %dpx screen", w, phone.width)
			}
			if len(clipped) > 0 {
				t.Errorf("clipped at the edge: %q", clipped)
			}
			if n := evalJS[int](p, `document.querySelectorAll('.material-diff').length`); n == 0 {
				t.Error("no material difference shown")
			}
			p.screenshot("material")
		})
	}
}

// TestImportedGlyphsAndLines (bug 5): an imported game's move list shows
// its glyphs after the moves and its side lines below the move they could
// replace, as lichess shows them.
func TestImportedGlyphsAndLines(t *testing.T) {
	for _, vp := range []viewport{desktop, phone} {
		t.Run(vp.name, func(t *testing.T) {
			p := newPage(t, vp)
			p.startGame(newGame{mode: "hvh", pgn: "1. e4 $1 e5 2. Nf3 Nc6?! (2... d6 $2 {Philidor.} 3. d4 (3. Bc4 h6??) exd4) 3. Bb5 $5 *"})
			p.waitPly(5, 10*time.Second)
			moves := evalJS[[]string](p, `[...document.querySelectorAll('#moves .move:not(.empty)')].map(b => b.textContent)`)
			if want := []string{"e4!", "e5", "Nf3", "Nc6?!", "Bb5!?"}; !slices.Equal(moves, want) {
				t.Errorf("the move list shows %q, want %q", moves, want)
			}
			lines := evalJS[[]string](p, `[...document.querySelectorAll('#moves .move-line')].map(l => l.textContent.replace(/\s+/g, ' ').trim())`)
			if want := []string{"2… d6? Philidor. 3. d4 (3. Bc4 h6??) 3… exd4"}; !slices.Equal(lines, want) {
				t.Errorf("the side lines are %q, want %q", lines, want)
			}
			p.screenshot("moves")
		})
	}
}

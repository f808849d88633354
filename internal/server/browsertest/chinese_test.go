package browsertest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// lines counts the lines the text of the elements sel matches is set on,
// the most of any: 1 when none wraps.
func (p *page) lines(sel string) int {
	p.t.Helper()
	return evalJS[int](p, fmt.Sprintf(`Math.max(0, ...[...document.querySelectorAll(%q)].map((e) => {
		const r = document.createRange();
		r.selectNodeContents(e);
		// Boxes of one line may start a little apart (a symbol beside
		// the text): a new line starts a font size lower.
		const size = parseFloat(getComputedStyle(e).fontSize);
		const tops = [...r.getClientRects()].filter((c) => c.width > 0).map((c) => c.top).sort((a, b) => a - b);
		return tops.filter((top, i) => i === 0 || top - tops[i - 1] > 0.8 * size).length;
	}))`, sel))
}

// loadAnalysis loads fen or pgn with the analysis board's load form (its
// button pressed from the page's script: on a phone a toast may cover it).
func (p *page) loadAnalysis(fen, pgn string) {
	p.t.Helper()
	p.do("loading "+fen+pgn, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById('an-load-error').textContent = '';
		document.getElementById('an-load-fen').value = %q; document.getElementById('an-load-pgn').value = %q;
		document.getElementById('an-load-go').click()`, fen, pgn)))
}

// chooseLang switches the page to lang with the header's menu.
func (p *page) chooseLang(lang string) {
	p.t.Helper()
	p.do("choosing "+lang, chromedp.SetValue("#lang", lang),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('lang').dispatchEvent(new Event('change'))`))
}

// TestChineseWords opens the page in Chinese, on a desktop, a phone and a
// tablet: a bad FEN and a bad PGN on the analysis board are said in
// Chinese, in a player's words (issue 64, bug 7); openings are named in Chinese with
// their ECO code and found by their Chinese names; the My games table's
// heads are set on one line each; switching the language says the error
// on screen again.
func TestChineseWords(t *testing.T) {
	// At 900 px the My games table's heads wrapped 回合 one character a
	// line before they were kept whole.
	for _, vp := range []viewport{desktop, phone, {"tablet", 900, 900, false}} {
		t.Run(vp.name, func(t *testing.T) {
			p := newPage(t, vp)
			p.speak("zh-CN,zh")
			p.openAnalysis("#/analysis")
			p.do("opening the load form", chromedp.Click("#an-load summary"))
			for _, tt := range []struct{ fen, pgn, want string }{
				{"8/8/8/8/8/8/8 w - - 0 1", "", "这个 FEN 不是一个局面：棋盘有 7 条横线（以“/”分隔），应为 8 条。"},
				{"", "1. e4 e5 2. Ke3 *", "无法读取这个 PGN：第 1 行：2. Ke3 不是合法着法。"},
			} {
				p.loadAnalysis(tt.fen, tt.pgn)
				p.waitFor("the error", `document.getElementById('an-load-error').textContent !== ''`, 10*time.Second)
				if got := p.text("#an-load-error"); got != tt.want {
					t.Errorf("loading %q: the form says %q, want %q", tt.fen+tt.pgn, got, tt.want)
				}
				if words := p.englishWords(); len(words) > 0 {
					t.Errorf("loading %q: the page shows English: %q", tt.fen+tt.pgn, words)
				}
				p.screenshot("bad-" + map[bool]string{true: "fen", false: "pgn"}[tt.fen != ""])
			}
			// Switching the language says the message on screen again.
			p.chooseLang("en")
			p.waitFor("the error in English", `document.getElementById('an-load-error').textContent === 'That PGN cannot be read: line 1: 2. Ke3 is not a legal move.'`, 5*time.Second)
			p.chooseLang("zh")
			p.waitFor("the error in Chinese", `document.getElementById('an-load-error').textContent === '无法读取这个 PGN：第 1 行：2. Ke3 不是合法着法。'`, 5*time.Second)
			p.loadAnalysis("", "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *")
			p.waitFor("the game loaded", `document.getElementById('an-load-error').textContent === '' && document.querySelectorAll('#an-moves [data-node], #an-moves .move').length > 0 || !!document.getElementById('an-last') && !document.getElementById('an-last').disabled`, 10*time.Second)
			p.click("#an-last")
			p.waitFor("the opening's name", `/西西里防御/.test(document.getElementById('an-opening').textContent)`, 10*time.Second)
			if got := p.text("#an-opening"); got != "B90 · 西西里防御：Najdorf Variation" {
				t.Errorf("the opening is named %q", got)
			}
			p.screenshot("opening")

			p.open("/#new")
			p.do("the new-game dialog", chromedp.WaitVisible("#dlg-new"))
			p.click(`#form-new input[name=mode][value=hvh]`)
			p.do("searching for 西西里", chromedp.Click("#new-opening"), chromedp.SendKeys("#new-opening", "西西里"))
			p.waitFor("the openings found", `document.querySelectorAll('#new-opening-list li[role=option]').length > 0`, 10*time.Second)
			if got := p.text("#new-opening-list li[role=option]"); !strings.HasPrefix(got, "西西里防御") || !strings.Contains(got, "B20") {
				t.Errorf("the first opening found for 西西里: %q", got)
			}
			p.screenshot("opening-search")

			p.startGame(newGame{mode: "ai", color: "white", level: "1"})
			p.click("#btn-games")
			p.waitFor("the games listed", `!!document.querySelector('#games-mine tr[data-id]')`, 10*time.Second)
			if n := p.lines("table.games th"); n > 1 { // 0 on a phone, where the list has no heads
				t.Errorf("a head of the games table is set on %d lines", n)
			}
			p.screenshot("games")
		})
	}
}

package browsertest

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// speak makes the tab's browser prefer the languages of accept ("zh-CN,zh"),
// as a browser set up in that language does: navigator.languages, the
// Accept-Language header and the locale of dates and numbers. Call it before
// opening a page.
func (p *page) speak(accept string) {
	p.t.Helper()
	ua := evalJS[string](p, `navigator.userAgent`)
	if _, err := chromedp.Call(p.ctx, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: accept}); err != nil {
		p.t.Fatalf("setting the browser's languages to %s: %v", accept, err)
	}
	loc := accept
	for i, c := range accept {
		if c == ',' || c == ';' {
			loc = accept[:i]
			break
		}
	}
	if _, err := chromedp.Call(p.ctx, emulation.SetLocaleOverride, emulation.SetLocaleOverrideParams{Locale: loc}); err != nil {
		p.t.Fatalf("setting the browser's locale to %s: %v", loc, err)
	}
}

// TestLanguageFromBrowser opens the page in a browser that prefers Chinese:
// it speaks Chinese; the switch turns it to English, and a reload keeps the
// choice.
func TestLanguageFromBrowser(t *testing.T) {
	p := newPage(t, desktop)
	p.speak("zh-CN,zh")
	p.open("/#new")
	if got := evalJS[[]string](p, `[...navigator.languages]`); len(got) == 0 || got[0] != "zh-CN" {
		t.Fatalf("navigator.languages = %q, want zh-CN first", got)
	}
	if got := evalJS[string](p, `document.documentElement.lang`); got != "zh-CN" {
		t.Errorf("<html lang> = %q, want zh-CN", got)
	}
	if got := p.text("#btn-new"); got != "新对局" {
		t.Errorf("the New game button says %q, want 新对局", got)
	}
	if got := p.text("#btn-mute"); got != "声音：开" {
		t.Errorf("the sound switch says %q, want 声音：开", got)
	}
	p.screenshot("zh")

	p.do("choosing English", chromedp.SetValue("#lang", "en"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('lang').dispatchEvent(new Event('change'))`))
	p.waitFor("the page in English", `document.getElementById('btn-new').textContent === 'New game' && document.getElementById('btn-mute').textContent === 'Sound on'`, 5*time.Second)
	p.do("reloading", chromedp.Reload(), chromedp.WaitVisible("#board cg-board"))
	if got, lang := p.text("#btn-games"), evalJS[string](p, `document.documentElement.lang`); got != "My games" || lang != "en" {
		t.Errorf("after the reload: My games says %q and <html lang> is %q; want the English chosen", got, lang)
	}
}

// englishWords returns the words of the page's visible text that are
// English: a Chinese page should show none but names that are the same in
// every language, moves (SAN) and FENs.
func (p *page) englishWords() []string {
	p.t.Helper()
	return evalJS[[]string](p, `(() => {
		const same = new Set(['Outpost', 'FEN', 'PGN', 'SAN', 'UCI', 'Elo', 'English', 'Cburnett', 'Merida', 'Staunty', 'Esc', 'Enter']);
		const san = /^(?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?|O-O(?:-O)?)[+#]?$/;
		const out = new Set();
		const walk = (n) => {
			if (n.nodeType === Node.TEXT_NODE) {
				const e = n.parentElement;
				if (!e || !e.checkVisibility({visibilityProperty: true, opacityProperty: true})) return;
				// Not words of the page: moves, FENs, and what is marked
				// English in every language (lichess's openings' names).
				if (e.closest('#moves, .pv, #fen-out, input, textarea, #th-pv, coords, .xsan, [lang=en]')) return;
				for (const token of n.textContent.match(/[A-Za-z0-9+#=-]+/g) || []) {
					if (san.test(token)) continue; // a move, as in "提示：exd5"
					for (const w of token.match(/[A-Za-z][a-z]{2,}/g) || []) if (!same.has(w)) out.add(w);
				}
				return;
			}
			for (const c of n.childNodes) walk(c);
		};
		walk(document.body);
		return [...out];
	})()`)
}

// TestChineseThroughout plays in a browser set up in Chinese: the new-game
// dialog, the game, the AI's thinking, the settings and an illegal move all
// speak Chinese; moves stay in SAN.
func TestChineseThroughout(t *testing.T) {
	p := newPage(t, desktop)
	p.speak("zh-CN,zh")
	p.open("/#new")
	p.do("the new-game dialog", chromedp.WaitVisible("#dlg-new"))
	p.waitFor("the levels", `/等级分/.test(document.getElementById('new-level').selectedOptions[0].textContent)`, 5*time.Second)
	if words := p.englishWords(); len(words) > 0 {
		t.Errorf("the new-game dialog shows English: %q", words)
	}
	p.screenshot("dialog")
	p.click(`#form-new input[name=mode][value=ai]`)
	p.do("level 1", chromedp.SetValue("#new-level", "1"))
	p.click("#new-start-btn")
	p.waitFor("the game", `!!document.getElementById('app').dataset.gameId`, 10*time.Second)
	p.clickMove("e2", "e4")
	p.waitPly(2, 20*time.Second)
	p.waitFor("the reply in words", `/^黑方走了 .+。 轮到白方走棋。$/.test(document.getElementById('live').textContent)`, 5*time.Second)
	if got := p.text("#status"); got != "轮到你走棋。" {
		t.Errorf("the status says %q", got)
	}
	if got := evalJS[string](p, `document.title`); got != "轮到你走棋。 · Outpost" {
		t.Errorf("the title is %q", got)
	}
	p.do("typing an illegal move", chromedp.SendKeys("#move-input", "Ke3\n"))
	p.waitFor("the toast", `/这步棋不合法/.test(document.getElementById('toast').textContent)`, 5*time.Second)
	if got := p.text("#toast"); got != "这步棋不合法：白方没有王能走到 e3。" {
		t.Errorf("the illegal move's toast says %q", got)
	}
	p.click("#btn-hint")
	p.waitFor("the hint", `/提示：/.test(document.getElementById('status').textContent)`, 20*time.Second)
	if words := p.englishWords(); len(words) > 0 {
		t.Errorf("the game shows English: %q", words)
	}
	p.screenshot("game")
	p.click("#btn-settings")
	p.waitFor("the settings", `document.getElementById('dlg-settings').open`, 5*time.Second)
	if words := p.englishWords(); len(words) > 0 {
		t.Errorf("the settings show English: %q", words)
	}
	p.screenshot("settings")
}

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

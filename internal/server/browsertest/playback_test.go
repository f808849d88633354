package browsertest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/outpost-chess/outpost/internal/explain"
)

// wayward is 1.e4 e5 2.Qf3 Nc6, the lesson's position.
const wayward = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 2 3"

// allVisits fetches the whole tree the explorer shows, in visit order,
// from the API.
func allVisits(t testing.TB, id string) []explain.VisitView {
	t.Helper()
	var out []explain.VisitView
	for from := 0; ; {
		resp, err := http.Get(fmt.Sprintf("%s/api/explain/%s/visits?from=%d&limit=5000", baseURL, id, from))
		if err != nil {
			t.Fatal(err)
		}
		var page explain.VisitPage
		err = json.NewDecoder(resp.Body).Decode(&page)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("visits of %s from %d: status %d, %v", id, from, resp.StatusCode, err)
		}
		out = append(out, page.Visits...)
		if page.Next == 0 {
			return out
		}
		from = page.Next
	}
}

// explainIn opens the explorer on a game at fen and explains it at depth
// with method.
func explainIn(p *page, fen string, depth int, method string) string {
	p.t.Helper()
	p.startGame(newGame{mode: "ai", color: "white", level: "1", fen: fen})
	p.click("#btn-explain")
	p.waitFor("the explanation", `document.getElementById('dlg-explain')?.dataset.state === 'ready'`, 30*time.Second)
	p.do("choosing the tree",
		chromedp.SetValue("#explain-depth", strconv.Itoa(depth)),
		chromedp.SetValue("#explain-method", method),
	)
	old := evalJS[string](p, `document.getElementById('dlg-explain').dataset.tree`)
	p.click("#explain-go")
	p.waitFor("the tree of "+method, `(() => { const d = document.getElementById('dlg-explain'); return d.dataset.state === 'ready' && d.dataset.tree !== `+jsString(old)+`; })()`, 30*time.Second)
	return evalJS[string](p, `document.getElementById('dlg-explain').dataset.tree`)
}

// firstCut returns where the first cut of a tree fires: after the last
// visit of the cutting node's subtree, the innermost cut first.
func firstCut(visits []explain.VisitView) explain.VisitView {
	var first *explain.VisitView
	end := func(v *explain.VisitView) int { return v.Visit + int(v.Size) - 1 }
	for i := range visits {
		v := &visits[i]
		if v.Cut != nil && (first == nil || end(v) < end(first) || (end(v) == end(first) && v.Ply > first.Ply)) {
			first = v
		}
	}
	return *first
}

// pathOf returns the UCI moves from the root to v, comma-separated.
func pathOf(visits []explain.VisitView, v explain.VisitView) string {
	var moves []string
	for ; v.Parent >= 0; v = visits[v.Parent] {
		moves = append([]string{v.UCI}, moves...)
	}
	return strings.Join(moves, ",")
}

// TestExplainPlayback plays alpha-beta back to its first cut, on a desktop
// and on a phone: the playback stops there, the board shows the position
// where the cut fired, the list highlights it, and the announcement says
// in words that the side that moved there has a better move elsewhere, so
// that the other replies need not be looked at. The counters at a visit N
// equal the number of nodes with visit <= N (and of those evaluated); the
// keyboard plays, pauses and steps.
func TestExplainPlayback(t *testing.T) {
	for _, vp := range []viewport{desktop, phone} {
		func() {
			p := newPage(t, vp)
			id := explainIn(p, wayward, 2, "alphabeta")
			visits := allVisits(t, id)
			cut := firstCut(visits)
			end := cut.Visit + int(cut.Size) - 1
			dlg := `document.getElementById('dlg-explain')`

			// Play from the start; "pause at each cut" is on by default.
			p.click(".xpb-start")
			p.waitFor("the start", dlg+`.dataset.visit === '0'`, 5*time.Second)
			p.do("a fast speed", chromedp.SetValue(".explain-side .xpb-speed", "100"),
				chromedp.Evaluate[chromedp.Void](`document.querySelector('.explain-side .xpb-speed').dispatchEvent(new Event('change'))`))
			p.click(".explain-side .xpb-play")
			p.waitFor("the first cut", dlg+`.dataset.playing === 'false' && `+dlg+`.dataset.cut === '1'`, 20*time.Second)
			if got := evalJS[string](p, dlg+`.dataset.visit`); got != strconv.Itoa(end) {
				t.Fatalf("stopped at visit %s, want %d (the end of the subtree of the first cut, at visit %d)", got, end, cut.Visit)
			}
			// The highlighted node: on the board, in the list, in the picture.
			if got := evalJS[string](p, `document.getElementById('explain-board').dataset.fen`); !strings.HasPrefix(got, cut.Board+" ") {
				t.Errorf("the board shows %q, want the cut's position %q", got, cut.Board)
			}
			want := pathOf(visits, cut)
			p.waitFor("the list to follow", `document.querySelector('#explain-tree li[aria-selected="true"]')?.dataset.path === `+jsString(want), 10*time.Second)
			if n := evalJS[int](p, `document.querySelectorAll('#explain-svg .xsvg-ring[visibility="visible"]').length`); n != 1 {
				t.Errorf("%d rings on the picture's current node", n)
			}
			words := p.text("#explain-announce .xann-text")
			mover := "White"
			if cut.Turn == "white" {
				mover = "Black"
			}
			for _, w := range []string{
				"✂ Cut: " + mover + " already has a better move elsewhere",
				fmt.Sprintf("the other %d replies need not be looked at", cut.Cut.Skipped),
				"After " + cut.SAN + ",",
			} {
				if !strings.Contains(words, w) {
					t.Errorf("the announcement %q lacks %q", words, w)
				}
			}
			if n := evalJS[int](p, `document.querySelectorAll('#explain-announce .xpruned-move').length`); n != cut.Cut.Skipped {
				t.Errorf("%d pruned moves shown, want %d", n, cut.Cut.Skipped)
			}
			p.screenshot(vp.name + "-first-cut")
			if !vp.mobile {
				// Double-clicking a node of the picture folds its subtree into
				// a wedge, and again unfolds it.
				shapes := `document.querySelectorAll('#explain-svg .xn').length`
				before := evalJS[int](p, shapes)
				node := `#explain-svg .xn[data-v="` + strconv.Itoa(cut.Parent) + `"]`
				p.do("folding", chromedp.DoubleClick(node))
				p.waitFor("the fold", `document.querySelectorAll('#explain-svg .xn.folded').length === 1 && `+shapes+` < `+strconv.Itoa(before), 5*time.Second)
				p.do("unfolding", chromedp.DoubleClick(node))
				p.waitFor("the unfold", `document.querySelectorAll('#explain-svg .xn.folded').length === 0 && `+shapes+` === `+strconv.Itoa(before), 5*time.Second)
				// A click on a node took the playback there (the root); the
				// next cut is the first one again.
				p.waitFor("the playback at the root", dlg+`.dataset.visit === '`+strconv.Itoa(cut.Parent)+`'`, 5*time.Second)
				p.click(".explain-side .xpb-cut")
				p.waitFor("the first cut again", dlg+`.dataset.visit === '`+strconv.Itoa(end)+`' && `+dlg+`.dataset.cut === '1'`, 10*time.Second)
				// The explorer follows a switch of language.
				setLang := func(l string) {
					p.do("choosing "+l, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('lang'); s.value = '`+l+`'; s.dispatchEvent(new Event('change')); })()`))
				}
				setLang("zh")
				p.waitFor("the explorer in Chinese", `document.querySelector('.explain-side .xpb-speedlabel').textContent.startsWith('速度') && document.querySelector('#explain-announce .xann-text').textContent.includes('剪枝')`, 5*time.Second)
				setLang("en")
				p.waitFor("the explorer in English", `document.querySelector('#explain-announce .xann-text').textContent.startsWith('✂ Cut')`, 5*time.Second)
				p.waitFor("the list made again to follow", `document.querySelector('#explain-tree li[aria-selected="true"]')?.dataset.path === `+jsString(want), 10*time.Second)
				// The playback and the picture without the form above: the
				// README's picture (docs/explorer.png).
				p.do("scrolling to the playback", chromedp.Evaluate[chromedp.Void](`document.getElementById('explain-status').scrollIntoView()`))
				p.screenshot(vp.name + "-first-cut-playback")
			}
			if vp.mobile {
				// The dialog fills the phone's screen and scrolls: below the
				// board, the playback, the announcement and the path.
				p.do("scrolling to the announcement", chromedp.Evaluate[chromedp.Void](`document.getElementById('explain-counters').scrollIntoView()`))
				p.screenshot(vp.name + "-first-cut-words")
			}

			// The counters at visit N count the visits up to N.
			counter := regexp.MustCompile(`positions visited: ([\d,]+) · evaluated: ([\d,]+)`)
			for _, n := range []int{0, 1, end, len(visits) / 2, len(visits) - 2} {
				p.do("jumping", chromedp.SetValue(".explain-side .xpb-jump", strconv.Itoa(n)), chromedp.Click(".explain-side .xpb-go"))
				p.waitFor("the jump", dlg+`.dataset.visit === '`+strconv.Itoa(n)+`' && `+dlg+`.dataset.cut === '0'`, 10*time.Second)
				m := counter.FindStringSubmatch(p.text("#explain-counters"))
				evaluated := 0
				for _, v := range visits[:n+1] {
					if v.Evaluated {
						evaluated++
					}
				}
				if m == nil || m[1] != fmt.Sprint(n+1) || m[2] != fmt.Sprint(evaluated) {
					t.Errorf("at visit %d the counters say %q, want %d visited and %d evaluated", n, p.text("#explain-counters"), n+1, evaluated)
				}
			}

			// The keyboard: → steps, ← steps back, Space plays and pauses.
			p.do("focusing the picture", chromedp.Focus("#explain-svg svg"))
			p.do("→", chromedp.KeyEvent(kb.ArrowRight))
			p.waitFor("a step", dlg+`.dataset.visit === '`+strconv.Itoa(len(visits)-1)+`'`, 5*time.Second)
			p.do("←", chromedp.KeyEvent(kb.ArrowLeft))
			p.waitFor("a step back", dlg+`.dataset.visit === '`+strconv.Itoa(len(visits)-2)+`'`, 5*time.Second)
			p.click(".explain-side .xpb-start")
			p.do("focusing the picture", chromedp.Focus("#explain-svg svg"))
			p.do("Space", chromedp.KeyEvent(" "))
			p.waitFor("playing", dlg+`.dataset.playing === 'true' || `+dlg+`.dataset.cut === '1'`, 5*time.Second)
			if evalJS[string](p, dlg+`.dataset.playing`) == "true" {
				p.do("Space", chromedp.KeyEvent(" "))
				p.waitFor("paused", dlg+`.dataset.playing === 'false'`, 5*time.Second)
			}
			if vp.mobile {
				if w := evalJS[int](p, `document.documentElement.scrollWidth`); w > int(vp.width) {
					t.Errorf("the page is %dpx wide on a %dpx phone", w, vp.width)
				}
				if w := evalJS[int](p, dlg+`.scrollWidth - `+dlg+`.clientWidth`); w > 0 {
					t.Errorf("the explorer scrolls sideways by %dpx on a phone: %s", w, evalJS[string](p, `[...document.querySelectorAll('#dlg-explain *')].filter((e) => e.getBoundingClientRect().right > document.getElementById('dlg-explain').getBoundingClientRect().right + 1).slice(0, 8).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join('; ')`))
				}
			}
		}()
	}
}

// TestExplainCompare plays the four orderings side by side: each panel
// draws its tree and says when its first cut fired, sooner with better
// ordering.
func TestExplainCompare(t *testing.T) {
	p := newPage(t, desktop)
	explainIn(p, wayward, 3, "engine-order")
	p.do("turning quiescence on", chromedp.Click("#explain-quiescence"))
	p.click("#explain-tab-compare")
	p.waitFor("the four trees", `document.querySelectorAll('#explain-compareview .xcmp-pane').length === 4 && document.getElementById('dlg-explain').dataset.state === 'ready'`, 60*time.Second)
	firsts := evalJS[[]string](p, `[...document.querySelectorAll('#explain-compareview .xcmp-pane')].map((p) => p.dataset.method + ':' + (p.querySelector('.xcmp-first')?.textContent ?? p.querySelector('.xcmp-note')?.textContent))`)
	first := map[string]int{}
	for _, f := range firsts {
		method, text, _ := strings.Cut(f, ":")
		if m := regexp.MustCompile(`refuted \(a cut one ply down\) after ([\d,]+) positions`).FindStringSubmatch(text); m != nil {
			first[method], _ = strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
		}
	}
	if _, ok := first["minimax"]; ok || len(first) != 3 || first["engine-order"] > first["alphabeta"] {
		t.Errorf("first cuts %q", firsts)
	}
	p.click("#explain-compareview .xpb-play")
	p.waitFor("the panels to move", `Number(document.getElementById('explain-compareview').dataset.step) > 20`, 20*time.Second)
	p.click("#explain-compareview .xpb-play")
	p.screenshot("orderings")
}

// TestLesson opens the guided lesson from the start page, in English and
// in Chinese, and walks its steps: the third plays alpha-beta to its first
// cut.
func TestLesson(t *testing.T) {
	p := newPage(t, desktop)
	p.open("/#new")
	p.do("closing the New game dialog", chromedp.Evaluate[chromedp.Void](`document.getElementById('dlg-new').close()`))
	p.click("#btn-lesson")
	p.waitFor("the first step", `document.getElementById('lesson-title')?.textContent.startsWith('1. ') && document.getElementById('dlg-explain').dataset.state === 'ready'`, 30*time.Second)
	if got := evalJS[string](p, `document.getElementById('explain-fen').value`); got != explain.LessonFEN {
		t.Errorf("the lesson's position %q", got)
	}
	if got := p.text("#lesson-text"); !strings.Contains(got, "Qxf7+") || !strings.Contains(got, "929") {
		t.Errorf("step 1: %q", got)
	}
	p.click("#lesson-next")
	p.waitFor("the second step", `document.getElementById('lesson-title').textContent.startsWith('2. ') && document.getElementById('dlg-explain').dataset.state === 'ready'`, 30*time.Second)
	p.click("#lesson-next")
	p.waitFor("the third step's first cut", `document.getElementById('lesson-title').textContent.startsWith('3. ') && document.getElementById('dlg-explain').dataset.cut === '1'`, 60*time.Second)
	if got := evalJS[string](p, `document.getElementById('explain-method').value`); got != "alphabeta" {
		t.Errorf("step 3 shows %s", got)
	}
	p.screenshot("step3")

	// The same lesson in Chinese, from the link in the New game dialog.
	z := newPage(t, phone)
	z.speak("zh-CN,zh")
	z.open("/#new")
	z.click("#new-lesson")
	z.waitFor("the first step", `document.getElementById('lesson-title')?.textContent.startsWith('1. ') && document.getElementById('dlg-explain').dataset.state === 'ready'`, 30*time.Second)
	if got := z.text("#lesson-title"); !strings.Contains(got, "评估函数") {
		t.Errorf("the Chinese lesson's first step is %q", got)
	}
	z.click("#lesson-next")
	z.waitFor("the second step", `document.getElementById('lesson-title').textContent.startsWith('2. ')`, 30*time.Second)
	z.screenshot("zh")
	z.click("#lesson-close")
	z.click("#explain-close")
	z.waitFor("the New game dialog again", `document.getElementById('dlg-new').open && location.hash !== '#/lesson'`, 5*time.Second)
}

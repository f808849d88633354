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
				"✂ Cut: " + mover + " already has " + cut.Cut.BoundSAN + " (",
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

			// The counters at visit N count the visits up to N; the counter and
			// the visit to go to are 1-based, against the tree's positions.
			counter := regexp.MustCompile(`^Visit ([\d,]+) of ([\d,]+) · positions visited: ([\d,]+) · evaluated: ([\d,]+)$`)
			for _, n := range []int{0, 1, end, len(visits) / 2, len(visits) - 2} {
				p.do("jumping", chromedp.SetValue(".explain-side .xpb-jump", strconv.Itoa(n+1)), chromedp.Click(".explain-side .xpb-go"))
				p.waitFor("the jump", dlg+`.dataset.visit === '`+strconv.Itoa(n)+`' && `+dlg+`.dataset.cut === '0'`, 10*time.Second)
				m := counter.FindStringSubmatch(p.text("#explain-counters"))
				evaluated := 0
				for _, v := range visits[:n+1] {
					if v.Evaluated {
						evaluated++
					}
				}
				if m == nil || m[1] != fmt.Sprint(n+1) || m[2] != fmt.Sprint(len(visits)) || m[3] != fmt.Sprint(n+1) || m[4] != fmt.Sprint(evaluated) {
					t.Errorf("at visit %d the counters say %q, want visit %d of %d, %d visited and %d evaluated", n, p.text("#explain-counters"), n+1, len(visits), n+1, evaluated)
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
	// Before the playback has reached them, no first refutation is told.
	if told := evalJS[string](p, `[...document.querySelectorAll('#explain-compareview .xcmp-first')].map((e) => e.textContent).join('')`); strings.Contains(told, "refuted") {
		t.Errorf("first refutations told at the start: %q", told)
	}
	// Each tree fills its own panel, the smallest too.
	widths := evalJS[[]float64](p, `[...document.querySelectorAll('#explain-compareview .xcmp-pane svg.xsvg')].map((s) => s.querySelector('.xsvg-nodes').getBBox().width / s.clientWidth)`)
	for i, w := range widths {
		if w < 0.8 {
			t.Errorf("panel %d: its tree fills %.0f%% of its width", i+1, 100*w)
		}
	}
	p.click("#explain-compareview .xpb-end")
	p.waitFor("the end", `document.querySelector('#explain-compareview .xcmp-first')?.textContent !== ''`, 10*time.Second)
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

	// A new search clears the old position's panels while it runs.
	p.do("watching the panels", chromedp.Evaluate[chromedp.Void](`window.panesWhileBusy = -1; new MutationObserver(() => {
		const d = document.getElementById('dlg-explain');
		if (d.dataset.state === 'busy' && window.panesWhileBusy < 0) window.panesWhileBusy = document.querySelectorAll('#explain-compareview .xcmp-pane').length;
	}).observe(document.getElementById('dlg-explain'), { attributes: true, attributeFilter: ['data-state'] })`))
	p.do("depth 2", chromedp.SetValue("#explain-depth", "2"))
	p.click("#explain-go")
	p.waitFor("the new trees", `document.querySelectorAll('#explain-compareview .xcmp-pane').length === 4 && document.getElementById('dlg-explain').dataset.state === 'ready'`, 60*time.Second)
	if n := evalJS[int](p, `window.panesWhileBusy`); n != 0 {
		t.Errorf("%d panels of the old position shown while the new search ran", n)
	}
}

// TestLesson walks the guided lesson in English on a desktop and in
// Chinese on a phone (opened from the New game dialog). It opens on the
// tutorials' picture: a 3 × 3 minimax tree of 13 positions, each drawn with
// its score once the playback has brought it up. Step 4 plays a 3 × 3
// alpha-beta tree to its first cut: the sentence names the move whose score
// set the bound (and highlights it), and the picture and the list mark it.
func TestLesson(t *testing.T) {
	for _, tc := range []struct {
		name, lang    string
		vp            viewport
		evalTitle     string // step 2's title holds it
		cutWords      string // the cut's sentence holds it, then the bound move
		fromNewDialog bool
	}{
		{"en", "", desktop, "The evaluation", "✂ Cut: White already has ", false},
		{"zh", "zh-CN,zh", phone, "评估函数", "✂ 剪枝：白方已经有别处的 ", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(t, tc.vp)
			if tc.lang != "" {
				p.speak(tc.lang)
			}
			p.open("/#new")
			if tc.fromNewDialog {
				p.click("#new-lesson")
			} else {
				p.do("closing the New game dialog", chromedp.Evaluate[chromedp.Void](`document.getElementById('dlg-new').close()`))
				p.click("#btn-lesson")
			}
			dlg := `document.getElementById('dlg-explain')`
			p.waitFor("the first step played to its end", `document.getElementById('lesson-title')?.textContent.startsWith('1. ') && `+
				dlg+`.dataset.state === 'ready' && `+dlg+`.dataset.playing === 'false' && `+dlg+`.dataset.visit === '12'`, 30*time.Second)
			for sel, want := range map[string]string{"#explain-fen": explain.LessonFEN, "#explain-method": "minimax", "#explain-width": "3", "#explain-depth": "2"} {
				if got := evalJS[string](p, `document.querySelector('`+sel+`').value`); got != want {
					t.Errorf("step 1: %s is %q, want %q", sel, got, want)
				}
			}
			// Each of the 13 positions carries its score, as the API has it.
			visits := allVisits(t, evalJS[string](p, dlg+`.dataset.tree`))
			labels := evalJS[map[string]string](p, `Object.fromEntries([...document.querySelectorAll('#explain-svg text.xlab')].map((e) => [e.dataset.v, e.textContent]))`)
			if len(visits) != 13 || len(labels) != 13 {
				t.Fatalf("the opening tree: %d positions, %d scores drawn; want 13 and 13", len(visits), len(labels))
			}
			for _, v := range visits {
				if got := labels[strconv.Itoa(v.Visit)]; got != v.White {
					t.Errorf("visit %d (%s) is drawn with %q, want %q", v.Visit, v.SAN, got, v.White)
				}
			}
			p.do("scrolling to the picture", chromedp.Evaluate[chromedp.Void](`document.getElementById('explain-status').scrollIntoView()`))
			p.screenshot("step1")

			p.click("#lesson-next")
			p.waitFor("the second step", `document.getElementById('lesson-title').textContent.startsWith('2. ') && `+dlg+`.dataset.state === 'ready'`, 30*time.Second)
			if got := p.text("#lesson-title"); !strings.Contains(got, tc.evalTitle) {
				t.Errorf("step 2 is %q, want %q", got, tc.evalTitle)
			}
			if got := p.text("#lesson-text"); !strings.Contains(got, "Qxf7+") || !strings.Contains(got, "929") {
				t.Errorf("step 2: %q", got)
			}
			p.click("#lesson-next")
			p.waitFor("the third step", `document.getElementById('lesson-title').textContent.startsWith('3. ')`, 30*time.Second)
			p.click("#lesson-next")
			p.waitFor("the fourth step's first cut", `document.getElementById('lesson-title').textContent.startsWith('4. ') && `+
				dlg+`.dataset.playing === 'false' && `+dlg+`.dataset.cut === '1'`, 60*time.Second)
			if got := evalJS[string](p, `document.getElementById('explain-method').value + ' ' + document.getElementById('explain-width').value`); got != "alphabeta 3" {
				t.Errorf("step 4 shows %s", got)
			}
			visits = allVisits(t, evalJS[string](p, dlg+`.dataset.tree`))
			cut := firstCut(visits)
			bound := cut.Cut.BoundBy
			if bound < 0 || cut.Cut.BoundSAN == "" {
				t.Fatalf("the first cut has no bound move: %+v", cut.Cut)
			}
			words := p.text("#explain-announce .xann-text")
			if !strings.Contains(words, tc.cutWords+cut.Cut.BoundSAN) {
				t.Errorf("the cut's words %q lack %q", words, tc.cutWords+cut.Cut.BoundSAN)
			}
			if got := p.text("#explain-announce mark.xbound"); !strings.HasPrefix(got, boundLead(tc.name)+cut.Cut.BoundSAN) {
				t.Errorf("the highlighted words are %q, want the bound move %s", got, cut.Cut.BoundSAN)
			}
			b := strconv.Itoa(bound)
			for what, js := range map[string]string{
				"the picture's ring":  `document.querySelector('#explain-svg .xsvg-bound')?.getAttribute('visibility') === 'visible' && document.querySelector('#explain-svg .xsvg-bound').dataset.v === '` + b + `'`,
				"the picture's node":  `!!document.querySelector('#explain-svg circle.xn.bound[data-v="` + b + `"]')`,
				"the picture's score": `document.querySelector('#explain-svg text.xlab.bound')?.dataset.v === '` + b + `'`,
				"the list's move":     `document.querySelector('#explain-tree li.xbound')?.dataset.visit === '` + b + `'`,
			} {
				// The picture is drawn on the next animation frame, which a loaded
				// machine may delay.
				p.waitFor(fmt.Sprintf("%s to mark the bound move %s (visit %d)", what, cut.Cut.BoundSAN, bound), js, 5*time.Second)
			}
			p.do("scrolling to the picture", chromedp.Evaluate[chromedp.Void](`document.getElementById('explain-status').scrollIntoView()`))
			p.screenshot("step4-cut")
			if tc.vp.mobile {
				p.do("scrolling to the words", chromedp.Evaluate[chromedp.Void](`document.getElementById('explain-counters').scrollIntoView()`))
				p.screenshot("step4-cut-words")
			}
			p.click("#lesson-close")
			p.click("#explain-close")
			if tc.fromNewDialog {
				p.waitFor("the New game dialog again", `document.getElementById('dlg-new').open && location.hash !== '#/lesson'`, 5*time.Second)
			}
		})
	}
}

// boundLead is how the highlighted words naming a bound move begin in a
// language: the move itself in English, "别处的" (elsewhere) in Chinese.
func boundLead(lang string) string {
	if lang == "zh" {
		return "别处的 "
	}
	return ""
}

package browsertest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The after-the-game tests (issue 45): the review and its graph, learn
// from your mistakes, the analysis board and the openings' names. Each
// runs on a desktop in English and on a phone in Chinese.

// variant is a screen and a language a test runs in.
type variant struct {
	name   string
	vp     viewport
	accept string // the browser's languages
}

var variants = []variant{
	{"desktop-en", desktop, "en-US,en"},
	{"phone-zh", phone, "zh-CN,zh"},
}

// say returns en or zh, the text the variant's language shows.
func (v variant) say(en, zh string) string {
	if strings.HasPrefix(v.accept, "zh") {
		return zh
	}
	return en
}

// each runs f as a subtest in every variant, on a page of its own, and
// checks at the end that the page fits the screen's width and, in
// Chinese, shows no English.
func each(t *testing.T, f func(t *testing.T, p *page, v variant)) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			p := newPage(t, v.vp)
			p.speak(v.accept)
			f(t, p, v)
			if w := evalJS[int](p, `document.documentElement.scrollWidth`); w > int(v.vp.width) {
				t.Errorf("the page is %dpx wide on a %dpx screen", w, v.vp.width)
			}
			if strings.HasPrefix(v.accept, "zh") {
				if words := p.englishWords(); len(words) > 0 {
					t.Errorf("the page shows English: %q", words)
				}
			}
		})
	}
}

// blunders is a game with mistakes on both sides, Black's 5... Nxf2 and
// 7... Ke7 among them, Black to move at its end.
const blunders = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. d3 Ng4 5. O-O Nxf2 6. Rxf2 Bc5 7. Bxf7+ Ke7 8. Bb3"

// createGame creates a game through the API from the page (so that the
// browser holds its token, as for a game it started) and returns its id.
// It leaves the tab on a blank page, so that the app loads afresh when the
// test opens it.
func (p *page) createGame(body string) string {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.Navigate(p.base+"/#new"), chromedp.WaitReady("body")); err != nil {
		p.t.Fatalf("opening the page: %v", err)
	}
	id, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](fmt.Sprintf(`(async () => {
		const r = await fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: %q});
		const c = await r.json();
		if (!r.ok) throw new Error('POST /api/games: ' + r.status + ' ' + JSON.stringify(c));
		localStorage.setItem('outpost.token.' + c.id, c.token);
		return c.id;
	})()`, body), chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("creating a game: %v", err)
	}
	p.do("leaving the page", chromedp.Navigate("about:blank"))
	return id
}

// openAnalysis opens the analysis board at path (#/analysis, #/review/ID)
// and waits for its board.
func (p *page) openAnalysis(path string) {
	p.t.Helper()
	p.do("opening "+path, chromedp.Navigate(p.base+"/"+path), chromedp.WaitVisible("#an-board cg-board"))
}

// an returns a data attribute of the analysis board.
func (p *page) an(name string) string {
	p.t.Helper()
	return evalJS[string](p, fmt.Sprintf(`document.getElementById('analysis').dataset[%q] ?? ''`, name))
}

// waitReviewed waits for the review panel to show a review.
func (p *page) waitReviewed() {
	p.t.Helper()
	p.waitFor("the review", `document.getElementById('an-review')?.dataset.status === 'done'`, 60*time.Second)
}

// anMove plays a move on the analysis board by clicking its two squares,
// once the board lets it. The board is scrolled into the middle of the
// screen first: a screenshot of a phone's whole page can leave it
// scrolled where the clicks would miss.
func (p *page) anMove(from, to string) {
	p.t.Helper()
	p.waitFor("a movable board", `document.getElementById('analysis').dataset.movable === 'true'`, 10*time.Second)
	evalJS[bool](p, `document.getElementById('an-board').scrollIntoView({block: 'center'}), true`)
	fx, fy := p.squareOf("an-board", from)
	p.do("clicking "+from, chromedp.MouseClickXY(fx, fy))
	p.waitFor(from+" selected", `!!document.querySelector('#an-board square.selected')`, 5*time.Second)
	tx, ty := p.squareOf("an-board", to)
	p.do("clicking "+to, chromedp.MouseClickXY(tx, ty))
}

// TestReviewGraph reviews a game and goes to its moves through the
// evaluation graph: a click on a blunder's dot shows that move, with its
// judgement, the better move's arrow and line; a drag along the graph
// follows the pointer. The review is asked for from the game-over banner
// (on a desktop) and from My games (on a phone).
func TestReviewGraph(t *testing.T) {
	each(t, func(t *testing.T, p *page, v variant) {
		id := p.createGame(fmt.Sprintf(`{"white":"human","black":"human","pgn":%q}`, blunders))
		p.open("/#/game/" + id)
		p.waitFor("the game", fmt.Sprintf(`document.getElementById('app').dataset.gameId === %q`, id), 10*time.Second)
		if v.vp.mobile {
			p.click("#btn-games")
			p.click(fmt.Sprintf(`#games-mine tr[data-id=%q] button[data-review]`, id))
		} else {
			p.click("#btn-resign")
			p.click("#btn-resign")
			p.waitFor("the game-over banner", `!document.getElementById('banner').hidden`, 10*time.Second)
			p.screenshot("over")
			p.click("#banner-review")
		}
		p.do("the analysis board", chromedp.WaitVisible("#an-board cg-board"))
		if got := evalJS[string](p, `location.hash`); got != "#/review/"+id {
			t.Errorf("the address is %q, want the game's review", got)
		}
		p.waitFor("the review running or done", `['running', 'done'].includes(document.getElementById('an-review').dataset.status)`, 10*time.Second)
		p.waitReviewed()
		if got := p.an("gamePly"); got != "15" {
			t.Errorf("the board shows ply %s, want the end of the game (15)", got)
		}
		dots := evalJS[[]string](p, `[...document.querySelectorAll('#an-graph circle.mark')].map(c => c.getAttribute('class') + ' ' + c.dataset.index)`)
		if len(dots) < 3 {
			t.Fatalf("dots on the graph: %q", dots)
		}
		acc := evalJS[[]string](p, `[...document.querySelectorAll('#an-summary .an-accuracy')].map(td => td.textContent)`)
		if len(acc) != 2 || !strings.HasSuffix(acc[0], "%") || !strings.HasSuffix(acc[1], "%") {
			t.Errorf("accuracies %q", acc)
		}
		if got := p.text("#an-review-opening"); !strings.Contains(got, "C55") && !strings.Contains(got, "C50") {
			t.Errorf("the review's opening says %q", got)
		}
		if n := p.lines(".an-summary th:not(:last-child)"); n != 1 {
			t.Errorf("a head of the review's summary is set on %d lines", n)
		}
		p.screenshot("reviewed")

		// A click on Black's first blunder's dot shows that move.
		var blunder struct {
			Index string
			X, Y  float64
		}
		raw := evalJS[string](p, `(() => {
			const c = [...document.querySelectorAll('#an-graph circle.mark.blunder')].find(c => Number(c.dataset.index) % 2 === 0);
			const r = c.getBoundingClientRect();
			return JSON.stringify({index: c.dataset.index, x: r.left + r.width / 2, y: r.top + r.height / 2});
		})()`)
		if err := json.Unmarshal([]byte(raw), &blunder); err != nil {
			t.Fatal(err)
		}
		p.do("clicking the blunder's dot", chromedp.MouseClickXY(blunder.X, blunder.Y))
		p.waitFor("the blunder's position", fmt.Sprintf(`document.getElementById('analysis').dataset.gamePly === %q`, blunder.Index), 5*time.Second)
		if cur := p.text("#an-moves .an-move.current"); !strings.HasSuffix(cur, "??") {
			t.Errorf("the current move in the list is %q, want a blunder (??)", cur)
		}
		if got := p.text("#an-note .an-verdict"); !strings.Contains(got, "??") {
			t.Errorf("the note on the move says %q", got)
		}
		if n := evalJS[int](p, `document.querySelectorAll('#an-note .an-better .an-pv-move').length`); n == 0 {
			t.Error("no better line under the move")
		}
		p.waitFor("the better move's arrow", `!!document.querySelector('#an-board svg.cg-shapes [stroke="#15781B"]')`, 5*time.Second)
		if got := p.text("#an-graph circle.mark.blunder[r='5.5'] title"); got == "" {
			t.Error("the dot of the move shown is not marked")
		}
		p.screenshot("blunder")

		// Dragging along the graph from its start goes to the first
		// positions.
		box := evalJS[[]float64](p, `(() => { const r = document.querySelector('#an-graph svg').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`)
		p.do("dragging along the graph", chromedp.DragAndDropXY(box[0]+box[2]*0.8, box[1]+box[3]/2, box[0]+2, box[1]+box[3]/2, 8))
		p.waitFor("the start", `document.getElementById('analysis').dataset.gamePly === '0'`, 5*time.Second)
	})
}

// reviewMove is what the tests read of a move of a review.
type reviewMove struct {
	Ply       int
	UCI       string
	Color     string
	Best      string
	BestSAN   string
	Judgement string
}

// faults reads a game's review from the server: color's mistakes and
// blunders.
func (p *page) faults(id, color string) []reviewMove {
	p.t.Helper()
	raw, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](fmt.Sprintf(`fetch('/api/games/%s/review').then(r => r.text())`, id), chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("reading the review: %v", err)
	}
	var r struct{ Moves []reviewMove }
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		p.t.Fatalf("the review %s: %v", raw, err)
	}
	var out []reviewMove
	for _, m := range r.Moves {
		if m.Color == color && (m.Judgement == "mistake" || m.Judgement == "blunder") {
			out = append(out, m)
		}
	}
	return out
}

// TestLearnFromMistakes plays Black against Outpost from a game with
// Black's blunders, reviews it and learns from them: the game's own move
// is refused, the better move found; the next ones skipped; the summary
// counts them; and, started again, "show me" plays the better move.
func TestLearnFromMistakes(t *testing.T) {
	each(t, func(t *testing.T, p *page, v variant) {
		id := p.createGame(fmt.Sprintf(`{"white":"ai","black":"human","level":"1","pgn":%q}`, blunders))
		p.openAnalysis("#/review/" + id)
		p.waitReviewed()
		faults := p.faults(id, "black")
		if len(faults) < 2 {
			t.Fatalf("Black's mistakes and blunders: %+v", faults)
		}
		p.click("#an-learn-start")
		phase := func(want string) {
			t.Helper()
			p.waitFor("phase "+want, fmt.Sprintf(`document.getElementById('an-learn')?.dataset.phase === %q`, want), 30*time.Second)
		}
		phase("find")
		first := faults[0]
		if got := p.an("gamePly"); got != fmt.Sprint(first.Ply-1) {
			t.Errorf("learning starts at ply %s, want %d (before the first mistake)", got, first.Ply-1)
		}
		if !evalJS[bool](p, `document.getElementById('an-board').classList.contains('orientation-black')`) {
			t.Error("Black is not at the bottom")
		}
		if !evalJS[bool](p, `document.getElementById('an-engine').hidden`) {
			t.Error("the engine's lines show while learning")
		}
		// The board stays on the mistake: the move list, the arrows and
		// the keys do not move it while learning.
		if !evalJS[bool](p, `['an-first','an-prev','an-next','an-last'].every(id => document.getElementById(id).disabled)`) {
			t.Error("the move arrows are enabled while learning")
		}
		evalJS[bool](p, `(document.querySelector('#an-moves [data-id]').click(), true)`)
		p.do("pressing Home", chromedp.KeyEvent(kb.Home))
		if got := p.an("gamePly"); got != fmt.Sprint(first.Ply-1) {
			t.Errorf("a click in the move list or Home took the board to ply %s while learning", got)
		}
		p.screenshot("find")

		// The game's own move is refused, and taken back.
		p.anMove(first.UCI[:2], first.UCI[2:4])
		phase("wrong")
		if got := p.text("#an-learn-note"); got == "" {
			t.Error("no word on the move of the game")
		}
		p.screenshot("wrong")
		phase("find")
		if got := p.an("gamePly"); got != fmt.Sprint(first.Ply-1) {
			t.Errorf("after the refused move the board shows ply %s", got)
		}
		// The better move is found.
		p.anMove(first.Best[:2], first.Best[2:4])
		phase("solved")
		p.screenshot("solved")
		p.click("#an-learn-next")
		phase("find")
		if got := p.text("#an-learn-count"); !strings.HasPrefix(got, "2") && !strings.Contains(got, "2 ") {
			t.Errorf("the counter says %q on the second mistake", got)
		}
		for range faults[1:] {
			p.click("#an-learn-skip")
		}
		phase("end")
		if n := evalJS[int](p, `document.querySelectorAll('#an-learn-list li.outcome-found').length`); n != 1 {
			t.Errorf("%d found in the summary, want 1", n)
		}
		if n := evalJS[int](p, `document.querySelectorAll('#an-learn-list li.outcome-skipped').length`); n != len(faults)-1 {
			t.Errorf("%d skipped in the summary, want %d", n, len(faults)-1)
		}
		p.screenshot("summary")

		// Again: "show me" plays the better move, with its arrow.
		p.click("#an-learn-again")
		phase("find")
		p.click("#an-learn-show")
		phase("shown")
		p.waitFor("the better move played", fmt.Sprintf(`document.getElementById('analysis').dataset.node.endsWith(%q)`, first.Best), 10*time.Second)
		p.waitFor("its arrow", `!!document.querySelector('#an-board svg.cg-shapes [stroke="#15781B"]')`, 5*time.Second)
		p.screenshot("shown")
		p.click("#an-learn-close")
		p.waitFor("the review again", `!document.getElementById('an-learn') && !document.getElementById('an-engine').hidden`, 5*time.Second)
	})
}

// TestAnalysisBoard moves freely on the analysis board: the moves form a
// tree (going back and playing another move makes a variation, kept when
// the main line is followed again), the engine shows as many lines as
// chosen, and the PGN exported holds the variation.
func TestAnalysisBoard(t *testing.T) {
	each(t, func(t *testing.T, p *page, v variant) {
		dir := p.downloads()
		p.openAnalysis("#/analysis")
		p.do("choosing 4 lines", chromedp.SetValue("#an-lines", "4"),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('an-lines').dispatchEvent(new Event('change'))`))
		p.waitFor("4 engine lines", `document.getElementById('an-engine').dataset.lines === '4'`, 30*time.Second)
		if got := p.text("#an-engine-lines li:first-child .an-pv-move"); got == "" {
			t.Error("the best line has no moves")
		}
		p.anMove("e2", "e4")
		p.waitFor("1. e4", `document.getElementById('analysis').dataset.node === 'e2e4'`, 10*time.Second)
		p.anMove("e7", "e5")
		p.waitFor("1... e5", `document.getElementById('analysis').dataset.node === 'e2e4,e7e5'`, 10*time.Second)
		p.anMove("g1", "f3")
		p.waitFor("2. Nf3", `document.getElementById('analysis').dataset.node === 'e2e4,e7e5,g1f3'`, 10*time.Second)
		if got := p.text("#an-opening"); !strings.Contains(got, v.say("King's Knight Opening", "王马开局")) {
			t.Errorf("the opening after 1. e4 e5 2. Nf3 is %q", got)
		}
		// Back to 1. e4 in the move list, then 1... c5: a variation.
		p.click(`#an-moves .an-move[data-id="e2e4"]`)
		p.waitFor("1. e4", `document.getElementById('analysis').dataset.node === 'e2e4'`, 5*time.Second)
		p.anMove("c7", "c5")
		p.waitFor("1... c5", `document.getElementById('analysis').dataset.node === 'e2e4,c7c5'`, 10*time.Second)
		p.anMove("g1", "f3")
		p.waitFor("2. Nf3 in the variation", `document.getElementById('analysis').dataset.node === 'e2e4,c7c5,g1f3'`, 10*time.Second)
		if got := p.text("#an-moves .an-vars"); !strings.Contains(got, "c5") || !strings.Contains(got, "Nf3") {
			t.Errorf("the variation reads %q", got)
		}
		if got := p.text("#an-opening"); !strings.Contains(got, v.say("Sicilian Defense", "西西里防御")) {
			t.Errorf("the opening in the variation is %q", got)
		}
		main := evalJS[[]string](p, `[...document.querySelectorAll('#an-moves .an-row .an-move:not(.empty)')].map(b => b.textContent)`)
		if strings.Join(main, " ") != "e4 e5 Nf3" {
			t.Errorf("the main line is %q", main)
		}
		p.waitFor("the engine's lines in the variation", `document.getElementById('an-engine').dataset.lines === '4'`, 30*time.Second)
		p.screenshot("variation")

		p.click("#an-export")
		pgn := strings.Join(strings.Fields(p.downloaded(dir, "*.pgn")), " ")
		if !strings.Contains(pgn, "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *") {
			t.Errorf("the PGN exported:\n%s", pgn)
		}

		// A variation becomes the main line.
		p.click("#an-promote")
		p.waitFor("the new main line", `[...document.querySelectorAll('#an-moves .an-row .an-move:not(.empty)')].map(b => b.textContent).join(' ') === 'e4 c5 Nf3'`, 5*time.Second)
		p.screenshot("promoted")
	})
}

// TestOpeningNames starts a game from a named opening found in the
// new-game dialog's search; the game shows the opening's name, and
// so does its analysis board.
func TestOpeningNames(t *testing.T) {
	each(t, func(t *testing.T, p *page, v variant) {
		p.open("/#new")
		p.do("the new-game dialog", chromedp.WaitVisible("#dlg-new"))
		p.click(`#form-new input[name=mode][value=hvh]`)
		p.do("searching for the Najdorf", chromedp.Click("#new-opening"), chromedp.SendKeys("#new-opening", "sicilian najdorf"))
		p.waitFor("the openings found", `document.querySelectorAll('#new-opening-list li[role=option]').length > 0 && !document.getElementById('new-opening-list').hidden`, 10*time.Second)
		if got := p.text("#new-opening-list li[role=option]"); !strings.Contains(got, v.say("Sicilian Defense: Najdorf Variation", "西西里防御：Najdorf Variation")) || !strings.Contains(got, "B90") {
			t.Errorf("the first opening found: %q", got)
		}
		p.screenshot("search")
		p.click("#new-opening-list li[role=option]")
		if got := evalJS[string](p, `document.getElementById('new-pgn').value`); got != "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6" {
			t.Errorf("the PGN box holds %q after the choice", got)
		}
		p.click("#new-start-btn")
		p.waitFor("the game", `!document.getElementById('dlg-new').open && document.getElementById('app').dataset.ply === '10'`, 10*time.Second)
		p.waitFor("the opening's name", fmt.Sprintf(`document.getElementById('opening').textContent === %q`, "B90 · "+v.say("Sicilian Defense: Najdorf Variation", "西西里防御：Najdorf Variation")), 5*time.Second)
		p.clickMove("c1", "e3")
		p.waitPly(11, 10*time.Second)
		if got := p.text("#opening"); !strings.Contains(got, "English Attack") && !strings.Contains(got, "Najdorf") {
			t.Errorf("after 6. Be3 the opening is %q", got)
		}
		p.screenshot("playing")

		id := evalJS[string](p, `document.getElementById('app').dataset.gameId`)
		p.openAnalysis("#/analysis/" + id)
		p.waitFor("the opening on the analysis board", `document.getElementById('an-opening').textContent.includes('Najdorf')`, 10*time.Second)
		p.click(`#an-moves .an-move[data-id="e2e4"]`)
		p.waitFor("1. e4's name", fmt.Sprintf(`document.getElementById('an-opening').textContent === %q`, "B00 · "+v.say("King's Pawn Game", "王兵开局")), 5*time.Second)
	})
}

// TestAfterGamePictures shows the review, learn from your mistakes and the
// analysis board in the screens and languages the tests above leave out
// (a desktop in Chinese, a phone in English), on a game reviewed once.
func TestAfterGamePictures(t *testing.T) {
	post := func(path, body string) []byte {
		t.Helper()
		res, err := http.Post(baseURL+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode >= 300 {
			t.Fatalf("POST %s: %s %s", path, res.Status, b)
		}
		return b
	}
	var g struct{ ID string }
	json.Unmarshal(post("/api/games", fmt.Sprintf(`{"white":"human","black":"human","pgn":%q}`, blunders)), &g)
	post("/api/games/"+g.ID+"/review", "{}")
	for _, v := range []variant{{"desktop-zh", desktop, "zh-CN,zh"}, {"phone-en", phone, "en-US,en"}} {
		t.Run(v.name, func(t *testing.T) {
			p := newPage(t, v.vp)
			p.speak(v.accept)
			p.openAnalysis("#/review/" + g.ID)
			p.waitReviewed()
			if n := p.lines(".an-summary th:not(:last-child)"); n != 1 {
				t.Errorf("a head of the review's summary is set on %d lines", n)
			}
			p.click(`#an-graph circle.mark.blunder`)
			p.waitFor("a blunder shown", `!!document.querySelector('#an-note .an-verdict.j-blunder')`, 5*time.Second)
			p.screenshot("review")
			// Black's mistakes: Black at the bottom.
			p.click("#an-flip")
			p.click("#an-learn-start")
			p.waitFor("learning", `document.getElementById('an-learn')?.dataset.phase === 'find'`, 5*time.Second)
			p.screenshot("learn")
			p.click("#an-learn-close")
			p.openAnalysis("#/analysis")
			p.anMove("d2", "d4")
			p.waitFor("1. d4 and the engine's lines", `document.getElementById('analysis').dataset.node === 'd2d4' && Number(document.getElementById('an-engine').dataset.lines) > 0`, 30*time.Second)
			p.screenshot("board")
		})
	}
}

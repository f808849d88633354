package browsertest

import (
	"fmt"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// What a new player tripped on in the web app (issue 46, items 1-9): each
// test shows one of them fixed.

// longGame is 40 full moves of a real game (Kasparov-Topalov, 1999), long
// enough for the move list to scroll.
const longGame = `1. e4 d6 2. d4 Nf6 3. Nc3 g6 4. Be3 Bg7 5. Qd2 c6 6. f3 b5 7. Nge2 Nbd7
8. Bh6 Bxh6 9. Qxh6 Bb7 10. a3 e5 11. O-O-O Qe7 12. Kb1 a6 13. Nc1 O-O-O
14. Nb3 exd4 15. Rxd4 c5 16. Rd1 Nb6 17. g3 Kb8 18. Na5 Ba8 19. Bh3 d5
20. Qf4+ Ka7 21. Rhe1 d4 22. Nd5 Nbxd5 23. exd5 Qd6 24. Rxd4 cxd4 25. Re7+ Kb6
26. Qxd4+ Kxa5 27. b4+ Ka4 28. Qc3 Qxd5 29. Ra7 Bb7 30. Rxb7 Qc4 31. Qxf6 Kxa3
32. Qxa6+ Kxb4 33. c3+ Kxc3 34. Qa1+ Kd2 35. Qb2+ Kd1 36. Bf1 Rd2 37. Rd7 Rxd7
38. Bxc4 bxc4 39. Qxh8 Rd3 40. Qa8 c3`

// currentMoveVisible is a JavaScript condition: the move list's current
// move is inside the list's visible box.
const currentMoveVisible = `(() => {
	const box = document.getElementById('moves'), cur = box.querySelector('.current');
	if (!cur) return false;
	const b = box.getBoundingClientRect(), c = cur.getBoundingClientRect();
	return c.top >= b.top - 1 && c.bottom <= b.bottom + 1;
})()`

// TestMoveListFollows (item 1) steps through a long game: the current move
// is always in view, at the end and on the way there.
func TestMoveListFollows(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "hvh", pgn: longGame})
	p.waitPly(80, 10*time.Second)
	if !evalJS[bool](p, currentMoveVisible) {
		t.Errorf("the last move (ply 80) is not in view in the move list")
	}
	p.click("#nav-first")
	for ply := 1; ply <= 80; ply++ {
		p.click("#nav-next")
		if !evalJS[bool](p, currentMoveVisible) {
			p.screenshot("lost")
			t.Fatalf("at ply %d the current move is out of the move list's view", ply)
		}
	}
	p.screenshot("end")
}

// TestTypedMoveBoxRecovers (item 6) types an illegal move, then plays a
// legal one: the box does not stay red.
func TestTypedMoveBoxRecovers(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "hvh"})
	p.do("typing an illegal move", chromedp.SendKeys("#move-input", "Ke3\n"))
	p.waitFor("the box marked invalid", `document.getElementById('move-input').getAttribute('aria-invalid') === 'true'`, 5*time.Second)
	p.clickMove("e2", "e4")
	p.waitPly(1, 5*time.Second)
	if evalJS[bool](p, `document.getElementById('move-input').getAttribute('aria-invalid') === 'true'`) {
		t.Error("after a legal move the typed-move box is still marked invalid")
	}
}

// TestBannerStepsAside (item 6): the game-over banner does not cover the
// board while the player steps through the finished game's moves.
func TestBannerStepsAside(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "hvh", pgn: "1. f3 e5 2. g4 Qh4#"})
	p.waitFor("the game-over banner", `!document.getElementById('banner').hidden`, 10*time.Second)
	p.click("#nav-prev")
	p.waitFor("the position before the mate", `document.getElementById('app').dataset.viewPly === '3'`, 5*time.Second)
	if evalJS[bool](p, `!document.getElementById('banner').hidden`) {
		t.Error("the banner covers the board while looking at move 3")
	}
	p.screenshot("history")
	p.click("#nav-last")
	p.waitFor("the banner back at the end", `!document.getElementById('banner').hidden`, 5*time.Second)
}

// TestHintGoesAway (item 6): the hint's text belongs to the position it was
// asked in: not shown while looking at an earlier move, gone after take back
// and not back after redo.
func TestHintGoesAway(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "hvh"})
	p.clickMove("e2", "e4")
	p.waitPly(1, 5*time.Second)
	p.click("#btn-hint")
	p.waitFor("the hint's text", `!!document.querySelector('#status .note')`, 20*time.Second)
	p.click("#nav-prev")
	p.waitFor("the start position", `document.getElementById('app').dataset.viewPly === '0'`, 5*time.Second)
	if evalJS[bool](p, `!!document.querySelector('#status .note')`) {
		t.Error("the hint's text stays while looking at the start position")
	}
	p.click("#nav-last")
	p.click("#btn-takeback")
	p.waitPly(0, 5*time.Second)
	p.click("#btn-redo")
	p.waitPly(1, 5*time.Second)
	if evalJS[bool](p, `!!document.querySelector('#status .note')`) {
		t.Errorf("after take back and redo the old hint's text is back: %q", p.text("#status"))
	}
	if n := evalJS[int](p, `document.querySelectorAll('#board svg.cg-shapes line').length`); n != 0 {
		t.Errorf("after take back and redo the hint's arrow is back (%d lines)", n)
	}
}

// TestNoEmptyPlayers (item 9): before any game, no empty player rows.
func TestNoEmptyPlayers(t *testing.T) {
	p := newPage(t, desktop)
	p.open("/#new")
	p.do("closing the dialog", chromedp.WaitVisible("#dlg-new"))
	p.click("#new-cancel")
	for _, id := range []string{"player-top", "player-bottom"} {
		if evalJS[bool](p, fmt.Sprintf(`(() => { const d = document.querySelector('#%s .dot'); return !!d && d.checkVisibility({visibilityProperty: true}); })()`, id)) {
			t.Errorf("#%s shows an empty circle before any game", id)
		}
	}
	p.screenshot("empty")
}

// TestTakebackStaysEnabled (item 9): Take back is not greyed out while the
// move is on its way and the AI thinks.
func TestTakebackStaysEnabled(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "ai", color: "white", level: "1"})
	p.do("watching Take back", chromedp.Evaluate[chromedp.Void](`(() => {
		const b = document.getElementById('btn-takeback');
		window.takebackDisabled = false;
		new MutationObserver(() => { if (b.disabled) window.takebackDisabled = true; }).observe(b, {attributes: true});
	})()`))
	for i, m := range [][2]string{{"e2", "e4"}, {"g1", "f3"}, {"b1", "c3"}} {
		p.clickMove(m[0], m[1])
		p.waitPly(2*i+2, 20*time.Second)
	}
	if evalJS[bool](p, `window.takebackDisabled`) {
		t.Error("Take back was greyed out while a move was on its way or the AI thought")
	}
}

// TestExplainLayout (item 2): the explorer's form is one row on a desktop
// (not a column of tall labels), and on a phone its title shows and nothing
// scrolls sideways.
func TestExplainLayout(t *testing.T) {
	for _, vp := range []viewport{desktop, phone} {
		t.Run(vp.name, func(t *testing.T) {
			p := newPage(t, vp)
			p.open("/#new")
			p.do("closing the dialog", chromedp.WaitVisible("#dlg-new"))
			p.click("#new-cancel")
			p.click("#btn-explain")
			p.waitFor("the explanation", `document.getElementById('dlg-explain')?.dataset.state === 'ready'`, 30*time.Second)
			box := func(sel string) []float64 {
				return evalJS[[]float64](p, `(() => { const r = document.querySelector('`+sel+`').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`)
			}
			form := box("#explain-form")
			fen := box("#explain-fen")
			if vp == desktop {
				if form[3] > 100 {
					t.Errorf("the explorer's form is %.0fpx tall, want one row", form[3])
				}
				if fen[2] < 300 {
					t.Errorf("the FEN box is %.0fpx wide", fen[2])
				}
			}
			if fen[3] > 60 {
				t.Errorf("the FEN box is %.0fpx tall", fen[3])
			}
			title := box("#dlg-explain h2")
			dlg := box("#dlg-explain")
			if title[1] < dlg[1] || title[0] < 0 || title[0]+title[2] > float64(vp.width)+1 {
				t.Errorf("the title at %v is clipped by the dialog at %v", title, dlg)
			}
			if sw, cw := evalJS[int](p, `document.getElementById('dlg-explain').scrollWidth`), evalJS[int](p, `document.getElementById('dlg-explain').clientWidth`); sw > cw+1 {
				t.Errorf("the explorer scrolls sideways: %dpx of content in %dpx", sw, cw)
			}
			p.screenshot("explorer")
			if vp != desktop {
				return
			}
			// Item 9: the evaluation's heading names the side to move in
			// capitals, and no method is "1.0× fewer".
			p.do("explaining a position with Black to move",
				chromedp.SetValue("#explain-fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
				chromedp.Evaluate[chromedp.Void](`document.getElementById('dlg-explain').dataset.state = ''`),
				chromedp.Click("#explain-go"))
			p.waitFor("the explanation", `document.getElementById('dlg-explain').dataset.state === 'ready'`, 30*time.Second)
			heads := evalJS[[]string](p, `[...document.querySelectorAll('#dlg-explain h3')].map(h => h.textContent)`)
			if !slices.Contains(heads, "Evaluation (Black's view)") {
				t.Errorf("the explorer's headings %q lack \"Evaluation (Black's view)\"", heads)
			}
			if cmp := p.text("#explain-compare"); strings.Contains(cmp, "1.0×") {
				t.Errorf("the comparison says %q", cmp)
			}
		})
	}
}

// TestMyGamesOnPhone (item 4): on a phone, My games shows each game's
// buttons on the screen.
func TestMyGamesOnPhone(t *testing.T) {
	p := newPage(t, phone)
	p.startGame(newGame{mode: "ai", color: "white", level: "1"})
	id := evalJS[string](p, `document.getElementById('app').dataset.gameId`)
	p.click("#btn-games")
	row := fmt.Sprintf(`#games-list tr[data-id=%q]`, id)
	p.waitFor("the games list", `!!document.querySelector('`+row+`')`, 10*time.Second)
	for _, b := range evalJS[[][]float64](p, `[...document.querySelectorAll('`+row+` button')].map(b => { const r = b.getBoundingClientRect(); return [r.left, r.right]; })`) {
		if b[0] < 0 || b[1] > float64(phone.width) {
			t.Errorf("a button of the game's row spans %.0f-%.0fpx on a %dpx screen", b[0], b[1], phone.width)
		}
	}
	if sw := evalJS[int](p, `document.getElementById('dlg-games').scrollWidth`); sw > int(phone.width) {
		t.Errorf("My games is %dpx wide on a %dpx screen", sw, phone.width)
	}
	p.screenshot("my-games")
}

// TestReconnecting (item 3) stops the server in the middle of a game: the
// page says it is reconnecting instead of "Outpost is thinking", and when
// the server is back the game goes on.
func TestReconnecting(t *testing.T) {
	if outpostBin == "" {
		t.Skip("OUTPOST_TEST_URL is set: this test stops and starts a server of its own")
	}
	dir := t.TempDir()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	url, stop, err := serve(outpostBin, dir, addr)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { stop() }() // stop is the second server's once it runs

	p := newPage(t, desktop)
	p.do("opening the page", chromedp.Navigate(url+"/#new"), chromedp.WaitVisible("#dlg-new"))
	p.click(`#form-new input[name=mode][value=hvh]`)
	p.click("#new-start-btn")
	p.waitFor("the game to start", `!!document.getElementById('app').dataset.gameId`, 10*time.Second)
	p.clickMove("e2", "e4")
	p.waitPly(1, 5*time.Second)

	stop()
	p.waitFor("the page to say it reconnects", `/reconnecting/i.test(document.getElementById('status').textContent)`, 10*time.Second)
	p.screenshot("down")

	url2, stop2, err := serve(outpostBin, dir, addr)
	if err != nil {
		t.Fatal(err)
	}
	stop = stop2
	if url2 != url {
		t.Fatalf("the server came back at %s, not %s", url2, url)
	}
	p.waitFor("the page to reconnect", `!/reconnecting/i.test(document.getElementById('status').textContent)`, 15*time.Second)
	if got := p.text("#status"); !strings.Contains(got, "Black to move") {
		t.Errorf("after reconnecting the status says %q", got)
	}
	p.clickMove("e7", "e5")
	p.waitPly(2, 5*time.Second)
}

// bar returns the evaluation bar's kind, number and White's share.
func (p *page) bar() (kind, text string, share int) {
	p.t.Helper()
	v := evalJS[[]string](p, `(() => { const b = document.getElementById('evalbar'); return [b.dataset.kind || '', document.getElementById('evalbar-text').textContent, b.getAttribute('aria-valuenow')]; })()`)
	fmt.Sscan(v[2], &share)
	return v[0], v[1], share
}

// TestEvalBarAfterReload (item 5): after a reload the bar of a mated
// position shows the result, not "even".
func TestEvalBarAfterReload(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "hvh", pgn: "1. f3 e5 2. g4 Qh4#"})
	p.waitFor("the game-over banner", `!document.getElementById('banner').hidden`, 10*time.Second)
	p.do("reloading", chromedp.Reload(), chromedp.WaitVisible("#board cg-board"))
	p.waitPly(4, 10*time.Second)
	if kind, text, share := p.bar(); kind != "result" || text != "0-1" || share != 0 {
		t.Errorf("after a reload the mated position's bar is %q %q at %d%%, want the result 0-1 at 0%%", kind, text, share)
	}
	if got := evalJS[string](p, `document.getElementById('evalbar').getAttribute('aria-valuetext')`); strings.Contains(got, "even") {
		t.Errorf("the bar says %q", got)
	}
	p.screenshot("mated")
}

// TestEvalBarFullStrength (item 5): against a weak level the bar does not
// show the weak search's scores; a hint's full-strength score goes in the
// bar, the same number as the hint says, and the bar says where it is from.
// Against full strength, the AI's own score is shown.
func TestEvalBarFullStrength(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "ai", color: "white", level: "1"})
	p.clickMove("e2", "e4")
	p.waitPly(2, 20*time.Second)
	p.waitFor("the AI's thinking", `document.getElementById('th-score').textContent !== '–'`, 5*time.Second)
	if kind, text, _ := p.bar(); kind != "none" || text != "" {
		t.Errorf("against level 1 the bar shows %q %q, want no evaluation", kind, text)
	}
	p.click("#btn-hint")
	p.waitFor("the hint", `!!document.querySelector('#status .note')`, 20*time.Second)
	kind, text, _ := p.bar()
	if kind != "hint" || text == "" {
		t.Fatalf("after a hint the bar shows %q %q, want the hint's evaluation", kind, text)
	}
	if note := p.text("#status .note"); !strings.Contains(note, "("+text+")") {
		t.Errorf("the bar says %q and the hint %q: want the same number", text, note)
	}
	if note := p.text("#eval-note"); !strings.Contains(note, "hint") {
		t.Errorf("the bar's note %q does not say the number is the hint's", note)
	}
	p.screenshot("hint")

	// Against full strength (level 8), the AI's search is the engine's
	// opinion: the bar shows it after its move.
	p2 := newPage(t, desktop)
	p2.startGame(newGame{mode: "ai", color: "white", level: "8"})
	p2.clickMove("e2", "e4")
	p2.waitPly(2, 30*time.Second)
	p2.waitFor("the bar", `document.getElementById('evalbar').dataset.kind === 'engine'`, 5*time.Second)
	if _, text, _ := p2.bar(); text == "" {
		t.Error("against level 8 the bar has no number")
	}
	if note := p2.text("#eval-note"); !strings.Contains(note, "full strength") {
		t.Errorf("the bar's note %q does not say it is Outpost at full strength", note)
	}
	p2.screenshot("level8")
}

// TestLevelList (item 8): the levels are listed weakest first with their
// Elo, the presets by number among them; classic says what it is and max
// that it is level 8.
func TestLevelList(t *testing.T) {
	p := newPage(t, desktop)
	p.open("/#new")
	p.do("the new-game dialog", chromedp.WaitVisible("#dlg-new"))
	p.waitFor("the levels with their Elo", `[...document.querySelectorAll('#new-level option')].some(o => /Elo/.test(o.textContent))`, 5*time.Second)
	opts := evalJS[[][]string](p, `[...document.querySelectorAll('#new-level option')].map(o => [o.value, o.textContent])`)
	var values []string
	for _, o := range opts {
		values = append(values, o[0])
	}
	if got := strings.Join(values, " "); got != "classic 1 2 3 4 5 6 7 2000 2200 2400 2600 8 max" {
		t.Errorf("levels in the order %q, want classic (the weakest) first", got)
	}
	text := map[string]string{}
	for _, o := range opts {
		text[o[0]] = o[1]
	}
	for _, c := range []struct{ level, want string }{
		{"1", "800 Elo"},
		{"4", "1400 Elo"},
		{"2200", "2200 Elo"},
		{"8", "full strength"},
		{"classic", "depth 3"},
		{"max", "level 8"},
	} {
		if !strings.Contains(text[c.level], c.want) {
			t.Errorf("level %s is listed as %q, want it to say %q", c.level, text[c.level], c.want)
		}
	}
	if got := evalJS[string](p, `document.getElementById('new-level').value`); got != "4" {
		t.Errorf("the default level is %q, want 4", got)
	}
	p.screenshot("levels")
}

// TestIllegalMoveWords: a typed illegal move is explained in words a player
// understands, never as a raw "chess: …" error.
func TestIllegalMoveWords(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "hvh"})
	p.do("typing an illegal move", chromedp.SendKeys("#move-input", "Ke3\n"))
	p.waitFor("the toast", `!document.getElementById('toast').hidden`, 5*time.Second)
	if got := p.text("#toast"); got != "That move is not legal: no white king can move to e3." {
		t.Errorf("the toast says %q", got)
	}
}

// TestImportKept (item 7): importing a PGN keeps the players' names, the
// event, the opening and the comments (shown beside the moves), says how
// many variations it had (shown in the move list), and the download gives
// them back.
func TestImportKept(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "hvh", pgn: `[Event "Tata Steel Masters"]
[White "Carlsen, Magnus"]
[Black "Nakamura, Hikaru"]
[ECO "C65"]
[Opening "Ruy Lopez: Berlin Defense"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 {The Berlin Defence.} 4. O-O (4. d3 Bc5) Nxe4 *`})
	p.waitPly(8, 5*time.Second)
	if got := p.text("#toast"); !strings.Contains(got, "1 comment") || !strings.Contains(got, "variation is shown in the move list") {
		t.Errorf("the import's report says %q", got)
	}
	if got := p.text("#game-info"); !strings.Contains(got, "Carlsen, Magnus – Nakamura, Hikaru") || !strings.Contains(got, "Tata Steel Masters") || !strings.Contains(got, "C65 Ruy Lopez") {
		t.Errorf("the game's details say %q", got)
	}
	p.click(`#moves button[data-ply="6"]`)
	p.waitFor("the comment of 3...Nf6", `document.getElementById('move-comment').textContent === 'The Berlin Defence.'`, 5*time.Second)
	p.screenshot("imported")
	pgn, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`(async () => (await fetch('/api/games/' + document.getElementById('app').dataset.gameId + '/pgn')).text())()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[White "Carlsen, Magnus"]`, `[Opening "Ruy Lopez: Berlin Defense"]`, "{The Berlin Defence.}"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("the downloaded PGN lacks %s:\n%s", want, pgn)
		}
	}
}

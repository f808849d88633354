package browsertest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The board editor (issue 64): a position set up from the palette, refused
// with the rules' reason while it is not legal, then played against the AI
// and opened in the analysis board.

// place puts piece ("wK", "bP") on sq with the palette: a click on the
// piece, then on the square.
func (p *page) place(piece, sq string) {
	p.t.Helper()
	p.click(fmt.Sprintf(`#editor [data-piece=%s]`, piece))
	x, y := p.squareOf("ed-board", sq)
	p.do("putting "+piece+" on "+sq, chromedp.MouseClickXY(x, y))
}

// waitVerdict waits for the server's answer about the position shown:
// valid "yes" or "no".
func (p *page) waitVerdict(fen, valid string) {
	p.t.Helper()
	p.waitFor("the editor's verdict on "+fen, fmt.Sprintf(`document.getElementById('ed-fen').value === %q && document.getElementById('editor').dataset.valid === %q`, fen, valid), 10*time.Second)
}

// TestBoardEditor builds a position piece by piece (clicks and a drag from
// the palette), is refused while a side has no king and while a pawn
// stands on the last rank, and from the legal position opens the analysis
// board (whose Edit button brings it back) and starts a game as Black,
// which the AI (White) begins.
func TestBoardEditor(t *testing.T) {
	for _, c := range []struct {
		vp                   viewport
		lang                 string
		noKing, pawnRank, ok string
	}{
		{desktop, "en", "White has 0 kings, not 1", "a pawn stands on the first or last rank", "A legal position, White to play."},
		{viewport{"phone", 375, 812, true}, "zh-CN,zh", "白方有 0 个王", "兵", "合法局面，轮到白方走。"},
	} {
		t.Run(c.vp.name+"-"+c.lang, func(t *testing.T) {
			p := newPage(t, c.vp)
			p.speak(c.lang)
			p.do("opening the editor", chromedp.Navigate(p.base+"/#/editor"), chromedp.WaitVisible("#ed-board cg-board"))
			p.waitVerdict("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "yes")
			if sw := evalJS[int](p, `document.documentElement.scrollWidth`); sw > int(c.vp.width) {
				t.Errorf("the editor is %dpx wide on a %dpx screen", sw, c.vp.width)
			}
			p.screenshot("start")

			// A FEN typed in sets the board and the fields.
			typed := "8/8/8/4k3/8/8/8/4K2R b K - 3 40"
			p.do("typing a FEN", chromedp.SetValue("#ed-fen", typed),
				chromedp.Evaluate[chromedp.Void](`document.getElementById('ed-fen').dispatchEvent(new Event('change', {bubbles: true}))`))
			p.waitVerdict(typed, "yes")
			if got := evalJS[string](p, `[document.getElementById('ed-turn').value, document.getElementById('ed-castle-K').checked, document.querySelectorAll('#ed-board cg-board piece').length].join(' ')`); got != "b true 3" {
				t.Errorf("after a FEN typed in: side, White's O-O and pieces %q, want \"b true 3\"", got)
			}

			p.click("#ed-clear")
			p.waitVerdict("8/8/8/8/8/8/8/8 w - - 0 1", "no")
			if got := p.text("#ed-status"); !strings.Contains(got, c.noKing) {
				t.Errorf("an empty board: the editor says %q, want the reason %q", got, c.noKing)
			}
			p.place("wK", "e1")
			p.place("bK", "e8")
			p.place("wR", "h1")
			p.place("bP", "a1")
			p.waitVerdict("4k3/8/8/8/8/8/8/p3K2R w - - 0 1", "no")
			if got := p.text("#ed-status"); !strings.Contains(got, c.pawnRank) {
				t.Errorf("a pawn on a1: the editor says %q, want the reason %q", got, c.pawnRank)
			}
			p.screenshot("refused")
			p.click("#ed-trash")
			x, y := p.squareOf("ed-board", "a1")
			p.do("removing the pawn", chromedp.MouseClickXY(x, y))
			// A queen dragged from the palette.
			p.click("#ed-pointer")
			q := evalJS[[]float64](p, `(() => { const r = document.querySelector('#editor [data-piece=wQ]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
			dx, dy := p.squareOf("ed-board", "d1")
			p.do("dragging a queen to d1", chromedp.DragAndDropXY(q[0], q[1], dx, dy, 12))
			p.click("#ed-castle-K")
			p.waitVerdict("4k3/8/8/8/8/8/8/3QK2R w K - 0 1", "yes")
			if got := p.text("#ed-status"); got != c.ok {
				t.Errorf("a legal position: the editor says %q, want %q", got, c.ok)
			}
			p.screenshot("legal")

			p.click("#ed-analyse")
			p.waitFor("the analysis board on the position", `document.getElementById('an-fen')?.value === '4k3/8/8/8/8/8/8/3QK2R w K - 0 1' && !document.getElementById('analysis').hidden && document.getElementById('editor').hidden`, 10*time.Second)
			p.click("#an-edit")
			p.do("back to the editor", chromedp.WaitVisible("#ed-board cg-board"))
			p.waitVerdict("4k3/8/8/8/8/8/8/3QK2R w K - 0 1", "yes")

			p.do("playing Black", chromedp.SetValue("#ed-color", "black"), chromedp.SetValue("#ed-level", "1"))
			p.click("#ed-play")
			p.waitFor("the game", `location.hash.startsWith('#/game/') && !document.getElementById('app').hidden && document.getElementById('editor').hidden && window.outpost.game?.startFen === '4k3/8/8/8/8/8/8/3QK2R w K - 0 1'`, 10*time.Second)
			p.waitPly(1, 30*time.Second)
			if got := evalJS[string](p, `window.outpost.game.black`); got != "human" {
				t.Errorf("the game's Black is %q, want the player (human)", got)
			}
		})
	}
}

package browsertest

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TestExplain opens the search explorer on a game's position, opens a node
// of the tree (its children load from the server), and points at moves:
// the explorer's small board follows the node under the pointer.
func TestExplain(t *testing.T) {
	p := newPage(t, desktop)
	fen := "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	p.startGame(newGame{mode: "ai", color: "white", level: "1", fen: fen})
	p.click("#btn-explain")
	p.waitFor("the explanation", `document.getElementById('dlg-explain')?.open && document.getElementById('dlg-explain').dataset.state === 'ready'`, 30*time.Second)
	if got := evalJS[string](p, `document.getElementById('explain-fen').value`); got != fen {
		t.Errorf("explorer's FEN %q, want the game's %q", got, fen)
	}
	if got := evalJS[string](p, `document.getElementById('explain-board').dataset.fen`); got != fen {
		t.Errorf("small board shows %q, want %q", got, fen)
	}
	rootKids := `#explain-tree > li > ul.xkids > li.xnode`
	if n := evalJS[int](p, `document.querySelectorAll('`+rootKids+`').length`); n < 20 {
		t.Fatalf("%d root moves listed", n)
	}
	if !evalJS[bool](p, `document.querySelector('`+rootKids+`').classList.contains('pv')`) {
		t.Error("the first root move is not marked as the principal variation")
	}
	if n := evalJS[int](p, `document.querySelectorAll('#explain-tree .xcut').length`); n == 0 {
		t.Error("no pruned branch shown")
	}
	if n := evalJS[int](p, `document.querySelectorAll('#explain-compare tbody tr').length`); n != 4 {
		t.Errorf("comparison has %d rows, want 4", n)
	}
	if n := evalJS[int](p, `document.querySelectorAll('#explain-candidates li').length`); n < 3 {
		t.Errorf("%d candidate moves", n)
	}
	if n := evalJS[int](p, `document.querySelectorAll('#explain-classic tbody tr').length`); n != 32 {
		t.Errorf("classic evaluation has %d pieces, want 32", n)
	}

	// Open the PV move: its children arrive from the server.
	first := rootKids + `:first-child`
	p.click(first + ` > .xrow > .xtoggle`)
	p.waitFor("the PV move's children", `document.querySelectorAll('`+first+` > ul.xkids > li.xnode .xrow').length > 0`, 10*time.Second)

	// Point at a child: the small board shows its position.
	pieces := `[...document.querySelectorAll('#explain-board piece')].map(p => p.className + p.style.transform).sort().join()`
	before := evalJS[string](p, pieces)
	hover := func(sel string) {
		t.Helper()
		xy := evalJS[[]float64](p, `(() => { const r = document.querySelector('`+sel+`').getBoundingClientRect(); return [r.left + 10, r.top + r.height / 2]; })()`)
		p.do("pointing at "+sel,
			chromedp.ScrollIntoView(sel),
			chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, xy[0]-200, xy[1]),
		)
		xy = evalJS[[]float64](p, `(() => { const r = document.querySelector('`+sel+`').getBoundingClientRect(); return [r.left + 10, r.top + r.height / 2]; })()`)
		p.do("pointing at "+sel, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, xy[0], xy[1]))
	}
	grandchild := first + ` > ul.xkids > li.xnode:first-child > .xrow`
	hover(grandchild)
	p.waitFor("the board to follow", `document.getElementById('explain-board').dataset.fen !== `+jsString(fen), 5*time.Second)
	after := evalJS[string](p, pieces)
	if after == before {
		t.Error("the small board's pieces did not change")
	}
	if got := evalJS[string](p, `document.getElementById('explain-caption').textContent`); got == "the position" {
		t.Errorf("caption %q", got)
	}
	p.screenshot("tree")

	// Explain a pasted FEN at another depth and method.
	p.do("pasting a FEN",
		chromedp.SetValue("#explain-fen", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"),
		chromedp.SetValue("#explain-depth", "2"),
		chromedp.SetValue("#explain-method", "minimax"),
	)
	p.click("#explain-go")
	p.waitFor("the mate", `document.getElementById('dlg-explain').dataset.state === 'ready' && document.getElementById('explain-fen').value.startsWith('6k1') && (document.querySelector('`+rootKids+`.pv .xscore')?.textContent ?? '') === 'mate'`, 30*time.Second)
}

func jsString(s string) string { return "'" + s + "'" }

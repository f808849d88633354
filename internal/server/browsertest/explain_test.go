package browsertest

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
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
	if n := evalJS[int](p, `document.querySelectorAll('#explain-compare tbody tr').length`); n != 5 {
		t.Errorf("comparison has %d rows, want 5", n)
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

// treeState is what TestExplainKeyboard reads of the explorer's tree: the
// focused element and the tree items that are tabbable and selected.
type treeState struct {
	InTree    bool     `json:"inTree"`
	Role      string   `json:"role"`
	Path      string   `json:"path"`
	Level     string   `json:"level"`
	Expanded  string   `json:"expanded"`
	Tabbable  []string `json:"tabbable"`
	Selected  []string `json:"selected"`
	LastShown string   `json:"lastShown"` // the last visible item's path
}

// explainTreeState reads the state of the explorer's tree and of the
// focus on p.
func explainTreeState(t *testing.T, p *page) treeState {
	t.Helper()
	s := evalJS[string](p, `(() => {
		const tree = document.getElementById('explain-tree'), a = document.activeElement;
		const items = [...tree.querySelectorAll('li[role="treeitem"]')];
		const shown = items.filter((li) => !li.parentElement.closest('li[aria-expanded="false"]'));
		return JSON.stringify({
			inTree: tree.contains(a), role: a.getAttribute('role') ?? '', path: a.dataset.path ?? '',
			level: a.getAttribute('aria-level') ?? '', expanded: a.getAttribute('aria-expanded') ?? '',
			tabbable: items.filter((li) => li.tabIndex === 0).map((li) => li.dataset.path ?? 'more'),
			selected: items.filter((li) => li.getAttribute('aria-selected') === 'true').map((li) => li.dataset.path ?? 'more'),
			lastShown: shown[shown.length - 1].dataset.path ?? 'more',
		});
	})()`)
	var st treeState
	if err := json.Unmarshal([]byte(s), &st); err != nil {
		t.Fatalf("tree state %s: %v", s, err)
	}
	return st
}

// TestExplainKeyboard drives the explorer's tree with the keyboard only, as a
// WAI-ARIA tree view: Tab reaches its one tab stop, ↑/↓ move between the
// visible moves, → opens a move (its children load from the server) and then
// goes to its first child, ← goes to the parent and closes it, Home/End,
// Enter/Space select a move, where the playback goes, and Enter on
// "N more…" loads the rest of the moves. None of these keys reaches the
// page's own shortcuts.
func TestExplainKeyboard(t *testing.T) {
	p := newPage(t, desktop)
	fen := "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	p.startGame(newGame{mode: "ai", color: "white", level: "1", fen: fen})
	p.click("#btn-explain")
	p.waitFor("the explanation", `document.getElementById('dlg-explain')?.open && document.getElementById('dlg-explain').dataset.state === 'ready'`, 30*time.Second)
	if role := evalJS[string](p, `document.getElementById('explain-tree').getAttribute('role')`); role != "tree" {
		t.Fatalf("tree's role %q", role)
	}
	// Keys that get past the tree reach the document (the page's shortcuts).
	evalJS[bool](p, `window.leaked = [], document.addEventListener('keydown', (e) => window.leaked.push(e.key)), true`)

	state := func() treeState {
		t.Helper()
		return explainTreeState(t, p)
	}
	// expect checks that the focus is on the tree item at path, the tree's
	// only tab stop, with the given level and aria-expanded ("" for none).
	expect := func(after, path, level, expanded string) treeState {
		t.Helper()
		st := state()
		if !st.InTree || st.Role != "treeitem" || st.Path != path || st.Level != level || st.Expanded != expanded {
			t.Fatalf("after %s: focus on %+v, want the tree item %q at level %s, aria-expanded %q", after, st, path, level, expanded)
		}
		if !slices.Equal(st.Tabbable, []string{path}) {
			t.Errorf("after %s: tabbable items %q, want only %q", after, st.Tabbable, path)
		}
		return st
	}
	press := func(name, key string) {
		t.Helper()
		p.do("pressing "+name, chromedp.KeyEvent(key))
	}
	root := `document.querySelector('#explain-tree > li')`
	child := func(parent string, i int) string {
		t.Helper()
		return evalJS[string](p, parent+`.querySelectorAll(':scope > ul > li[role="treeitem"]')[`+strconv.Itoa(i)+`].dataset.path`)
	}
	first := child(root, 0)
	second := child(root, 1)

	// Tab from the picture of the tree, the last stop before the list,
	// lands on the list's one tab stop, the root; Tab again leaves it.
	p.do("focusing the picture", chromedp.Focus("#explain-svg svg"))
	press("Tab", kb.Tab)
	expect("Tab", "", "1", "true")
	press("Tab", kb.Tab)
	if st := state(); st.InTree {
		t.Errorf("a second Tab stayed in the tree, on %+v", st)
	}
	p.do("focusing the picture", chromedp.Focus("#explain-svg svg"))
	press("Tab", kb.Tab)

	press("↓", kb.ArrowDown)
	expect("↓", first, "2", "false")
	press("↑", kb.ArrowUp)
	expect("↑", "", "1", "true")
	press("↓", kb.ArrowDown)

	// → opens the move: its children load from the server; → again goes to
	// the first of them.
	press("→", kb.ArrowRight)
	expect("→", first, "2", "true")
	firstEl := `document.querySelector('#explain-tree li[data-path="` + first + `"]')`
	p.waitFor("the move's children", firstEl+`.querySelectorAll(':scope > ul > li[role="treeitem"]').length > 1`, 10*time.Second)
	grand1, grand2 := child(firstEl, 0), child(firstEl, 1)
	press("→", kb.ArrowRight)
	expect("→ on an open move", grand1, "3", "false")

	// Enter selects the move: the playback goes to it, and the small board
	// shows its position with the line that led there.
	board := `document.getElementById('explain-board').dataset.fen`
	press("Enter", kb.Enter)
	if st := state(); !slices.Equal(st.Selected, []string{grand1}) {
		t.Errorf("after Enter: selected %q, want %q", st.Selected, grand1)
	}
	grand1El := `document.querySelector('#explain-tree li[data-path="` + grand1 + `"]')`
	p.waitFor("the playback at the move", `document.getElementById('dlg-explain').dataset.visit === `+grand1El+`.dataset.visit`, 5*time.Second)
	shown := evalJS[string](p, board)
	if shown == fen {
		t.Error("after Enter: the small board still shows the root position")
	}
	san := strings.TrimPrefix(evalJS[string](p, grand1El+`.querySelector('.xsan').textContent`), "…")
	if c := evalJS[string](p, `document.getElementById('explain-caption').textContent`); !strings.Contains(c, san) || !strings.Contains(c, "4. ") {
		t.Errorf("after Enter: caption %q, want the line to %s", c, san)
	}
	p.screenshot("keyboard")

	// ↓ moves the focus, not the selection; Space selects.
	press("↓", kb.ArrowDown)
	if st := expect("↓", grand2, "3", "false"); !slices.Equal(st.Selected, []string{grand1}) {
		t.Errorf("after ↓: selected %q, want still %q", st.Selected, grand1)
	}
	press("Space", " ")
	if st := state(); !slices.Equal(st.Selected, []string{grand2}) {
		t.Errorf("after Space: selected %q, want only %q", st.Selected, grand2)
	}
	if got := evalJS[string](p, board); got == shown || got == fen {
		t.Errorf("after Space: the small board shows %q", got)
	}

	// → opens this move too: it lists the first 30 replies and then
	// "N more…". ↓ walks through them to that item; Enter there loads the
	// rest, and the focus goes to the first of them.
	press("→", kb.ArrowRight)
	expect("→", grand2, "3", "true")
	grand2El := `document.querySelector('#explain-tree li[data-path="` + grand2 + `"]')`
	p.waitFor("the replies", grand2El+`.querySelectorAll(':scope > ul > li[role="treeitem"]').length > 1`, 10*time.Second)
	replies := evalJS[int](p, grand2El+`.querySelectorAll(':scope > ul > li[data-path]').length`)
	for i := 0; i < replies+1; i++ {
		press("↓", kb.ArrowDown)
	}
	if st := state(); !st.InTree || st.Role != "treeitem" || st.Path != "" || st.Level != "4" || !evalJS[bool](p, `document.activeElement.querySelector('.xmore') !== null`) {
		t.Fatalf("after ↓ past %d replies: focus on %+v, want the \"more…\" item", replies, st)
	}
	press("Enter", kb.Enter)
	p.waitFor("the other replies", grand2El+`.querySelectorAll(':scope > ul > li[data-path]').length > `+strconv.Itoa(replies), 10*time.Second)
	expect("Enter on more…", child(grand2El, replies), "4", "")

	// ← goes to the parent, then closes it; ↓ then skips its children.
	press("←", kb.ArrowLeft)
	expect("← on a leaf", grand2, "3", "true")
	press("←", kb.ArrowLeft)
	expect("← on an open move", grand2, "3", "false")
	press("↑", kb.ArrowUp)
	expect("↑", grand1, "3", "false")
	press("←", kb.ArrowLeft)
	expect("← on a closed move", first, "2", "true")
	press("←", kb.ArrowLeft)
	expect("← on an open move", first, "2", "false")
	press("↓", kb.ArrowDown)
	expect("↓ after closing", second, "2", "false")

	// End and Home: the last and the first visible item.
	press("End", kb.End)
	expect("End", child(root, evalJS[int](p, root+`.querySelectorAll(':scope > ul > li[role="treeitem"]').length`)-1), "2", "false")
	press("Home", kb.Home)
	expect("Home", "", "1", "true")
	// ← closes the root: nothing else is visible.
	press("←", kb.ArrowLeft)
	expect("← on the root", "", "1", "false")
	press("↓", kb.ArrowDown)
	expect("↓ on the closed root", "", "1", "false")

	if leaked := evalJS[[]string](p, `window.leaked.filter((k) => k !== 'Tab')`); len(leaked) > 0 {
		t.Errorf("keys handled by the tree reached the document: %q", leaked)
	}
}

func jsString(s string) string { return "'" + s + "'" }

// TestExplainLimit: the page knows the server's limit on a tree (from GET
// /api/explain/size) and, in the page's language, warns under the form
// before a search that would pass it, and says why at once instead of
// asking (minimax at depth 4 on the queen's gambit middlegame: 1,880,204 positions).
func TestExplainLimit(t *testing.T) {
	const queensGambit = "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"
	for _, tc := range []struct {
		name, lang string
		warning    []string
	}{
		{"en", "", []string{"Minimax would visit 1,880,204 positions here, more than the 500,000 this server searches for one tree: it would refuse."}},
		{"zh", "zh-CN,zh", []string{"极小极大在这里要访问 1,880,204 个局面，超过本服务器一棵搜索树最多搜索的 500,000 个：服务器会拒绝。"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(t, desktop)
			if tc.lang != "" {
				p.speak(tc.lang)
			}
			p.startGame(newGame{mode: "ai", color: "white", level: "1", fen: queensGambit})
			p.click("#btn-explain")
			dlg := `document.getElementById('dlg-explain')`
			p.waitFor("the explanation", dlg+`?.dataset.state === 'ready'`, 30*time.Second)
			if got := p.text("#explain-size"); !strings.Contains(got, "500,000") || evalJS[bool](p, `document.getElementById('explain-size').classList.contains('warn')`) {
				t.Errorf("at depth 3 the form says %q", got)
			}
			tree := evalJS[string](p, dlg+`.dataset.tree`)
			p.do("minimax at depth 4",
				chromedp.SetValue("#explain-depth", "4"),
				chromedp.SetValue("#explain-method", "minimax"),
				chromedp.Evaluate[chromedp.Void](`document.getElementById('explain-method').dispatchEvent(new Event('change'))`))
			p.waitFor("the warning", `document.getElementById('explain-size').classList.contains('warn')`, 10*time.Second)
			for _, w := range tc.warning {
				if got := p.text("#explain-size"); !strings.Contains(got, w) {
					t.Errorf("the warning %q lacks %q", got, w)
				}
			}
			p.click("#explain-go")
			p.waitFor("the refusal", dlg+`.dataset.state === 'error'`, 10*time.Second)
			if got := p.text("#explain-status"); !strings.Contains(got, tc.warning[0]) {
				t.Errorf("the status says %q, want %q", got, tc.warning[0])
			}
			if got := evalJS[string](p, dlg+`.dataset.tree`); got != tree {
				t.Errorf("a tree over the limit was asked for: %s, then %s", tree, got)
			}
			p.screenshot("warning")
		})
	}
}

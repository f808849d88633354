package browsertest

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/puzzle"
)

// narrow is the narrowest phone the page is made for (375 px: an iPhone
// SE, mini).
var narrow = viewport{"375px", 375, 812, true}

// pz returns a data attribute of the Puzzles page.
func (p *page) pz(name string) string {
	p.t.Helper()
	return evalJS[string](p, fmt.Sprintf(`document.getElementById('puzzles')?.dataset[%q] ?? ''`, name))
}

// openPuzzle opens the Puzzles page on puzzle id ("" for the next one)
// and waits for the solver's turn.
func (p *page) openPuzzle(id string) {
	p.t.Helper()
	path := "/#/puzzles"
	if id != "" {
		path += "/" + id
	}
	p.do("opening "+path, chromedp.Navigate(p.base+path), chromedp.WaitVisible("#pz-board cg-board"))
	p.waitPuzzleTurn()
}

// waitPuzzleTurn waits until the solver may move.
func (p *page) waitPuzzleTurn() {
	p.t.Helper()
	p.waitFor("the solver's turn", `document.getElementById('puzzles').dataset.movable === 'true'`, 10*time.Second)
}

// pzMove plays a move on the Puzzles page's board by clicking its squares.
func (p *page) pzMove(from, to string) {
	p.t.Helper()
	p.waitPuzzleTurn()
	evalJS[bool](p, `document.getElementById('pz-board').scrollIntoView({block: 'center'}), true`)
	fx, fy := p.squareOf("pz-board", from)
	p.do("clicking "+from, chromedp.MouseClickXY(fx, fy))
	p.waitFor(from+" selected", `!!document.querySelector('#pz-board square.selected')`, 5*time.Second)
	tx, ty := p.squareOf("pz-board", to)
	p.do("clicking "+to, chromedp.MouseClickXY(tx, ty))
}

// pzRating returns the player's rating the page shows.
func (p *page) pzRating() int {
	p.t.Helper()
	s := evalJS[string](p, `(document.getElementById('pz-rating')?.textContent ?? '').replace('?', '')`)
	n, err := strconv.Atoi(s)
	if err != nil {
		p.t.Fatalf("the rating shown is %q", s)
	}
	return n
}

// solvable returns a built-in puzzle of at least two moves of the solver,
// none a promotion (clicked without the picker), with a wrong first move.
func solvable(t *testing.T) (puzzle.Entry, string) {
	for _, e := range puzzle.Builtin() {
		ok := len(e.Moves) >= 3
		for i := 0; i < len(e.Moves); i += 2 {
			ok = ok && len(e.Moves[i]) == 4
		}
		if ok {
			return e, wrongFirst(t, e)
		}
	}
	t.Fatal("no built-in puzzle of two moves without a promotion")
	return puzzle.Entry{}, ""
}

// wrongFirst returns a legal first move of e's solver that puzzle.Step
// judges wrong, not a promotion.
func wrongFirst(t *testing.T, e puzzle.Entry) string {
	pos, err := chess.ParseFEN(e.FEN)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range pos.LegalMoves() {
		if v, err := puzzle.Step(e, 0, m.String()); err == nil && !v.Correct && len(m.String()) == 4 {
			return m.String()
		}
	}
	t.Fatalf("puzzle %s: no wrong move", e.ID)
	return ""
}

// byID returns the built-in puzzle id.
func byID(t *testing.T, id string) puzzle.Entry {
	for _, e := range puzzle.Builtin() {
		if e.ID == id {
			return e
		}
	}
	t.Fatalf("no built-in puzzle %q", id)
	return puzzle.Entry{}
}

// TestPuzzles solves a puzzle by clicking its moves (the opponent's reply
// is played, the rating goes up, the streak is 1), fails the next one with
// a wrong move (the rating goes down, the streak ends), takes a hint (the
// piece to move is circled), shows the solution and opens the position in
// the analysis board: on a desktop and a phone, in English and Chinese.
func TestPuzzles(t *testing.T) {
	for _, tt := range []struct {
		vp                        viewport
		accept                    string
		turn, best, solved, wrong string
	}{
		{desktop, "en-US,en", "Your turn", "Best move! Keep going…", "Success! Puzzle solved.", "That is not the move! Try something else."},
		{narrow, "zh-CN,zh", "轮到你了", "最佳着法！继续…", "成功！谜题已解开。", "不是这步！再试试别的。"},
		{desktop, "zh-CN,zh", "轮到你了", "最佳着法！继续…", "成功！谜题已解开。", "不是这步！再试试别的。"},
		{narrow, "en-US,en", "Your turn", "Best move! Keep going…", "Success! Puzzle solved.", "That is not the move! Try something else."},
	} {
		t.Run(tt.vp.name+"-"+tt.accept[:2], func(t *testing.T) {
			pz, _ := solvable(t)
			p := newPage(t, tt.vp)
			p.speak(tt.accept)
			p.openPuzzle(pz.ID)
			status := func() string { return p.text("#pz-status strong") }
			if got := status(); got != tt.turn {
				t.Errorf("at the start the page says %q, want %q", got, tt.turn)
			}
			if got := p.pzRating(); got != 1500 {
				t.Errorf("a new player's rating: %d", got)
			}
			p.screenshot("turn")
			for ply := 0; ply < len(pz.Moves); ply += 2 {
				p.pzMove(pz.Moves[ply][:2], pz.Moves[ply][2:4])
				if ply+1 < len(pz.Moves) {
					p.waitFor("the reply", fmt.Sprintf(`document.getElementById('puzzles').dataset.line === '%d' && document.getElementById('puzzles').dataset.movable === 'true'`, ply+2), 10*time.Second)
					if got := status(); got != tt.best {
						t.Errorf("after a right move the page says %q, want %q", got, tt.best)
					}
				}
			}
			p.waitFor("solved", `document.getElementById('puzzles').dataset.feedback === 'solved'`, 10*time.Second)
			if got := status(); got != tt.solved {
				t.Errorf("solved: the page says %q, want %q", got, tt.solved)
			}
			p.waitFor("the rating up", `Number((document.getElementById('pz-rating')?.textContent ?? '').replace('?', '')) > 1500`, 10*time.Second)
			solvedAt := p.pzRating()
			if got := p.text("#pz-streak"); got != "1" {
				t.Errorf("the streak after a solved puzzle: %q", got)
			}
			if got := p.text("#pz-result .pz-change"); got != fmt.Sprintf("+%d", solvedAt-1500) {
				t.Errorf("the change shown: %q, the rating %d", got, solvedAt)
			}
			if words := p.englishWords(); tt.accept[:2] == "zh" && len(words) > 0 {
				t.Errorf("the page shows English: %q", words)
			}
			p.screenshot("solved")

			// The next puzzle: a wrong move.
			p.click("#pz-next")
			p.waitFor("another puzzle", fmt.Sprintf(`document.getElementById('puzzles').dataset.puzzle !== %q && document.getElementById('puzzles').dataset.feedback === 'turn'`, pz.ID), 10*time.Second)
			next := byID(t, p.pz("puzzle"))
			wrong := wrongFirst(t, next)
			p.pzMove(wrong[:2], wrong[2:4])
			p.waitFor("wrong", `document.getElementById('puzzles').dataset.feedback === 'wrong'`, 10*time.Second)
			if got := status(); got != tt.wrong {
				t.Errorf("a wrong move: the page says %q, want %q", got, tt.wrong)
			}
			p.waitFor("the rating down", fmt.Sprintf(`Number((document.getElementById('pz-rating')?.textContent ?? '').replace('?', '')) < %d`, solvedAt), 10*time.Second)
			if got := p.text("#pz-streak"); got != "0" {
				t.Errorf("the streak after a failure: %q", got)
			}
			p.waitPzPiece(wrong[:2])
			p.screenshot("wrong")

			// A hint circles the piece to move; the solution is played.
			p.click("#pz-hint")
			p.waitFor("the hint", `document.getElementById('puzzles').dataset.feedback === 'hint' && !!document.querySelector('#pz-board svg.cg-shapes circle, #pz-board svg circle')`, 10*time.Second)
			p.screenshot("hint")
			p.click("#pz-solution")
			p.waitFor("the solution played", fmt.Sprintf(`document.getElementById('puzzles').dataset.line === '%d'`, len(next.Moves)), 15*time.Second)
			p.screenshot("solution")
			p.click("#pz-analyse")
			p.waitFor("the analysis board on the puzzle", fmt.Sprintf(`location.hash.startsWith('#/analysis?fen=') && !document.getElementById('analysis').hidden && document.getElementById('an-fen').value === %q`, next.FEN), 10*time.Second)
			if n := evalJS[int](p, `document.querySelectorAll('#an-moves [data-id]').length`); n < len(next.Moves) {
				t.Errorf("the analysis board has %d moves, want the solution's %d", n, len(next.Moves))
			}
		})
	}
}

// waitPzPiece waits for a piece on sq of the Puzzles page's board, once
// animations end (a wrong move goes back to where it came from).
func (p *page) waitPzPiece(sq string) {
	p.t.Helper()
	x, y := p.squareOf("pz-board", sq)
	p.waitFor("a piece on "+sq, fmt.Sprintf(`[...document.querySelectorAll('#pz-board cg-board piece')].some((pc) => {
		if (pc.classList.contains('ghost') || pc.classList.contains('fading') || pc.classList.contains('anim')) return false;
		const r = pc.getBoundingClientRect();
		return %f >= r.left && %f < r.right && %f >= r.top && %f < r.bottom;
	})`, x, x, y, y), 5*time.Second)
}

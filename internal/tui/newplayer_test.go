package tui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/i18n"
)

// What a new player tripped on in the terminal game (issue 46, items 10 and
// 11): each test shows one of them fixed.

// TestFileLettersTypeMoves (item 10): every file letter starts typing a
// move, f and h too; the board turns with t and the cursor moves with
// i j k l, and the help says so.
func TestFileLettersTypeMoves(t *testing.T) {
	for _, c := range []struct{ script, wantMoves string }{
		{"f4{enter}", "f2f4"},
		{"h3{enter}", "h2h3"},
		{"e4{enter}d5{enter}f3{enter}h6{enter}", "e2e4 d7d5 f2f3 h7h6"},
		{"e4{enter}g5{enter}h4{enter}f6{enter}hxg5{enter}", "e2e4 g7g5 h2h4 f7f6 h4g5"},
	} {
		h := newHarness(t, Config{}, 120, 40)
		h.press(c.script)
		if got := h.moves(); got != c.wantMoves {
			t.Errorf("%s: moves %q, want %q", c.script, got, c.wantMoves)
		}
	}
	h := newHarness(t, Config{}, 120, 40)
	h.press("t")
	if !h.m.flipped {
		t.Error("t did not turn the board around")
	}
	h.press("?")
	help := h.m.View()
	for _, want := range []string{"i j k l", "turn the board around", "a-h, N B R Q K O"} {
		if !strings.Contains(help, want) {
			t.Errorf("the help lacks %q:\n%s", want, help)
		}
	}
}

// TestPausedPanel (item 11): while the AI is paused after a person's move,
// the panel does not show the AI's previous line as if it were about now.
func TestPausedPanel(t *testing.T) {
	h := newHarness(t, Config{Engine: testEngine(), Black: mustPlayer(t, "ai:1")}, 120, 40)
	h.press("e4{enter}")
	if view := h.m.View(); !strings.Contains(view, "Outpost thought") || !strings.Contains(view, "(White's view)") {
		t.Fatalf("after the AI's reply the panel lacks its search or the score's point of view:\n%s", view)
	}
	h.press("p")
	h.press("d4{enter}")
	if n := h.m.s.game().Len(); n != 3 {
		t.Fatalf("%d plies, want 3 (the AI paused)", n)
	}
	if view := h.m.View(); strings.Contains(view, "Outpost thought") {
		t.Errorf("while paused the panel shows the AI's previous search:\n%s", view)
	}
}

// TestTryAgainSentence (item 11): an illegal typed move's message ends its
// sentence before "Try again".
func TestTryAgainSentence(t *testing.T) {
	h := newHarness(t, Config{}, 120, 40)
	h.press("Ke3{enter}")
	view := h.m.View()
	if !strings.Contains(view, ". Try again, or Esc.") {
		t.Errorf("the message lacks a full stop before Try again:\n%s", view)
	}
}

// TestDrawClaimFits (item 11): the message that a draw may be claimed is
// not cut (at 100 columns with the AI's longer name, here at 80).
func TestDrawClaimFits(t *testing.T) {
	const width = 80
	h := newHarness(t, Config{}, width, 35)
	h.press("Nf3{enter}Nf6{enter}Ng1{enter}Ng8{enter}Nf3{enter}Nf6{enter}Ng1{enter}Ng8{enter}")
	view := h.m.View()
	if !strings.Contains(strings.Join(strings.Fields(view), " "), "type :draw.") {
		t.Errorf("the draw-claim message is cut at %d columns:\n%s", width, view)
	}
	for _, line := range strings.Split(view, "\n") {
		if w := len([]rune(stripANSI(line))); w > width {
			t.Errorf("a line is %d columns wide: %q", w, line)
		}
	}
}

// TestMaterialFromFEN (item 11): pieces missing from a --fen start are not
// counted as taken; the panel shows the material difference.
func TestMaterialFromFEN(t *testing.T) {
	h := newHarness(t, Config{Start: chess.MustParseFEN("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), ASCII: true}, 120, 40)
	view := h.m.View()
	if strings.Contains(view, "took") {
		t.Errorf("the panel says pieces were taken in a game that started without them:\n%s", view)
	}
	if !strings.Contains(view, "White  R  +5") {
		t.Errorf("the panel lacks White's extra rook, +5:\n%s", view)
	}
}

// TestHelpSmall (item 11): at 30x15 every line of the help can be read:
// ↓ scrolls it, and nothing is cut at the right.
func TestHelpSmall(t *testing.T) {
	h := newHarness(t, Config{}, 30, 15)
	h.press("?")
	seen := map[string]bool{}
	for range 60 { // more than the help's lines

		for _, line := range strings.Split(stripANSI(h.m.View()), "\n") {
			if len([]rune(line)) > 30 {
				t.Fatalf("a help line is wider than 30 columns: %q", line)
			}
			for _, w := range strings.Fields(line) {
				seen[w] = true
			}
		}
		h.press("{down}")
	}
	for _, k := range helpKeys {
		for _, w := range strings.Fields(tr(i18n.English, k.what)) {
			if !seen[w] {
				t.Errorf("the help's %q never shows at 30x15 (for %v)", w, k.key)
			}
		}
	}
	if h.m.mode != modeHelp {
		t.Errorf("scrolling left the help")
	}
	h.press("x")
	if h.m.mode != modeBoard {
		t.Errorf("a key other than the arrows does not close the help")
	}
}

// TestLoadOffersSaved (item 11): after saving, o offers the file just
// saved; Ctrl+U clears it.
func TestLoadOffersSaved(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.pgn")
	h := newHarness(t, Config{}, 120, 40)
	h.press("e4{enter}s")
	h.m.input.SetValue(path)
	h.press("{enter}o")
	if h.m.mode != modeLoad || h.m.input.Value() != path {
		t.Fatalf("after saving, o offers %q (mode %d), want %q", h.m.input.Value(), h.m.mode, path)
	}
	h.press("{ctrl+u}")
	if got := h.m.input.Value(); got != "" {
		t.Errorf("Ctrl+U left %q", got)
	}
	h.press("{esc}s")
	if got := h.m.input.Value(); got != path {
		t.Errorf("saving again offers %q, want %q", got, path)
	}
}

// TestBoardGrows: above 100x35 the board grows with the terminal, and the
// board and panel sit in its middle rather than in the top left corner.
func TestBoardGrows(t *testing.T) {
	var widths []int
	for _, size := range [][2]int{{100, 35}, {120, 40}, {160, 50}, {220, 70}} {
		h := newHarness(t, Config{}, size[0], size[1])
		l := h.m.layout()
		widths = append(widths, l.board.width())
		if l.left < 0 || l.left+l.width() > size[0] {
			t.Errorf("%dx%d: the block (%d wide at %d) does not fit", size[0], size[1], l.width(), l.left)
		}
		right := size[0] - l.left - l.width()
		if spare := l.left + right; spare > 1 && (l.left == 0 || right-l.left > 1) {
			t.Errorf("%dx%d: the block is not in the middle: %d columns left, %d right", size[0], size[1], l.left, right)
		}
		lines := strings.Split(h.m.View(), "\n")
		if len(lines) > size[1] {
			t.Errorf("%dx%d: %d lines drawn", size[0], size[1], len(lines))
		}
		if size[1] > 35 && (l.top == 0 || strings.TrimSpace(lines[0]) != "") {
			t.Errorf("%dx%d: the screen starts at its top line %q (top margin %d)", size[0], size[1], lines[0], l.top)
		}
	}
	for i := 1; i < len(widths); i++ {
		if widths[i] < widths[i-1] {
			t.Errorf("the board shrank as the terminal grew: %v", widths)
		}
	}
	if widths[len(widths)-1] <= widths[0] {
		t.Errorf("the board does not grow above 100x35: %v", widths)
	}
}

// TestSidesByShape: White's pieces and Black's differ by their shape, not
// only by colour.
func TestSidesByShape(t *testing.T) {
	v := &boardView{}
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		w, b := v.glyph(chess.NewPiece(chess.White, pt)), v.glyph(chess.NewPiece(chess.Black, pt))
		if w == b {
			t.Errorf("White's and Black's %v are both drawn %q", pt, w)
		}
	}
}

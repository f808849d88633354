package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/i18n"
	"github.com/outpost-chess/outpost/internal/review"
	"github.com/outpost-chess/outpost/internal/store"
)

// reviewNodes is the tests' budget per position: enough to see a queen
// hang.
const reviewNodes = 20_000

// fakeReviews is a ReviewStore in memory.
type fakeReviews struct {
	saved map[string]store.Review
}

func (f *fakeReviews) SaveReview(_ context.Context, r *store.Review) error {
	if f.saved == nil {
		f.saved = map[string]store.Review{}
	}
	f.saved[r.GameID] = *r
	return nil
}

func (f *fakeReviews) GetReview(_ context.Context, id string) (store.Review, error) {
	r, ok := f.saved[id]
	if !ok {
		return store.Review{}, store.ErrNotFound
	}
	return r, nil
}

// TestReviewScreen reviews a game between two people with a blunder at
// ply 4 (2... Qg5?? hangs the queen): R opens the review screen, the
// arrows and n/p go through the moves, Esc goes back to the board.
func TestReviewScreen(t *testing.T) {
	reviews := &fakeReviews{}
	cfg := Config{Game: gameFromMoves(t, "e4", "e5", "Nf3", "Qg5", "Nxg5"), ReviewNodes: reviewNodes,
		Store: &fakeStore{}, Reviews: reviews}
	h := newHarness(t, cfg, 120, 40)
	h.press(":Nc6{enter}")
	h.press("R")
	if h.m.mode != modeReview || h.m.review == nil || h.m.review.r == nil {
		t.Fatalf("after R: mode %d, review %+v", h.m.mode, h.m.review)
	}
	view := h.m.View()
	for _, want := range []string{"Review", "Opening: King's Knight Opening (C40), out of the book after 2... Qg5",
		"1. e4", "Move 1 of 6", "White", "Black", "ACPL", "▲"} {
		if !strings.Contains(view, want) {
			t.Errorf("the review screen lacks %q:\n%s", want, view)
		}
	}
	h.press("n")
	if h.m.reviewPly != 4 {
		t.Fatalf("n went to move %d, want 4 (Qg5)", h.m.reviewPly)
	}
	view = h.m.View()
	for _, want := range []string{"2... Qg5??", "Blunder", "Better: ", "Move 4 of 6", "▲"} {
		if !strings.Contains(view, want) {
			t.Errorf("the blunder's screen lacks %q:\n%s", want, view)
		}
	}
	h.press("n")
	if h.m.reviewPly != 4 || !strings.Contains(h.m.View(), "No mistake after this one.") {
		t.Errorf("n after the last mistake: move %d\n%s", h.m.reviewPly, h.m.View())
	}
	h.press("{right}{right}{right}")
	if h.m.reviewPly != 6 {
		t.Errorf("right went to move %d, want the last, 6", h.m.reviewPly)
	}
	h.press("p{left}")
	if h.m.reviewPly != 3 {
		t.Errorf("p then left: move %d, want 3", h.m.reviewPly)
	}
	h.press("{esc}")
	if h.m.mode != modeBoard || !strings.Contains(h.m.View(), "Review") {
		t.Errorf("Esc: mode %d\n%s", h.m.mode, h.m.View())
	}

	// Kept with the game; opening it again takes no new search.
	saved, ok := reviews.saved["id1"]
	if !ok || len(saved.Moves) != 6 {
		t.Fatalf("kept reviews %+v", reviews.saved)
	}
	h.m.review = nil
	h.press("R")
	if rr := h.m.review; rr == nil || rr.r == nil || rr.cancel != nil || len(rr.r.Moves) != 6 {
		t.Errorf("the review opened again from the store: %+v", rr)
	}

	// A move makes it stale; R reviews the game as it is then.
	h.press("{esc}:Nf3{enter}")
	if h.m.s.game().Len() != 7 {
		t.Fatalf("Nf3 not played:\n%s", h.m.View())
	}
	h.press("R")
	if rr := h.m.review; rr == nil || rr.r == nil || len(rr.r.Moves) != 7 {
		t.Errorf("the review after a move: %+v", rr)
	}
}

// TestReviewRookMove: R opens the review, but the letters of a rook move
// after it go back to the board with the move typed.
func TestReviewRookMove(t *testing.T) {
	cfg := Config{Start: chess.MustParseFEN("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"), ReviewNodes: reviewNodes}
	h := newHarness(t, cfg, 120, 40)
	h.press("g3{enter}g6{enter}") // moves to review
	h.press("Ra8")
	if h.m.mode != modeMove || h.m.input.Value() != "Ra8" {
		t.Fatalf("mode %d, input %q; want the rook move being typed", h.m.mode, h.m.input.Value())
	}
	h.press("{enter}")
	if h.moves() != "g2g3 g7g6 a1a8" {
		t.Errorf("moves %q", h.moves())
	}
	// Before the first move, R types a rook move at once.
	h = newHarness(t, cfg, 120, 40)
	h.press("R")
	if h.m.mode != modeMove || h.m.input.Value() != "R" {
		t.Errorf("R before a move: mode %d, input %q", h.m.mode, h.m.input.Value())
	}
}

// TestReviewAtTheEnd: the review starts by itself when the game ends, and
// the side panel says when it is ready.
func TestReviewAtTheEnd(t *testing.T) {
	cfg := Config{Game: gameFromMoves(t, "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"), ReviewNodes: reviewNodes}
	h := newHarness(t, cfg, 120, 40)
	h.press(":Qxf7{enter}")
	if !h.m.s.over() || h.m.review == nil || h.m.review.r == nil {
		t.Fatalf("after the mate: over %v, review %+v", h.m.s.over(), h.m.review)
	}
	view := h.m.View()
	for _, want := range []string{"1-0: White wins by checkmate", "The review is ready: R shows it.", "King's Pawn Game: Wayward Queen Attack"} {
		if !strings.Contains(view, want) {
			t.Errorf("the board after the mate lacks %q:\n%s", want, view)
		}
	}
	if m := h.m.review.r.Moves[5]; m.SAN != "Nf6" || m.Judgement != review.Blunder || m.Mate != review.MateAllowed {
		t.Errorf("Nf6 in the review: %+v", m)
	}
	h.press("R{down}{left}")
	for _, want := range []string{"3... Nf6??", "Checkmate is now unavoidable."} {
		if !strings.Contains(h.m.View(), want) {
			t.Errorf("the review lacks %q:\n%s", want, h.m.View())
		}
	}
}

// TestReviewScreenSizes draws the review screen from 80x24 (the board and
// the panel) down to a terminal too small for the board (the panel alone).
func TestReviewScreenSizes(t *testing.T) {
	cfg := Config{Game: gameFromMoves(t, "e4", "e5", "Nf3", "Qg5", "Nxg5"), ReviewNodes: reviewNodes}
	for _, size := range [][2]int{{160, 50}, {80, 24}, {50, 20}} {
		h := newHarness(t, cfg, size[0], size[1])
		h.press("R")
		lines := strings.Split(h.m.View(), "\n")
		if len(lines) > size[1] {
			t.Errorf("%dx%d: %d lines", size[0], size[1], len(lines))
		}
		for _, l := range lines {
			if w := len([]rune(stripANSI(l))); w > size[0] {
				t.Errorf("%dx%d: a line of %d cells: %q", size[0], size[1], w, stripANSI(l))
			}
		}
		if !strings.Contains(h.m.View(), "Move 1 of 5") {
			t.Errorf("%dx%d:\n%s", size[0], size[1], h.m.View())
		}
	}
}

func TestGraph(t *testing.T) {
	r := &review.Review{Start: review.CP(0)}
	for i, cp := range []int{30, 20, 900, 950} {
		color := "white"
		if i%2 == 1 {
			color = "black"
		}
		r.Moves = append(r.Moves, review.Move{Color: color, Eval: review.CP(cp)})
	}
	r.Moves[2].Judgement = review.Blunder
	lines := graph(r, 4, 4, 1) // one column a move
	if len(lines) != 5 {
		t.Fatalf("%d lines", len(lines))
	}
	// White far ahead after move 3: its column is full to the top.
	if col := []rune(stripANSI(lines[0])); col[2] != '█' && col[2] != '▇' {
		t.Errorf("top row %q", stripANSI(lines[0]))
	}
	if marks := stripANSI(lines[4]); marks != "▲ ● " {
		t.Errorf("marks %q, want the move shown and the blunder", marks)
	}
	// More moves than columns: a column shows several, its worst mark;
	// more columns than moves: a move takes several.
	cols := graphColumns(r, 2)
	if len(cols) != 2 || cols[0].first != 1 || cols[0].last != 2 || cols[1].worst != review.Blunder {
		t.Errorf("columns %+v", cols)
	}
	if cols := graphColumns(r, 13); len(cols) != 12 || cols[2].first != 1 || cols[3].first != 2 {
		t.Errorf("13 columns for 4 moves: %+v", cols)
	}
}

func TestPlainReview(t *testing.T) {
	var out strings.Builder
	reviews := &fakeReviews{}
	cfg := Config{ReviewNodes: reviewNodes, Store: &fakeStore{}, Reviews: reviews}
	in := "e4\ne5\nQh5\nNc6\nBc4\nNf6\nreview\nQxf7\nmoves\nreview\nquit\n"
	if err := RunPlain(context.Background(), cfg, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if missing := containsAll(text,
		"Reviewing the game (7 positions)", "move", "judgement", "better", "1. e4", "3... Nf6", "average centipawn loss",
		"Game over. 1-0: White wins by checkmate", "Type review for the game's review",
		"4. Qxf7#", "Reviewing the game (8 positions)", "?? blunder", "accuracy"); missing != "" {
		t.Errorf("output lacks %q:\n%s", missing, text)
	}
	if len(reviews.saved) != 1 {
		t.Errorf("kept reviews %d", len(reviews.saved))
	}
	// The game over, the end of the input ends the program quietly.
	out.Reset()
	if err := RunPlain(context.Background(), Config{}, strings.NewReader("f3\ne5\ng4\nQh4\n"), &out); err != nil || strings.Contains(out.String(), "End of input") {
		t.Errorf("%v:\n%s", err, out.String())
	}
}

// TestSaveReviewed saves a reviewed game: the PGN carries the review's
// annotations; saved before the review, it carries the opening only.
func TestSaveReviewed(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{Game: gameFromMoves(t, "e4", "e5", "Nf3", "Qg5", "Nxg5"), ReviewNodes: reviewNodes}
	h := newHarness(t, cfg, 120, 40)
	before, after := filepath.Join(dir, "before.pgn"), filepath.Join(dir, "after.pgn")
	h.press("s")
	h.m.input.SetValue(before)
	h.press("{enter}R{esc}s")
	h.m.input.SetValue(after)
	h.press("{enter}")
	b, _ := os.ReadFile(before)
	a, _ := os.ReadFile(after)
	if !strings.Contains(string(b), `[Opening "King's Knight Opening"]`) || strings.Contains(string(b), "%eval") {
		t.Errorf("saved before the review:\n%s", b)
	}
	if flat := strings.ReplaceAll(string(a), "\n", " "); !strings.Contains(flat, "2... Qg5 $4 {[%eval") || !strings.Contains(flat, "Blunder.") {
		t.Errorf("saved after the review:\n%s", a)
	}
}

// TestReviewInChinese draws the review screen and the line mode's table in
// Chinese.
func TestReviewInChinese(t *testing.T) {
	cfg := Config{Game: gameFromMoves(t, "e4", "e5", "Nf3", "Qg5", "Nxg5"), ReviewNodes: reviewNodes, Lang: i18n.Chinese}
	h := newHarness(t, cfg, 120, 40)
	h.press("Rn")
	for _, want := range []string{"复盘", "2... Qg5??", "漏着", "更好：", "第 4 着，共 5 着", "白方", "黑方", "开局: 王马开局 (C40)"} {
		if !strings.Contains(h.m.View(), want) {
			t.Errorf("the Chinese review screen lacks %q:\n%s", want, h.m.View())
		}
	}
	var out strings.Builder
	cfg = Config{ReviewNodes: reviewNodes, Lang: i18n.Chinese}
	if err := RunPlain(context.Background(), cfg, strings.NewReader("e4\ne5\nQh5\nNc6\nBc4\nNf6\nQxf7\nreview\n"), &out); err != nil {
		t.Fatal(err)
	}
	if missing := containsAll(out.String(), "输入 review 查看复盘", "正在复盘（8 个局面）", "着法", "评估", "?? 漏着", "准确率", "平均厘兵损失"); missing != "" {
		t.Errorf("the Chinese table lacks %q:\n%s", missing, out.String())
	}
}

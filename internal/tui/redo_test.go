package tui

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/store"
)

// TestRedo takes moves back with u and plays them again with r: the
// position, the move list and the panel are what they were before.
func TestRedo(t *testing.T) {
	h := newHarness(t, Config{}, 120, 40)
	h.press("e4{enter}e5{enter}Nf3{enter}")
	wantFEN, wantMoves := h.m.s.game().Position().FEN(), h.moves()
	wantList := strings.Join(moveListLines(h.m.s.game()), "\n")

	h.press("uu")
	if got := h.moves(); got != "e2e4" {
		t.Fatalf("after uu: moves %q, want e2e4", got)
	}
	h.press("r")
	if got := h.moves(); got != "e2e4 e7e5" {
		t.Errorf("after uur: moves %q, want e2e4 e7e5", got)
	}
	if view := h.m.View(); !strings.Contains(view, "Replayed 1... e5.  White to move.") {
		t.Errorf("view after r lacks the replayed move:\n%s", view)
	}
	h.press("r")
	if got := h.moves(); got != wantMoves {
		t.Errorf("after uurr: moves %q, want %q", got, wantMoves)
	}
	if got := h.m.s.game().Position().FEN(); got != wantFEN {
		t.Errorf("after uurr: position %s, want %s", got, wantFEN)
	}
	if got := strings.Join(moveListLines(h.m.s.game()), "\n"); got != wantList {
		t.Errorf("after uurr: move list\n%s\nwant\n%s", got, wantList)
	}
	view := h.m.View()
	for _, want := range []string{"Replayed 2. Nf3.", "Black to move.", "2. Nf3"} {
		if !strings.Contains(view, want) {
			t.Errorf("view after uurr lacks %q:\n%s", want, view)
		}
	}
	if h.m.s.g.CanRedo() {
		t.Error("something left to redo after redoing both takebacks")
	}
}

// TestRedoNothing checks that r with nothing taken back changes nothing and
// says so on the status line.
func TestRedoNothing(t *testing.T) {
	for _, tc := range []struct{ script, want string }{
		{"r", ""},
		{"e4{enter}r", "e2e4"},
		{"e4{enter}e5{enter}urr", "e2e4 e7e5"},
	} {
		h := newHarness(t, Config{}, 120, 40)
		h.press(tc.script)
		if got := h.moves(); got != tc.want {
			t.Errorf("%s: moves %q, want %q", tc.script, got, tc.want)
		}
		if view := h.m.View(); !h.m.msgErr || !strings.Contains(view, "There is nothing to redo") {
			t.Errorf("%s: no message that there is nothing to redo:\n%s", tc.script, view)
		}
	}
}

// TestRedoClearedByNewMove checks that any new move after a takeback (a
// person's, typed or by the cursor, or the AI's), a resignation and a new
// game leave nothing to redo.
func TestRedoClearedByNewMove(t *testing.T) {
	tests := []struct {
		name, black, script, wantMoves string
	}{
		{name: "a typed move", script: "e4{enter}e5{enter}ud5{enter}r", wantMoves: "e2e4 d7d5"},
		{name: "a move by the cursor", script: "e4{enter}u{left}{down}{down}{enter}{up}{up}{enter}r", wantMoves: "d2d4"},
		{name: "after two takebacks", script: "e4{enter}e5{enter}uuc4{enter}r", wantMoves: "c2c4"},
		{name: "resigning", script: "e4{enter}e5{enter}u:resign{enter}r", wantMoves: "e2e4"},
		{name: "a new game", script: "e4{enter}un{enter}r", wantMoves: ""},
		{name: "against the AI", black: "ai:1", script: "e4{enter}ud4{enter}r"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Config{Engine: testEngine()}
			if tc.black != "" {
				cfg.Black = mustPlayer(t, tc.black)
			}
			h := newHarness(t, cfg, 120, 40, 2)
			h.press(tc.script)
			if tc.black == "" {
				if got := h.moves(); got != tc.wantMoves {
					t.Errorf("moves %q, want %q", got, tc.wantMoves)
				}
			} else if got := h.moves(); !strings.HasPrefix(got, "d2d4 ") || h.m.s.game().Len() != 2 {
				t.Errorf("moves %q, want d2d4 and the AI's reply", got)
			}
			if view := h.m.View(); !strings.Contains(view, "There is nothing to redo") {
				t.Errorf("view lacks the nothing-to-redo message:\n%s", view)
			}
		})
	}
}

// TestRedoAgainstAI checks that r plays again the two plies u took back,
// your move and the AI's reply, without asking the AI again.
func TestRedoAgainstAI(t *testing.T) {
	h := newHarness(t, Config{Engine: testEngine(), Black: mustPlayer(t, "ai:1")}, 120, 40)
	h.press("e4{enter}")
	want := h.moves()
	if n := h.m.s.game().Len(); n != 2 {
		t.Fatalf("%d plies after e4, want 2", n)
	}
	h.press("u")
	if got := h.moves(); got != "" {
		t.Fatalf("moves %q after u, want none", got)
	}
	h.maxAIMoves = 2 // a search the redo started would play
	h.press("r")
	if got := h.moves(); got != want || h.aiMoves != 1 || h.m.search != nil {
		t.Errorf("after r: moves %q (want %q), AI moves %d (want 1), search %v (want none)", got, want, h.aiMoves, h.m.search)
	}
	reply := h.m.s.game().PositionAt(1).SAN(h.m.s.game().Moves()[1])
	if view := h.m.View(); !strings.Contains(view, "Replayed 1. e4 "+reply+".  White to move.") {
		t.Errorf("view after r:\n%s", view)
	}
}

// TestRedoAIvsAI checks that a redo between two AIs keeps them paused, as
// the takeback left them.
func TestRedoAIvsAI(t *testing.T) {
	cfg := Config{Engine: testEngine(), White: mustPlayer(t, "ai:1"), Black: mustPlayer(t, "ai:1")}
	h := newHarness(t, cfg, 120, 40, 2)
	h.m.abandonSearch()
	want := h.moves()
	h.press("ur")
	if got := h.moves(); got != want || !h.m.s.g.Paused() || h.m.search != nil {
		t.Errorf("after ur: moves %q (want %q), paused %v, search %v", got, want, h.m.s.g.Paused(), h.m.search)
	}
	if view := h.m.View(); !strings.Contains(view, "Outpost is paused: p lets it move.") {
		t.Errorf("view after ur:\n%s", view)
	}
}

// TestRedoStored checks that after a takeback and a redo the game stored
// in the shared SQLite store is the one stored before the takeback: its
// moves, its result and how it ended.
func TestRedoStored(t *testing.T) {
	tests := []struct {
		name, black, fen, script, undo, wantResult string
	}{
		{name: "two people", script: "e4{enter}e5{enter}Nf3{enter}", undo: "uu", wantResult: "*"},
		{name: "a mate against the AI", black: "ai:1", fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", script: "Ra8{enter}", undo: "u", wantResult: "1-0"},
		{name: "against the AI", black: "ai:1", script: "e4{enter}", undo: "u", wantResult: "*"},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := store.Open(filepath.Join(t.TempDir(), "games.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			cfg := Config{Engine: testEngine(), Store: st}
			if tc.black != "" {
				cfg.Black = mustPlayer(t, tc.black)
			}
			if tc.fen != "" {
				cfg.Start = chess.MustParseFEN(tc.fen)
			}
			h := newHarness(t, cfg, 120, 40)
			h.press(tc.script)
			id := h.m.s.keep.store.ID()
			before, err := st.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if before.Result != tc.wantResult {
				t.Fatalf("stored result %q before the takeback, want %q", before.Result, tc.wantResult)
			}
			h.press(tc.undo)
			taken, err := st.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if len(taken.Moves) >= len(before.Moves) || taken.Result != "*" {
				t.Fatalf("stored after %s: moves %q, result %q; want fewer moves than %q, in progress",
					tc.undo, taken.Moves, taken.Result, before.Moves)
			}
			h.press(strings.Repeat("r", len(tc.undo)))
			if err := h.m.s.takeKeepError(); err != nil {
				t.Fatal(err)
			}
			after, err := st.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			before.UpdatedAt, after.UpdatedAt = time.Time{}, time.Time{}
			before.Rev, after.Rev = 0, 0
			if !reflect.DeepEqual(after, before) {
				t.Errorf("stored after the redo:\n%+v\nbefore the takeback:\n%+v", after, before)
			}
			if got := movesText(h.m.s.game()); got != strings.Join(before.Moves, ",") {
				t.Errorf("game %s, stored %q", got, before.Moves)
			}
		})
	}
}

// TestNoTakebackAfterResigning checks that a resignation stays, in the
// game and in the store: u does not reopen the game (as the web app once
// did), r does not bring the resignation back after a takeback (as the
// terminal once did).
func TestNoTakebackAfterResigning(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h := newHarness(t, Config{Store: st}, 120, 40)
	h.press("e4{enter}e5{enter}Nf3{enter}u:resign{enter}")
	id := h.m.s.keep.store.ID()
	before, _ := st.Get(context.Background(), id)
	h.press("ur")
	after, _ := st.Get(context.Background(), id)
	if h.moves() != "e2e4 e7e5" || after.Result != "0-1" || after.Rev != before.Rev || before.Reason != "resignation" {
		t.Errorf("after u and r: moves %q, stored %q %q (rev %d, was %d)", h.moves(), after.Result, after.Reason, after.Rev, before.Rev)
	}
}

// TestRedoKeeps checks that a redo keeps the game as the moves it plays
// again did: a takeback of a mate against the AI, then redo, stores the
// mate again.
func TestRedoKeeps(t *testing.T) {
	st := &fakeStore{}
	cfg := Config{Engine: testEngine(), Black: mustPlayer(t, "ai:1"), Start: chess.MustParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), Store: st}
	h := newHarness(t, cfg, 120, 40)
	h.press("Ra8{enter}ur")
	want := []string{
		"create a1a8 1-0",
		"save *",
		"save a1a8 1-0 checkmate",
	}
	if strings.Join(st.calls, "\n") != strings.Join(want, "\n") {
		t.Errorf("store calls:\n%s\nwant:\n%s", strings.Join(st.calls, "\n"), strings.Join(want, "\n"))
	}
	if view := h.m.View(); !strings.Contains(view, "1-0: White wins by checkmate") {
		t.Errorf("view after the redo of the mate:\n%s", view)
	}
}

// TestRedoKeys checks that the help and the key line show r.
func TestRedoKeys(t *testing.T) {
	for _, width := range []int{120, 80} {
		h := newHarness(t, Config{}, width, 40)
		if view := h.m.View(); !strings.Contains(view, "r redo") {
			t.Errorf("%d wide: key line lacks r redo:\n%s", width, view)
		}
		h.press("?")
		if view := h.m.View(); !strings.Contains(view, "redo: play again the moves taken back") {
			t.Errorf("%d wide: help lacks r:\n%s", width, view)
		}
	}
}

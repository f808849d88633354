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
	wantFEN, wantMoves := h.m.s.game.Position().FEN(), h.moves()
	wantList := strings.Join(moveListLines(h.m.s.game), "\n")

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
	if got := h.m.s.game.Position().FEN(); got != wantFEN {
		t.Errorf("after uurr: position %s, want %s", got, wantFEN)
	}
	if got := strings.Join(moveListLines(h.m.s.game), "\n"); got != wantList {
		t.Errorf("after uurr: move list\n%s\nwant\n%s", got, wantList)
	}
	view := h.m.View()
	for _, want := range []string{"Replayed 2. Nf3.", "Black to move.", "2. Nf3"} {
		if !strings.Contains(view, want) {
			t.Errorf("view after uurr lacks %q:\n%s", want, view)
		}
	}
	if h.m.s.canRedo() {
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
			} else if got := h.moves(); !strings.HasPrefix(got, "d2d4 ") || h.m.s.game.Len() != 2 {
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
	if n := h.m.s.game.Len(); n != 2 {
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
	reply := h.m.s.game.PositionAt(1).SAN(h.m.s.game.Moves()[1])
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
	if got := h.moves(); got != want || !h.m.paused || h.m.search != nil {
		t.Errorf("after ur: moves %q (want %q), paused %v, search %v", got, want, h.m.paused, h.m.search)
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
		name, black, script, undo, wantResult string
	}{
		{name: "two people", script: "e4{enter}e5{enter}Nf3{enter}", undo: "uu", wantResult: "*"},
		{name: "checkmate", script: ":f3{enter}e5{enter}g4{enter}Qh4{enter}", undo: "u", wantResult: "0-1"},
		{name: "resignation", script: "e4{enter}e5{enter}:resign{enter}", undo: "u", wantResult: "0-1"},
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
			cfg := Config{Engine: testEngine(), Keeper: StoreKeeper{st}}
			if tc.black != "" {
				cfg.Black = mustPlayer(t, tc.black)
			}
			h := newHarness(t, cfg, 120, 40)
			h.press(tc.script)
			id := h.m.s.id
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
			if !reflect.DeepEqual(after, before) {
				t.Errorf("stored after the redo:\n%+v\nbefore the takeback:\n%+v", after, before)
			}
			if got := movesText(h.m.s.game); got != strings.Join(before.Moves, ",") {
				t.Errorf("game %s, stored %q", got, before.Moves)
			}
		})
	}
}

// TestRedoKeeperCalls checks that a redo keeps the game through the same
// Keeper calls as the moves it plays again: appends, and the end.
func TestRedoKeeperCalls(t *testing.T) {
	k := &fakeKeeper{}
	h := newHarness(t, Config{Keeper: k}, 120, 40)
	h.press(":f3{enter}e5{enter}g4{enter}Qh4{enter}uur")
	want := []string{
		"create human human f2f3",
		"append id1 1 e7e5",
		"append id1 2 g2g4",
		"append id1 3 d8h4",
		"finish id1 0-1 checkmate",
		"truncate id1 3",
		"truncate id1 2",
		"append id1 2 g2g4",
	}
	h.press("r")
	want = append(want, "append id1 3 d8h4", "finish id1 0-1 checkmate")
	if strings.Join(k.calls, "\n") != strings.Join(want, "\n") {
		t.Errorf("keeper calls:\n%s\nwant:\n%s", strings.Join(k.calls, "\n"), strings.Join(want, "\n"))
	}
	if view := h.m.View(); !strings.Contains(view, "0-1: Black wins by checkmate") {
		t.Errorf("view after the redo of the mate:\n%s", view)
	}
}

// TestRedoSession checks the session's redo stack: each takeback is
// redone whole, the last one first, and an ended game ends again.
func TestRedoSession(t *testing.T) {
	ai := mustPlayer(t, "ai:1")
	g := gameFromMoves(t, "e4", "e5", "Nf3", "Nc6", "Bb5")
	s := newSession(g, [2]Player{Human, ai}, nil, "")
	if err := s.resign(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []int{1, 2, 2} { // Bb5 (the AI had not replied), then Nf3 Nc6, then e4 e5
		if n := s.takeback(); n != want {
			t.Fatalf("took back %d plies, want %d", n, want)
		}
	}
	for _, want := range []string{"e4 e5", "e4 e5 Nf3 Nc6", "e4 e5 Nf3 Nc6 Bb5"} {
		if _, err := s.redo(); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(g.SANMoves(), " "); got != want {
			t.Errorf("after a redo: %q, want %q", got, want)
		}
	}
	if o := g.Outcome(); o.Reason != chess.Resignation || o.Result != chess.WhiteWins {
		t.Errorf("outcome after the last redo: %v, want White wins by resignation", o)
	}
	if moves, err := s.redo(); moves != nil || err != nil {
		t.Errorf("redo with nothing taken back: %v, %v", moves, err)
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

package tui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/play"
)

// click returns a left click on square sq of the board drawn as l says,
// White at the bottom.
func click(sq chess.Square, l layout) tea.MouseMsg {
	col, row := int(sq.File()), 7-int(sq.Rank())
	b := l.board
	return tea.MouseMsg{
		X:      l.left + rankLabelWidth + col*b.w + b.w/2,
		Y:      l.top + boardTop + row*b.h + b.h/2,
		Action: tea.MouseActionPress,
		Button: tea.MouseButtonLeft,
	}
}

func TestMouse(t *testing.T) {
	tests := []struct {
		width, height int
		board         boardSize
	}{
		{180, 56, hugeBoard},
		{120, 40, xlBoard},
		{100, 35, largeBoard},
		{80, 24, mediumBoard},
		{60, 16, smallBoard},
	}
	for _, tc := range tests {
		h := newHarness(t, Config{}, tc.width, tc.height)
		l := h.m.layout()
		if l.board != tc.board {
			t.Fatalf("%dx%d: board %v, want %v", tc.width, tc.height, l.board, tc.board)
		}
		h.send(click(chess.G1, l))
		h.send(click(chess.F3, l))
		// A click outside the board and a release do nothing.
		h.send(tea.MouseMsg{X: tc.width - 1, Y: 0, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
		h.send(tea.MouseMsg{X: 5, Y: 5, Action: tea.MouseActionRelease, Button: tea.MouseButtonLeft})
		if got := h.moves(); got != "g1f3" {
			t.Errorf("%dx%d: moves %q after clicking g1 and f3, want g1f3", tc.width, tc.height, got)
		}
	}
}

func TestSave(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.pgn")
	h := newHarness(t, Config{}, 120, 40)
	h.press("e4{enter}e5{enter}s")
	if h.m.mode != modeSave || !strings.HasSuffix(h.m.input.Value(), ".pgn") {
		t.Fatalf("after s: mode %d, input %q; want the save prompt with a .pgn name", h.m.mode, h.m.input.Value())
	}
	// A file in a missing directory: a message, and the prompt stays.
	h.m.input.SetValue(filepath.Join(dir, "missing", "x.pgn"))
	h.press("{enter}")
	if h.m.mode != modeSave || !strings.Contains(h.m.View(), "Could not save") {
		t.Fatalf("saving to a missing directory: mode %d, view:\n%s", h.m.mode, h.m.View())
	}
	h.m.input.SetValue(path)
	h.press("{enter}")
	if !strings.Contains(h.m.View(), "Saved to "+path) {
		t.Errorf("view lacks the saved message:\n%s", h.m.View())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games, err := chess.ReadPGN(strings.NewReader(string(data)))
	if err != nil || len(games) != 1 {
		t.Fatalf("reading the saved PGN: %d games, %v\n%s", len(games), err, data)
	}
	if got := strings.Join(games[0].SANMoves(), " "); got != "e4 e5" {
		t.Errorf("saved moves %q, want \"e4 e5\"", got)
	}
	for _, tag := range []string{`[White "White"]`, `[Black "Black"]`, `[Event "Outpost terminal game"]`} {
		if !strings.Contains(string(data), tag) {
			t.Errorf("saved PGN lacks %s:\n%s", tag, data)
		}
	}
	// Esc cancels.
	h.press("s{esc}")
	if h.m.mode != modeBoard || !strings.Contains(h.m.View(), "Not saved.") {
		t.Errorf("s then Esc: mode %d, view:\n%s", h.m.mode, h.m.View())
	}
}

// TestTooSmall checks that a terminal too small for the board gets a
// message, and that the game goes on: keys still play, and a larger
// terminal shows the board again.
func TestTooSmall(t *testing.T) {
	h := newHarness(t, Config{}, 20, 8)
	view := h.m.View()
	if !strings.Contains(strings.Join(strings.Fields(view), " "), "too small for the board") || strings.Contains(view, "♜") {
		t.Fatalf("20x8 view:\n%s", view)
	}
	for i, line := range strings.Split(view, "\n") {
		if w := len([]rune(line)); w > 20 || i >= 8 {
			t.Errorf("line %d (%d wide) outside the 20x8 terminal: %q", i, w, line)
		}
	}
	h.press("e4{enter}")
	if got := h.moves(); got != "e2e4" {
		t.Errorf("moves %q, want e2e4", got)
	}
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if view := h.m.View(); !strings.Contains(view, "1. e4") || !strings.Contains(view, "♜") {
		t.Errorf("80x24 view after growing:\n%s", view)
	}
}

// TestViewFits checks that the screen never draws outside the terminal.
func TestViewFits(t *testing.T) {
	g := gameFromMoves(t, strings.Fields(strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 2)+"e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7")...)
	for _, size := range [][2]int{{120, 40}, {90, 30}, {80, 24}, {60, 16}, {40, 15}, {28, 14}, {27, 14}, {10, 3}} {
		for _, mode := range []mode{modeBoard, modeHelp, modeMenu} {
			h := newHarness(t, Config{Game: g.Clone()}, size[0], size[1])
			h.m.mode = mode
			lines := strings.Split(h.m.View(), "\n")
			if len(lines) > size[1] && size[1] >= minHeight {
				t.Errorf("%dx%d mode %d: %d lines", size[0], size[1], mode, len(lines))
			}
			for i, line := range lines {
				if w := len([]rune(line)); w > size[0] && size[0] >= minWidth {
					t.Errorf("%dx%d mode %d: line %d is %d wide: %q", size[0], size[1], mode, i, w, line)
				}
			}
		}
	}
}

// TestStaleSearch checks that a takeback while the AI thinks abandons its
// search: what it still sends is dropped.
func TestStaleSearch(t *testing.T) {
	h := newHarness(t, Config{Engine: testEngine(), Black: mustPlayer(t, "ai:1")}, 120, 40)
	for _, k := range keys(t, "e4") {
		h.send(k)
	}
	_, cmd := h.m.Update(tea.KeyMsg{Type: tea.KeyEnter}) // plays e4, starts the AI; cmd not run yet
	if h.m.search == nil {
		t.Fatal("no search after e4")
	}
	if !strings.Contains(h.m.View(), "is thinking") {
		t.Errorf("view while thinking:\n%s", h.m.View())
	}
	h.press("u")
	if h.m.search != nil || h.moves() != "" {
		t.Fatalf("after u: search %v, moves %q", h.m.search, h.moves())
	}
	h.run(cmd) // the abandoned search's messages
	if got := h.moves(); got != "" {
		t.Errorf("moves %q after the abandoned search ended, want none", got)
	}
}

// TestMoveNow checks that Esc makes the AI play at once.
func TestMoveNow(t *testing.T) {
	cfg := Config{Engine: testEngine(), Black: mustPlayer(t, "ai:max"), MoveTime: time.Minute}
	h := newHarness(t, cfg, 120, 40)
	for _, k := range keys(t, "e4") {
		h.send(k)
	}
	_, cmd := h.m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	start := time.Now()
	h.press("{esc}")
	if !strings.Contains(h.m.View(), "Outpost moves now.") {
		t.Errorf("view after Esc:\n%s", h.m.View())
	}
	h.run(cmd)
	if n := h.m.s.game().Len(); n != 2 {
		t.Fatalf("%d plies after Esc, want 2", n)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("the AI took %v after Esc", d)
	}
}

// TestAIvsAI watches two AIs play, pauses them and takes a move back.
func TestAIvsAI(t *testing.T) {
	cfg := Config{Engine: testEngine(), White: mustPlayer(t, "ai:1"), Black: mustPlayer(t, "ai:2")}
	h := newHarness(t, cfg, 120, 40, 6)
	if n := h.m.s.game().Len(); n != 6 {
		t.Fatalf("%d plies, want 6", n)
	}
	if view := h.m.View(); !strings.Contains(view, "3. ") || !strings.Contains(view, "White: Outpost level 1   Black: Outpost level 2") {
		t.Errorf("view:\n%s", view)
	}
	h.m.abandonSearch()
	h.press("u")
	if n := h.m.s.game().Len(); n != 5 || !h.m.s.g.Paused() {
		t.Errorf("after u: %d plies (want 5), paused %v (want true)", n, h.m.s.g.Paused())
	}
	h.maxAIMoves = 7
	h.press("p")
	if n := h.m.s.game().Len(); n != 6 || h.m.s.g.Paused() {
		t.Errorf("after p: %d plies (want 6), paused %v", n, h.m.s.g.Paused())
	}
}

// TestReproducible checks that a seeded engine replies the same way. The
// level's time cap goes: on a loaded machine it cut one game's searches
// short and not the other's (its depth and node caps bound it still).
func TestReproducible(t *testing.T) {
	black := mustPlayer(t, "ai:2")
	black.Level.MoveTime = 0
	play := func() string {
		cfg := Config{Engine: engine.New(engine.Options{HashMB: 1, Seed: 42}), Black: black}
		h := newHarness(t, cfg, 120, 40, 3)
		h.press("e4{enter}d4{enter}Nc3{enter}")
		return h.moves()
	}
	a, b := play(), play()
	if a != b || len(strings.Fields(a)) != 6 {
		t.Errorf("two games with the same seed: %q and %q", a, b)
	}
}

// TestStartMenu checks the start menu: what it shows and what it chooses.
func TestStartMenu(t *testing.T) {
	tests := []struct {
		script       string
		white, black string
	}{
		{"{enter}", "human", "ai:3"},
		{"{right}{enter}", "ai:3", "human"},
		{"{right}{right}{enter}", "human", "human"},
		{"{left}{down}{right}{right}{enter}", "ai:5", "ai:5"},
		{"{down}8{enter}", "human", "ai:8"},
		{"c{enter}", "human", "ai:classic"},
		{"m{enter}", "human", "ai:max"},
		{"b{down}1{enter}", "ai:1", "human"},
	}
	for _, tc := range tests {
		cfg := Config{Menu: true, White: play.Human, Black: mustPlayer(t, "ai:3"), Engine: testEngine()}
		h := newHarness(t, cfg, 120, 40, 0)
		if view := h.m.View(); !strings.Contains(view, "a new game") || !strings.Contains(view, "< White >") {
			t.Fatalf("menu view:\n%s", view)
		}
		h.press(tc.script)
		if h.m.mode != modeBoard {
			t.Fatalf("%s: mode %d after Enter", tc.script, h.m.mode)
		}
		p := h.m.s.players()
		if p[chess.White].String() != tc.white || p[chess.Black].String() != tc.black {
			t.Errorf("%s: %s v %s, want %s v %s", tc.script, p[chess.White], p[chess.Black], tc.white, tc.black)
		}
	}
	// q in the first menu quits.
	h := newHarness(t, Config{Menu: true}, 120, 40)
	h.press("q")
	if !h.quit {
		t.Error("q in the start menu did not quit")
	}
}

// TestLoadedGameInMenu checks that the first game from the menu is the
// loaded one.
func TestLoadedGameInMenu(t *testing.T) {
	g := gameFromMoves(t, "e4", "e5", "Nf3")
	h := newHarness(t, Config{Menu: true, Game: g, Black: mustPlayer(t, "ai:1"), Engine: testEngine()}, 120, 40)
	h.press("{enter}")
	if n := h.m.s.game().Len(); n != 4 {
		t.Errorf("%d plies, want the loaded 3 and the AI's reply", n)
	}
}

func movesText(g *chess.Game) string {
	var s []string
	for _, m := range g.Moves() {
		s = append(s, m.String())
	}
	return strings.Join(s, ",")
}

// TestKeeping checks what a game keeps in the store: nothing before the
// first move, then the whole game at every change; a failing store gets
// one message, and the game goes on unkept.
func TestKeeping(t *testing.T) {
	st := &fakeStore{}
	h := newHarness(t, Config{Store: st}, 120, 40)
	h.press("f")          // nothing to keep yet
	h.press(":f3{enter}") // the first move creates the record
	h.press("e5{enter}g4{enter}u")
	h.press("g4{enter}Qh4{enter}u")
	want := []string{
		"create f2f3 *",
		"save f2f3,e7e5 *",
		"save f2f3,e7e5,g2g4 *",
		"save f2f3,e7e5 *",
		"save f2f3,e7e5,g2g4 *",
		"save f2f3,e7e5,g2g4,d8h4 0-1 checkmate",
	}
	if strings.Join(st.calls, "\n") != strings.Join(want, "\n") {
		t.Errorf("store calls:\n%s\nwant:\n%s", strings.Join(st.calls, "\n"), strings.Join(want, "\n"))
	}
	// A mate between two people cannot be taken back.
	if view := h.m.View(); !strings.Contains(view, "between two people a finished game cannot be taken back") {
		t.Errorf("view after u at the end:\n%s", view)
	}
	if h.m.s.kept() || h.m.farewell() != "0-1: Black wins by checkmate" {
		t.Errorf("kept %v, farewell %q", h.m.s.kept(), h.m.farewell())
	}
	h = newHarness(t, Config{Store: &fakeStore{}}, 120, 40)
	h.press("e4{enter}")
	if !h.m.s.kept() || h.m.farewell() != "The game is kept: outpost play --resume continues it." {
		t.Errorf("kept %v, farewell %q", h.m.s.kept(), h.m.farewell())
	}

	// A failing store: one message, and the game goes on unkept.
	st = &fakeStore{fail: errors.New("disk full")}
	h = newHarness(t, Config{Store: st}, 120, 40)
	h.press("e4{enter}")
	if view := h.m.View(); !strings.Contains(view, "no longer kept") || !strings.Contains(view, "disk full") {
		t.Errorf("view after a keeping failure:\n%s", view)
	}
	h.press("e5{enter}")
	if got := h.moves(); got != "e2e4 e7e5" || len(st.calls) != 0 || h.m.s.kept() {
		t.Errorf("moves %q, store calls %q, kept %v", got, st.calls, h.m.s.kept())
	}
}

// TestFastKeys checks keys that arrive together, as when typed quickly or
// pasted: a move goes to the move line whole, other keys act one by one.
func TestFastKeys(t *testing.T) {
	runes := func(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
	tests := []struct {
		keys       []tea.Msg
		wantMoves  string
		wantCursor string
		wantInput  string
	}{
		{[]tea.Msg{runes("e4"), tea.KeyMsg{Type: tea.KeyEnter}}, "e2e4", "e4", ""},
		{[]tea.Msg{runes("Nf3")}, "", "e2", "Nf3"},
		{[]tea.Msg{runes(":f4")}, "", "e2", "f4"},
		{[]tea.Msg{runes("ii")}, "", "e4", ""},
		{[]tea.Msg{runes("iije6")}, "", "d4", "e6"},
		{[]tea.Msg{runes("f4")}, "", "e2", "f4"},
		{[]tea.Msg{runes("hxg6")}, "", "e2", "hxg6"},
	}
	for _, tc := range tests {
		h := newHarness(t, Config{}, 120, 40)
		for _, k := range tc.keys {
			h.send(k)
		}
		if got := h.moves(); got != tc.wantMoves {
			t.Errorf("%v: moves %q, want %q", tc.keys, got, tc.wantMoves)
		}
		if got := h.m.cursor.String(); got != tc.wantCursor {
			t.Errorf("%v: cursor %s, want %s", tc.keys, got, tc.wantCursor)
		}
		if got := h.m.input.Value(); got != tc.wantInput {
			t.Errorf("%v: move line %q, want %q", tc.keys, got, tc.wantInput)
		}
	}
}

// TestLoad loads a saved game with o; a file that cannot be read leaves the
// game as it was.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.pgn")
	broken := filepath.Join(dir, "broken.pgn")
	for path, text := range map[string]string{good: "1. d4 d5 2. c4 *\n", broken: "1. e4 e4 *\n"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := newHarness(t, Config{}, 120, 40)
	h.press("e4{enter}o")
	if h.m.mode != modeLoad {
		t.Fatalf("mode %d after o, want modeLoad", h.m.mode)
	}
	for _, bad := range []string{filepath.Join(dir, "none.pgn"), broken, ""} {
		h.m.input.SetValue(bad)
		h.press("{enter}")
		if got := h.moves(); got != "e2e4" || h.m.mode != modeLoad || !strings.Contains(h.m.View(), "Could not load") {
			t.Errorf("loading %q: moves %q, mode %d, view:\n%s", bad, got, h.m.mode, h.m.View())
		}
	}
	h.m.input.SetValue(good)
	h.press("{enter}")
	if got := h.moves(); got != "d2d4 d7d5 c2c4" || h.m.mode != modeBoard || !strings.Contains(h.m.View(), "Loaded "+good+" (3 moves).") {
		t.Errorf("loading the good file: moves %q, mode %d, view:\n%s", got, h.m.mode, h.m.View())
	}
	h.press("o{esc}")
	if h.m.mode != modeBoard || !strings.Contains(h.m.View(), "Nothing loaded.") {
		t.Errorf("o then Esc: mode %d", h.m.mode)
	}
}

package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/store"
)

// testEngine returns a small seeded engine, so the AI's moves repeat.
func testEngine() *engine.Engine { return engine.New(engine.Options{HashMB: 1, Seed: 1}) }

// mustPlayer parses a player or fails the test.
func mustPlayer(t *testing.T, s string) play.Player {
	t.Helper()
	p, err := ParsePlayer(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// keys turns a script into key presses: a name in braces is a named key
// ("{enter}", "{up}", "{esc}", "{tab}", "{ctrl+c}"); every other character is
// typed as itself (a space is the space bar).
func keys(t *testing.T, script string) []tea.KeyMsg {
	t.Helper()
	named := map[string]tea.KeyType{
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab,
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"ctrl+c": tea.KeyCtrlC, "backspace": tea.KeyBackspace, "ctrl+u": tea.KeyCtrlU,
		"pgdown": tea.KeyPgDown,
	}
	var out []tea.KeyMsg
	for script != "" {
		if rest, ok := strings.CutPrefix(script, "{"); ok {
			name, after, found := strings.Cut(rest, "}")
			k, known := named[name]
			if !found || !known {
				t.Fatalf("bad key script at %q", script)
			}
			out = append(out, tea.KeyMsg{Type: k})
			script = after
			continue
		}
		r := []rune(script)[0]
		script = script[len(string(r)):]
		if r == ' ' {
			out = append(out, tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
		} else {
			out = append(out, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
	return out
}

// harness runs a Model the way Bubble Tea does, but on the test's
// goroutine: it delivers each message, runs the commands Update returns
// and delivers their messages, until nothing is left to do. Spinner and
// clock ticks are dropped (the next one would sleep; a test sends a
// clockTickMsg itself), and after maxAIMoves AI moves the AI's results are
// dropped too, so that a game between two AIs stops.
type harness struct {
	t          *testing.T
	m          *Model
	quit       bool
	aiMoves    int
	maxAIMoves int
}

// newHarness returns a harness for New(cfg) in a terminal of the given
// size, with Init's commands run. The AI makes at most maxAIMoves moves
// (default 1).
func newHarness(t *testing.T, cfg Config, width, height int, maxAIMoves ...int) *harness {
	h := &harness{t: t, m: New(cfg), maxAIMoves: 1}
	if len(maxAIMoves) > 0 {
		h.maxAIMoves = maxAIMoves[0]
	}
	h.send(tea.WindowSizeMsg{Width: width, Height: height})
	h.run(h.m.Init())
	t.Cleanup(h.m.abandonSearch)
	return h
}

// send delivers msg and everything that follows from it.
func (h *harness) send(msg tea.Msg) {
	_, cmd := h.m.Update(msg)
	h.run(cmd)
}

// press types a key script (see keys).
func (h *harness) press(script string) {
	for _, k := range keys(h.t, script) {
		h.send(k)
	}
}

// run runs cmd and the commands that follow from it.
func (h *harness) run(cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		var msg tea.Msg
		if c != nil {
			msg = c()
		}
		switch msg := msg.(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case tea.QuitMsg:
			h.quit = true
		case spinner.TickMsg, clockTickMsg:
		case resultMsg:
			if h.m.search == nil || msg.id != h.m.search.id {
				_, next := h.m.Update(msg) // a draw judgement, or stale
				queue = append(queue, next)
				continue
			}
			if h.aiMoves >= h.maxAIMoves {
				continue
			}
			h.aiMoves++
			_, next := h.m.Update(msg)
			queue = append(queue, next)
		default:
			_, next := h.m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// fakeStore records what a game asks the store to keep, as lines
// "create MOVES RESULT" and "save MOVES RESULT REASON" (moves in UCI,
// comma-separated); its writes fail with fail when it is set.
type fakeStore struct {
	calls []string
	plies int // the length of the game kept
	fail  error
}

func (f *fakeStore) CreateGame(_ context.Context, g *store.Game) error {
	if f.fail != nil {
		return f.fail
	}
	f.calls = append(f.calls, "create "+strings.Join(g.Moves, ",")+" "+g.Result)
	f.plies = len(g.Moves)
	g.ID = "id1"
	return nil
}

func (f *fakeStore) Save(_ context.Context, g *store.Game) error {
	if f.fail != nil {
		return f.fail
	}
	f.calls = append(f.calls, strings.Join(strings.Fields("save "+strings.Join(g.Moves, ",")+" "+g.Result+" "+g.Reason), " "))
	f.plies = len(g.Moves)
	return nil
}

// moves returns the moves of the game in UCI, separated by spaces.
func (h *harness) moves() string {
	var s []string
	for _, m := range h.m.s.game().Moves() {
		s = append(s, m.String())
	}
	return strings.Join(s, " ")
}

// gameFromMoves returns a game with the moves (SAN or UCI) played.
func gameFromMoves(t *testing.T, moves ...string) *chess.Game {
	t.Helper()
	g := chess.NewGame()
	for _, m := range moves {
		if err := g.PlayMove(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// stripANSI returns s without its terminal escape sequences.
func stripANSI(s string) string { return ansi.Strip(s) }

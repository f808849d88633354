package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/outpost-chess/outpost/chess"
)

// RunPuzzles runs the puzzle trainer of cfg full screen on the terminal
// whose input is in and output is out, until the player quits or ctx is
// cancelled; then it prints the rating and the streak on out.
func RunPuzzles(ctx context.Context, cfg PuzzleConfig, in io.Reader, out io.Writer) error {
	m := newPuzzleModel(cfg)
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out), tea.WithAltScreen())
	_, err := p.Run()
	if err != nil && !(errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil) {
		return fmt.Errorf("tui: %w", err)
	}
	fmt.Fprintln(out, m.t.farewell())
	return nil
}

// puzzleModel is the full-screen trainer: the board of the puzzle on,
// with a cursor to pick a piece up and put it down, or a move typed; the
// panel shows the rating, the streak, the theme and the puzzle.
type puzzleModel struct {
	t             *trainer
	width, height int
	cursor        chess.Square
	selected      chess.Square // the piece picked up, or NoSquare
	dests         chess.Bitboard
	typing        bool
	input         textinput.Model
	lines         []string // the answer to the last action
}

// newPuzzleModel returns the trainer's model with its first puzzle.
func newPuzzleModel(cfg PuzzleConfig) *puzzleModel {
	t, lines := newTrainer(cfg)
	m := &puzzleModel{t: t, width: 100, height: 35, selected: chess.NoSquare, input: textinput.New()}
	m.show(append(lines, t.next()...))
	return m
}

// show answers an action with lines, and puts the cursor on the side to
// move's king when a new puzzle starts.
func (m *puzzleModel) show(lines []string) {
	m.lines = lines
	m.selected, m.dests = chess.NoSquare, 0
	if m.t.on && m.t.ply == 0 {
		m.cursor = m.t.pos.KingSquare(m.t.side)
	}
}

func (m *puzzleModel) Init() tea.Cmd { return nil }

// Update handles a key or a new terminal size.
func (m *puzzleModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tea.KeyMsg:
		return m, m.key(msg)
	}
	return m, nil
}

// key handles a key: typing a move, or one of the board's keys.
func (m *puzzleModel) key(k tea.KeyMsg) tea.Cmd {
	if k.String() == "ctrl+c" {
		return tea.Quit
	}
	if m.typing {
		switch k.String() {
		case "esc":
			m.closeInput()
			return nil
		case "enter":
			text := m.input.Value()
			m.closeInput()
			m.show(m.t.move(text))
			return nil
		}
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(k)
		return cmd
	}
	switch s := k.String(); s {
	case "up", "i", "down", "k", "left", "j", "right", "l":
		m.moveCursor(s)
	case "enter", " ":
		m.choose()
	case "esc":
		m.selected, m.dests = chess.NoSquare, 0
	case ":", "/", "tab":
		return m.openInput("")
	case "?":
		m.show(m.t.hint())
	case "s":
		m.show(m.t.solution())
	case "n":
		m.show(m.t.next())
	case "t":
		m.show(m.t.cycleTheme())
	case "q":
		return tea.Quit
	default:
		if k.Type == tea.KeyRunes && len(k.Runes) > 0 && strings.ContainsRune(moveStarters, k.Runes[0]) {
			return m.openInput(string(k.Runes))
		}
	}
	return nil
}

// cursorSteps are the cursor keys' steps on screen: columns, rows.
var cursorSteps = map[string][2]int{
	"up": {0, -1}, "i": {0, -1}, "down": {0, 1}, "k": {0, 1},
	"left": {-1, 0}, "j": {-1, 0}, "right": {1, 0}, "l": {1, 0},
}

// moveCursor moves the cursor one square as the key says, on screen.
func (m *puzzleModel) moveCursor(key string) {
	dx, dy := cursorSteps[key][0], cursorSteps[key][1]
	if m.t.side == chess.Black {
		dx, dy = -dx, -dy
	}
	f := max(0, min(7, int(m.cursor.File())+dx))
	r := max(0, min(7, int(m.cursor.Rank())-dy))
	m.cursor = chess.NewSquare(chess.File(f), chess.Rank(r))
}

// choose picks up the piece under the cursor, or puts the one picked up
// down there: the move is judged (a pawn reaching the last rank becomes a
// queen; type the move for another piece).
func (m *puzzleModel) choose() {
	if !m.t.on || m.t.done {
		m.show([]string{m.t.tr(msgPzOver)})
		return
	}
	pos := &m.t.pos
	if m.selected == chess.NoSquare || m.selected == m.cursor {
		m.selected, m.dests = chess.NoSquare, 0
		if p := pos.PieceAt(m.cursor); p != chess.NoPiece && p.Color() == pos.SideToMove() {
			for _, mv := range pos.LegalMoves() {
				if mv.From() == m.cursor {
					m.dests |= mv.To().Bitboard()
				}
			}
			if m.dests != 0 {
				m.selected = m.cursor
			}
		}
		return
	}
	uci := m.selected.String() + m.cursor.String()
	if p := pos.PieceAt(m.selected); p.Type() == chess.Pawn && (m.cursor.Rank() == chess.Rank8 || m.cursor.Rank() == chess.Rank1) {
		uci += "q"
	}
	m.show(m.t.move(uci))
}

// openInput starts typing a move, with text typed so far.
func (m *puzzleModel) openInput(text string) tea.Cmd {
	m.typing = true
	m.selected, m.dests = chess.NoSquare, 0
	m.input.Prompt = m.t.tr(msgMovePrompt)
	m.input.Placeholder = ""
	m.input.SetValue(text)
	m.input.CursorEnd()
	return m.input.Focus()
}

// closeInput stops typing.
func (m *puzzleModel) closeInput() {
	m.typing = false
	m.input.Blur()
	m.input.SetValue("")
}

// View draws the title, the board with the panel, the answer and the
// keys, as the game's screen does (layoutFor).
func (m *puzzleModel) View() string {
	l := layoutFor(m.width, m.height)
	if l.tooSmall {
		return m.t.tr(msgTooSmall, m.width, m.height, minWidth, minHeight)
	}
	width := l.width()
	lines := []string{styleTitle.Render(truncate(m.t.tr(msgPzTitle), width)), ""}
	v := boardView{pos: &m.t.pos, flipped: m.t.side == chess.Black, cursor: m.cursor, selected: m.selected,
		dests: m.dests, lastFrom: m.t.lastFrom, lastTo: m.t.lastTo, ascii: m.t.cfg.ASCII}
	if !m.t.on {
		v.cursor = chess.NoSquare
	}
	boardText := v.render(l.board)
	if l.panelWidth > 0 {
		boardText = lipgloss.JoinHorizontal(lipgloss.Top, boardText, strings.Repeat(" ", panelGap), m.panel(l.panelWidth))
	}
	lines = append(lines, strings.Split(boardText, "\n")...)
	lines = append(lines, "")
	status := strings.Join(m.lines, " ")
	lines = append(lines, wrap(status, max(1, width), 2)...)
	keys := m.t.tr(msgPzKeys)
	if m.t.done || !m.t.on {
		keys = m.t.tr(msgPzKeysOver)
	}
	if m.typing {
		keys = m.input.View()
	}
	lines = append(lines, styleFaint.Render(truncate(keys, width)))
	margin := strings.Repeat(" ", l.left)
	for i, line := range lines {
		lines[i] = margin + line
	}
	return strings.Repeat("\n", l.top) + strings.Join(lines, "\n")
}

// panel is the side panel: the rating, streak and theme, and the puzzle.
func (m *puzzleModel) panel(width int) string {
	var lines []string
	for _, text := range []string{m.t.status(), "", m.t.about()} {
		lines = append(lines, wrap(text, width, 3)...)
	}
	return strings.Join(lines, "\n")
}

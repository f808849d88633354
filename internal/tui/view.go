package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/progress"
)

// The screen, from the top: a title line, a blank line, the board with the
// side panel on its right, a blank line, the status line (the answer to the
// last action) and the key line (or the text being typed).

// boardTop is the screen row of the board's first line.
const boardTop = 2

// Sizes of the parts of the screen.
const (
	panelGap      = 2  // columns between the board and the panel
	minPanelWidth = 26 // narrower, the panel is left out
	footerLines   = 3  // the blank line, the status line and the key line
)

var (
	styleTitle = lipgloss.NewStyle().Bold(true)
	styleFaint = lipgloss.NewStyle().Faint(true)
	styleError = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#E05A4F"))
	styleHead  = lipgloss.NewStyle().Bold(true).Underline(true)
)

// layout is how the screen is divided at the terminal's size.
type layout struct {
	board      boardSize
	panelWidth int  // 0: no panel
	tooSmall   bool // not even the small board fits
}

// minWidth and minHeight are the smallest terminal the small board fits.
var (
	minWidth  = smallBoard.width()
	minHeight = boardTop + smallBoard.height() + footerLines
)

// layout returns the layout for the terminal's size: the largest board
// that fits with the panel, else the small board alone, else too small.
func (m *Model) layout() layout {
	fits := func(b boardSize, panel int) bool {
		return m.height >= boardTop+b.height()+footerLines && m.width >= b.width()+panel
	}
	for _, b := range []boardSize{largeBoard, mediumBoard, smallBoard} {
		if fits(b, panelGap+minPanelWidth) {
			return layout{board: b, panelWidth: m.width - b.width() - panelGap}
		}
	}
	if fits(smallBoard, 0) {
		return layout{board: smallBoard}
	}
	return layout{tooSmall: true}
}

// View draws the screen.
func (m *Model) View() string {
	if m.quitting {
		return ""
	}
	if m.mode == modeMenu {
		return m.viewMenu()
	}
	if m.mode == modeHelp {
		return m.viewHelp()
	}
	if m.mode == modeReview {
		return m.viewReview()
	}
	l := m.layout()
	if l.tooSmall {
		return m.viewTooSmall()
	}
	var b strings.Builder
	b.WriteString(truncate(m.titleLine(), m.width))
	b.WriteString("\n\n")
	boardText := m.boardView().render(l.board)
	if l.panelWidth > 0 {
		panelHeight := m.height - boardTop - footerLines
		panel := m.panel(l.panelWidth, panelHeight)
		boardText = lipgloss.JoinHorizontal(lipgloss.Top, boardText, strings.Repeat(" ", panelGap), panel)
	}
	b.WriteString(boardText)
	b.WriteString("\n\n")
	b.WriteString(truncate(m.statusLine(), m.width))
	b.WriteString("\n")
	b.WriteString(truncate(m.keyLine(), m.width))
	return b.String()
}

// boardView returns what the board shows now.
func (m *Model) boardView() *boardView {
	v := &boardView{
		pos:      m.s.game().Position(),
		flipped:  m.flipped,
		cursor:   m.cursor,
		selected: m.selected,
		dests:    m.dests,
		lastFrom: chess.NoSquare,
		lastTo:   chess.NoSquare,
		ascii:    m.cfg.ASCII,
		mono:     monochrome(),
	}
	if moves := m.s.game().Moves(); len(moves) > 0 {
		last := moves[len(moves)-1]
		v.lastFrom, v.lastTo = last.From(), last.To()
	}
	return v
}

// titleLine names the game's players.
func (m *Model) titleLine() string {
	return styleTitle.Render("Outpost") + "   White: " + m.s.name(chess.White) + "   Black: " + m.s.name(chess.Black)
}

// statusLine is the answer to the last action, or whose turn it is.
func (m *Model) statusLine() string {
	switch {
	case m.msgErr:
		return styleError.Render(m.msg)
	case m.s == nil || m.mode == modeMenu:
		return m.msg
	case m.msg == "":
		return m.turnText()
	case m.s.over():
		return m.msg // the result is in the panel
	}
	return m.msg + "  " + m.turnText()
}

// turnText says whose turn it is, or how the game ended.
func (m *Model) turnText() string {
	g := m.s.game()
	if g.Outcome().IsOver() {
		return "Game over. " + outcomeText(g.Outcome())
	}
	side := g.Position().SideToMove()
	switch {
	case m.search != nil:
		return m.spin.View() + " " + m.s.name(side) + " is thinking…"
	case m.s.toMove().AI && m.s.g.Paused():
		return m.s.name(side) + " (" + colorName(side) + ") is paused."
	case m.s.toMove().AI:
		return m.s.name(side) + " (" + colorName(side) + ") to move."
	}
	text := colorName(side) + " to move."
	if g.Position().InCheck() {
		text = colorName(side) + " to move, in check."
	}
	if reason, ok := g.ClaimableDraw(); ok {
		text += " You may claim a draw by " + reason.String() + ": type :draw."
	} else if offer, ok := m.s.g.DrawOffer(); ok && offer != side {
		text += " " + colorName(offer) + " offers a draw: :draw accepts it, a move declines it."
	}
	return text
}

// keyLine is the text being typed, or the keys of the current mode.
func (m *Model) keyLine() string {
	switch m.mode {
	case modeMove, modeSave, modeLoad:
		return m.input.View()
	case modePromote:
		return styleFaint.Render("q queen · r rook · b bishop · n knight · Esc: another move")
	case modeQuit:
		kept := "it is not kept"
		if m.s.kept() {
			kept = "it is kept: outpost play --resume continues it"
		}
		return styleTitle.Render("Quit? The game is unfinished (" + kept + "). y: quit · n: stay")
	}
	for _, keys := range []string{
		"arrows/hjkl move · Enter pick/put · : type a move · u takeback · r redo · f flip · s save · n new · R review · ? help · q quit",
		"arrows move · Enter pick/put · : move · u takeback · r redo · ? help · q quit",
		"Enter pick/put · : move · ? help · q quit",
	} {
		if len([]rune(keys)) <= m.width {
			return styleFaint.Render(keys)
		}
	}
	return styleFaint.Render("? help")
}

// panel draws the side panel: the players and whose turn, the moves, the
// captured pieces and the material, the AI's search and the result.
func (m *Model) panel(width, height int) string {
	g := m.s.game()
	pos := g.Position()
	var top, bottom []string

	clock := m.s.g.Clock()
	for _, c := range []chess.Color{chess.White, chess.Black} {
		mark := "  "
		if !g.Outcome().IsOver() && pos.SideToMove() == c {
			mark = "▶ "
		}
		line := mark + fmt.Sprintf("%-7s", colorName(c)) + m.s.name(c)
		if clock.TimeControl.Timed() {
			line = truncate(line, width-10) + clockCell(clock, c, width-min(lipgloss.Width(line), width-10))
		}
		top = append(top, line)
	}
	top = append(top, m.openingLines(width)...)
	top = append(top, "", styleHead.Render("Moves"))

	if g.Outcome().IsOver() {
		bottom = append(bottom, "", styleHead.Render("Result"))
		bottom = append(bottom, wrap(outcomeText(g.Outcome()), width, 2)...)
	}
	bottom = append(bottom, "", styleHead.Render("Material"))
	v := m.boardView()
	for _, c := range []chess.Color{chess.Black, chess.White} {
		var pieces strings.Builder
		for _, p := range captured(pos, c) {
			pieces.WriteString(v.glyph(p))
		}
		taken := pieces.String()
		if taken == "" {
			taken = "-"
		}
		bottom = append(bottom, truncate(colorName(c.Other())+" took "+taken, width))
	}
	switch d := material(pos); {
	case d > 0:
		bottom = append(bottom, fmt.Sprintf("White is up %d", d))
	case d < 0:
		bottom = append(bottom, fmt.Sprintf("Black is up %d", -d))
	default:
		bottom = append(bottom, "Material is equal")
	}
	bottom = append(bottom, m.reviewStatusLines(width)...)
	if s := m.shownSearch(); s != nil {
		head := "Outpost thought"
		if s == m.search {
			head = "Outpost is thinking " + m.spin.View()
		}
		bottom = append(bottom, "", styleHead.Render(head))
		bottom = append(bottom, m.searchLines(s, width)...)
	}

	moves := moveListLines(g)
	room := height - len(top) - len(bottom)
	if room < 1 {
		// Too little room: the moves, then the rest, cut at the bottom.
		bottom = bottom[:max(0, min(len(bottom), height-len(top)-1))]
		room = 1
	}
	if len(moves) == 0 {
		moves = []string{styleFaint.Render("  none yet")}
	}
	if len(moves) > room {
		moves = append([]string{styleFaint.Render("  …")}, moves[len(moves)-room+1:]...)
	}
	lines := append(append(top, moves...), bottom...)
	for i, line := range lines {
		lines[i] = truncate(line, width)
	}
	return strings.Join(lines, "\n")
}

// clockCell draws c's clock right-aligned in a cell of width cells: bold
// while it runs, red under 10 seconds (lichess's warning).
func clockCell(clock play.ClockState, c chess.Color, width int) string {
	text := clockText(clock.Remaining[c])
	style := lipgloss.NewStyle()
	if clock.Running && clock.ToMove == c {
		style = styleTitle
	}
	if clock.Remaining[c] < 10*time.Second {
		style = styleError
	}
	return strings.Repeat(" ", max(1, width-len(text))) + style.Render(text)
}

// shownSearch returns the search whose figures the panel shows: the
// running one, or the AI's last one while its move is the last played.
func (m *Model) shownSearch() *search {
	if m.search != nil {
		return m.search
	}
	if m.last != nil && m.last.hasInfo {
		return m.last
	}
	return nil
}

// searchLines describes search s: depth, score (White's view), positions
// searched, speed and the principal variation in SAN.
func (m *Model) searchLines(s *search, width int) []string {
	if !s.hasInfo {
		return []string{"starting…"}
	}
	info := s.info
	lines := []string{
		fmt.Sprintf("depth %d  score %s", info.Depth, progress.Score(info.Score, s.root.SideToMove())),
		fmt.Sprintf("%s positions  %s/s", progress.Count(info.Nodes), progress.Rate(info.NPS)),
	}
	if pv := s.root.SANLine(info.PV); pv != "" {
		lines = append(lines, wrap("line "+pv, width, 2)...)
	}
	return lines
}

// viewHelp draws the help screen.
func (m *Model) viewHelp() string {
	keys := [][2]string{
		{"arrows, h j k l", "move the cursor"},
		{"Enter, space", "pick up a piece, put it down"},
		{"mouse click", "the same, on the square clicked"},
		{": or /", "type a move in SAN or UCI: e4, Nf3, O-O, e7e8q"},
		{"a-e, g, N B R Q K O", "start typing a move with that letter (R opens the review, and the"},
		{"", "letters after it go on with the rook move: R e1)"},
		{"", "typed \"draw\" claims a draw, accepts one offered or offers one"},
		{"", "typed \"resign\" resigns"},
		{"Esc", "put the piece back; make Outpost move now"},
		{"u", "take back your last move (and Outpost's reply)"},
		{"r", "redo: play again the moves taken back, until a new move"},
		{"f", "flip the board"},
		{"s", "save the game as PGN (asks for a file name)"},
		{"o", "load a game saved as PGN and go on with it"},
		{"n", "a new game (the start menu)"},
		{"p", "pause Outpost, or let it move again"},
		{"R", m.rt(rkHelp)},
		{"?", "this help"},
		{"q, Ctrl+C", "quit (unfinished games are kept: outpost play --resume)"},
	}
	var b strings.Builder
	b.WriteString(styleTitle.Render("Outpost — keys") + "\n\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "  %-22s %s\n", k[0], k[1])
	}
	b.WriteString("\n" + styleFaint.Render("Press any key to go back to the game."))
	return place(m.width, m.height, strings.Split(b.String(), "\n"))
}

// viewTooSmall says the terminal is too small for the board.
func (m *Model) viewTooSmall() string {
	text := fmt.Sprintf("The terminal is too small for the board: %d×%d, and it needs at least %d×%d. "+
		"Make the window larger (or use outpost play --plain). The game goes on: q quits.",
		m.width, m.height, minWidth, minHeight)
	lines := wrap(text, max(10, m.width), max(1, m.height-1))
	if m.s != nil {
		lines = append(lines, truncate(m.turnText(), m.width))
	}
	return strings.Join(lines, "\n")
}

// wrap breaks text into lines of at most width cells, at most maxLines of
// them (the last cut short with "…").
func wrap(text string, width, maxLines int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case lipgloss.Width(line)+1+lipgloss.Width(word) <= width:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		lines[maxLines-1] = truncate(lines[maxLines-1]+" …", width)
	}
	for i := range lines {
		lines[i] = truncate(lines[i], width)
	}
	return lines
}

// truncate cuts s (which may hold styles) to width cells.
func truncate(s string, width int) string {
	if lipgloss.Width(s) <= width {
		return s
	}
	return lipgloss.NewStyle().MaxWidth(width).Render(s)
}

// place centres a block of lines, aligned on their left, in a screen of
// width by height; lines wider or lower than the screen are cut.
func place(width, height int, lines []string) string {
	if len(lines) > height {
		lines = lines[:max(0, height)]
	}
	w := 0
	for i, line := range lines {
		lines[i] = truncate(line, width)
		w = max(w, lipgloss.Width(lines[i]))
	}
	for i, line := range lines {
		lines[i] = line + strings.Repeat(" ", w-lipgloss.Width(line))
	}
	return lipgloss.Place(width, height, lipgloss.Center, lipgloss.Center, strings.Join(lines, "\n"))
}

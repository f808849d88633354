package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/i18n"
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
	maxPanelWidth = 48 // wider terminals centre the board and panel instead
	footerLines   = 3  // the blank line, the status line and the key line
)

var (
	styleTitle = lipgloss.NewStyle().Bold(true)
	styleFaint = lipgloss.NewStyle().Faint(true)
	styleError = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#E05A4F"))
	styleHead  = lipgloss.NewStyle().Bold(true).Underline(true)
)

// layout is how the screen is divided at the terminal's size. What the
// screen shows is a block (title, board and panel, status, keys) placed in
// the middle of the terminal: left and top are its margins.
type layout struct {
	board      boardSize
	panelWidth int  // 0: no panel
	tooSmall   bool // not even the small board fits
	left, top  int
}

// width is the width of the block.
func (l layout) width() int {
	if l.panelWidth == 0 {
		return l.board.width()
	}
	return l.board.width() + panelGap + l.panelWidth
}

// minWidth and minHeight are the smallest terminal the small board fits.
var (
	minWidth  = smallBoard.width()
	minHeight = boardTop + smallBoard.height() + footerLines
)

// layout returns the layout for the terminal's size (layoutFor).
func (m *Model) layout() layout { return layoutFor(m.width, m.height) }

// layoutFor returns the layout for a terminal of width×height: the largest
// board that fits with the panel, else the small board alone, else too
// small; the block centred in what is left over.
func layoutFor(width, height int) layout {
	fits := func(b boardSize, panel int) bool {
		return height >= boardTop+b.height()+footerLines && width >= b.width()+panel
	}
	l := layout{tooSmall: true}
	for _, b := range boardSizes {
		if fits(b, panelGap+minPanelWidth) {
			l = layout{board: b, panelWidth: min(maxPanelWidth, width-b.width()-panelGap)}
			break
		}
	}
	if l.tooSmall && fits(smallBoard, 0) {
		l = layout{board: smallBoard}
	}
	if l.tooSmall {
		return l
	}
	l.left = (width - l.width()) / 2
	l.top = (height - (boardTop + l.board.height() + footerLines)) / 2
	return l
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
	width := l.width()
	lines := []string{truncate(m.titleLine(), width), ""}
	boardText := m.boardView().render(l.board)
	if l.panelWidth > 0 {
		panelHeight := m.height - l.top - boardTop - footerLines
		panel := m.panel(l.panelWidth, panelHeight)
		boardText = lipgloss.JoinHorizontal(lipgloss.Top, boardText, strings.Repeat(" ", panelGap), panel)
	}
	lines = append(lines, strings.Split(boardText, "\n")...)
	// The status line may take the blank line above it when it is long
	// (a draw to claim, a long error), rather than be cut.
	status := m.statusLines(width)
	if len(status) == 1 {
		lines = append(lines, "")
	}
	lines = append(lines, status...)
	lines = append(lines, truncate(m.keyLine(width), width))
	margin := strings.Repeat(" ", l.left)
	for i, line := range lines {
		lines[i] = margin + line
	}
	return strings.Repeat("\n", l.top) + strings.Join(lines, "\n")
}

// statusLines is the status line wrapped to width: one line, or two when
// it is longer.
func (m *Model) statusLines(width int) []string {
	text, isErr := m.statusText()
	lines := []string{text}
	if lipgloss.Width(text) > width {
		lines = wrap(text, max(1, width), 2)
	}
	if isErr {
		for i, line := range lines {
			lines[i] = styleError.Render(line)
		}
	}
	return lines
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
	}
	if moves := m.s.game().Moves(); len(moves) > 0 {
		last := moves[len(moves)-1]
		v.lastFrom, v.lastTo = last.From(), last.To()
	}
	return v
}

// titleLine names the game's players.
func (m *Model) titleLine() string {
	return m.tr(msgTitle, styleTitle.Render("Outpost"), m.s.name(chess.White), m.s.name(chess.Black))
}

// statusText is the answer to the last action, or whose turn it is, and
// whether it reports a mistake.
func (m *Model) statusText() (string, bool) {
	switch {
	case m.msgErr:
		return m.msg, true
	case m.s == nil || m.mode == modeMenu:
		return m.msg, false
	case m.msg == "":
		return m.turnText(), false
	case m.s.over():
		return m.msg, false // the result is in the panel
	}
	return m.msg + "  " + m.turnText(), false
}

// turnText says whose turn it is, or how the game ended.
func (m *Model) turnText() string {
	g := m.s.game()
	if g.Outcome().IsOver() {
		return m.tr(msgGameOver, outcomeText(m.lang(), g.Outcome()))
	}
	side := g.Position().SideToMove()
	switch {
	case m.search != nil:
		return m.spin.View() + " " + m.tr(msgIsThinking, m.s.name(side))
	case m.s.toMove().AI && m.s.g.Paused():
		return m.tr(msgIsPaused, m.s.name(side), colorText(m.lang(), side))
	case m.s.toMove().AI:
		return m.tr(msgToMoveNamed, m.s.name(side), colorText(m.lang(), side))
	}
	text := m.tr(msgToMove, colorText(m.lang(), side))
	if g.Position().InCheck() {
		text = m.tr(msgToMoveInCheck, colorText(m.lang(), side))
	}
	if reason, ok := g.ClaimableDraw(); ok {
		text += m.tr(msgMayClaim, reasonText(m.lang(), reason))
	} else if offer, ok := m.s.g.DrawOffer(); ok && offer != side {
		text += m.tr(msgOffersDraw, colorText(m.lang(), offer))
	}
	return text
}

// keyLine is the text being typed, or the keys of the current mode.
func (m *Model) keyLine(width int) string {
	switch m.mode {
	case modeMove, modeSave, modeLoad:
		return m.input.View()
	case modePromote:
		return styleFaint.Render(m.tr(msgPromoteKeys))
	case modeQuit:
		kept := m.tr(msgNotKept)
		if m.s.kept() {
			kept = m.tr(msgKeptResume)
		}
		return styleTitle.Render(m.tr(msgQuitAsk, kept))
	}
	keys := []msg{msgKeysLong, msgKeysMedium, msgKeysShort}
	if m.s.over() {
		keys = []msg{msgKeysOver, msgKeysShort}
	}
	for _, k := range keys {
		if keys := m.tr(k); lipgloss.Width(keys) <= width {
			return styleFaint.Render(keys)
		}
	}
	return styleFaint.Render(m.tr(msgKeysTiny))
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
		line := mark + padRight(colorText(m.lang(), c), 7) + m.s.name(c)
		if clock.TimeControl.Timed() {
			line = truncate(line, width-10) + clockCell(clock, c, width-min(lipgloss.Width(line), width-10))
		}
		top = append(top, line)
	}
	top = append(top, m.openingLines(width)...)
	top = append(top, "", styleHead.Render(m.tr(msgHeadMoves)))

	if g.Outcome().IsOver() {
		bottom = append(bottom, "", styleHead.Render(m.tr(msgHeadResult)))
		bottom = append(bottom, wrap(outcomeText(m.lang(), g.Outcome()), width, 2)...)
	}
	bottom = append(bottom, m.reviewStatusLines(width)...)
	bottom = append(bottom, "", styleHead.Render(m.tr(msgHeadMaterial)))
	bottom = append(bottom, m.materialLines(pos)...)
	if s := m.shownSearch(); s != nil {
		head := m.tr(msgHeadThought)
		if s == m.search {
			head = m.tr(msgHeadThinking, m.spin.View())
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
		moves = []string{styleFaint.Render(m.tr(msgNoneYet))}
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

// materialLines says the material as lichess does: each side's pieces
// that the other side lacks, and the difference in pawns beside the side
// ahead ("White  ♛ ♟  +6"); "equal" when the sides match. Pieces missing
// from a position the game started from are not called taken.
func (m *Model) materialLines(pos *chess.Position) []string {
	v := m.boardView()
	ahead := material(pos)
	var lines []string
	for _, c := range []chess.Color{chess.White, chess.Black} {
		var pieces []string
		for _, p := range surplus(pos, c) {
			pieces = append(pieces, v.glyph(p))
		}
		line := padRight(colorText(m.lang(), c), 7) + strings.Join(pieces, " ")
		if d := ahead; (c == chess.White && d > 0) || (c == chess.Black && d < 0) {
			line += fmt.Sprintf("  +%d", max(d, -d))
		}
		lines = append(lines, line)
	}
	if ahead == 0 && len(surplus(pos, chess.White))+len(surplus(pos, chess.Black)) == 0 {
		return []string{m.tr(msgMaterialEqual)}
	}
	return lines
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
// running one, or the AI's last one while its move is the last played
// (not after a person's move, as while the AI is paused).
func (m *Model) shownSearch() *search {
	if m.search != nil {
		return m.search
	}
	if m.last != nil && m.last.hasInfo && m.lastPly == m.s.game().Len() {
		return m.last
	}
	return nil
}

// searchLines describes search s: depth, score (White's view), positions
// searched, speed and the principal variation in SAN.
func (m *Model) searchLines(s *search, width int) []string {
	if !s.hasInfo {
		return []string{m.tr(msgStarting)}
	}
	info := s.info
	lines := []string{
		m.tr(msgDepthScore, info.Depth, progress.Score(info.Score, s.root.SideToMove())),
		m.tr(msgPositions, progress.Count(info.Nodes), progress.Rate(info.NPS)),
	}
	if pv := s.root.SANLine(info.PV); pv != "" {
		lines = append(lines, wrap(m.tr(msgLine, pv), width, 2)...)
	}
	return lines
}

// helpKeys are the keys the help screen lists, with what they do.
// A key is a text when it has words (msgKey…), else written as is.
var helpKeys = []struct {
	key  any // a msg, or the key as typed
	what msg
}{
	{msgKeyArrows, msgHelpArrows},
	{msgKeyEnter, msgHelpEnter},
	{msgKeyClick, msgHelpClick},
	{msgKeyLetters, msgHelpLetters},
	{msgKeyColon, msgHelpColon},
	{"", msgHelpDraw},
	{"", msgHelpResign},
	{"Esc", msgHelpEsc},
	{"u", msgHelpU},
	{"r", msgHelpR},
	{"t", msgHelpT},
	{"s", msgHelpS},
	{"o", msgHelpO},
	{"n", msgHelpN},
	{"p", msgHelpP},
	{"R", msgReviewHelp},
	{"m", msgHelpM},
	{"?", msgHelpHelp},
	{"q, Ctrl+C", msgHelpQ},
	{"Ctrl+U", msgHelpCtrlU},
}

// helpLines returns the help screen's lines for a screen width wide: the
// keys and what they do in two columns, or, when that does not fit, each
// key on its line with what it does wrapped below it.
func helpLines(l i18n.Lang, width int) []string {
	lines := []string{styleTitle.Render(tr(l, msgHelpTitle)), ""}
	const keyWidth = 20
	for _, k := range helpKeys {
		key, ok := k.key.(string)
		if !ok {
			key = tr(l, k.key.(msg))
		}
		what := tr(l, k.what)
		if width >= 2+keyWidth+1+30 {
			for i, d := range wrap(what, width-(2+keyWidth+1), 4) {
				if i > 0 {
					key = ""
				}
				lines = append(lines, "  "+key+strings.Repeat(" ", max(1, keyWidth+1-lipgloss.Width(key)))+d)
			}
			continue
		}
		if key != "" {
			lines = append(lines, key)
		}
		for _, d := range wrap(what, max(1, width-2), 4) {
			lines = append(lines, "  "+d)
		}
	}
	return lines
}

// viewHelp draws the help screen. When it is higher than the screen, ↑ and
// ↓ scroll it; the last line says how to go on.
func (m *Model) viewHelp() string {
	lines := helpLines(m.lang(), m.width)
	room := max(1, m.height-1)
	if len(lines) <= room {
		lines = append(lines, "", styleFaint.Render(m.tr(msgHelpBack)))
		return place(m.width, m.height, lines)
	}
	m.helpTop = max(0, min(m.helpTop, len(lines)-room))
	shown := append([]string(nil), lines[m.helpTop:m.helpTop+room]...)
	for i := range shown {
		shown[i] = truncate(shown[i], m.width)
	}
	more := m.tr(msgHelpMore, m.helpTop+room, len(lines))
	return strings.Join(append(shown, styleFaint.Render(truncate(more, m.width))), "\n")
}

// viewTooSmall says the terminal is too small for the board.
func (m *Model) viewTooSmall() string {
	text := m.tr(msgTooSmall, m.width, m.height, minWidth, minHeight)
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

// padRight pads s (which may hold styles or wide characters) with spaces
// to width cells.
func padRight(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-lipgloss.Width(s)))
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

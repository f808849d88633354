package tui

import (
	"slices"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/play"
)

// The start menu chooses who plays (you as White or Black, two people, or
// two AIs to watch), the AI's level and the clock.

// sides are the menu's choices of who plays.
var sides = []msg{msgSideWhite, msgSideBlack, msgSideBoth, msgSideNeither}

const (
	sideWhite = iota
	sideBlack
	sideBoth
	sideNeither
)

// menu is the state of the start menu.
type menu struct {
	row    int // 0: sides, 1: level, 2: clock
	side   int // index in sides
	level  int // index in engine.Levels()
	clocks []play.TimeControl
	clock  int // index in clocks
}

// menuRows is the number of rows of the menu.
const menuRows = 3

// newMenu returns the menu with the choice that gives these players and
// this clock first. The clocks offered are none, lichess's presets, and
// tc when it is none of those (from --clock).
func newMenu(white, black play.Player, tc play.TimeControl) menu {
	mu := menu{side: sideWhite, clocks: append([]play.TimeControl{{}}, play.Presets...)}
	mu.clock = slices.Index(mu.clocks, tc)
	if mu.clock < 0 {
		mu.clocks = append(mu.clocks, tc)
		mu.clock = len(mu.clocks) - 1
	}
	ai := black
	switch {
	case white.AI && black.AI:
		mu.side, ai = sideNeither, white
	case white.AI:
		mu.side, ai = sideBlack, white
	case !black.AI:
		mu.side = sideBoth
	}
	name := DefaultLevel
	if ai.AI {
		name = ai.Level.String()
	}
	for i, l := range engine.Levels() {
		if l.Name == name {
			mu.level = i
		}
	}
	return mu
}

// players returns the players the menu chose.
func (mu menu) players() [2]play.Player {
	ai := play.AI(engine.Levels()[mu.level])
	switch mu.side {
	case sideWhite:
		return [2]play.Player{play.Human, ai}
	case sideBlack:
		return [2]play.Player{ai, play.Human}
	case sideNeither:
		return [2]play.Player{ai, ai}
	}
	return [2]play.Player{play.Human, play.Human}
}

// menuKey handles a key in the start menu.
func (m *Model) menuKey(k tea.KeyMsg) tea.Cmd {
	mu := &m.menu
	levels := engine.Levels()
	switch s := k.String(); s {
	case "up", "k", "shift+tab":
		mu.row = max(0, mu.row-1)
	case "down", "j", "tab":
		mu.row = min(menuRows-1, mu.row+1)
	case "left", "h":
		switch mu.row {
		case 0:
			mu.side = (mu.side + len(sides) - 1) % len(sides)
		case 1:
			mu.level = max(0, mu.level-1)
		default:
			mu.clock = max(0, mu.clock-1)
		}
	case "right", "l":
		switch mu.row {
		case 0:
			mu.side = (mu.side + 1) % len(sides)
		case 1:
			mu.level = min(len(levels)-1, mu.level+1)
		default:
			mu.clock = min(len(mu.clocks)-1, mu.clock+1)
		}
	case "1", "2", "3", "4", "5", "6", "7", "8", "c", "m":
		name := s
		switch s {
		case "c":
			name = "classic"
		case "m":
			name = "max"
		}
		for i, l := range levels {
			if l.Name == name {
				mu.level = i
			}
		}
		mu.row = 1
	case "w":
		mu.side = sideWhite
	case "b":
		mu.side = sideBlack
	case "enter", " ":
		// The first game is Config.Game when there is one (--load).
		var g *chess.Game
		if m.s == nil && m.cfg.Game != nil {
			g = m.cfg.Game
		}
		m.begin(startSession(&m.cfg, g, mu.players(), mu.clocks[mu.clock]))
		if m.s == nil || m.msgErr {
			return nil
		}
		desc := m.s.describe()
		if tc := mu.clocks[mu.clock]; tc.Timed() {
			desc = m.tr(msgWithClock, desc, tc.String())
		}
		if m.s.players()[chess.White].AI || m.s.players()[chess.Black].AI || mu.clocks[mu.clock].Timed() {
			m.say(m.tr(msgNewGameWith, desc))
		} else {
			m.say(m.tr(msgNewGamePeople))
		}
		return m.afterChange()
	case "esc":
		if m.s != nil {
			m.mode = modeBoard
		}
	case "q":
		if m.s == nil || m.s.over() || m.s.game().Len() == 0 {
			return m.quit()
		}
		m.mode = modeQuit
	case "?":
		// The menu explains itself.
	}
	return nil
}

// viewMenu draws the start menu.
func (m *Model) viewMenu() string {
	mu := m.menu
	title := m.tr(msgMenuTitle, styleTitle.Render("Outpost"))
	row := func(i int, label, value, note string) string {
		pointer, style := "  ", lipgloss.NewStyle()
		if mu.row == i {
			pointer, style = "> ", style.Bold(true).Reverse(true)
		}
		return pointer + padRight(label, 10) + " " + style.Render("< "+value+" >") + " " + styleFaint.Render(note)
	}
	l := engine.Levels()[mu.level]
	levelNote := m.tr(msgAboutElo, l.Elo)
	switch {
	case l.Classic:
		levelNote = m.tr(msgClassicNote, l.Elo)
	case l.FullStrength():
		levelNote = m.tr(msgFullStrength)
	}
	if mu.side == sideBoth {
		levelNote = m.tr(msgNoAI)
	}
	clockNote := m.tr(msgClockNote)
	tc := mu.clocks[mu.clock]
	clock := tc.String()
	if !tc.Timed() {
		clockNote, clock = m.tr(msgNoClocks), m.tr(msgUntimed)
	}
	lines := []string{
		title,
		"",
		row(0, m.tr(msgYouPlay), m.tr(sides[mu.side]), ""),
		row(1, m.tr(msgLevel), l.Name, levelNote),
		row(2, m.tr(msgClock), clock, clockNote),
		"",
		styleFaint.Render(m.tr(msgMenuKeys)),
	}
	if m.s != nil {
		lines = append(lines, styleFaint.Render(m.tr(msgMenuBack)))
	} else {
		lines = append(lines, styleFaint.Render(m.tr(msgMenuQuit)))
	}
	if m.msg != "" {
		lines = append(append(lines, ""), m.statusLines(m.width)...)
	}
	return place(m.width, m.height, lines)
}

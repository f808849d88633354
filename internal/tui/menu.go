package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/outpost-chess/outpost/internal/engine"
)

// The start menu chooses who plays (you as White or Black, two people, or
// two AIs to watch) and the AI's level.

// sides are the menu's choices of who plays.
var sides = []string{"White", "Black", "both sides (two people)", "neither (watch Outpost play itself)"}

const (
	sideWhite = iota
	sideBlack
	sideBoth
	sideNeither
)

// menu is the state of the start menu.
type menu struct {
	row   int // 0: sides, 1: level
	side  int // index in sides
	level int // index in engine.Levels()
}

// newMenu returns the menu with the choice that gives these players first.
func newMenu(white, black Player) menu {
	mu := menu{side: sideWhite}
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
func (mu menu) players() [2]Player {
	ai := AIPlayer(engine.Levels()[mu.level])
	switch mu.side {
	case sideWhite:
		return [2]Player{Human, ai}
	case sideBlack:
		return [2]Player{ai, Human}
	case sideNeither:
		return [2]Player{ai, ai}
	}
	return [2]Player{Human, Human}
}

// menuKey handles a key in the start menu.
func (m *Model) menuKey(k tea.KeyMsg) tea.Cmd {
	mu := &m.menu
	levels := engine.Levels()
	switch s := k.String(); s {
	case "up", "k", "shift+tab":
		mu.row = 0
	case "down", "j", "tab":
		mu.row = 1
	case "left", "h":
		if mu.row == 0 {
			mu.side = (mu.side + len(sides) - 1) % len(sides)
		} else {
			mu.level = max(0, mu.level-1)
		}
	case "right", "l":
		if mu.row == 0 {
			mu.side = (mu.side + 1) % len(sides)
		} else {
			mu.level = min(len(levels)-1, mu.level+1)
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
		g, id := newGame(m.cfg.Start), ""
		if m.s == nil && m.cfg.Game != nil {
			g, id = m.cfg.Game, m.cfg.GameID
		}
		m.begin(newSession(g, mu.players(), m.cfg.Keeper, id))
		if desc := m.s.describe(); strings.HasPrefix(desc, "between") {
			m.say("New game " + desc + ".")
		} else {
			m.say("New game: " + desc + ".")
		}
		return m.think()
	case "esc":
		if m.s != nil {
			m.mode = modeBoard
		}
	case "q":
		if m.s == nil || m.s.over() || m.s.game.Len() == 0 {
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
	title := styleTitle.Render("Outpost") + " — a new game"
	row := func(i int, label, value, note string) string {
		pointer, style := "  ", lipgloss.NewStyle()
		if mu.row == i {
			pointer, style = "> ", style.Bold(true).Reverse(true)
		}
		return fmt.Sprintf("%s%-10s %s %s", pointer, label, style.Render("< "+value+" >"), styleFaint.Render(note))
	}
	l := engine.Levels()[mu.level]
	levelNote := fmt.Sprintf("about %d Elo", l.Elo)
	switch l.Name {
	case "classic":
		levelNote = fmt.Sprintf("the tutorials' minimax, about %d Elo", l.Elo)
	case "max":
		levelNote = "full strength"
	}
	if mu.side == sideBoth {
		levelNote = "(no AI in this game)"
	}
	lines := []string{
		title,
		"",
		row(0, "You play", sides[mu.side], ""),
		row(1, "Level", l.Name, levelNote),
		"",
		styleFaint.Render("↑↓ choose · ←→ change · 1-8, c, m: level · Enter: start"),
	}
	if m.s != nil {
		lines = append(lines, styleFaint.Render("Esc: back to the game · q: quit"))
	} else {
		lines = append(lines, styleFaint.Render("q: quit"))
	}
	if m.msg != "" {
		lines = append(append(lines, ""), m.statusLines()...)
	}
	return place(m.width, m.height, lines)
}

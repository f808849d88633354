package tui

import (
	"context"
	"errors"
	"fmt"
	"io"

	tea "github.com/charmbracelet/bubbletea"
)

// Run plays the game of cfg full screen on the terminal whose input is in
// and output is out, until the player quits or ctx is cancelled. After the
// screen is restored it prints one line on out: the result, or how to
// resume the game when it was kept unfinished.
func Run(ctx context.Context, cfg Config, in io.Reader, out io.Writer) error {
	m := New(cfg)
	p := tea.NewProgram(m,
		tea.WithContext(ctx),
		tea.WithInput(in),
		tea.WithOutput(out),
		tea.WithAltScreen(),
		tea.WithMouseCellMotion(),
	)
	_, err := p.Run()
	m.abandonSearch()
	m.work.close()
	m.s.suspend() // the time until --resume is charged to nobody
	if err != nil && !(errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil) {
		return fmt.Errorf("tui: %w", err)
	}
	if line := m.farewell(); line != "" {
		fmt.Fprintln(out, line)
	}
	return nil
}

// farewell is the line printed after quitting: the result, or how to
// resume the game.
func (m *Model) farewell() string {
	switch {
	case m.s == nil:
		return ""
	case m.s.over():
		return outcomeText(m.lang(), m.s.game().Outcome())
	case m.s.kept():
		return m.tr(msgKeptFarewell)
	}
	return ""
}

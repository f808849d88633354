package tui

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/outpost-chess/outpost/chess"
)

// RunPuzzlesPlain runs the puzzle trainer of cfg in line mode: it prints
// each puzzle's board as text and reads one move or command a line from
// in (help lists them: hint, solution, next, theme [NAME], quit), until
// "quit" or the end of in, when it prints the rating and streak. It returns
// ctx's error when ctx is cancelled, and an error when reading in or
// writing out fails.
func RunPuzzlesPlain(ctx context.Context, cfg PuzzleConfig, in io.Reader, out io.Writer) error {
	w := &errWriter{w: out}
	t, lines := newTrainer(cfg)
	say := func(lines []string) {
		for _, l := range lines {
			fmt.Fprintln(w, l)
		}
	}
	say(lines)
	say([]string{t.tr(msgPzPlainHelp)})
	say(t.next())
	showBoard := true
	input := readLines(in)
	for w.err == nil {
		if showBoard && t.on {
			fmt.Fprintf(w, "\n%s\n%s\n%s\n", textBoard(&t.pos, t.side == chess.Black), t.about(), t.status())
		}
		if t.on && !t.done {
			fmt.Fprintln(w, t.tr(msgPzPlainPrompt))
		}
		var l lineOrErr
		select {
		case l = <-input:
		case <-ctx.Done():
			return ctx.Err()
		}
		if l.err != nil {
			say([]string{t.farewell()})
			if l.err == io.EOF {
				return w.err
			}
			return fmt.Errorf("tui: reading moves: %w", l.err)
		}
		var quit bool
		lines, showBoard, quit = t.command(strings.TrimSpace(l.line))
		say(lines)
		if quit {
			say([]string{t.farewell()})
			break
		}
	}
	return w.err
}

// command runs a line of the line mode: a command or a move. It returns
// the lines to print, whether the board changed, and whether to quit.
func (t *trainer) command(line string) (lines []string, board, quit bool) {
	word, arg, _ := strings.Cut(line, " ")
	switch strings.ToLower(word) {
	case "":
		return nil, false, false
	case "quit", "q", "exit":
		return nil, false, true
	case "help", "?":
		return []string{t.tr(msgPzPlainHelp)}, false, false
	case "hint":
		return t.hint(), false, false
	case "solution":
		ply := t.ply
		return t.solution(), t.ply != ply, false
	case "next", "n":
		return t.next(), true, false
	case "theme":
		return t.setTheme(strings.TrimSpace(arg)), false, false
	}
	ply := t.ply
	return t.move(line), t.ply != ply, false
}

// farewell is the last line: the rating and the streak.
func (t *trainer) farewell() string {
	return t.tr(msgPzFarewell, int(math.Round(t.rating.Rating)), t.streak)
}

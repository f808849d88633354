package tui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/review"
)

// The evaluation graph of a review, drawn with block characters: a column
// per move (a few columns per move in a short game, a column per few moves
// in a long one), as high as White's chances of winning after it (lichess's
// win per cent: the top is White winning, the bottom Black), the middle
// marked by a faint dotted line. Under it, a row of marks: each judged move
// as a dot in its colour (inaccuracy yellow, mistake orange, blunder red),
// the move shown as ▲.

// eighths are the blocks that fill a cell from its bottom by eighths.
var eighths = [...]string{" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"}

var (
	styleBar      = lipgloss.NewStyle().Foreground(lipgloss.Color("#D8D8D8"))
	styleBarShown = lipgloss.NewStyle().Foreground(lipgloss.Color("#4F7FBF"))
	styleMidline  = lipgloss.NewStyle().Faint(true)
	// judgementStyles colour each judgement as lichess does.
	judgementStyles = [...]lipgloss.Style{
		review.Good:       lipgloss.NewStyle(),
		review.Inaccuracy: lipgloss.NewStyle().Foreground(lipgloss.Color("#56B4E9")),
		review.Mistake:    lipgloss.NewStyle().Foreground(lipgloss.Color("#E69F00")),
		review.Blunder:    lipgloss.NewStyle().Foreground(lipgloss.Color("#DF5353")),
	}
)

// graphColumn is one column of the graph: the moves it shows (plies from
// 1, first to last), White's win per cent after the last, and the worst
// judgement among them.
type graphColumn struct {
	first, last int
	win         float64
	worst       review.Judgement
}

// maxColumnsPerMove bounds how wide a move's column grows in a short game.
const maxColumnsPerMove = 4

// graphColumns divides the moves of r among at most width columns: a move
// takes several when there is room, a column shows several moves when
// there is not.
func graphColumns(r *review.Review, width int) []graphColumn {
	n := len(r.Moves)
	width = max(1, width)
	if n < width {
		per := min(maxColumnsPerMove, width/n)
		out := make([]graphColumn, 0, n*per)
		for ply := 1; ply <= n; ply++ {
			col := graphColumn{first: ply, last: ply, win: whiteWin(r, ply), worst: r.Moves[ply-1].Judgement}
			for range per {
				out = append(out, col)
			}
		}
		return out
	}
	out := make([]graphColumn, width)
	for c := range out {
		first, last := c*n/width+1, (c+1)*n/width
		col := graphColumn{first: first, last: last}
		for ply := first; ply <= last; ply++ {
			col.worst = max(col.worst, r.Moves[ply-1].Judgement)
		}
		col.win = whiteWin(r, last)
		out[c] = col
	}
	return out
}

// whiteWin returns White's win per cent after ply plies of r (0: the
// start).
func whiteWin(r *review.Review, ply int) float64 {
	e, mover := r.Start, r.Moves[0].Mover().Other()
	if ply > 0 {
		e, mover = r.Moves[ply-1].Eval, r.Moves[ply-1].Mover()
	}
	cp := e.CP
	if e.Mate {
		white := e.Moves > 0 || e.Moves == 0 && mover == chess.White
		cp = -10000
		if white {
			cp = 10000
		}
	}
	return review.WinPercent(cp)
}

// graph draws the evaluation graph of r, width cells wide and height rows
// high, with its row of marks (height+1 lines in all), the move shown
// (ply) marked.
func graph(r *review.Review, width, height, ply int) []string {
	cols := graphColumns(r, width)
	levels := height * 8
	lines := make([]string, height+1)
	for row := range height {
		var b strings.Builder
		bottom := (height - 1 - row) * 8 // the level at the bottom of this row
		for _, col := range cols {
			fill := int(col.win/100*float64(levels) + 0.5)
			cell := eighths[max(0, min(8, fill-bottom))]
			style := styleBar
			if ply >= col.first && ply <= col.last {
				style = styleBarShown
			}
			if cell == " " && bottom < levels/2 && bottom+8 >= levels/2 {
				b.WriteString(styleMidline.Render("┈"))
				continue
			}
			b.WriteString(style.Render(cell))
		}
		lines[row] = b.String()
	}
	var marks strings.Builder
	for _, col := range cols {
		switch {
		case ply >= col.first && ply <= col.last:
			marks.WriteString(judgementStyles[col.worst].Render("▲"))
		case col.worst != review.Good:
			marks.WriteString(judgementStyles[col.worst].Render("●"))
		default:
			marks.WriteString(" ")
		}
	}
	lines[height] = marks.String()
	return lines
}

package review

import (
	"fmt"
	"io"
	"strings"

	"github.com/mattn/go-runewidth"
)

// Words are the words of a review's table and summary in the reader's
// language: the command line prints English, the terminal game its
// catalogue's.
type Words struct {
	// The column heads.
	Move, Eval, Judgement, Better string
	// Judgements names each judgement, by Judgement ("" for Good).
	Judgements [4]string
	// The summary's rows and columns.
	White, Black, Accuracy, Inaccuracies, Mistakes, Blunders, ACPL string
	// Opening heads the opening's line; LeftBook introduces the move that
	// left the book; NoAccuracy stands for the accuracy of a side that made
	// no move.
	Opening, LeftBook, NoAccuracy string
	// Lang is the language openings are named in (opening.Opening.NameIn):
	// "en" or "zh".
	Lang string
}

// English are the command line's words.
var English = Words{
	Move: "move", Eval: "eval", Judgement: "judgement", Better: "better",
	Judgements: [4]string{"", "inaccuracy", "mistake", "blunder"},
	White:      "White", Black: "Black", Accuracy: "accuracy", Inaccuracies: "inaccuracies",
	Mistakes: "mistakes", Blunders: "blunders", ACPL: "average centipawn loss",
	Opening: "Opening", LeftBook: "out of the book after", NoAccuracy: "-", Lang: "en",
}

// MoveLabel writes move i (from 0) with its number, as a move list does:
// "12. Nf3" or "12... Nc6".
func (r *Review) MoveLabel(i int) string {
	m := r.Moves[i]
	number, black := r.MoveNumber(i)
	if black {
		return fmt.Sprintf("%d... %s", number, m.SAN)
	}
	return fmt.Sprintf("%d. %s", number, m.SAN)
}

// MoveNumber returns the move number of move i (from 0) and whether Black
// made it.
func (r *Review) MoveNumber(i int) (number int, black bool) {
	start := 1
	if fields := strings.Fields(r.StartFEN); len(fields) == 6 {
		fmt.Sscan(fields[5], &start)
	}
	first := 0 // the plies White's first move comes after: 1 when Black starts
	if len(r.Moves) > 0 && r.Moves[0].Color == "black" {
		first = 1
	}
	k := i + first
	return max(1, start) + k/2, k%2 == 1
}

// tableLine is the most moves of the engine's line a table shows.
const tableLine = 6

// Better writes the engine's better move than move i and the start of its
// line, with move numbers ("3... Nf6 4. d3 Bc5"), or "" when the move
// played was the engine's.
func (r *Review) Better(i int) string {
	m := r.Moves[i]
	line := m.Line
	if len(line) == 0 && m.BestSAN != "" {
		line = []string{m.BestSAN}
	}
	line = line[:min(len(line), tableLine)]
	number, black := r.MoveNumber(i)
	var b strings.Builder
	for j, san := range line {
		if j > 0 {
			b.WriteByte(' ')
		}
		switch {
		case !black:
			fmt.Fprintf(&b, "%d. ", number)
		case j == 0:
			fmt.Fprintf(&b, "%d... ", number)
		}
		b.WriteString(san)
		if black {
			number++
		}
		black = !black
	}
	return b.String()
}

// WriteTable writes the review as a table, a line a move (the move, the
// evaluation after it, its judgement and the engine's better move), after
// the opening's line, and followed by the summary.
func (r *Review) WriteTable(w io.Writer, words Words) error {
	var b strings.Builder
	if line := r.OpeningLine(words); line != "" {
		b.WriteString(line + "\n\n")
	}
	rows := [][]string{{words.Move, words.Eval, words.Judgement, words.Better}}
	for i, m := range r.Moves {
		j := ""
		if m.Judgement != Good {
			j = m.Judgement.Symbol() + " " + words.Judgements[m.Judgement]
		}
		rows = append(rows, []string{r.MoveLabel(i), m.Eval.String(), j, r.Better(i)})
	}
	writeColumns(&b, rows, []bool{false, true, false, false})
	b.WriteString("\n")
	r.writeSummary(&b, words)
	_, err := io.WriteString(w, b.String())
	return err
}

// OpeningLine says the game's opening and where it left the book:
// "Opening: Italian Game (C50), out of the book after 3... Qg5", or "".
func (r *Review) OpeningLine(words Words) string {
	if r.Opening == nil {
		return ""
	}
	line := fmt.Sprintf("%s: %s (%s)", words.Opening, r.Opening.NameIn(words.Lang), r.Opening.ECO)
	if i := r.Opening.LeftBook - 1; i >= 0 && i < len(r.Moves) {
		line += ", " + words.LeftBook + " " + r.MoveLabel(i)
	}
	return line
}

// WriteSummary writes each side's accuracy, judgements and average
// centipawn loss, a line each.
func (r *Review) WriteSummary(w io.Writer, words Words) error {
	var b strings.Builder
	r.writeSummary(&b, words)
	_, err := io.WriteString(w, b.String())
	return err
}

func (r *Review) writeSummary(b *strings.Builder, words Words) {
	accuracy := func(s Side) string {
		if s.Accuracy == nil {
			return words.NoAccuracy
		}
		return fmt.Sprintf("%.1f%%", *s.Accuracy)
	}
	rows := [][]string{
		{"", words.White, words.Black},
		{words.Accuracy, accuracy(r.White), accuracy(r.Black)},
		{words.Inaccuracies, fmt.Sprint(r.White.Inaccuracies), fmt.Sprint(r.Black.Inaccuracies)},
		{words.Mistakes, fmt.Sprint(r.White.Mistakes), fmt.Sprint(r.Black.Mistakes)},
		{words.Blunders, fmt.Sprint(r.White.Blunders), fmt.Sprint(r.Black.Blunders)},
		{words.ACPL, fmt.Sprint(r.White.ACPL), fmt.Sprint(r.Black.ACPL)},
	}
	writeColumns(b, rows, []bool{false, true, true})
}

// writeColumns writes rows as columns two spaces apart, each as wide as
// its widest cell on the screen (wide characters count two), numbers
// (right[c]) aligned right. Trailing spaces are cut.
func writeColumns(b *strings.Builder, rows [][]string, right []bool) {
	widths := make([]int, len(right))
	for _, row := range rows {
		for c, cell := range row {
			widths[c] = max(widths[c], runewidth.StringWidth(cell))
		}
	}
	for _, row := range rows {
		var line strings.Builder
		for c, cell := range row {
			if c > 0 {
				line.WriteString("  ")
			}
			pad := strings.Repeat(" ", widths[c]-runewidth.StringWidth(cell))
			if right[c] {
				line.WriteString(pad + cell)
			} else {
				line.WriteString(cell + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}

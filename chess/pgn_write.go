package chess

import (
	"fmt"
	"io"
	"strings"
)

// pgnLineWidth is the longest line PGN export format allows in movetext.
const pgnLineWidth = 79

// PGN returns the game in PGN export format, so that other software reads
// it: the tag pairs (see Tags), an empty line, then the movetext
// wrapped to lines of at most 79 characters (except a single longer
// comment word): move numbers ("12." before White's moves, "12..." before
// Black's when it starts the game or follows a comment), moves in SAN, NAGs
// as "$n", comments in braces (a move's clock reading first, as the
// command [%clk 0:02:58]), and the termination marker, which always
// matches the Result tag. The text ends with a newline.
func (g *Game) PGN() string {
	var sb strings.Builder
	for _, t := range g.Tags() {
		fmt.Fprintf(&sb, "[%s \"%s\"]\n", t.Name, escapeTagValue(t.Value))
	}
	sb.WriteByte('\n')

	line := 0 // length of the current movetext line
	emit := func(tok string) {
		switch {
		case line == 0:
		case line+1+len(tok) > pgnLineWidth:
			sb.WriteByte('\n')
			line = 0
		default:
			sb.WriteByte(' ')
			line++
		}
		sb.WriteString(tok)
		line += len(tok)
	}
	emitComment := func(c string) bool {
		words := strings.Fields(c)
		if len(words) == 0 {
			return false
		}
		words[0] = "{" + words[0]
		words[len(words)-1] += "}"
		for _, w := range words {
			emit(w)
		}
		return true
	}

	needNumber := emitComment(g.notes.comments[0])
	p := g.checkpoints[0]
	for i, m := range g.moves {
		switch {
		case p.side == White:
			emit(fmt.Sprintf("%d.", p.FullmoveNumber()))
		case i == 0 || needNumber:
			emit(fmt.Sprintf("%d...", p.FullmoveNumber()))
		}
		emit(p.SAN(m))
		p.MakeMove(m)
		for _, n := range g.notes.nags[i+1] {
			emit(n.String())
		}
		needNumber = emitComment(g.commentText(i + 1))
	}
	emit(g.outcome.Result.String())
	sb.WriteByte('\n')
	return sb.String()
}

// WritePGN writes the game to w as PGN() does, followed by an empty line, so
// that games written one after another make a PGN file.
func (g *Game) WritePGN(w io.Writer) error {
	_, err := io.WriteString(w, g.PGN()+"\n")
	return err
}

// commentText returns the comment PGN writes after ply plies: the move's
// clock reading as a [%clk] command, then its comment.
func (g *Game) commentText(ply int) string {
	comment := g.notes.comments[ply]
	d, ok := g.Clock(ply)
	if !ok {
		return comment
	}
	clk := "[%clk " + formatClock(d) + "]"
	if comment == "" {
		return clk
	}
	return clk + " " + comment
}

// escapeTagValue escapes a tag value for a PGN string: backslashes and
// quotes get a backslash, control characters other than tab become spaces.
func escapeTagValue(v string) string {
	var sb strings.Builder
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '\\' || c == '"':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c < ' ' && c != '\t':
			sb.WriteByte(' ')
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

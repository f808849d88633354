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
// comment word; the ")" that close variations may start a line): move numbers ("12." before White's moves, "12..." before
// Black's when it starts the game or a variation, or follows a comment or
// a variation), moves in SAN, NAGs as "$n", comments in braces (a move's
// clock reading first, as the command [%clk 0:02:58]), each move's
// variations in parentheses after it ("(12. Nf3 Nc6)"), and the
// termination marker, which always matches the Result tag. The text ends
// with a newline.
func (g *Game) PGN() string {
	var sb strings.Builder
	for _, t := range g.Tags() {
		fmt.Fprintf(&sb, "[%s \"%s\"]\n", t.Name, escapeTagValue(t.Value))
	}
	sb.WriteByte('\n')
	words := g.movetext(nil)
	words = append(words, pgnWord{text: g.outcome.Result.String()})
	line := 0 // length of the current movetext line
	for _, w := range words {
		switch {
		case line == 0:
		case line+1+len(w.text)+w.closes > pgnLineWidth:
			sb.WriteByte('\n')
			line = 0
		default:
			sb.WriteByte(' ')
			line++
		}
		sb.WriteString(w.text)
		line += len(w.text)
		for range w.closes {
			if line+1 > pgnLineWidth {
				sb.WriteByte('\n')
				line = 0
			}
			sb.WriteByte(')')
			line++
		}
	}
	sb.WriteByte('\n')
	return sb.String()
}

// pgnWord is a word of movetext: text, then closes ")" that end variations
// (as many as the variations it ends: counted, since appending them one by
// one would copy the word at each level). PGN writes the parentheses after
// the word, breaking the line between them only when they do not fit.
type pgnWord struct {
	text   string
	closes int
}

// movetext appends the words of g's moves to words: move numbers, moves,
// NAGs, comment words (the first starting with "{", the last ending with
// "}") and variations (the first word of one starting with "(", its last
// closing it).
func (g *Game) movetext(words []pgnWord) []pgnWord {
	comment := func(c string) bool {
		fields := strings.Fields(c)
		if len(fields) == 0 {
			return false
		}
		fields[0] = "{" + fields[0]
		fields[len(fields)-1] += "}"
		for _, f := range fields {
			words = append(words, pgnWord{text: f})
		}
		return true
	}
	needNumber := comment(g.notes.comments[0])
	p := g.checkpoints[0]
	for i, m := range g.moves {
		switch {
		case p.side == White:
			words = append(words, pgnWord{text: fmt.Sprintf("%d.", p.FullmoveNumber())})
		case i == 0 || needNumber:
			words = append(words, pgnWord{text: fmt.Sprintf("%d...", p.FullmoveNumber())})
		}
		words = append(words, pgnWord{text: p.SAN(m)})
		p.MakeMove(m)
		for _, n := range g.notes.nags[i+1] {
			words = append(words, pgnWord{text: n.String()})
		}
		needNumber = comment(g.commentText(i + 1))
		for _, v := range g.notes.variations[i+1] {
			first := len(words)
			words = v.movetext(words)
			words[first].text = "(" + words[first].text
			words[len(words)-1].closes++
			needNumber = true
		}
	}
	return words
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

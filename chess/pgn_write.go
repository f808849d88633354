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
	tokens := g.movetext(nil)
	tokens = append(tokens, g.outcome.Result.String())
	line := 0 // length of the current movetext line
	for _, tok := range tokens {
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
	sb.WriteByte('\n')
	return sb.String()
}

// movetext appends the tokens of g's moves to tokens: move numbers, moves,
// NAGs, comment words (the first starting with "{", the last ending with
// "}") and variations (the first token of one starting with "(", its last
// ending with ")").
func (g *Game) movetext(tokens []string) []string {
	comment := func(c string) bool {
		words := strings.Fields(c)
		if len(words) == 0 {
			return false
		}
		words[0] = "{" + words[0]
		words[len(words)-1] += "}"
		tokens = append(tokens, words...)
		return true
	}
	needNumber := comment(g.notes.comments[0])
	p := g.checkpoints[0]
	for i, m := range g.moves {
		switch {
		case p.side == White:
			tokens = append(tokens, fmt.Sprintf("%d.", p.FullmoveNumber()))
		case i == 0 || needNumber:
			tokens = append(tokens, fmt.Sprintf("%d...", p.FullmoveNumber()))
		}
		tokens = append(tokens, p.SAN(m))
		p.MakeMove(m)
		for _, n := range g.notes.nags[i+1] {
			tokens = append(tokens, n.String())
		}
		needNumber = comment(g.commentText(i + 1))
		for _, v := range g.notes.variations[i+1] {
			first := len(tokens)
			tokens = v.movetext(tokens)
			tokens[first] = "(" + tokens[first]
			tokens[len(tokens)-1] += ")"
			needNumber = true
		}
	}
	return tokens
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

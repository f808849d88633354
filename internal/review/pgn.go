package review

import (
	"errors"
	"strings"

	"github.com/outpost-chess/outpost/chess"
)

// Annotate returns a copy of g, the game r reviewed, annotated as lichess
// annotates the PGN of an analysed game: each move's evaluation as an
// [%eval] command in its comment ({[%eval 0.35]}, {[%eval #-2]}); each
// judged move its glyph (?! $6, ? $2, ?? $4), a comment saying what it was
// ("(+0.30 → -1.20) Blunder. Nf6 was best.") and the engine's line as a
// variation; the tags ECO and Opening of the opening, and Annotator. The
// game's own comments follow the review's. It returns an error when r is
// not the review of g's moves.
func Annotate(g *chess.Game, r *Review) (*chess.Game, error) {
	moves := g.Moves()
	if len(moves) != len(r.Moves) {
		return nil, errors.New("review: the review is of another game")
	}
	for i, m := range moves {
		if g.PositionAt(i).UCI(m) != r.Moves[i].UCI {
			return nil, errors.New("review: the review is of another game")
		}
	}
	a := g.Clone()
	a.SetTag("Annotator", "Outpost")
	if o := r.Opening; o != nil {
		a.SetTag("ECO", o.ECO)
		a.SetTag("Opening", o.Name)
	}
	for i := range r.Moves {
		m := &r.Moves[i]
		ply := i + 1
		var notes []string
		if e := m.Eval.PGN(); e != "" {
			notes = append(notes, "[%eval "+e+"]")
		}
		if m.Judgement != Good {
			notes = append(notes, r.advice(i))
			a.AddNAG(ply, m.Judgement.NAG())
			if v := line(a.PositionAt(i), m.Line); v != nil {
				_ = a.AddVariation(ply, v) // v starts before the move
			}
		}
		if c := a.Comment(ply); c != "" {
			notes = append(notes, c)
		}
		a.SetComment(ply, strings.Join(notes, " "))
	}
	return a, nil
}

// advice is the comment of judged move i, as lichess writes it: the
// evaluations before and after, what the move was, the better move.
func (r *Review) advice(i int) string {
	m := &r.Moves[i]
	before := r.Start
	if i > 0 {
		before = r.Moves[i-1].Eval
	}
	what := [...]string{"", "Inaccuracy", "Mistake", "Blunder"}[m.Judgement]
	switch m.Mate {
	case MateAllowed:
		what = "Checkmate is now unavoidable"
	case MateMissed:
		what = "Lost forced checkmate sequence"
	}
	text := "(" + before.String() + " → " + m.Eval.String() + ") " + what + "."
	if m.BestSAN != "" {
		text += " " + m.BestSAN + " was best."
	}
	return text
}

// line returns the game of the moves sans (SAN) from p, as far as they
// can be played, or nil when none can.
func line(p *chess.Position, sans []string) *chess.Game {
	v := chess.NewGameFromPosition(p)
	for _, san := range sans {
		if v.PlayMove(san) != nil {
			break
		}
	}
	if v.Len() == 0 {
		return nil
	}
	return v
}

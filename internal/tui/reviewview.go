package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/opening"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/review"
)

// The review screen: the title with the opening, the board after the move
// shown beside a panel (the move, its evaluation and judgement, the better
// move; the evaluation graph; each side's summary; the moves with their
// judgements), then the status and key lines. Without room for the board,
// the panel alone.

// graphHeight is the rows of the evaluation graph, its marks not counted.
const graphHeight = 6

// viewReview draws the review screen.
func (m *Model) viewReview() string {
	rr := m.review
	title := styleTitle.Render(m.tr(msgReviewTitle))
	if rr != nil && rr.r != nil {
		if line := rr.r.OpeningLine(reviewWords(m.lang())); line != "" {
			title += "   " + line
		}
	}
	title += "   " + m.s.name(chess.White) + " – " + m.s.name(chess.Black) // cut first when narrow
	var b strings.Builder
	b.WriteString(truncate(title, m.width) + "\n\n")

	bodyHeight := m.height - boardTop - footerLines
	l := m.layout()
	var body string
	switch {
	case l.tooSmall || l.panelWidth == 0:
		body = m.reviewPanel(m.width, bodyHeight)
	default:
		body = lipgloss.JoinHorizontal(lipgloss.Top, m.reviewBoard().render(l.board), strings.Repeat(" ", panelGap),
			m.reviewPanel(l.panelWidth, bodyHeight))
	}
	b.WriteString(body + "\n\n")
	status := m.msg
	if m.msgErr {
		status = styleError.Render(m.msg)
	} else if status == "" && rr != nil && rr.r != nil {
		status = m.tr(msgReviewMoveOf, m.reviewPly, len(rr.r.Moves))
	}
	b.WriteString(truncate(status, m.width) + "\n")
	keys := m.tr(msgReviewKeys)
	if lipgloss.Width(keys) > m.width {
		keys = m.tr(msgReviewKeysShort)
	}
	b.WriteString(truncate(styleFaint.Render(keys), m.width))
	return b.String()
}

// reviewBoard is the board after the move shown, that move marked.
func (m *Model) reviewBoard() *boardView {
	g := m.review.game
	ply := max(0, min(g.Len(), m.reviewPly))
	v := &boardView{
		pos: g.PositionAt(ply), flipped: m.flipped,
		cursor: chess.NoSquare, selected: chess.NoSquare, lastFrom: chess.NoSquare, lastTo: chess.NoSquare,
		ascii: m.cfg.ASCII,
	}
	if ply > 0 {
		mv := g.Moves()[ply-1]
		v.lastFrom, v.lastTo = mv.From(), mv.To()
	}
	return v
}

// reviewPanel draws the review beside the board: width cells, at most
// height lines.
func (m *Model) reviewPanel(width, height int) string {
	rr := m.review
	var lines []string
	switch {
	case rr == nil:
		lines = []string{m.tr(msgReviewNoMoves)}
	case rr.err != nil:
		lines = wrap(m.tr(msgReviewFailed, errorText(m.lang(), rr.err)), width, 3)
	case rr.r == nil:
		lines = append(wrap(m.tr(msgReviewReviewing, rr.done, rr.total), width, 2), "", progressBar(rr.done, rr.total, width))
	default:
		lines = m.reviewLines(rr.r, width, height)
		if !rr.of(m.s.game()) {
			lines = append(lines, "", styleFaint.Render(m.tr(msgReviewStale)))
		}
	}
	if len(lines) > height {
		lines = lines[:max(0, height)]
	}
	for i, line := range lines {
		lines[i] = truncate(line, width)
	}
	return strings.Join(lines, "\n")
}

// reviewLines are the panel's lines of a finished review.
func (m *Model) reviewLines(r *review.Review, width, height int) []string {
	ply := max(1, min(len(r.Moves), m.reviewPly))
	mv := r.Moves[ply-1]
	before := r.Start
	if ply > 1 {
		before = r.Moves[ply-2].Eval
	}
	head := r.MoveLabel(ply-1) + mv.Judgement.Symbol()
	if mv.Judgement != review.Good {
		head += "  " + judgementStyles[mv.Judgement].Render(m.tr(reviewJudgements[mv.Judgement]))
	}
	lines := []string{styleTitle.Render(head), before.String() + " → " + mv.Eval.String()}
	switch {
	case mv.Mate == review.MateAllowed:
		lines = append(lines, m.tr(msgReviewMateAllowed))
	case mv.Mate == review.MateMissed:
		lines = append(lines, m.tr(msgReviewMateMissed))
	}
	if better := r.Better(ply - 1); better != "" {
		lines = append(lines, wrap(m.tr(msgReviewBetter, better), width, 2)...)
	} else {
		lines = append(lines, styleFaint.Render(m.tr(msgReviewBest)))
	}
	lines = append(lines, "")
	lines = append(lines, graph(r, width, graphHeight, ply)...)
	lines = append(lines, "")
	for _, side := range []struct {
		name string
		s    review.Side
	}{{colorText(m.lang(), chess.White), r.White}, {colorText(m.lang(), chess.Black), r.Black}} {
		acc := "  -  "
		if side.s.Accuracy != nil {
			acc = fmt.Sprintf("%5.1f%%", *side.s.Accuracy)
		}
		lines = append(lines, m.tr(msgReviewSummary, side.name, acc, side.s.Inaccuracies, side.s.Mistakes, side.s.Blunders, side.s.ACPL))
	}
	lines = append(lines, "")
	room := height - len(lines)
	return append(lines, reviewMoveList(r, ply, room)...)
}

// reviewMoveList lists the moves of r with their judgements, a full move
// a line, at most room lines around the move shown (marked).
func reviewMoveList(r *review.Review, ply, room int) []string {
	if room <= 0 {
		return nil
	}
	cell := func(i int) string {
		mv := r.Moves[i]
		text := fmt.Sprintf("%-9s", mv.SAN+mv.Judgement.Symbol())
		style := judgementStyles[mv.Judgement]
		if i+1 == ply {
			style = style.Reverse(true)
		}
		return style.Render(text)
	}
	var lines []string
	shown := 0 // the line of the move shown
	first := 0
	if r.Moves[0].Color == "black" {
		number, _ := r.MoveNumber(0)
		lines = append(lines, fmt.Sprintf("%3d. %-9s %s", number, "...", cell(0)))
		first = 1
	}
	for i := first; i < len(r.Moves); i += 2 {
		number, _ := r.MoveNumber(i)
		line := fmt.Sprintf("%3d. %s", number, cell(i))
		if i+1 < len(r.Moves) {
			line += " " + cell(i+1)
		}
		if ply-1 == i || ply-1 == i+1 {
			shown = len(lines)
		}
		lines = append(lines, line)
	}
	if ply-1 == 0 {
		shown = 0
	}
	if len(lines) <= room {
		return lines
	}
	start := max(0, min(len(lines)-room, shown-room/2))
	return lines[start : start+room]
}

// openingLines name the opening the game reached, for the side panel; in
// Chess960, where opening names do not apply, its start ("Chess960 #N").
func (m *Model) openingLines(width int) []string {
	if label := play.Chess960Label(m.s.game().StartPosition()); label != "" {
		return []string{label}
	}
	o := opening.LichessBook().Find(m.s.game())
	if !o.Named() {
		return nil
	}
	return wrap(o.NameIn(string(m.lang()))+" ("+o.ECO+")", width, 2)
}

// reviewStatusLines say how the game's review stands, for the side panel:
// its progress while it runs, that it is ready once it is done.
func (m *Model) reviewStatusLines(width int) []string {
	rr := m.review
	switch {
	case rr == nil || !rr.of(m.s.game()):
		return nil
	case rr.err != nil:
		return append([]string{""}, wrap(m.tr(msgReviewFailed, errorText(m.lang(), rr.err)), width, 2)...)
	case rr.r == nil:
		return []string{"", styleHead.Render(m.tr(msgReviewTitle)), progressBar(rr.done, rr.total, min(width, 20))}
	}
	return []string{"", styleHead.Render(m.tr(msgReviewTitle)), m.tr(msgReviewReady)}
}

// progressBar draws done of total as a bar width cells wide.
func progressBar(done, total, width int) string {
	if total <= 0 || width <= 0 {
		return ""
	}
	full := done * width / total
	return styleBarShown.Render(strings.Repeat("█", full)) + styleFaint.Render(strings.Repeat("░", width-full))
}

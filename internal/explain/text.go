package explain

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/outpost-chess/outpost/internal/progress"
)

// Text layout of WriteText.
const (
	textRootChildren = 40 // root moves listed
	textChildren     = 5  // children listed under each PV node
)

// WriteText writes the report as text for a terminal: the tree (the root's
// moves with their scores, the principal variation expanded, cuts marked
// with ✂), the comparison of methods, both evaluations and the candidates.
func WriteText(w io.Writer, t *Tree, r *Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "position %s (%s to move)\n\n", r.FEN, r.Turn)
	q := ""
	if t.Quiescence {
		q = " and quiescence"
	}
	fmt.Fprintf(&b, "tree: %s, depth %d%s, %s nodes", Labels[t.Method], t.Depth, q, progress.Count(t.Nodes))
	if t.Warmup > 0 {
		fmt.Fprintf(&b, " (and %s in the shallower searches that learnt the order)", progress.Count(t.Warmup))
	}
	b.WriteString("\n  * principal variation; scores, α and β from White's view: α is what White is already sure of, β what Black is\n")
	if err := writeTree(&b, t, nil, 1, textRootChildren); err != nil {
		return err
	}

	b.WriteString("\ncomparison (same position and depth):\n")
	fmt.Fprintf(&b, "  %-60s %12s %11s %8s  %s\n", "method", "nodes", "time", "score", "best")
	for _, s := range r.Comparison {
		score, best := s.White.Text, s.Best
		if !s.Complete {
			score, best = "-", s.Note
		}
		fmt.Fprintf(&b, "  %s %12s %9.1fms %8s  %s\n", pad(s.Label, 60), progress.Count(s.Nodes), s.TimeMs, score, best)
	}

	fmt.Fprintf(&b, "\nclassic evaluation (%s's view): material %+d, piece-square %+d, total %s\n",
		r.Turn, r.Classic.Material, r.Classic.PST, progress.Pawns(r.Classic.Total))
	fmt.Fprintf(&b, "  %-6s %-5s %8s %5s %7s\n", "square", "piece", "material", "pst", "signed")
	for _, p := range r.Classic.Pieces {
		fmt.Fprintf(&b, "  %-6s %-5s %8d %5d %+7d\n", p.Square, p.Piece, p.Material, p.PST, p.Signed)
	}

	fmt.Fprintf(&b, "\nhand-crafted evaluation (the engine plays with the network; %s's view, phase %d/%d): total %s\n", r.Turn, r.Main.Phase, r.Main.MaxPhase, progress.Pawns(r.Main.Total))
	fmt.Fprintf(&b, "  %-15s %6s %9s %6s\n", "term", "mover", "opponent", "net")
	for _, m := range r.Main.Terms {
		fmt.Fprintf(&b, "  %-15s %6d %9d %+6d\n", m.Name, m.Mover, m.Opponent, m.Net)
	}
	if r.Main.Scale != 64 {
		fmt.Fprintf(&b, "  drawish endgame: endgame half scaled by %d/64\n", r.Main.Scale)
	}
	if r.Main.Scale == 0 && r.Main.Total == 0 {
		b.WriteString("  a known draw: scored 0 whatever the terms say\n")
	}
	if r.Main.MopUp != 0 {
		fmt.Fprintf(&b, "  mop-up against a bare king: %+d\n", r.Main.MopUp)
	}

	b.WriteString("\ncandidates (full engine, MultiPV):\n")
	if len(r.Candidates) == 0 {
		b.WriteString("  none: no legal move\n")
	}
	for _, c := range r.Candidates {
		fmt.Fprintf(&b, "  %d. %-7s %8s  depth %d  %s\n", c.Rank, c.SAN, c.White.Text, c.Depth, strings.Join(c.Line, " "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeTree writes the children of the node at path, indented by level,
// expanding the PV child.
func writeTree(b *strings.Builder, t *Tree, path []string, level, limit int) error {
	v, err := t.Children(path, limit)
	if err != nil {
		return err
	}
	if level == 1 {
		fmt.Fprintf(b, "  (root) %s  %s nodes, %d moves%s\n", v.White.Text, progress.Count(v.Size), v.Legal, cutText(v))
	}
	indent := strings.Repeat("  ", level+1)
	for _, c := range v.Children {
		mark := " "
		if c.PV {
			mark = "*"
		}
		line := fmt.Sprintf("%s%s %s", indent, mark, moveLabel(c))
		fmt.Fprintf(b, "%s %7s  %s nodes%s%s\n", pad(line, 24), c.White.Text, progress.Count(c.Size), kindText(c), cutText(c))
		if c.PV && c.Kind == Inner {
			if err := writeTree(b, t, ParsePath(c.Path), level+1, textChildren); err != nil {
				return err
			}
		}
	}
	if v.More > 0 {
		fmt.Fprintf(b, "%s  … %d more\n", indent, v.More)
	}
	if v.Searched < v.Legal && v.Cut == nil {
		fmt.Fprintf(b, "%s  (%d moves not searched)\n", indent, v.Legal-v.Searched)
	}
	return nil
}

// moveLabel returns "1. e4" or "1... e5" for the node's move.
func moveLabel(v NodeView) string {
	// The FEN's last field is the fullmove number after the move.
	f := strings.Fields(v.FEN)
	n, _ := strconv.Atoi(f[len(f)-1])
	if v.Turn == "black" { // White made the move
		return fmt.Sprintf("%d. %s", n, v.SAN)
	}
	return fmt.Sprintf("%d... %s", n-1, v.SAN)
}

func kindText(v NodeView) string {
	q := ""
	if v.Quiescence {
		q = " (beyond the horizon)"
	}
	switch v.Kind {
	case Mate:
		return "  (checkmate)" + q
	case Stalemate:
		return "  (stalemate)" + q
	case Draw:
		return "  (draw)" + q
	}
	return q
}

func cutText(v NodeView) string {
	if v.Cut == nil {
		return ""
	}
	moves := make([]string, len(v.Cut.Pruned))
	for i, p := range v.Cut.Pruned {
		moves[i] = p.SAN
	}
	if len(moves) > 6 {
		moves = append(moves[:6], "…")
	}
	standPat := ""
	if v.Cut.StandPat {
		standPat = " on the stand pat"
	}
	bound := ""
	switch c := v.Cut.CutBound; {
	case c.BoundStandPat && c.BoundSAN != "":
		bound = fmt.Sprintf(", bound by the stand pat after %s (visit %d)", c.BoundSAN, c.BoundBy)
	case c.BoundStandPat:
		bound = fmt.Sprintf(", bound by the stand pat at the root (visit %d)", c.BoundBy)
	case c.BoundBy >= 0:
		bound = fmt.Sprintf(", bound by %s (visit %d)", c.BoundSAN, c.BoundBy)
	}
	return fmt.Sprintf("  ✂ cut%s at α=%s β=%s%s saved %s nodes (%d pruned: %s)",
		standPat, v.Cut.WhiteAlpha.Text, v.Cut.WhiteBeta.Text, bound, progress.Count(v.Cut.Saved), v.Cut.Skipped, strings.Join(moves, " "))
}

// pad pads s with spaces to width runes.
func pad(s string, width int) string {
	if n := utf8.RuneCountInString(s); n < width {
		return s + strings.Repeat(" ", width-n)
	}
	return s
}

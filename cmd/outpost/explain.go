package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"os/signal"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/explain"
	"github.com/outpost-chess/outpost/internal/i18n"
)

const explainSynopsis = `outpost explain [--fen FEN] [--depth N] [--method minimax|alphabeta|ordered|engine-order] [--quiescence] [--width N] [--json [--visits]]
       outpost explain --lesson [--lang en|zh]`

const explainDescription = `Explain shows how a chess AI thinks about one position. It runs the
tutorials' searches (plain minimax, alpha-beta in random order, alpha-beta
with captures first, alpha-beta with the engine's move ordering) with the
classic evaluator to a depth of 1 to 4, with or without quiescence, and
prints:

  - the tree the chosen method explored: the root's moves with their scores
    and node counts, the principal variation (*) expanded, and the cutoffs
    marked "✂ cut at α=.. β=.. saved N nodes" with the moves they pruned;
  - the comparison: nodes, time, score and best move for each method and for
    the full engine at the same depth;
  - the classic evaluation piece by piece and the main evaluator's terms,
    from the side to move's point of view;
  - the engine's candidate moves (MultiPV) with their lines.

Scores, α and β are from White's point of view, as the tutorials write
them: White maximises, α is what White is already sure of, β what Black
is.

--json prints the same data as JSON (the tree's root with its first level
of children; the web app's Explain panel loads the rest on demand); with
--visits it adds every node of the tree in the order the search visited
it, with its window and score (what the web app's playback steps through).

--lesson prints the guided lesson: seven short steps from the tutorials'
picture of three moves by three replies to the full engine, each with the
command that shows its tree. --lang chooses
its language (en or zh; by default the one LANG names).`

// runExplain runs "outpost explain".
func runExplain(args []string) error { return explainCmd(args, os.Stdout) }

// explainCmd runs "outpost explain" with its output on w.
func explainCmd(args []string, w io.Writer) error {
	fs := newFlagSet("explain", explainSynopsis, explainDescription)
	fen := fs.String("fen", chess.StartFEN, "the position, in `FEN`")
	depth := fs.Int("depth", 3, "search `N` plies deep (1 to 4)")
	method := fs.String("method", string(explain.AlphaBeta), "the tree to show: `minimax`, alphabeta (random order), ordered (captures first) or engine-order")
	multiPV := fs.Int("multipv", 4, "candidate moves to show (1 to 5)")
	quiescence := fs.Bool("quiescence", false, "search captures beyond the horizon (against the horizon effect)")
	width := fs.Int("width", 0, "keep only the first `N` moves at every node, in the method's order: a toy tree as the tutorials draw them (3 at depth 2: at most 13 positions; 0: every move)")
	asJSON := fs.Bool("json", false, "print JSON instead of text")
	visits := fs.Bool("visits", false, "with --json: every node in visit order")
	lesson := fs.Bool("lesson", false, "print the guided lesson")
	langFlag := fs.String("lang", "", "the lesson's `language`: en or zh (default: from LANG)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *lesson {
		l, err := i18n.Choose(*langFlag, os.Getenv)
		if err != nil {
			return usageErrorf(fs, "--lang %q: want en or zh", *langFlag)
		}
		return explain.WriteLesson(w, l)
	}
	if *visits && !*asJSON {
		return usageErrorf(fs, "--visits goes with --json")
	}
	m, err := explain.ParseMethod(*method)
	if err != nil {
		return usageErrorf(fs, "--method %q: want %s", *method, explain.MethodNames())
	}
	if err := explain.CheckDepth(*depth); err != nil {
		return usageErrorf(fs, "--depth %d is out of range %d..%d", *depth, explain.MinDepth, explain.MaxDepth)
	}
	if err := explain.CheckWidth(*width); err != nil {
		return usageErrorf(fs, "--width %d is out of range 1..%d (0: every move)", *width, explain.MaxWidth)
	}
	if *multiPV < 1 || *multiPV > 5 {
		return usageErrorf(fs, "--multipv %d is out of range 1..5", *multiPV)
	}
	pos, err := chess.ParseFEN(*fen)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	tree, report, err := explain.Explain(ctx, pos, explain.Options{Depth: *depth, Method: m, MultiPV: *multiPV, Quiescence: *quiescence, Width: *width})
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if *visits {
			page, err := tree.Visits(explain.VisitQuery{To: int(tree.Nodes)})
			if err != nil {
				return err
			}
			return enc.Encode(struct {
				*explain.Report
				Visits []explain.VisitView `json:"visits"`
			}{report, page.Visits})
		}
		return enc.Encode(report)
	}
	return explain.WriteText(w, tree, report)
}

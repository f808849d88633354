package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"os/signal"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/explain"
)

const explainSynopsis = `outpost explain [--fen FEN] [--depth N] [--method minimax|alphabeta|ordered] [--json]`

const explainDescription = `Explain shows how a chess AI thinks about one position. It runs the
tutorials' searches (plain minimax, alpha-beta in random order, alpha-beta
with captures first) with the classic evaluator to a depth of 1 to 4, and
prints:

  - the tree the chosen method explored: the root's moves with their scores
    and node counts, the principal variation (*) expanded, and the cutoffs
    marked "✂ cut at α=.. β=.. saved N nodes" with the moves they pruned;
  - the comparison: nodes, time, score and best move for each method and for
    the full engine at the same depth;
  - the classic evaluation piece by piece and the main evaluator's terms,
    from the side to move's point of view;
  - the engine's candidate moves (MultiPV) with their lines.

--json prints the same data as JSON (the tree's root with its first level
of children; the web app's Explain panel loads the rest on demand).`

// runExplain runs "outpost explain".
func runExplain(args []string) error { return explainCmd(args, os.Stdout) }

// explainCmd runs "outpost explain" with its output on w.
func explainCmd(args []string, w io.Writer) error {
	fs := newFlagSet("explain", explainSynopsis, explainDescription)
	fen := fs.String("fen", chess.StartFEN, "the position, in `FEN`")
	depth := fs.Int("depth", 3, "search `N` plies deep (1 to 4)")
	method := fs.String("method", string(explain.AlphaBeta), "the tree to show: `minimax`, alphabeta (random order) or ordered")
	multiPV := fs.Int("multipv", 4, "candidate moves to show (1 to 5)")
	asJSON := fs.Bool("json", false, "print JSON instead of text")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	m, err := explain.ParseMethod(*method)
	if err != nil {
		return usageErrorf(fs, "--method %q: want minimax, alphabeta or ordered", *method)
	}
	if err := explain.CheckDepth(*depth); err != nil {
		return usageErrorf(fs, "--depth %d is out of range %d..%d", *depth, explain.MinDepth, explain.MaxDepth)
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
	tree, report, err := explain.Explain(ctx, pos, explain.Options{Depth: *depth, Method: m, MultiPV: *multiPV})
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(report)
	}
	return explain.WriteText(w, tree, report)
}

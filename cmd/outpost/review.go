package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/charmbracelet/x/term"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/review"
)

const reviewSynopsis = `outpost review FILE.pgn [--game N] [--json | --pgn] [--nodes N | --movetime MS]`

const reviewDescription = `Review analyses a game of a PGN file as lichess's computer analysis does:
the engine searches every position, and each move gets the evaluation after
it, a judgement (inaccuracy ?!, mistake ?, blunder ??) from how much it
lowered its side's winning chances, and the engine's better move with its
line. It prints a table of the moves, then each side's accuracy, counts and
average centipawn loss, with the opening's name and the move that left the
book.

--json prints the review as JSON (the web API's shape, docs/server.md);
--pgn prints the game annotated as lichess exports it: each evaluation as an
[%eval] comment, ?! ? ?? on the judged moves with what they were, and the
better move's line as a variation. Each position is searched to 150,000 nodes (an 80-move game takes about
20 seconds on one core; docs/review.md); --nodes or --movetime changes it.
An interrupt (Ctrl-C) stops the review.`

// maxReviewNodes bounds the node budget of a position: reviews of days are
// not useful.
const maxReviewNodes = 1_000_000_000

// runReview runs "outpost review".
func runReview(args []string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var progress io.Writer
	if term.IsTerminal(os.Stderr.Fd()) {
		progress = os.Stderr
	}
	return reviewGame(ctx, args, os.Stdout, progress)
}

// reviewGame runs "outpost review" with its output on w and, unless
// progress is nil, the progress on it (a line rewritten in place).
func reviewGame(ctx context.Context, args []string, w, progress io.Writer) error {
	fs := newFlagSet("review", reviewSynopsis, reviewDescription)
	gameNumber := fs.Int("game", 1, "review the `N`th game of the file")
	asJSON := fs.Bool("json", false, "print the review as JSON")
	asPGN := fs.Bool("pgn", false, "print the game annotated with the review, in PGN")
	limitFlags := addSearchLimitFlags(fs, "position", engine.Limits{Nodes: review.DefaultNodes}, nodesFlag|movetimeFlag)
	files, err := parseFlagsAndArgs(fs, args)
	if err != nil {
		return err
	}
	limits, err := limitFlags.limits()
	switch {
	case err != nil:
		return err
	case len(files) == 0:
		return usageErrorf(fs, "no PGN file given")
	case len(files) > 1:
		return usageErrorf(fs, "one PGN file at a time, not %d", len(files))
	case *gameNumber < 1:
		return usageErrorf(fs, "--game %d: games are numbered from 1", *gameNumber)
	case *asJSON && *asPGN:
		return usageErrorf(fs, "--json and --pgn cannot be used together: give one")
	case limits.Nodes > maxReviewNodes:
		return usageErrorf(fs, "--nodes %d is out of range 1..%d", limits.Nodes, maxReviewNodes)
	}
	g, err := readGame(files[0], *gameNumber)
	if err != nil {
		return err
	}
	opts := review.Options{Nodes: limits.Nodes, MoveTime: limits.MoveTime}
	if progress != nil {
		opts.Progress = func(done, total int) {
			fmt.Fprintf(progress, "\rreviewing: %d of %d positions", done, total)
			if done == total {
				fmt.Fprint(progress, "\r\033[K")
			}
		}
	}
	r, err := review.Analyse(ctx, g, review.EngineSearcher(engine.New(engine.Options{})), opts)
	switch {
	case errors.Is(err, review.ErrNoMoves):
		return fmt.Errorf("game %d of %s has no moves to review", *gameNumber, files[0])
	case errors.Is(err, context.Canceled):
		return errors.New("interrupted")
	case err != nil:
		return err
	}
	switch {
	case *asJSON:
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		return enc.Encode(r)
	case *asPGN:
		annotated, err := review.Annotate(g, r)
		if err != nil {
			return err
		}
		return annotated.WritePGN(w)
	}
	return r.WriteTable(w, review.English)
}

// readGame reads game n (from 1) of the PGN file at path. A file that
// cannot be read, a broken game n or a file with fewer games is an error
// that says so.
func readGame(path string, n int) (*chess.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", path, plainErr(err))
	}
	defer f.Close()
	pr := chess.NewPGNReader(f)
	for i := 1; ; i++ {
		g, err := pr.Next()
		var pe *chess.PGNError
		switch {
		case err == io.EOF && i == 1:
			return nil, fmt.Errorf("%s has no game in it", path)
		case err == io.EOF:
			noun := "games"
			if i == 2 {
				noun = "game"
			}
			return nil, fmt.Errorf("%s has %d %s, not %d", path, i-1, noun, n)
		case i == n && errors.As(err, &pe):
			return nil, fmt.Errorf("%s: game %d is broken at line %d: %v", path, n, pe.Line, plainErr(pe.Err))
		case errors.As(err, &pe):
			continue // another game is broken: not ours
		case err != nil:
			return nil, fmt.Errorf("cannot read %s: %v", path, plainErr(err))
		case i == n:
			return g, nil
		}
	}
}

// plainErr returns err's text without a Go package's name in front
// ("chess: ", "open ... : ").
func plainErr(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return strings.TrimPrefix(err.Error(), "chess: ")
}

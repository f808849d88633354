package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"

	"github.com/charmbracelet/x/term"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/i18n"
	"github.com/outpost-chess/outpost/internal/puzzle"
	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/tui"
)

const puzzleSynopsis = `outpost puzzle [train] [--theme NAME] [--in FILE] [--plain] [--ascii] [--lang en|zh] [--store FILE]
outpost puzzle build [--nodes N] [--scan N] [--out FILE] FILE.pgn...
outpost puzzle build --from-reviews [--store FILE] [--nodes N] [--out FILE]
outpost puzzle check --in FILE [--nodes N] [--out FILE]
outpost puzzle export --json --in FILE`

const puzzleDescription = `Puzzle trains you on tactics puzzles, and makes them from games with the
engine (docs/puzzles.md).

train (the default) is the terminal trainer: puzzles of the built-in set (or
of --in, a set build wrote) near your puzzle rating, of one theme with
--theme (t changes it), kept with your rating in the game store (--store,
shared with "outpost play" and the web app). Find the move: arrows (or i j
k l) and Enter pick a piece up and put it down, or type it in SAN or UCI.
? gives a hint, s shows the solution (both lose the puzzle), n the next
puzzle, q quits. It speaks English or Chinese (--lang, or LANG); --plain
(also used when standard input or output is not a terminal) reads one move
or command a line (help lists them).

build mines every game of the PGN files: at each position after a move, a
puzzle where one move alone wins, its line going on while the solver's move
stays the only good one. A cheap search of each position (--scan) picks
the few worth the deep one (--nodes). With --from-reviews it mines the games
of the game store instead (--store, the one "outpost play" and the web app
share) that have a review: the positions where a person missed a win, one
move alone winning there, become puzzles. It writes one puzzle a line in JSON, with its
themes and initial rating, to --out (appending, and skipping the puzzles the
file has already: a build stopped with Ctrl-C goes on where it was), or to
the standard output. check searches every puzzle of a set again, deeper
(--nodes, default 1,000,000 for check), and keeps those whose every solver
move is still the only win and every reply the best. export prints a set as {"puzzles": [...]}: id, fen (the
position the solver faces), moves (the solution, solver first), rating,
themes.`

// runPuzzle runs "outpost puzzle".
func runPuzzle(args []string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	terminal := term.IsTerminal(os.Stdin.Fd()) && term.IsTerminal(os.Stdout.Fd())
	return puzzleCmd(ctx, args, os.Stdin, os.Stdout, os.Stderr, terminal)
}

// puzzleFlags are the flags of "outpost puzzle": each verb's.
type puzzleFlags struct {
	nodes  *uint64
	scan   *uint64
	out    *string
	asJSON *bool
	in     *string
	// fromReviews and store: build from the reviewed games of a store;
	// the trainer's ratings too.
	fromReviews *bool
	store       *string
	// The trainer's.
	theme        *string
	plain, ascii *bool
	lang         *string
	seed         *uint64
}

// newPuzzleFlags returns the flag set of "outpost puzzle" and its flags.
func newPuzzleFlags() (*flagSet, puzzleFlags) {
	fs := newFlagSet("puzzle", puzzleSynopsis, puzzleDescription)
	return fs, puzzleFlags{
		nodes:       fs.Uint64("nodes", 0, "build and check: each search's budget, `N` nodes (default 300,000 to build, 1,000,000 to check)"),
		scan:        fs.Uint64("scan", 0, "build: the budget of the first, cheap search of each position, `N` nodes (default a tenth of --nodes)"),
		out:         fs.String("out", "", "build and check: append the puzzles to `FILE` (default: the standard output)"),
		asJSON:      fs.Bool("json", false, "export: print the set in JSON"),
		in:          fs.String("in", "", "check, export and train: the set, a `FILE` that build wrote (train: default the built-in set)"),
		fromReviews: fs.Bool("from-reviews", false, "build: from the reviewed games of the game store, where a person missed a win"),
		store:       fs.String("store", "", "build --from-reviews and train: the game store, a SQLite `FILE` (default: outpost.db in the user's data directory)"),
		theme:       fs.String("theme", "", "train: only puzzles with this theme (`NAME`: fork, mateIn2, ...; docs/puzzles.md)"),
		plain:       fs.Bool("plain", false, "train: line mode, moves read from standard input (for pipes and screen readers)"),
		ascii:       fs.Bool("ascii", false, "train: draw pieces as letters"),
		lang:        fs.String("lang", "", "train: the language, `en` or zh (default: from LC_ALL, LC_MESSAGES or LANG)"),
		seed:        fs.Uint64("seed", 0, "train: seed the choice of puzzles (`N`; 0 picks at random)"),
	}
}

// puzzleCmd runs "outpost puzzle" with its input in, its output on w and
// its progress on progress; terminal says whether in and w are a
// terminal (else the trainer runs in line mode).
func puzzleCmd(ctx context.Context, args []string, in io.Reader, w, progress io.Writer, terminal bool) error {
	fs, f := newPuzzleFlags()
	verb := "train"
	switch {
	case len(args) > 0 && slices.Contains([]string{"build", "check", "export", "train"}, args[0]):
		verb, args = args[0], args[1:]
	case len(args) > 0 && !strings.HasPrefix(args[0], "-"):
		return usageErrorf(fs, "%q: want train, build, check or export", args[0])
	}
	files, err := parseFlagsAndArgs(fs, args)
	if err != nil {
		return err
	}
	switch {
	case verb == "build":
		return buildPuzzles(ctx, fs, f, files, w, progress)
	case len(files) > 0:
		return usageErrorf(fs, "%s takes no file: --in FILE", verb)
	case verb == "check":
		return checkPuzzles(ctx, fs, f, w, progress)
	case verb == "train":
		return trainPuzzles(ctx, fs, f, in, w, terminal)
	}
	return exportPuzzles(fs, f, w)
}

// trainPuzzles is "outpost puzzle train", the terminal trainer.
func trainPuzzles(ctx context.Context, fs *flagSet, f puzzleFlags, in io.Reader, w io.Writer, terminal bool) error {
	l, err := i18n.Choose(*f.lang, os.Getenv)
	if err != nil {
		return usageErrorf(fs, "--lang: %v", strings.TrimPrefix(err.Error(), "i18n: "))
	}
	cfg := tui.PuzzleConfig{Lang: l, ASCII: *f.ascii, Set: puzzle.Builtin(), Seed: *f.seed}
	if *f.in != "" {
		if cfg.Set, err = readSetFile(fs, f); err != nil {
			return err
		}
	}
	if *f.theme != "" && !slices.ContainsFunc(cfg.Set, func(e puzzle.Entry) bool { return slices.Contains(e.Themes, *f.theme) }) {
		return usageErrorf(fs, "--theme %q: no puzzle of the set has it", *f.theme)
	}
	cfg.Theme = *f.theme
	st, err := openStore(*f.store)
	if err != nil {
		cfg.StoreErr = err
	} else {
		defer st.Close()
		cfg.Ratings = st
	}
	if *f.plain || !terminal {
		err = tui.RunPuzzlesPlain(ctx, cfg, in, w)
	} else {
		err = tui.RunPuzzles(ctx, cfg, in, w)
	}
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// buildPuzzles is "outpost puzzle build".
func buildPuzzles(ctx context.Context, fs *flagSet, f puzzleFlags, files []string, w, progress io.Writer) error {
	switch {
	case *f.fromReviews && len(files) > 0:
		return usageErrorf(fs, "--from-reviews mines the game store: no PGN file")
	case !*f.fromReviews && len(files) == 0:
		return usageErrorf(fs, "no PGN file given")
	case !*f.fromReviews && *f.store != "":
		return usageErrorf(fs, "--store goes with --from-reviews")
	}
	nodes, err := puzzleNodes(fs, f, 300_000)
	if err != nil {
		return err
	}
	seen, w, closeOut, err := openPuzzleOut(f, w)
	if err != nil {
		return err
	}
	defer closeOut()
	eng := engine.New(engine.Options{HashMB: 64, Seed: 1})
	o := puzzle.Options{Nodes: nodes, Scan: *f.scan}
	found := 0
	keep := func(pzs []puzzle.Puzzle) error {
		for _, pz := range pzs {
			if e := puzzle.NewEntry(pz); !seen[e.ID] {
				seen[e.ID] = true
				found++
				if err := puzzle.WriteEntry(w, e); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if *f.fromReviews {
		st, err := openStore(*f.store)
		if err != nil {
			return err
		}
		defer st.Close()
		pzs, err := puzzle.FromReviews(ctx, eng, st, store.ListOptions{}, o, func(done, total int) {
			fmt.Fprintf(progress, "reviewed games: %d of %d\n", done, total)
		})
		if ctx.Err() != nil {
			err = nil // interrupted: keep what was found
		}
		return errors.Join(err, keep(pzs))
	}
	for _, name := range files {
		games, err := readPGNFile(name)
		if err != nil {
			return err
		}
		for i, g := range games {
			if err := keep(puzzle.Mine(ctx, eng, g, o)); err != nil {
				return err
			}
			fmt.Fprintf(progress, "%s: game %d of %d, %d puzzles\n", name, i+1, len(games), found)
			if ctx.Err() != nil {
				return nil
			}
		}
	}
	return nil
}

// puzzleNodes returns --nodes, or def when it is not given.
func puzzleNodes(fs *flagSet, f puzzleFlags, def uint64) (uint64, error) {
	switch {
	case *f.nodes == 0:
		return def, nil
	case *f.nodes < 1000:
		return 0, usageErrorf(fs, "--nodes %d: want at least 1000", *f.nodes)
	}
	return *f.nodes, nil
}

// openPuzzleOut opens --out to append to, and returns the ids of the
// puzzles it has already, the writer to write to (w without --out) and
// the function that closes it.
func openPuzzleOut(f puzzleFlags, w io.Writer) (map[string]bool, io.Writer, func(), error) {
	seen := map[string]bool{}
	if *f.out == "" {
		return seen, w, func() {}, nil
	}
	file, err := os.OpenFile(*f.out, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, nil, err
	}
	set, err := puzzle.ReadSet(file)
	if err != nil {
		file.Close()
		return nil, nil, nil, fmt.Errorf("%s: %w", *f.out, err)
	}
	for _, e := range set {
		seen[e.ID] = true
	}
	return seen, file, func() { file.Close() }, nil
}

// readSetFile reads the set of --in.
func readSetFile(fs *flagSet, f puzzleFlags) ([]puzzle.Entry, error) {
	if *f.in == "" {
		return nil, usageErrorf(fs, "no set given: --in FILE")
	}
	file, err := os.Open(*f.in)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	set, err := puzzle.ReadSet(file)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", *f.in, err)
	}
	return set, nil
}

// checkPuzzles is "outpost puzzle check".
func checkPuzzles(ctx context.Context, fs *flagSet, f puzzleFlags, w, progress io.Writer) error {
	nodes, err := puzzleNodes(fs, f, 1_000_000)
	if err != nil {
		return err
	}
	set, err := readSetFile(fs, f)
	if err != nil {
		return err
	}
	seen, w, closeOut, err := openPuzzleOut(f, w)
	if err != nil {
		return err
	}
	defer closeOut()
	eng := engine.New(engine.Options{HashMB: 64, Seed: 1})
	kept := 0
	for i, e := range set {
		if seen[e.ID] {
			continue
		}
		if err := puzzle.Check(ctx, eng, e, puzzle.Options{Nodes: nodes}); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			fmt.Fprintf(progress, "%d of %d: dropped: %v\n", i+1, len(set), err)
			continue
		}
		kept++
		if err := puzzle.WriteEntry(w, e); err != nil {
			return err
		}
		fmt.Fprintf(progress, "%d of %d: %s sound (%d kept)\n", i+1, len(set), e.ID, kept)
	}
	return nil
}

// readPGNFile reads the games of a PGN file.
func readPGNFile(name string) ([]*chess.Game, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return chess.ReadPGN(f)
}

// exportPuzzles is "outpost puzzle export".
func exportPuzzles(fs *flagSet, f puzzleFlags, w io.Writer) error {
	if !*f.asJSON {
		return usageErrorf(fs, "export prints JSON: give --json")
	}
	set, err := readSetFile(fs, f)
	if err != nil {
		return err
	}
	if set == nil {
		set = []puzzle.Entry{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Puzzles []puzzle.Entry `json:"puzzles"`
	}{set})
}

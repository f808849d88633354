package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/puzzle"
)

const puzzleSynopsis = `outpost puzzle build [--nodes N] [--out FILE] FILE.pgn...
outpost puzzle export --json --in FILE`

const puzzleDescription = `Puzzle makes tactics puzzles from games with the engine (docs/puzzles.md).

build mines every game of the PGN files: at each position after a move, a
puzzle where one move alone wins, its line going on while the solver's move
stays the only good one. It writes one puzzle a line in JSON, with its
themes and initial rating, to --out (appending, and skipping the puzzles the
file has already: a build stopped with Ctrl-C goes on where it was), or to
the standard output. export prints a set as {"puzzles": [...]}: id, fen (the
position the solver faces), moves (the solution, solver first), rating,
themes.`

// runPuzzle runs "outpost puzzle".
func runPuzzle(args []string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return puzzleCmd(ctx, args, os.Stdout, os.Stderr)
}

// puzzleFlags are the flags of "outpost puzzle": build's and export's.
type puzzleFlags struct {
	nodes  *uint64
	out    *string
	asJSON *bool
	in     *string
}

// newPuzzleFlags returns the flag set of "outpost puzzle" and its flags.
func newPuzzleFlags() (*flagSet, puzzleFlags) {
	fs := newFlagSet("puzzle", puzzleSynopsis, puzzleDescription)
	return fs, puzzleFlags{
		nodes:  fs.Uint64("nodes", 300_000, "build: each search's budget, `N` nodes"),
		out:    fs.String("out", "", "build: append the puzzles to `FILE` (default: the standard output)"),
		asJSON: fs.Bool("json", false, "export: print the set in JSON"),
		in:     fs.String("in", "", "export: the set to export, a `FILE` that build wrote"),
	}
}

// puzzleCmd runs "outpost puzzle" with its output on w and its progress
// on progress.
func puzzleCmd(ctx context.Context, args []string, w, progress io.Writer) error {
	fs, f := newPuzzleFlags()
	if len(args) == 0 || (args[0] != "build" && args[0] != "export") {
		if err := parseFlags(fs, args); err != nil {
			return err // -h prints the usage
		}
		return usageErrorf(fs, "want build or export")
	}
	verb := args[0]
	files, err := parseFlagsAndArgs(fs, args[1:])
	if err != nil {
		return err
	}
	if verb == "export" {
		if len(files) > 0 {
			return usageErrorf(fs, "export takes no file: --in FILE")
		}
		return exportPuzzles(fs, f, w)
	}
	return buildPuzzles(ctx, fs, f, files, w, progress)
}

// buildPuzzles is "outpost puzzle build".
func buildPuzzles(ctx context.Context, fs *flagSet, f puzzleFlags, files []string, w, progress io.Writer) error {
	if len(files) == 0 {
		return usageErrorf(fs, "no PGN file given")
	}
	if *f.nodes < 1000 {
		return usageErrorf(fs, "--nodes %d: want at least 1000", *f.nodes)
	}
	seen := map[string]bool{}
	if *f.out != "" {
		file, err := os.OpenFile(*f.out, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		defer file.Close()
		set, err := puzzle.ReadSet(file)
		if err != nil {
			return fmt.Errorf("%s: %w", *f.out, err)
		}
		for _, e := range set {
			seen[e.ID] = true
		}
		w = file
	}
	eng := engine.New(engine.Options{HashMB: 64, Seed: 1})
	found := 0
	for _, name := range files {
		games, err := readPGNFile(name)
		if err != nil {
			return err
		}
		for i, g := range games {
			for _, pz := range puzzle.Mine(ctx, eng, g, puzzle.Options{Nodes: *f.nodes}) {
				if e := puzzle.NewEntry(pz); !seen[e.ID] {
					seen[e.ID] = true
					found++
					if err := puzzle.WriteEntry(w, e); err != nil {
						return err
					}
				}
			}
			fmt.Fprintf(progress, "%s: game %d of %d, %d puzzles\n", name, i+1, len(games), found)
			if ctx.Err() != nil {
				return nil
			}
		}
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
	switch {
	case !*f.asJSON:
		return usageErrorf(fs, "export prints JSON: give --json")
	case *f.in == "":
		return usageErrorf(fs, "no set given: --in FILE (there is no built-in set yet)")
	}
	file, err := os.Open(*f.in)
	if err != nil {
		return err
	}
	defer file.Close()
	set, err := puzzle.ReadSet(file)
	if err != nil {
		return fmt.Errorf("%s: %w", *f.in, err)
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

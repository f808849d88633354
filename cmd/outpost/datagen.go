package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/tuner"
)

const datagenSynopsis = `outpost datagen --games N --out FILE [--nodes N | --depth D] [--random-plies N] [--seed S] [--first I] [--concurrency K]`

const datagenDescription = `Datagen plays self-play games with the engine at a fixed budget per move and
writes their quiet positions, labelled with each game's result, for "outpost
tune" (Texel tuning). Each line of FILE is a FEN and White's result:
  rnbqkb1r/pp2pppp/5n2/2pp4/3P4/2N2N2/PPP1PPPP/R1B1KB1R w KQkq - 0 4 [0.5]

Every game starts with --random-plies random legal moves from the starting
position (drawn again if the engine finds the position lopsided), seeded by
--seed and the game's number. Games are numbered from --first (default 0):
as a game depends only on the seed, its number and the budget, a long run
can be played in parts (--first 0, 500, 1000, ...) and the files
concatenated. Games end by the rules (draws by repetition or the fifty-move
rule are claimed) or by adjudication: a win when both sides' searches score
the position beyond 10 pawns for 6 plies in a row, a draw when they score
it within 0.1 pawn for 16 plies from ply 80, or at ply 400. The positions
kept are those after the random plies that are not in check, whose best
move is neither a capture nor a promotion, and whose score is not a mate.

The output depends only on the flags and the engine: the same flags give
the same file, whatever --concurrency. Progress goes to standard error; the last line on
standard output gives the totals. Ctrl-C stops the run; the file then holds
every game finished before the games in progress.`

// datagenFlags are the parsed flags of "outpost datagen".
type datagenFlags struct {
	games       int
	out         string
	randomPlies int
	seed        uint64
	first       int
	concurrency int
	hashMB      int
}

// defaultDatagenNodes is the node budget per move when neither --nodes nor
// --depth is given: about a millisecond of search, which plays sound enough
// chess (2000 games with it take 20 minutes of one core).
const defaultDatagenNodes = 5000

// runDatagen runs "outpost datagen".
func runDatagen(args []string) error { return datagen(args, os.Stdout, os.Stderr) }

// datagen runs "outpost datagen" with its totals on stdout and progress on
// stderr.
func datagen(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("datagen", datagenSynopsis, datagenDescription)
	var f datagenFlags
	fs.IntVar(&f.games, "games", 0, "play `N` games (required)")
	fs.StringVar(&f.out, "out", "", "write the positions to `FILE` (required; replaced if it exists)")
	limitFlags := addSearchLimitFlags(fs, "move", engine.Limits{Nodes: defaultDatagenNodes}, nodesFlag|depthFlag)
	fs.IntVar(&f.randomPlies, "random-plies", 8, "start each game with `N` random moves")
	fs.Uint64Var(&f.seed, "seed", 1, "seed `S` of the random openings")
	fs.IntVar(&f.first, "first", 0, "number the games from `I` (to play a long run in parts)")
	fs.IntVar(&f.concurrency, "concurrency", 1, "play `K` games at once (one core each)")
	fs.IntVar(&f.hashMB, "hash", 8, "hash table of each engine, in `MiB`")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	limits, err := limitFlags.limits()
	if err != nil {
		return err
	}
	switch {
	case f.games < 1:
		return usageErrorf(fs, "--games must be at least 1")
	case f.out == "":
		return usageErrorf(fs, "--out is required")
	case f.first < 0:
		return usageErrorf(fs, "--first must not be negative")
	case f.randomPlies < 0:
		return usageErrorf(fs, "--random-plies must not be negative")
	case f.concurrency < 1:
		return usageErrorf(fs, "--concurrency must be at least 1")
	case f.hashMB < 1:
		return usageErrorf(fs, "--hash must be at least 1")
	}
	file, err := os.Create(f.out)
	if err != nil {
		return err
	}
	defer file.Close()
	bw := bufio.NewWriterSize(file, 1<<16)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cfg := tuner.GenConfig{Games: f.games, Nodes: limits.Nodes, Depth: limits.Depth,
		RandomPlies: f.randomPlies, Seed: f.seed, First: f.first, Concurrency: f.concurrency, HashMB: f.hashMB}
	start := time.Now()
	every := max(1, f.games/20)
	st, err := tuner.Generate(ctx, cfg, bw, func(s tuner.GenStats) {
		if s.Games%every == 0 {
			fmt.Fprintf(stderr, "%d/%d games, %d positions, %v\n",
				s.Games, f.games, s.Positions, time.Since(start).Round(time.Second))
		}
	})
	if errors.Is(err, context.Canceled) {
		err = errors.New("interrupted")
	}
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	fmt.Fprintf(stdout, "%d games (+%d =%d -%d for White, %d adjudicated), %d plies, %d positions written to %s in %v\n",
		st.Games, st.WhiteWins, st.Draws, st.BlackWins, st.Adjudicated, st.Plies, st.Positions, f.out,
		time.Since(start).Round(time.Millisecond))
	return err
}

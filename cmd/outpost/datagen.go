package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/datagen"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/opening"
	"github.com/outpost-chess/outpost/internal/progress"
	"github.com/outpost-chess/outpost/internal/tuner"
)

const datagenSynopsis = `outpost datagen [--dir DIR] [--threads N] [--positions N | --games N] [--nodes N | --depth D] [--book lichess|none|FILE] [--random-plies N] [--seed S]
       outpost datagen --format texel --games N --out FILE [--nodes N | --depth D] [--random-plies N] [--seed S] [--first I] [--threads N]`

const datagenDescription = `Datagen plays self-play games with the engine at a fixed budget per move
(5000 nodes by default) and keeps their quiet positions: not in check, the
best move found neither a capture nor a promotion, the score not a mate.

--format nnue (the default) makes training data for the neural network
("outpost train"): each position, its search score and the game's result
are appended as a 32-byte record to DIR/positions.bin (the format is in
docs/nnue-training.md). A run adds to what earlier runs made and goes on
until --positions or --games is reached, or until Ctrl-C or a kill: a run
killed even by SIGKILL loses only the games in progress, and the next run
cuts off a torn last record. Every run is noted in DIR/runs.txt. Games
start from a random line of lichess's 3,805 named openings (--book) and
then --random-plies random moves (4 by default), drawn again while a
search scores the position beyond 3 pawns. Without --seed each run draws
a seed of its own, so runs add new games.

--format texel makes Texel-tuning data for "outpost tune": each line of
FILE is a FEN and White's result:
  rnbqkb1r/pp2pppp/5n2/2pp4/3P4/2N2N2/PPP1PPPP/R1B1KB1R w KQkq - 0 4 [0.5]
Games start from the starting position and --random-plies random moves (8
by default), with --seed 1 by default. Games are numbered from --first
(default 0): as a game depends only on the seed, its number and the
budget, a long run can be played in parts (--first 0, 500, 1000, ...) and
the files concatenated; the same flags give the same file, whatever
--threads. Ctrl-C stops the run; the file then holds every game finished
before the games in progress.

The engine evaluates as it does by default (the embedded network, or the
hand-crafted evaluation while there is none) unless --evalfile or
--handcrafted says otherwise: a new network's first data comes from the
games of the one before.

Games end by the rules (draws by repetition or the fifty-move rule are
claimed) or by adjudication: a win when both sides' searches score the
position beyond 10 pawns for 6 plies in a row, a draw when they score it
within 0.1 pawn for 16 plies from ply 80, or at ply 400. Progress goes to
standard error; the last line on standard output gives the totals.`

// datagenFlags are the parsed flags of "outpost datagen".
type datagenFlags struct {
	format      string
	dir         string
	out         string
	games       int
	positions   int64
	book        string
	randomPlies int
	seed        uint64
	first       int
	threads     int
	hashMB      int
	every       time.Duration
}

// defaultDatagenNodes is the node budget per move when neither --nodes nor
// --depth is given: about 3 ms of search, which plays sound enough chess
// (2000 games with it take 20 minutes of one core).
const defaultDatagenNodes = 5000

// runDatagen runs "outpost datagen".
func runDatagen(args []string) error { return runDatagenTo(args, os.Stdout, os.Stderr) }

// runDatagenTo runs "outpost datagen" with its totals on stdout and progress on
// stderr.
func runDatagenTo(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("datagen", datagenSynopsis, datagenDescription)
	var f datagenFlags
	fs.StringVar(&f.format, "format", "nnue", "write `FORMAT` nnue (records for outpost train) or texel (lines for outpost tune)")
	fs.StringVar(&f.dir, "dir", nnueCacheDir("data"), "nnue: add the records to the data directory `DIR`")
	fs.StringVar(&f.out, "out", "", "texel: write the positions to `FILE` (required; replaced if it exists)")
	fs.IntVar(&f.games, "games", 0, "play `N` games (texel: required; nnue: 0 plays until stopped)")
	fs.Int64Var(&f.positions, "positions", 0, "nnue: stop once this run has added `N` positions (0: no limit)")
	limitFlags := addSearchLimitFlags(fs, "move", engine.Limits{Nodes: defaultDatagenNodes}, nodesFlag|depthFlag)
	fs.StringVar(&f.book, "book", "", "start games from `BOOK`: lichess (the named openings built in), none (the starting position), or a FILE of openings (lichess .tsv, FEN or EPD) (default: lichess for nnue, none for texel)")
	fs.IntVar(&f.randomPlies, "random-plies", 0, "play `N` random moves after the opening (default: 4 for nnue, 8 for texel)")
	fs.Uint64Var(&f.seed, "seed", 0, "seed `S` of the openings (default: texel 1, nnue a new one each run)")
	fs.IntVar(&f.first, "first", 0, "number the games from `I` (to play a long run in parts)")
	fs.IntVar(&f.threads, "threads", 1, "play `N` games at once (one core each)")
	fs.IntVar(&f.threads, "concurrency", 1, "the old name of --threads")
	fs.IntVar(&f.hashMB, "hash", 8, "hash table of each engine, in `MiB`")
	fs.DurationVar(&f.every, "progress", 10*time.Second, "print a progress line every `D`")
	eval := addEvalFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	limits, err := limitFlags.limits()
	if err != nil {
		return err
	}
	if err := checkDatagenFlags(fs, &f, fs.given()); err != nil {
		return err
	}
	net, evaluation, err := eval.network(fs)
	if err != nil {
		return err
	}
	book, err := loadBook(f.book)
	if err != nil {
		return err
	}
	cfg := datagen.Config{Games: f.games, Nodes: limits.Nodes, Depth: limits.Depth, Book: book,
		RandomPlies: f.randomPlies, Seed: f.seed, First: f.first, Threads: f.threads, HashMB: f.hashMB, Network: net}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if f.format == "texel" {
		return datagenTexel(ctx, cfg, f.out, stdout, stderr)
	}
	return datagenNNUE(ctx, cfg, &f, evaluation, args, stdout, stderr)
}

// checkDatagenFlags checks the flags and fills in the defaults that depend
// on the format.
func checkDatagenFlags(fs *flagSet, f *datagenFlags, set map[string]bool) error {
	texel := f.format == "texel"
	switch {
	case f.format != "nnue" && !texel:
		return usageErrorf(fs, "--format must be nnue or texel, not %q", f.format)
	case texel && f.games < 1:
		return usageErrorf(fs, "--games must be at least 1")
	case f.games < 0:
		return usageErrorf(fs, "--games must not be negative")
	case texel && f.out == "":
		return usageErrorf(fs, "--out is required")
	case !texel && set["out"]:
		return usageErrorf(fs, "--out writes Texel-tuning text: add --format texel (NNUE records go to --dir)")
	case texel && (set["dir"] || set["positions"]):
		return usageErrorf(fs, "--dir and --positions are for --format nnue")
	case f.positions < 0:
		return usageErrorf(fs, "--positions must not be negative")
	case f.first < 0:
		return usageErrorf(fs, "--first must not be negative")
	case set["random-plies"] && f.randomPlies < 0:
		return usageErrorf(fs, "--random-plies must not be negative")
	case f.threads < 1:
		return usageErrorf(fs, "--threads must be at least 1")
	case f.hashMB < 1:
		return usageErrorf(fs, "--hash must be at least 1")
	case f.every <= 0:
		return usageErrorf(fs, "--progress must be positive")
	case !texel && f.dir == "":
		return usageErrorf(fs, "--dir is required (no cache directory is known on this system)")
	}
	switch {
	case texel:
		f.book = orDefault(f.book, "none")
		if !set["random-plies"] {
			f.randomPlies = 8
		}
		if !set["seed"] {
			f.seed = 1
		}
	default:
		f.book = orDefault(f.book, "lichess")
		if !set["random-plies"] {
			f.randomPlies = 4
		}
		if !set["seed"] {
			f.seed = rand.Uint64()
		}
	}
	return nil
}

// orDefault returns s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// nnueCacheDir returns the directory name of Outpost's network files in
// the user's cache directory (~/.cache/outpost/nnue/NAME on Linux): "data"
// for datagen's positions, "train" for a training run. It returns "" when
// the system has no cache directory (then the flag must be given).
func nnueCacheDir(name string) string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "outpost", "nnue", name)
}

// loadBook returns the openings named by --book.
func loadBook(name string) ([]opening.Opening, error) {
	switch name {
	case "none":
		return nil, nil
	case "lichess":
		return opening.Playable(opening.Lichess()), nil
	}
	return opening.Load(name)
}

// datagenNNUE runs "outpost datagen --format nnue": records appended to
// the data directory until the limits, a signal or an error.
func datagenNNUE(ctx context.Context, cfg datagen.Config, f *datagenFlags, evaluation string, args []string, stdout, stderr io.Writer) error {
	store, err := datagen.OpenStore(f.dir)
	if err != nil {
		return err
	}
	defer store.Close()
	if store.Torn() > 0 {
		fmt.Fprintf(stderr, "datagen: cut off a torn last record (%d bytes) left by a killed run\n", store.Torn())
	}
	before := store.Len()
	if err := store.LogRun(fmt.Sprintf("%s, evaluation %s, seed %d: outpost datagen %s", datagen.BuildVersion(), evaluation, cfg.Seed, strings.Join(args, " "))); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "datagen: %s positions in %s; adding more (evaluation %s, seed %d, %d thread(s)); Ctrl-C stops\n",
		progress.Count(uint64(before)), filepath.Join(f.dir, datagen.DataFile), evaluation, cfg.Seed, cfg.Threads)

	ctx, enough := context.WithCancel(ctx)
	defer enough()
	sink := func(g *datagen.Game) error {
		if err := store.Append(g.Records()); err != nil {
			return err
		}
		if f.positions > 0 && store.Len()-before >= f.positions {
			enough()
		}
		return nil
	}
	start := time.Now()
	var last time.Time
	line := func(s datagen.Stats) string {
		added := store.Len() - before
		el := time.Since(start)
		return fmt.Sprintf("%s positions (+%s this run, %s/s), games played: %s (%s), %v",
			progress.Count(uint64(store.Len())), progress.Count(uint64(added)),
			progress.Rate(uint64(float64(added)/max(el.Seconds(), 1e-3))), progress.Count(uint64(s.Games)), resultShares(s), el.Round(time.Second))
	}
	st, err := datagen.Run(ctx, cfg, sink, func(s datagen.Stats) {
		if time.Since(last) >= f.every {
			last = time.Now()
			fmt.Fprintln(stderr, "datagen: "+line(s))
		}
	})
	if errors.Is(err, context.Canceled) {
		err = nil // stopped by a signal or by the limit: every record written is whole
	}
	fmt.Fprintln(stdout, line(st))
	return err
}

// resultShares says how games ended: "W 31% D 42% B 27%, 80% adjudicated".
func resultShares(s datagen.Stats) string {
	if s.Games == 0 {
		return "none finished"
	}
	pc := func(n int) int { return (100*n + s.Games/2) / s.Games }
	return fmt.Sprintf("White won %d%%, drew %d%%, lost %d%%; %d%% adjudicated",
		pc(s.WhiteWins), pc(s.Draws), pc(s.BlackWins), pc(s.Adjudicated))
}

// datagenTexel runs "outpost datagen --format texel": FEN lines for the
// tuner, in the order of the games.
func datagenTexel(ctx context.Context, cfg datagen.Config, out string, stdout, stderr io.Writer) error {
	file, err := os.Create(out)
	if err != nil {
		return err
	}
	defer file.Close()
	bw := bufio.NewWriterSize(file, 1<<16)

	sink := func(g *datagen.Game) error {
		res := 0.5
		switch g.Result {
		case chess.WhiteWins:
			res = 1
		case chess.BlackWins:
			res = 0
		}
		for i := range g.Positions {
			if _, err := fmt.Fprintln(bw, tuner.FormatSample(&g.Positions[i].Pos, res)); err != nil {
				return fmt.Errorf("writing samples: %w", err)
			}
		}
		return nil
	}
	start := time.Now()
	every := max(1, cfg.Games/20)
	st, err := datagen.Run(ctx, cfg, sink, func(s datagen.Stats) {
		if s.Games%every == 0 {
			fmt.Fprintf(stderr, "%d/%d games, %d positions, %v\n",
				s.Games, cfg.Games, s.Positions, time.Since(start).Round(time.Second))
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
		st.Games, st.WhiteWins, st.Draws, st.BlackWins, st.Adjudicated, st.Plies, st.Positions, out,
		time.Since(start).Round(time.Millisecond))
	return err
}

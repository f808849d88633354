package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/match"
	"github.com/outpost-chess/outpost/internal/opening"
)

const matchSynopsis = `outpost match --engine1 CMD --engine2 CMD (--tc BASE+INC | --movetime MS | --nodes N | --depth N) [flags]
       outpost match --outpost LEVEL --engine2 CMD ... [--variant chess960] [flags]`

const matchDescription = `Match plays two UCI engines against each other and measures the difference
in strength: W/D/L, score, Elo with a 95% confidence interval, the likelihood
of superiority and, with --sprt, a sequential test that stops early.

Each engine is a command line without a shell, split at spaces
("stockfish", "./outpost uci"); --option1/--option2 Name=Value set its UCI
options (repeat the flag for several). --outpost LEVEL makes engine 1 this
outpost binary ("outpost uci") at that level (1-8, classic or max).

Each opening of --openings (FEN or EPD lines, # comments; or lichess's
.tsv lines, each from where it ends) is played twice, engine 1 white then
black. Without --openings, the 118 balanced positions shipped with
Outpost are used. The runner keeps the clocks (--tc), claims draws by
threefold repetition and the fifty-move rule for the engines, and
adjudicates: a loss on time (beyond --timemargin), an illegal move, an
engine that crashes or stops answering all lose the game (a crashed engine
is restarted for the next one). Resign and draw adjudication by the
engines' scores are off unless --resign-moves or --draw-moves is given.

With --variant chess960 the games are Chess960 games: the openings are
random Chess960 start positions drawn by --seed (one per pair of games,
each played with both colours, distinct up to 960), both engines get
UCI_Chess960 true, and castling is written as the king taking its rook.

Scores, W/D/L and Elo are engine 1's. Press Ctrl-C to stop: the games
finished so far are summarized and every engine process is ended.`

// matchFlags are the parsed flags of "outpost match".
type matchFlags struct {
	engine   [2]string
	options  [2]optionList
	name     [2]string
	outpost  string
	tc       string
	movetime int
	nodes    int64
	depth    int
	margin   int

	openings       string
	randomOpenings bool
	seed           uint64
	variant        string
	games          int
	concurrency    int
	pgn            string
	log            string
	sprt           string
	quiet          bool

	resignScore, resignMoves        int
	drawScore, drawMoves, drawAfter int
	startTimeout, stallTimeout      time.Duration
}

// optionList is a repeatable Name=Value flag.
type optionList []match.Option

func (l *optionList) String() string {
	var s []string
	for _, o := range *l {
		s = append(s, o.Name+"="+o.Value)
	}
	return strings.Join(s, " ")
}

func (l *optionList) Set(s string) error {
	o, err := match.ParseOption(s)
	if err != nil {
		return err
	}
	*l = append(*l, o)
	return nil
}

// matchRun is how "outpost match" was asked to run, besides the match
// itself.
type matchRun struct {
	cfg      match.Config
	quiet    bool
	pgnPath  string
	logPath  string
	openings string // where the openings came from, for the header line
}

// runMatch runs "outpost match".
func runMatch(args []string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop) // a second Ctrl-C ends the program at once
	return playMatch(ctx, args, os.Stdout, isTerminal(os.Stdout))
}

// isTerminal reports whether f is a character device (a terminal), where
// a progress bar can be redrawn in place.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// playMatch runs "outpost match" with its output on w; tty selects the
// progress bar over one line per game.
func playMatch(ctx context.Context, args []string, w io.Writer, tty bool) error {
	run, err := parseMatchFlags(args)
	if err != nil {
		return err
	}
	cfg := run.cfg
	if run.pgnPath != "" {
		f, err := os.OpenFile(run.pgnPath, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		cfg.PGN = f
	}
	if run.logPath != "" {
		f, err := os.Create(run.logPath)
		if err != nil {
			return err
		}
		defer f.Close()
		cfg.Log = f
	}
	games := cfg.Games // already rounded up to an even number
	if !run.quiet {
		fmt.Fprintf(w, "Playing %d games at %v, %d openings from %s, %d at a time\n",
			games, cfg.Limits, len(cfg.Openings), run.openings, max(cfg.Concurrency, 1))
		if tty {
			fmt.Fprint(w, match.ProgressBar(match.Progress{Total: games}, 40))
		}
	}
	// A game lost to an engine's crash or stall is always reported, with
	// its reason, even behind the progress bar or with --quiet.
	cfg.Progress = func(p match.Progress) {
		fault := p.Game.Termination == match.TermAbandoned
		switch {
		case run.quiet:
			if fault {
				fmt.Fprintln(w, match.ProgressLine(p))
			}
		case tty:
			fmt.Fprint(w, "\r\033[K")
			if fault {
				fmt.Fprintln(w, match.ProgressLine(p))
			}
			fmt.Fprint(w, match.ProgressBar(p, 40))
		default:
			fmt.Fprintln(w, match.ProgressLine(p))
		}
	}
	sum, err := match.Run(ctx, cfg)
	if !run.quiet && tty {
		fmt.Fprintln(w)
	}
	if sum.Planned > 0 {
		if !run.quiet {
			fmt.Fprintln(w)
		}
		if werr := match.WriteSummary(w, sum); werr != nil && err == nil {
			err = werr
		}
	}
	if err != nil {
		// main prefixes "outpost match: "; the package's "match: " would repeat it.
		return errors.New(strings.TrimPrefix(err.Error(), "match: "))
	}
	return nil
}

// parseMatchFlags turns the arguments of "outpost match" into a match
// configuration, reading the openings file. The configuration's checks are
// match.Config.Validate's; only what is about the flags themselves is
// checked here.
func parseMatchFlags(args []string) (matchRun, error) {
	fs := newFlagSet("match", matchSynopsis, matchDescription)
	var f matchFlags
	f.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return matchRun{}, err
	}
	run := matchRun{quiet: f.quiet, pgnPath: f.pgn, logPath: f.log, openings: f.openings}
	cfg := &run.cfg
	var err error
	if cfg.Engines, err = f.engines(fs); err != nil {
		return run, err
	}
	if f.tc != "" {
		if cfg.Limits.Base, cfg.Limits.Increment, err = match.ParseTimeControl(f.tc); err != nil {
			return run, usageErrorf(fs, "--tc: %v", strings.TrimPrefix(err.Error(), "match: "))
		}
	}
	cfg.Limits.MoveTime = time.Duration(f.movetime) * time.Millisecond
	cfg.Limits.Nodes, cfg.Limits.Depth = f.nodes, f.depth
	switch {
	case f.margin < 0:
		return run, usageErrorf(fs, "--timemargin must not be negative")
	case f.margin == 0:
		cfg.TimeMargin = -1 // no margin at all (zero would mean the default)
	default:
		cfg.TimeMargin = time.Duration(f.margin) * time.Millisecond
	}
	cfg.Games, cfg.Concurrency = f.games, f.concurrency
	cfg.Resign = match.ResignRule{Score: f.resignScore, Moves: f.resignMoves}
	cfg.Draw = match.DrawRule{Score: f.drawScore, Moves: f.drawMoves, After: f.drawAfter}
	cfg.StartTimeout, cfg.StallTimeout = f.startTimeout, f.stallTimeout
	if f.sprt != "" {
		t, err := match.ParseSPRT(f.sprt)
		if err != nil {
			return run, usageErrorf(fs, "--sprt: %v", strings.TrimPrefix(err.Error(), "match: sprt: "))
		}
		cfg.SPRT = &t
	}
	chess960 := f.variant == "chess960"
	switch {
	case !chess960 && f.variant != "standard":
		return run, usageErrorf(fs, "--variant %q is not a variant: want standard or chess960", f.variant)
	case chess960 && (f.openings != "" || f.randomOpenings):
		return run, usageErrorf(fs, "--variant chess960 plays random Chess960 starts: it takes no --openings or --random-openings")
	case fs.given()["seed"] && !f.randomOpenings && !chess960:
		return run, usageErrorf(fs, "--seed needs --random-openings or --variant chess960")
	case chess960:
		cfg.Chess960 = true
		cfg.Openings = match.Chess960Openings((max(f.games, 1)+1)/2, f.seed)
		run.openings = fmt.Sprintf("random Chess960 starts (seed %d)", f.seed)
	case f.openings != "":
		if cfg.Openings, err = opening.Load(f.openings); err != nil {
			return run, err
		}
	default:
		cfg.Openings = opening.Balanced()
		run.openings = "the built-in set"
	}
	if f.randomOpenings {
		cfg.Openings = opening.Shuffle(cfg.Openings, f.seed)
	}
	if err := cfg.Validate(); err != nil {
		return run, usageErrorf(fs, "%v", strings.TrimPrefix(err.Error(), "match: "))
	}
	return run, nil
}

// register defines the flags of "outpost match" on fs, with their defaults.
func (f *matchFlags) register(fs *flagSet) {
	for i := range 2 {
		n := strconv.Itoa(i + 1)
		fs.StringVar(&f.engine[i], "engine"+n, "", "engine "+n+"'s `CMD`: program and arguments, split at spaces")
		fs.Var(&f.options[i], "option"+n, "set engine "+n+"'s UCI option (`Name=Value`; repeatable)")
		fs.StringVar(&f.name[i], "name"+n, "", "engine "+n+"'s `NAME` in the PGN and the summary (default: its \"id name\")")
	}
	fs.StringVar(&f.outpost, "outpost", "", "engine 1 is this outpost binary (\"outpost uci\") at `LEVEL` (1-8, classic or max)")
	fs.StringVar(&f.tc, "tc", "", "time control: `BASE+INC` in seconds, e.g. 10+0.1 (clocks kept by the runner)")
	fs.IntVar(&f.movetime, "movetime", 0, "think `MS` milliseconds per move")
	fs.Int64Var(&f.nodes, "nodes", 0, "search `N` nodes per move")
	fs.IntVar(&f.depth, "depth", 0, "search `N` plies deep per move")
	fs.IntVar(&f.margin, "timemargin", int(match.DefaultTimeMargin/time.Millisecond), "overrun of the clock or move time tolerated before a loss on time, in `MS`")
	fs.StringVar(&f.openings, "openings", "", "opening positions, FEN or EPD lines (or lichess's .tsv), from `FILE` (default: the balanced positions shipped with Outpost)")
	fs.BoolVar(&f.randomOpenings, "random-openings", false, "take the openings in an order shuffled by --seed")
	fs.Uint64Var(&f.seed, "seed", 1, "the `N` that fixes the order of --random-openings, or the starts of --variant chess960")
	fs.StringVar(&f.variant, "variant", "standard", "the `VARIANT` played: standard or chess960")
	fs.IntVar(&f.games, "games", 100, "play `N` games in all (rounded up to an even number)")
	fs.IntVar(&f.concurrency, "concurrency", 1, "play `K` games at once, each with its own two engine processes")
	fs.StringVar(&f.pgn, "pgn", "", "append the games to `FILE` in PGN")
	fs.StringVar(&f.log, "log", "", "write every line exchanged with the engines to `FILE`")
	fs.StringVar(&f.sprt, "sprt", "", "stop early when a sequential test decides: `elo0=0,elo1=10,alpha=0.05,beta=0.05`")
	fs.BoolVar(&f.quiet, "quiet", false, "print only the final summary")
	fs.IntVar(&f.resignScore, "resign-score", 1000, "resign adjudication: a score of at least `CP` centipawns")
	fs.IntVar(&f.resignMoves, "resign-moves", 0, "adjudicate a loss when both engines agree on --resign-score for `N` moves each (0: off)")
	fs.IntVar(&f.drawScore, "draw-score", 10, "draw adjudication: scores within `CP` centipawns of 0")
	fs.IntVar(&f.drawMoves, "draw-moves", 0, "adjudicate a draw when both engines score within --draw-score for `N` moves each (0: off)")
	fs.IntVar(&f.drawAfter, "draw-after", 40, "draw adjudication starts after `N` moves of the game")
	fs.DurationVar(&f.startTimeout, "start-timeout", match.DefaultStartTimeout, "how long an engine may take to answer \"uci\" and \"isready\" (`DURATION`)")
	fs.DurationVar(&f.stallTimeout, "stall-timeout", match.DefaultStallTimeout, "with only --nodes or --depth, how long a move may take before the engine is held to have stalled (`DURATION`)")
}

// engines returns the two engines the flags name: --engine1 or --outpost
// (this binary at a level), and --engine2, each with its options and name.
func (f *matchFlags) engines(fs *flagSet) ([2]match.EngineSpec, error) {
	var specs [2]match.EngineSpec
	if f.outpost != "" {
		if f.engine[0] != "" {
			return specs, usageErrorf(fs, "--outpost and --engine1 both name engine 1; give one")
		}
		if f.outpost != "max" {
			if _, err := engine.ParseLevel(f.outpost); err != nil {
				return specs, usageErrorf(fs, "--outpost: %v", err)
			}
		}
		exe, err := os.Executable()
		if err != nil {
			return specs, fmt.Errorf("--outpost: cannot find this program: %v", err)
		}
		specs[0] = match.EngineSpec{
			Name:    "Outpost " + f.outpost,
			Command: []string{exe, "uci"},
			Options: append([]match.Option{{Name: "Level", Value: f.outpost}}, f.options[0]...),
		}
	}
	for i := range specs {
		spec := &specs[i]
		if f.engine[i] != "" {
			spec.Command = strings.Fields(f.engine[i])
			spec.Options = f.options[i]
		}
		if len(spec.Command) == 0 {
			if i == 0 {
				return specs, usageErrorf(fs, "give engine 1 with --engine1 CMD or --outpost LEVEL")
			}
			return specs, usageErrorf(fs, "give engine 2 with --engine2 CMD")
		}
		if f.name[i] != "" {
			spec.Name = f.name[i]
		}
	}
	return specs, nil
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/i18n"
	gameplay "github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/tui"
)

const playSynopsis = `outpost play [--white human|ai:LEVEL|elo:N] [--black human|ai:LEVEL|elo:N] [--clock MIN+SEC] [--chess960 [N]] [--fen FEN | --load FILE.pgn | --resume]
       outpost play --plain [flags]`

const playDescription = `Play is the terminal game: a full-screen board (Unicode pieces, coloured
squares, mouse clicks where the terminal has them) against Outpost at a level
from 1 to 8, "classic" (the tutorials' minimax) or "max", or at a strength
by number (elo:2200: 800 to 2800 in steps of 50, on the scale of
Stockfish's UCI_Elo), against another person, or Outpost against itself to
watch.

Without --white or --black a start menu chooses your colour, the level and
the clock; with them the game starts at once ("ai" alone is level 3).
--clock 5+3 plays on a clock, as lichess writes it: 5 minutes each and 3
seconds added after each move; a side whose time runs out loses (a draw
when the other could never mate). Move with the arrow keys (or i j k l)
and Enter or space to pick a piece up and put it down, or type the move in
SAN or UCI (a file letter or a piece letter opens the move line, as ":"
does; e4, Nf3, O-O, e7e8q; "draw" claims, accepts or offers a draw,
"resign" resigns). Keys: u takeback, r redo, t turn the board around, s
save as PGN, o load a PGN, n new game, p pause, Esc make the AI move now,
? help, q quit. The game speaks English or Chinese: --lang zh, or by
default the language of LC_ALL, LC_MESSAGES or LANG (LANG=zh_CN.UTF-8).

Unfinished games are kept in the game store the web app shares (see --store);
--resume continues the last one, --load continues a game saved as PGN.

--plain (also used when standard input or output is not a terminal) is a
line mode for pipes, scripts and screen readers: it prints the board as text,
reads one move (or command: help lists them) a line from standard input and
prints every move (and the clocks, on a clock) and the result. For example:

  printf 'e4\nNf3\n' | outpost play --plain --black ai:1`

// playDefaultBlack is the AI a person plays when no flag or menu chooses.
var playDefaultBlack = "ai:" + tui.DefaultLevel

// runPlay runs "outpost play".
func runPlay(args []string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	terminal := term.IsTerminal(os.Stdin.Fd()) && term.IsTerminal(os.Stdout.Fd())
	return play(ctx, args, os.Stdin, os.Stdout, terminal)
}

// playFlags are the parsed flags of "outpost play".
type playFlags struct {
	white, black    string
	fen, load       string
	chess960        chess960Flag
	resume          bool
	clock           string
	ascii, plain    bool
	storePath       string
	seed            uint64
	movetime, delay int
	lang            string
}

// play runs "outpost play" with the given input and output; terminal says
// whether they are a terminal (else it plays in line mode).
func play(ctx context.Context, args []string, in io.Reader, out io.Writer, terminal bool) error {
	fs := newFlagSet("play", playSynopsis, playDescription)
	var f playFlags
	f.register(fs)
	if err := f.parse(fs, args); err != nil {
		return err
	}
	if err := f.check(fs); err != nil {
		return err
	}
	lineMode := f.plain || !terminal
	cfg, err := f.config(fs, lineMode)
	if err != nil {
		return err
	}

	// The store keeps unfinished games; without it the game is not kept.
	st, err := openStore(f.storePath)
	if err != nil {
		if f.resume {
			return err
		}
		cfg.StoreErr = err
	} else {
		defer st.Close()
		cfg.Store, cfg.Reviews = st, st
	}
	if err := f.startFrom(ctx, fs, &cfg, st); err != nil {
		return err
	}

	if lineMode {
		err = tui.RunPlain(ctx, cfg, in, out)
	} else {
		err = tui.Run(ctx, cfg, in, out)
	}
	if errors.Is(err, context.Canceled) {
		return nil // interrupted: the game is kept
	}
	return err
}

// register defines the flags of "outpost play" on fs, with their defaults.
func (f *playFlags) register(fs *flagSet) {
	fs.StringVar(&f.white, "white", "", "who plays White: `human`, ai:LEVEL (LEVEL 1-8, classic, max) or elo:N (the AI at strength N, 800 to 2800 in steps of 50)")
	fs.StringVar(&f.black, "black", "", "who plays Black: `human`, ai:LEVEL or elo:N (default ai:"+tui.DefaultLevel+" when --white is not given either)")
	fs.StringVar(&f.fen, "fen", "", "start from this position, in `FEN`")
	fs.StringVar(&f.load, "load", "", "continue the first game of a PGN `FILE`")
	fs.Var(&f.chess960, "chess960", "play Chess960 from a start position at random, or from start position `N` (0-959: --chess960 N or --chess960=N)")
	fs.BoolVar(&f.resume, "resume", false, "continue the last unfinished terminal game from the store")
	fs.StringVar(&f.clock, "clock", "", "play on a clock: `MIN+SEC`, minutes each and seconds added a move, as lichess writes it (3+2, 0.5+0)")
	fs.BoolVar(&f.ascii, "ascii", false, "draw pieces as letters, for terminals that draw chess glyphs badly")
	fs.BoolVar(&f.plain, "plain", false, "line mode: text board, moves read from standard input (for pipes and screen readers)")
	fs.StringVar(&f.storePath, "store", "", "the game store, a SQLite `FILE` (default: outpost.db in the user's data directory, shared with the web app)")
	fs.Uint64Var(&f.seed, "seed", 0, "seed the AI's random choices, for a reproducible game (`N`; 0 picks one at random)")
	fs.IntVar(&f.movetime, "movetime", int(tui.DefaultMoveTime/time.Millisecond), "the longest the AI thinks for a move, in `MS` (levels 1-7 stop earlier)")
	fs.StringVar(&f.lang, "lang", "", "the language of the game's texts: `en` or zh (default: from LC_ALL, LC_MESSAGES or LANG)")
	fs.IntVar(&f.delay, "delay", int(tui.DefaultDelay/time.Millisecond), "the shortest time in `MS` an AI move takes when both sides are AI, so the game can be watched")
}

// parse parses args with fs: flags, and no argument but the start
// position's number after --chess960.
func (f *playFlags) parse(fs *flagSet, args []string) error {
	positional, err := parseFlagsAndArgs(fs, args)
	if err != nil {
		return err
	}
	if len(positional) > 0 && f.chess960.on && f.chess960.number < 0 {
		if err := f.chess960.Set(positional[0]); err != nil {
			return usageErrorf(fs, "--chess960: %v", err)
		}
		positional = positional[1:]
	}
	if len(positional) > 0 {
		return usageErrorf(fs, "unexpected argument %q", positional[0])
	}
	return nil
}

// check returns a usage error for flags that exclude each other or are out
// of range.
func (f *playFlags) check(fs *flagSet) error {
	set := fs.given()
	sources := 0
	for _, name := range []string{"fen", "load", "resume"} {
		if set[name] {
			sources++
		}
	}
	switch {
	case sources > 1:
		return usageErrorf(fs, "--fen, --load and --resume cannot be used together")
	case f.chess960.on && (f.load != "" || f.resume):
		return usageErrorf(fs, "--load and --resume go on with a game in its own variant; --chess960 cannot change it")
	case f.chess960.on && f.fen != "" && f.chess960.number >= 0:
		return usageErrorf(fs, "give --fen or a Chess960 number, not both")
	case f.resume && (set["white"] || set["black"] || set["clock"]):
		return usageErrorf(fs, "--resume continues the stored game with its players and clock; --white, --black and --clock cannot change them")
	case f.movetime < 1:
		return usageErrorf(fs, "--movetime %d: want a positive number of milliseconds", f.movetime)
	case f.delay < 0:
		return usageErrorf(fs, "--delay %d: want 0 or more milliseconds", f.delay)
	}
	return nil
}

// config returns the game's configuration from the flags: language,
// timing, engine, clock and players (from --white and --black, else the
// start menu, else you against the AI; lineMode has no menu). Its errors
// are usage errors.
func (f *playFlags) config(fs *flagSet, lineMode bool) (tui.Config, error) {
	l, err := i18n.Choose(f.lang, os.Getenv)
	if err != nil {
		return tui.Config{}, usageErrorf(fs, "--lang: %v", strings.TrimPrefix(err.Error(), "i18n: "))
	}
	cfg := tui.Config{
		Lang:     l,
		MoveTime: time.Duration(f.movetime) * time.Millisecond,
		Delay:    time.Duration(f.delay) * time.Millisecond,
		ASCII:    f.ascii,
		Engine:   engine.New(engine.Options{HashMB: engine.DefaultHashMB, Seed: f.seed}),
	}

	wName, bName := f.white, f.black
	switch {
	case wName == "" && bName == "":
		wName, bName = "human", playDefaultBlack
		cfg.Menu = !lineMode && !f.resume
	case wName == "":
		wName = "human"
	case bName == "":
		bName = "human"
	}
	if f.clock != "" {
		if cfg.Clock, err = gameplay.ParseTimeControl(f.clock); err != nil {
			return cfg, usageErrorf(fs, "--clock: %v", err)
		}
	}
	if cfg.White, err = tui.ParsePlayer(wName); err != nil {
		return cfg, usageErrorf(fs, "--white: %v", err)
	}
	if cfg.Black, err = tui.ParsePlayer(bName); err != nil {
		return cfg, usageErrorf(fs, "--black: %v", err)
	}
	return cfg, nil
}

// startFrom sets where the game in cfg starts: the position of --fen (a
// Chess960 one with --chess960), the Chess960 start of --chess960, the
// game of --load, or with --resume the last unfinished game in st with its
// players; else (none of them) the usual start.
func (f *playFlags) startFrom(ctx context.Context, fs *flagSet, cfg *tui.Config, st *store.SQLite) error {
	var err error
	switch {
	case f.fen != "":
		parse := chess.ParseFEN
		if f.chess960.on {
			parse = chess.ParseFEN960
		}
		if cfg.Start, err = parse(f.fen); err != nil {
			return usageErrorf(fs, "--fen: %v", err)
		}
	case f.chess960.on:
		cfg.Start = f.chess960.start()
	case f.load != "":
		if cfg.Game, err = tui.LoadPGN(f.load); err != nil {
			return fmt.Errorf("--load: %w", err)
		}
	case f.resume:
		r, err := tui.ResumeLatest(ctx, st)
		if errors.Is(err, store.ErrNotFound) {
			return errors.New("no unfinished terminal game to resume")
		}
		if err != nil {
			return err
		}
		cfg.Resume = r
		cfg.White, cfg.Black = r.Players()[chess.White], r.Players()[chess.Black]
	}
	return nil
}

// openStore opens the game store at path, or at its default place.
func openStore(path string) (*store.SQLite, error) {
	if path == "" {
		var err error
		if path, err = store.DefaultPath(); err != nil {
			return nil, err
		}
	}
	return store.Open(path)
}

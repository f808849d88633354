package main

import (
	"context"
	"errors"
	"flag"
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

const playSynopsis = `outpost play [--white human|ai:LEVEL] [--black human|ai:LEVEL] [--clock MIN+SEC] [--fen FEN | --load FILE.pgn | --resume]
       outpost play --plain [flags]`

const playDescription = `Play is the terminal game: a full-screen board (Unicode pieces, coloured
squares, mouse clicks where the terminal has them) against Outpost at a level
from 1 to 8, "classic" (the tutorials' minimax) or "max", against another
person, or Outpost against itself to watch.

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

// play runs "outpost play" with the given input and output; terminal says
// whether they are a terminal (else it plays in line mode).
func play(ctx context.Context, args []string, in io.Reader, out io.Writer, terminal bool) error {
	fs := newFlagSet("play", playSynopsis, playDescription)
	white := fs.String("white", "", "who plays White: `human` or ai:LEVEL (LEVEL 1-8, classic, max)")
	black := fs.String("black", "", "who plays Black: `human` or ai:LEVEL (default ai:"+tui.DefaultLevel+" when --white is not given either)")
	fen := fs.String("fen", "", "start from this position, in `FEN`")
	load := fs.String("load", "", "continue the first game of a PGN `FILE`")
	resume := fs.Bool("resume", false, "continue the last unfinished terminal game from the store")
	clock := fs.String("clock", "", "play on a clock: `MIN+SEC`, minutes each and seconds added a move, as lichess writes it (3+2, 0.5+0)")
	ascii := fs.Bool("ascii", false, "draw pieces as letters, for terminals that draw chess glyphs badly")
	plain := fs.Bool("plain", false, "line mode: text board, moves read from standard input (for pipes and screen readers)")
	storePath := fs.String("store", "", "the game store, a SQLite `FILE` (default: outpost.db in the user's data directory, shared with the web app)")
	seed := fs.Uint64("seed", 0, "seed the AI's random choices, for a reproducible game (`N`; 0 picks one at random)")
	movetime := fs.Int("movetime", int(tui.DefaultMoveTime/time.Millisecond), "the longest the AI thinks for a move, in `MS` (levels 1-7 stop earlier)")
	lang := fs.String("lang", "", "the language of the game's texts: `en` or zh (default: from LC_ALL, LC_MESSAGES or LANG)")
	delay := fs.Int("delay", int(tui.DefaultDelay/time.Millisecond), "the shortest time in `MS` an AI move takes when both sides are AI, so the game can be watched")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	sources := 0
	for _, name := range []string{"fen", "load", "resume"} {
		if set[name] {
			sources++
		}
	}
	switch {
	case sources > 1:
		return usageErrorf(fs, "--fen, --load and --resume cannot be used together")
	case *resume && (set["white"] || set["black"] || set["clock"]):
		return usageErrorf(fs, "--resume continues the stored game with its players and clock; --white, --black and --clock cannot change them")
	case *movetime < 1:
		return usageErrorf(fs, "--movetime %d: want a positive number of milliseconds", *movetime)
	case *delay < 0:
		return usageErrorf(fs, "--delay %d: want 0 or more milliseconds", *delay)
	}

	l, err := i18n.Choose(*lang, os.Getenv)
	if err != nil {
		return usageErrorf(fs, "--lang: %v", strings.TrimPrefix(err.Error(), "i18n: "))
	}
	cfg := tui.Config{
		Lang:     l,
		MoveTime: time.Duration(*movetime) * time.Millisecond,
		Delay:    time.Duration(*delay) * time.Millisecond,
		ASCII:    *ascii,
		Engine:   engine.New(engine.Options{HashMB: engine.DefaultHashMB, Seed: *seed}),
	}
	lineMode := *plain || !terminal

	// Players: from the flags, else the start menu, else you against the AI.
	wName, bName := *white, *black
	switch {
	case wName == "" && bName == "":
		wName, bName = "human", playDefaultBlack
		cfg.Menu = !lineMode && !*resume
	case wName == "":
		wName = "human"
	case bName == "":
		bName = "human"
	}
	if *clock != "" {
		if cfg.Clock, err = gameplay.ParseTimeControl(*clock); err != nil {
			return usageErrorf(fs, "--clock: %v", err)
		}
	}
	if cfg.White, err = tui.ParsePlayer(wName); err != nil {
		return usageErrorf(fs, "--white: %v", err)
	}
	if cfg.Black, err = tui.ParsePlayer(bName); err != nil {
		return usageErrorf(fs, "--black: %v", err)
	}

	// The store keeps unfinished games; without it the game is not kept.
	st, err := openStore(*storePath)
	if err != nil {
		if *resume {
			return err
		}
		cfg.StoreErr = err
	} else {
		defer st.Close()
		cfg.Store, cfg.Reviews = st, st
	}

	switch {
	case *fen != "":
		if cfg.Start, err = chess.ParseFEN(*fen); err != nil {
			return usageErrorf(fs, "--fen: %v", err)
		}
	case *load != "":
		if cfg.Game, err = tui.LoadPGN(*load); err != nil {
			return fmt.Errorf("--load: %w", err)
		}
	case *resume:
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

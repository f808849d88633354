// Command outpost is the Outpost chess AI. Its subcommands are listed by
// "outpost help"; each explains its flags with "outpost help CMD" or
// "outpost CMD -h".
//
// Exit status: 0 on success, 1 when a command fails, 2 on a usage error
// (unknown command, bad or missing flags).
//
// # Adding a subcommand
//
// A subcommand is one file, cmd/outpost/NAME.go, holding its run function,
// plus one line in the commands table below. The run function:
//
//   - builds its flags with newFlagSet (so -h, --help and "outpost help NAME"
//     print its synopsis, description and flags) and parses them with
//     parseFlags, returning any error it gives unchanged;
//   - takes its search limits (--depth, --nodes, --movetime) with
//     addSearchLimitFlags and its engine's size (--hash, --threads) with
//     addEngineFlags, if it searches (searchflags.go), so that they mean
//     and are checked the same everywhere;
//   - reports other bad usage with usageErrorf (exit 2, usage shown);
//   - returns any other error without the "outpost NAME:" prefix, which main
//     adds (exit 1); it never calls os.Exit and never panics on user input.
//
// main stays thin: flags and wiring only; the work lives in the packages.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

// command is one subcommand: its name, a one-line summary for "outpost
// help", and the function that runs it with the arguments after its name.
type command struct {
	name    string
	summary string
	run     func(args []string) error
}

// commands is every subcommand, in the order "outpost help" lists them.
// Adding a subcommand is one line here and one file beside this one.
var commands = []command{
	{"serve", "run the web app: play in the browser, games kept in a database (open the address it prints)", runServe},
	{"worker", "run the AI's searches for servers that share a PostgreSQL database (on any machine)", runWorker},
	{"play", "play chess in the terminal: a full-screen board, or a line mode for pipes and screen readers", runPlay},
	{"uci", "speak the UCI protocol to a chess GUI on standard input and output", runUCI},
	{"perft", "count the leaf nodes of the move tree (move generator test and benchmark)", runPerft},
	{"levels", "print the playing levels (1-8, classic, max): aimed Elo and how each is weakened", runLevels},
	{"match", "play two UCI engines against each other and measure the difference in Elo", runMatch},
	{"bench", "search a fixed set of positions and print the node count (the search's signature) and speed", runBench},
	{"analyse", "search one position and show the progress: score, nodes, speed, principal variation", runAnalyse},
	{"review", "review a game of a PGN file: each move's evaluation and judgement, better moves, accuracy", runReview},
	{"puzzle", "train on tactics puzzles in the terminal; make them from games with the engine, check and export them", runPuzzle},
	{"explain", "see the AI think: the minimax and alpha-beta trees of a position, the evaluation, the candidates; --lesson: the guided lesson", runExplain},
	{"solve", "run a test suite (EPD with bm, am, dm) and count the positions solved", runSolve},
	{"datagen", "play self-play games and keep their quiet positions: training data for the network (or the tuner)", runDatagen},
	{"train", "train the evaluation network on the positions datagen made", runTrain},
	{"tune", "fit the evaluation's weights to game results (Texel tuning)", runTune},
}

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

// dispatch runs the subcommand named by args[0] and returns the exit status.
// Help and error messages go to stdout and stderr; the commands themselves
// write their output to the process's standard output.
func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printCommands(stderr)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		return help(args[1:], stdout, stderr)
	}
	cmd := lookup(args[0])
	if cmd == nil {
		fmt.Fprintf(stderr, "outpost: unknown command %q\n\n", args[0])
		printCommands(stderr)
		return 2
	}
	return report(cmd.name, cmd.run(args[1:]), stdout, stderr)
}

// help runs "outpost help [CMD]".
func help(args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		printCommands(stdout)
		return 0
	case 1:
		cmd := lookup(args[0])
		if cmd == nil {
			fmt.Fprintf(stderr, "outpost help: unknown command %q\n\n", args[0])
			printCommands(stderr)
			return 2
		}
		return report(cmd.name, cmd.run([]string{"-help"}), stdout, stderr)
	default:
		fmt.Fprintln(stderr, "outpost help: want at most one command name")
		printCommands(stderr)
		return 2
	}
}

// report prints what err says about the run of command name and returns the
// exit status: help requested (full usage on stdout, 0), usage errors
// (message and synopsis on stderr, 2), other errors (message on stderr, 1).
func report(name string, err error, stdout, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ue *usageError
	if errors.As(err, &ue) {
		if errors.Is(ue.err, flag.ErrHelp) {
			ue.flags.printUsage(stdout)
			return 0
		}
		fmt.Fprintf(stderr, "outpost %s: %v\nusage: %s\nRun \"outpost help %s\" for the flags.\n",
			name, ue.err, ue.flags.synopsis, name)
		return 2
	}
	fmt.Fprintf(stderr, "outpost %s: %v\n", name, err)
	return 1
}

// lookup returns the command called name, or nil.
func lookup(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

// printCommands prints the list of commands.
func printCommands(w io.Writer) {
	fmt.Fprint(w, "Outpost is a chess AI.\n\nusage: outpost <command> [flags]\n\ncommands:\n")
	width := len("help")
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprintf(w, "  %-*s  %s\n", width, "help", "show the commands, or a command's flags")
	fmt.Fprint(w, "\nRun \"outpost help <command>\" or \"outpost <command> -h\" for a command's flags.\n")
}

// usageError is a mistake in a command's arguments. main prints it with the
// command's synopsis (or, for flag.ErrHelp, its full usage) instead of a
// plain error message.
type usageError struct {
	flags *flagSet
	err   error
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// usageErrorf returns a usage error for the command whose flags are fs.
func usageErrorf(fs *flagSet, format string, args ...any) error {
	return &usageError{flags: fs, err: fmt.Errorf(format, args...)}
}

// flagSet is a command's flags together with the text that explains them.
type flagSet struct {
	*flag.FlagSet
	synopsis    string // "outpost NAME ..." lines
	description string
}

// newFlagSet returns the flag set of command name. The synopsis is one or
// more "outpost NAME ..." lines (the second and later indented to line up);
// the description says what the command does. Parse it with parseFlags.
func newFlagSet(name, synopsis, description string) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // report prints errors and usage where they belong
	return &flagSet{FlagSet: fs, synopsis: synopsis, description: description}
}

// printUsage prints the synopsis, the description and every flag with its
// help text and default (or "flags: none").
func (fs *flagSet) printUsage(w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n\n%s\n\n", fs.synopsis, fs.description)
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		fmt.Fprintln(w, "flags: none")
		return
	}
	fmt.Fprintln(w, "flags:")
	fs.VisitAll(func(f *flag.Flag) {
		arg, text := flag.UnquoteUsage(f)
		fmt.Fprintf(w, "  --%s", f.Name)
		if arg != "" {
			fmt.Fprintf(w, " %s", arg)
		}
		fmt.Fprintf(w, "\n        %s", text)
		switch f.DefValue {
		case "", "0", "false":
		default:
			fmt.Fprintf(w, " (default %q)", f.DefValue)
		}
		fmt.Fprintln(w)
	})
}

// parseFlagsAndArgs parses args with fs, flags and positional arguments in
// any order ("game.pgn --json" and "--json game.pgn"), and returns the
// positional ones. Its errors are usage errors, as parseFlags's.
func parseFlagsAndArgs(fs *flagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, &usageError{flags: fs, err: err}
		}
		if fs.NArg() == 0 {
			return positional, nil
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// given returns the names of the flags given on the command line, once fs
// is parsed.
func (fs *flagSet) given() map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// parseFlags parses args with fs and rejects positional arguments. Its
// errors (including flag.ErrHelp for -h and --help) are usage errors that the
// command returns unchanged.
func parseFlags(fs *flagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return &usageError{flags: fs, err: err}
	}
	if fs.NArg() > 0 {
		return usageErrorf(fs, "unexpected argument %q", fs.Arg(0))
	}
	return nil
}

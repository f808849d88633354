// Package uci speaks the Universal Chess Interface, the text protocol chess
// GUIs (Arena, Cute Chess, Scid, lichess-bot, xboard through polyglot) use
// to drive an engine. It is one consumer of the engine: it turns commands
// into engine.Params, runs the search, and turns engine.Info and
// engine.Result into "info" and "bestmove" lines. The engine knows nothing
// of UCI.
//
// Commands, as Stockfish speaks them (files in parentheses):
//
//   - uci: "id" lines, the options, an "info string evaluation: ..." line
//     naming the evaluation in use, "uciok" (uci.go, options.go, network.go).
//   - isready: "readyok", answered at once, even during a search.
//   - setoption name <Name> [value <v>]: names are case-insensitive; see
//     options.go for the options (Hash, Threads, MultiPV, Move Overhead,
//     Clear Hash, Ponder, UCI_LimitStrength, UCI_Elo, UCI_Chess960 (positions
//     read as Chess960 ones, castling written e1h1), Level, Use NNUE,
//     EvalFile). Setting Use NNUE or EvalFile prints the evaluation line
//     again; an EvalFile that cannot be loaded keeps the current network
//     and says why (network.go).
//   - ucinewgame: clears the engine's hash table and history.
//   - position startpos|fen <FEN> [moves <m1> ...]: the FEN is read as
//     lichess and python-chess read it (chess.ParseFENLenient), each fix
//     reported in an "info string warning"; the hashes of the positions
//     before the root go to engine.Params.History, so repetitions of
//     positions played before the root count (position.go).
//   - go [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS]
//     [binc MS] [movestogo N] [mate N] [infinite] [ponder]
//     [searchmoves <m1> ...]: searches on its own goroutine and prints
//     exactly one "bestmove X [ponder Y]" (search.go), whatever the command
//     holds: parameters that cannot be read are reported and ignored, 0
//     means the least search (go.go). "mate N" is a depth limit of 2N-1
//     plies. "go perft N" prints, like Stockfish, each root move with its
//     perft count and then "Nodes searched: N", and no bestmove.
//   - stop, ponderhit, quit: act on a running search at once. "go
//     infinite" and "go ponder" print bestmove only after stop (or,
//     pondering, after ponderhit once the search ends), even if the
//     search ends earlier.
//   - d: draws the board (Stockfish's debug command).
//   - debug on|off: accepted and ignored.
//
// While a search runs, stop, ponderhit and quit act at once and isready
// is answered at once; every other command waits, in the order it came,
// until the search ends (by its limits, or after stop or ponderhit), as
// in Stockfish, whose input loop waits for the search. So a "position",
// "ucinewgame", "setoption" or "go" sent during "go infinite" never
// brings its bestmove before stop, and once a command waits, an isready
// after it waits too (until a search it waits behind has started), so
// that readyok still means "everything before is done". A stop or
// ponderhit sent while commands wait acts on the running search at once,
// and again, in its turn, on the search a go waiting before it starts.
// The Move Overhead is subtracted from wtime, btime and movetime before
// they reach engine.Limits.
//
// Bad input (an unknown command, an unknown option or a value out of
// range, a malformed "go perft") is answered with "info string error:
// <reason>" and changes nothing. A "position" command that cannot be read
// whole (an impossible position, an illegal move) is answered the same
// way and leaves no position: until the next good "position", go answers
// "info string error: ..." and "bestmove 0000", so that the engine never
// plays a move for a board the GUI did not mean. A line longer than 1 MiB
// is skipped with an error. Empty lines are ignored. The loop never panics
// on input and writes only protocol lines to its output.
package uci

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// Searcher is what the loop needs from an engine; *engine.Engine satisfies
// it. The loop calls Search on a goroutine of its own and PonderHit from
// the input loop while Search runs; it calls Clear, SetHashMB, SetThreads
// and SetNetwork only while no search runs.
type Searcher interface {
	// Search searches p.Position within p.Limits, calling p.Progress on
	// its goroutine, and returns when the limits are met or ctx is
	// cancelled.
	Search(ctx context.Context, p engine.Params) engine.Result
	// PonderHit tells a search started with Limits.Ponder that the
	// expected move was played.
	PonderHit()
	// Clear empties the hash table and history.
	Clear()
	// SetHashMB resizes the hash table.
	SetHashMB(mb int) error
	// SetThreads sets the number of search threads.
	SetThreads(n int) error
	// SetNetwork sets the network to evaluate with (nil: the hand-crafted
	// evaluation).
	SetNetwork(net *nnue.Network) error
}

// Loop is one UCI session: the current position, the option values, the
// running search and the commands waiting for it to end. Make one with
// NewLoop.
//
// Lock rule: out, outErr are guarded by outMu, because the search goroutine
// prints info and bestmove while the input loop prints. Every other field
// belongs to the goroutine running Run.
type Loop struct {
	eng Searcher

	outMu  sync.Mutex
	out    io.Writer
	outErr error // the first write error

	pos        *chess.Position // the root set by "position"; nil after a rejected one
	noPosition error           // why pos is nil
	history    []uint64        // hashes of the positions before pos, oldest first
	opts       optionValues
	options    []option
	job        *job     // the running (or finished, not yet reaped) search; nil if none
	waiting    []string // commands read during the job, to run once it ends, in order

	net network // the loaded network (EvalFile); used when opts.useNNUE
}

// NewLoop returns a loop that drives eng and writes to out, starting from
// the initial position with every option at its default. eng is assumed to
// have the default hash size, engine.DefaultHashMB, and the default
// evaluation, engine.DefaultNetwork().
func NewLoop(eng Searcher, out io.Writer) *Loop {
	l := &Loop{
		eng:  eng,
		out:  out,
		pos:  chess.StartingPosition(),
		opts: defaultOptionValues(),
	}
	l.net, _ = embeddedNetwork()
	l.options = l.newOptions()
	return l
}

// Run reads commands from in, one per line, until "quit", the end of in, or
// the cancellation of ctx, and returns the first error reading in or
// writing out (nil after quit or the end of in, ctx.Err() after
// cancellation).
//
// At quit or cancellation a running search is stopped and the commands
// waiting for it are dropped; at the end of in a search with limits (or a
// perft) is allowed to finish, while "go infinite", "go ponder" and a go
// without limits are stopped, and the waiting commands then run, as they
// would have. Either way every search's bestmove is printed, and nothing is
// written to out after Run returns. Run is not safe for concurrent use; a
// Loop may be Run again afterwards, keeping its position and options.
func (l *Loop) Run(ctx context.Context, in io.Reader) error {
	lines := make(chan inputLine)
	readErr := make(chan error, 1)
	done := make(chan struct{})
	defer close(done)
	go func() { // reads in, so that ctx can end Run while a read blocks
		defer close(lines)
		readErr <- readLines(in, lines, done)
	}()

	for {
		var jobDone <-chan struct{}
		if l.job != nil {
			jobDone = l.job.done
		}
		select {
		case <-ctx.Done():
			l.abort()
			return ctx.Err()
		case <-jobDone:
			l.job = nil
		case line, ok := <-lines:
			if !ok {
				if err := l.finish(ctx); err != nil {
					return err
				}
				if err := <-readErr; err != nil {
					return fmt.Errorf("uci: reading commands: %w", err)
				}
				return l.writeErr()
			}
			if l.receive(line) == errQuit {
				l.abort()
				return l.writeErr()
			}
		}
		l.runWaiting()
		if err := l.writeErr(); err != nil {
			l.abort()
			return err
		}
	}
}

// abort stops the running job and drops the commands waiting for it.
func (l *Loop) abort() {
	l.stop()
	l.waiting = nil
}

// Run runs a new loop driving eng on in and out; see Loop.Run.
func Run(ctx context.Context, in io.Reader, out io.Writer, eng Searcher) error {
	return NewLoop(eng, out).Run(ctx, in)
}

// errQuit is returned by execute for "quit".
var errQuit = errors.New("uci: quit")

// receive takes one line from the input: it runs it now, or, while a job
// runs, keeps it waiting for the job's end (see the package doc). It
// returns errQuit for quit.
func (l *Loop) receive(line inputLine) error {
	if line.tooLong > 0 {
		l.send(fmt.Sprintf("info string error: a line of %d bytes is longer than %d bytes (1 MiB); skipped", line.tooLong, maxLineBytes))
		return nil
	}
	l.reap()
	fields := strings.Fields(line.text)
	switch {
	case len(fields) == 0:
		return nil
	case len(l.waiting) == 0 && (l.job == nil || runsDuringSearch(fields[0])):
		return l.execute(line.text)
	case fields[0] == "quit":
		return errQuit
	case fields[0] == "stop" || fields[0] == "ponderhit":
		// It concerns the running search, and also the searches that
		// go commands waiting before it will start.
		l.execute(line.text)
	}
	l.waiting = append(l.waiting, line.text)
	return nil
}

// runsDuringSearch reports whether the command cmd runs at once while a
// job runs (when no command waits before it).
func runsDuringSearch(cmd string) bool {
	switch cmd {
	case "stop", "ponderhit", "quit", "isready":
		return true
	}
	return false
}

// reap forgets the job if it has ended.
func (l *Loop) reap() {
	if l.job == nil {
		return
	}
	select {
	case <-l.job.done:
		l.job = nil
	default:
	}
}

// runWaiting runs the waiting commands, in order, as far as it can: all
// of them while no job runs, and then those that run during a search.
func (l *Loop) runWaiting() {
	for len(l.waiting) > 0 {
		l.reap()
		line := l.waiting[0]
		if fields := strings.Fields(line); l.job != nil && !runsDuringSearch(fields[0]) {
			return
		}
		l.waiting = l.waiting[1:]
		l.execute(line) // never quit, which does not wait
	}
}

// execute runs one command line. It returns errQuit for quit, and reports
// any other error to the GUI as an "info string error" line.
func (l *Loop) execute(line string) error {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return nil
	}
	cmd, args := fields[0], fields[1:]
	var err error
	switch cmd {
	case "uci":
		l.sendUCI()
	case "isready":
		l.send("readyok")
	case "setoption":
		err = l.setOption(args)
	case "ucinewgame":
		l.eng.Clear()
	case "position":
		err = l.position(args)
	case "go":
		err = l.goCommand(args)
	case "stop":
		l.stop()
	case "ponderhit":
		l.ponderHit()
	case "quit":
		return errQuit
	case "d":
		if l.pos == nil {
			err = l.noPosition
		} else {
			l.send(board(l.pos))
		}
	case "debug":
		if len(args) != 1 || (args[0] != "on" && args[0] != "off") {
			err = errors.New("debug wants on or off")
		}
	default:
		err = fmt.Errorf("unknown command %q", cmd)
	}
	if err != nil {
		l.send("info string error: " + plain(err))
	}
	return err
}

// sendUCI answers "uci".
func (l *Loop) sendUCI() {
	lines := []string{
		"id name Outpost " + version(),
		"id author The Outpost developers",
	}
	for _, o := range l.options {
		lines = append(lines, "option name "+o.name()+" type "+o.declare())
	}
	lines = append(lines, l.evaluationInfo(), "uciok")
	l.send(strings.Join(lines, "\n"))
}

// version returns the version of the running binary's main module, as the
// go command stamped it, or "dev".
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			return v
		}
	}
	return "dev"
}

// send writes s, one or more lines without the final newline, as one write,
// so lines from the input loop and the search goroutine never interleave.
// After a write error it writes nothing more.
func (l *Loop) send(s string) {
	l.outMu.Lock()
	defer l.outMu.Unlock()
	if l.outErr != nil {
		return
	}
	if _, err := io.WriteString(l.out, s+"\n"); err != nil {
		l.outErr = fmt.Errorf("uci: writing output: %w", err)
	}
}

// writeErr returns the first write error.
func (l *Loop) writeErr() error {
	l.outMu.Lock()
	defer l.outMu.Unlock()
	return l.outErr
}

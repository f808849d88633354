package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

const solveSynopsis = `outpost solve --file FILE [--movetime MS | --depth N | --nodes N] [--hash MB] [--threads N] [--evalfile FILE | --handcrafted]`

const solveDescription = `Solve runs a test suite in EPD: each line is the first four fields of a FEN
followed by operations, e.g.

  2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; dm 2; id "WAC.001";

A position is solved when the engine's move is one of the "bm" moves (SAN),
none of the "am" moves, and, with "dm N" (direct mate in N), the engine
announces a mate in N or fewer. Blank lines and lines starting with # are
skipped. Each position is searched on a cleared hash table.

One line per position says ok or FAIL, the move and score found, and for a
solved position when the solution was first found and kept. The last line
is "solved N/M" (what scripts parse), preceded by the count for each mate
length when the suite has dm entries. An unreadable file or line is an
error (exit 1); unsolved positions are not.`

// epdEntry is one position of a test suite with its expected solution.
type epdEntry struct {
	line int // line number in the file
	pos  *chess.Position
	id   string
	bm   []chess.Move // best moves: one of them solves
	am   []chess.Move // avoid moves: none of them may be played
	dm   int          // direct mate in this many moves; 0 when not given
}

// runSolve runs "outpost solve".
func runSolve(args []string) error { return solve(args, os.Stdout) }

// solve runs "outpost solve" with its output on w.
func solve(args []string, w io.Writer) error {
	fs := newFlagSet("solve", solveSynopsis, solveDescription)
	file := fs.String("file", "", "the suite, in EPD (required)")
	search := addSearchFlags(fs, "position", engine.Limits{MoveTime: time.Second}, depthFlag|nodesFlag|movetimeFlag, 64)
	limits, opts, err := search.parse(args)
	if err != nil {
		return err
	}
	if *file == "" {
		return usageErrorf(fs, "--file is required")
	}
	opts.Seed = 1
	suite, err := readSuite(*file)
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	e := engine.New(opts)
	idWidth := 0
	for _, entry := range suite {
		idWidth = max(idWidth, len(entry.id))
	}
	solved := 0
	byMate := map[int][2]int{} // dm -> solved, total
	for i, entry := range suite {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		e.Clear()
		var foundAt time.Duration
		var foundDepth int
		was := false
		r := e.Search(ctx, engine.Params{Position: entry.pos, Limits: limits, Progress: func(info engine.Info) {
			if info.MultiPV != 1 || len(info.PV) == 0 {
				return
			}
			ok := entry.solvedBy(info.PV[0], info.Score)
			if ok && !was {
				foundAt, foundDepth = info.Time, info.Depth
			}
			was = ok
		}})
		ok := entry.solvedBy(r.BestMove, r.Score)
		status := "FAIL"
		if ok {
			status = "ok  "
			solved++
		}
		if entry.dm > 0 {
			c := byMate[entry.dm]
			c[1]++
			if ok {
				c[0]++
			}
			byMate[entry.dm] = c
		}
		fmt.Fprintf(w, "%*d/%d %s %-*s  %s", len(strconv.Itoa(len(suite))), i+1, len(suite), status, idWidth, entry.id, entry.want())
		move := "(none)"
		if r.BestMove != chess.NoMove {
			move = entry.pos.SAN(r.BestMove)
		}
		fmt.Fprintf(w, "  got %s %s depth %d", move, formatScore(r.Score, entry.pos.SideToMove()), r.Depth)
		if ok && was {
			fmt.Fprintf(w, "  found at depth %d, %.2fs", foundDepth, foundAt.Seconds())
		}
		fmt.Fprintln(w)
	}
	if len(byMate) > 0 {
		keys := make([]int, 0, len(byMate))
		for k := range byMate {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("mate in %d: %d/%d", k, byMate[k][0], byMate[k][1]))
		}
		fmt.Fprintln(w, strings.Join(parts, "  "))
	}
	_, err = fmt.Fprintf(w, "solved %d/%d\n", solved, len(suite))
	return err
}

// solvedBy reports whether playing m with the score s solves the entry.
func (e *epdEntry) solvedBy(m chess.Move, s engine.Score) bool {
	if m == chess.NoMove {
		return false
	}
	if len(e.bm) > 0 && !slices.Contains(e.bm, m) {
		return false
	}
	if slices.Contains(e.am, m) {
		return false
	}
	if e.dm > 0 {
		n := s.MateMoves()
		return n > 0 && n <= e.dm
	}
	return true
}

// want describes the expected solution: "bm Qg6 dm 2".
func (e *epdEntry) want() string {
	var parts []string
	for _, op := range []struct {
		name  string
		moves []chess.Move
	}{{"bm", e.bm}, {"am", e.am}} {
		if len(op.moves) == 0 {
			continue
		}
		s := op.name
		for _, m := range op.moves {
			s += " " + e.pos.SAN(m)
		}
		parts = append(parts, s)
	}
	if e.dm > 0 {
		parts = append(parts, "dm "+strconv.Itoa(e.dm))
	}
	return fmt.Sprintf("%-14s", strings.Join(parts, " "))
}

// readSuite reads an EPD file. Errors name the file and every bad line.
func readSuite(path string) ([]epdEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	epds, err := chess.ReadEPD(f)
	errs := []error{err}
	var suite []epdEntry
	for _, e := range epds {
		entry, err := newEPDEntry(e)
		if err != nil {
			errs = append(errs, &chess.EPDError{Line: e.Line, Err: err})
			continue
		}
		suite = append(suite, entry)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(suite) == 0 {
		return nil, fmt.Errorf("%s: no positions", path)
	}
	return suite, nil
}

// newEPDEntry is the test of a suite's line: its bm, am and dm operations
// (at least one: something to check) and its id, "line N" when it has none.
// Other operations are ignored.
func newEPDEntry(e *chess.EPD) (epdEntry, error) {
	entry := epdEntry{line: e.Line, pos: e.Position, id: e.Operand("id")}
	if entry.id == "" {
		entry.id = "line " + strconv.Itoa(e.Line)
	}
	var err error
	if entry.bm, err = e.Moves("bm"); err != nil {
		return epdEntry{}, err
	}
	if entry.am, err = e.Moves("am"); err != nil {
		return epdEntry{}, err
	}
	if dm, ok := e.Operands("dm"); ok {
		n := 0
		if len(dm) == 1 {
			n, _ = strconv.Atoi(dm[0])
		}
		if n < 1 {
			return epdEntry{}, fmt.Errorf("dm %q: want a positive number of moves", strings.Join(dm, " "))
		}
		entry.dm = n
	}
	if len(entry.bm) == 0 && len(entry.am) == 0 && entry.dm == 0 {
		return epdEntry{}, errors.New("no bm, am or dm operation: nothing to solve")
	}
	return entry, nil
}

package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
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
	movetime := fs.Int("movetime", 1000, "think `MS` milliseconds per position")
	depth := fs.Int("depth", 0, "search each position `N` plies deep instead of for a time")
	nodes := fs.Uint64("nodes", 0, "search each position about `N` nodes instead of for a time (reproducible on a busy machine)")
	hash := fs.Int("hash", 64, "hash table size in `MB`")
	threads := fs.Int("threads", 1, "search with `N` threads (1 to 256)")
	eval := addEvalFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	net, _, err := eval.network(fs)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case *file == "":
		return usageErrorf(fs, "--file is required")
	case boolToInt(set["depth"])+boolToInt(set["movetime"])+boolToInt(set["nodes"]) > 1:
		return usageErrorf(fs, "use one of --movetime, --depth and --nodes")
	case set["nodes"] && *nodes < 1:
		return usageErrorf(fs, "--nodes 0: want a positive number of nodes")
	case set["depth"] && (*depth < 1 || *depth > maxAnalyseDepth):
		return usageErrorf(fs, "--depth %d is out of range 1..%d", *depth, maxAnalyseDepth)
	case *movetime < 1:
		return usageErrorf(fs, "--movetime %d: want a positive number of milliseconds", *movetime)
	case *hash < 1 || *hash > engine.MaxHashMB:
		return usageErrorf(fs, "--hash %d is out of range 1..%d", *hash, engine.MaxHashMB)
	case *threads < 1 || *threads > engine.MaxThreads:
		return usageErrorf(fs, "--threads %d is out of range 1..%d", *threads, engine.MaxThreads)
	}
	suite, err := readSuite(*file)
	if err != nil {
		return err
	}
	limits := engine.Limits{MoveTime: time.Duration(*movetime) * time.Millisecond}
	switch {
	case set["depth"]:
		limits = engine.Limits{Depth: *depth}
	case set["nodes"]:
		limits = engine.Limits{Nodes: *nodes}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	e := engine.New(engine.Options{HashMB: *hash, Threads: *threads, Seed: 1, Network: net, HandCrafted: net == nil})
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

// readSuite reads an EPD file. Errors name the file and line.
func readSuite(path string) ([]epdEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var suite []epdEntry
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		e, err := parseEPD(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		e.line = n
		if e.id == "" {
			e.id = "line " + strconv.Itoa(n)
		}
		suite = append(suite, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(suite) == 0 {
		return nil, fmt.Errorf("%s: no positions", path)
	}
	return suite, nil
}

// parseEPD parses one EPD line: four FEN fields, then operations separated
// by semicolons ("bm Qg6; id \"WAC.001\";"). It needs something to check:
// a bm, am or dm operation. Unknown operations are ignored.
func parseEPD(line string) (epdEntry, error) {
	fields := strings.Fields(line)
	if len(fields) < 4 {
		return epdEntry{}, errors.New("want the first four fields of a FEN, then operations")
	}
	pos, err := chess.ParseFEN(strings.Join(fields[:4], " ") + " 0 1")
	if err != nil {
		return epdEntry{}, err
	}
	e := epdEntry{pos: pos}
	rest := strings.TrimSpace(line)
	for range 4 { // skip the four FEN fields
		rest = strings.TrimSpace(rest)
		if i := strings.IndexAny(rest, " \t"); i >= 0 {
			rest = rest[i:]
		} else {
			rest = ""
		}
	}
	for _, op := range splitOps(rest) {
		name, args, _ := strings.Cut(strings.TrimSpace(op), " ")
		args = strings.TrimSpace(args)
		switch name {
		case "bm", "am":
			var moves []chess.Move
			for _, s := range strings.Fields(args) {
				m, err := pos.ParseSAN(s)
				if err != nil {
					return epdEntry{}, fmt.Errorf("%s %s: %v", name, s, err)
				}
				moves = append(moves, m)
			}
			if len(moves) == 0 {
				return epdEntry{}, fmt.Errorf("%s without a move", name)
			}
			if name == "bm" {
				e.bm = moves
			} else {
				e.am = moves
			}
		case "dm":
			n, err := strconv.Atoi(args)
			if err != nil || n < 1 {
				return epdEntry{}, fmt.Errorf("dm %q: want a positive number of moves", args)
			}
			e.dm = n
		case "id":
			e.id = strings.Trim(args, `"`)
		}
	}
	if len(e.bm) == 0 && len(e.am) == 0 && e.dm == 0 {
		return epdEntry{}, errors.New("no bm, am or dm operation: nothing to solve")
	}
	return e, nil
}

// splitOps splits EPD operations at semicolons outside double quotes.
func splitOps(s string) []string {
	var ops []string
	quoted := false
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quoted = !quoted
		case ';':
			if !quoted {
				ops = append(ops, s[start:i])
				start = i + 1
			}
		}
	}
	if strings.TrimSpace(s[start:]) != "" {
		ops = append(ops, s[start:])
	}
	return ops
}

func boolToInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/chess"
)

const perftSynopsis = `outpost perft [--chess960] --depth N [--fen FEN] [--divide] [--no-bulk]
       outpost perft [--chess960] --epd FILE [--max-depth N] [--no-bulk]`

const perftDescription = `Perft counts the leaf nodes of the legal move tree to a given depth: the
standard test of a move generator (the counts are known for many positions)
and its benchmark. The last line gives the node count, the time in seconds
and the nodes per second.

With --divide, one line per root move (UCI notation, sorted) gives the count
below that move, to find where a generator goes wrong.

With --epd, every position of a suite is checked against its known counts.
Each line of FILE is a FEN followed by ";D<depth> <count>" entries, e.g.
  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400
Blank lines and lines starting with # are skipped. Each position is checked
at its deepest listed depth (at most --max-depth); a malformed line counts as
a failure and the others still run. The exit status is 1 if any failed.

By default the last ply is counted without playing its moves (bulk
counting); --no-bulk plays them too, so it also measures making moves.

With --chess960, positions are Chess960 positions: their castling fields in
Shredder-FEN ("HAha", the rooks' files) or X-FEN ("KQkq", a file letter for
an inner rook), castling by the rules of Chess960, and --divide writes
castling as the king taking its rook ("e1h1"). chess/testdata/perft960.epd
is such a suite.`

// maxPerftDepth bounds --depth and --max-depth: deeper trees take years.
const maxPerftDepth = 20

// perftFlags are the parsed flags of "outpost perft".
type perftFlags struct {
	depth    int
	fen      string
	divide   bool
	noBulk   bool
	epd      string
	maxDepth int
	chess960 bool
}

// runPerft runs "outpost perft".
func runPerft(args []string) error { return perft(args, os.Stdout) }

// perft runs "outpost perft" with its output on w.
func perft(args []string, w io.Writer) error {
	fs := newFlagSet("perft", perftSynopsis, perftDescription)
	var f perftFlags
	fs.IntVar(&f.depth, "depth", 0, "count the tree `N` plies deep (1 to 20; required without --epd)")
	fs.StringVar(&f.fen, "fen", chess.StartFEN, "the root position, in `FEN`")
	fs.BoolVar(&f.divide, "divide", false, "print each root move with the count below it")
	fs.BoolVar(&f.noBulk, "no-bulk", false, "play the moves of the last ply instead of counting them")
	fs.StringVar(&f.epd, "epd", "", "check the positions of the suite in `FILE` (lines \"FEN ;D1 20 ;D2 400 ...\")")
	fs.BoolVar(&f.chess960, "chess960", false, "read positions as Chess960 (Shredder-FEN or X-FEN castling)")
	fs.IntVar(&f.maxDepth, "max-depth", 0, "with --epd, check no deeper than `N` plies (0: each position's deepest listed depth)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	set := fs.given()

	count := chess.Perft
	if f.noBulk {
		count = chess.PerftNoBulk
	}
	if f.epd != "" {
		for _, name := range []string{"depth", "fen", "divide"} {
			if set[name] {
				return usageErrorf(fs, "--%s cannot be used with --epd", name)
			}
		}
		if f.maxDepth < 0 || f.maxDepth > maxPerftDepth {
			return usageErrorf(fs, "--max-depth %d is out of range, want 0 to %d", f.maxDepth, maxPerftDepth)
		}
		return perftSuite(w, f.epd, f.maxDepth, f.chess960, count)
	}
	if set["max-depth"] {
		return usageErrorf(fs, "--max-depth needs --epd")
	}
	if !set["depth"] {
		return usageErrorf(fs, "--depth or --epd is required")
	}
	if f.depth < 1 || f.depth > maxPerftDepth {
		return usageErrorf(fs, "--depth %d is out of range, want 1 to %d", f.depth, maxPerftDepth)
	}
	parse := chess.ParseFEN
	if f.chess960 {
		parse = chess.ParseFEN960
	}
	p, err := parse(f.fen)
	if err != nil {
		return err
	}
	start := time.Now()
	var nodes uint64
	if f.divide {
		nodes = perftDivide(w, p, f.depth, count)
	} else {
		nodes = count(p, f.depth)
	}
	fmt.Fprintln(w, nodesLine(nodes, time.Since(start)))
	return nil
}

// perftDivide prints the count below each root move, sorted by the move's
// UCI text, and returns their sum.
func perftDivide(w io.Writer, p *chess.Position, depth int, count func(*chess.Position, int) uint64) uint64 {
	type divided struct {
		move  string
		nodes uint64
	}
	var ml chess.MoveList
	p.GenerateMoves(&ml, chess.AllMoves)
	lines := make([]divided, 0, ml.Len())
	var total uint64
	for _, m := range ml.Slice() {
		child := *p
		child.MakeMove(m)
		n := count(&child, depth-1)
		total += n
		lines = append(lines, divided{p.UCI(m), n})
	}
	slices.SortFunc(lines, func(a, b divided) int { return strings.Compare(a.move, b.move) })
	for _, l := range lines {
		fmt.Fprintf(w, "%s: %d\n", l.move, l.nodes)
	}
	return total
}

// nodesLine formats a node count with its time and speed:
// "nodes N time S nps X".
func nodesLine(nodes uint64, elapsed time.Duration) string {
	var nps uint64
	if elapsed > 0 {
		nps = uint64(float64(nodes) / elapsed.Seconds())
	}
	return fmt.Sprintf("nodes %d time %.3f nps %d", nodes, elapsed.Seconds(), nps)
}

// perftSuite checks every position of the suite in the file at path, at its
// deepest listed depth no deeper than maxDepth (0: no limit), printing one
// line per position and a summary. It returns an error if any position
// failed or the file could not be read.
func perftSuite(w io.Writer, path string, maxDepth int, chess960 bool, count func(*chess.Position, int) uint64) error {
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()

	var positions, passed, failed, skipped int
	var nodes uint64
	var searching time.Duration
	suite := chess.NewEPDReader(file)
	suite.Chess960 = chess960
	for {
		e, err := suite.Next()
		if err == io.EOF {
			break
		}
		var counts map[int]uint64
		var lineErr *chess.EPDError
		switch {
		case errors.As(err, &lineErr):
			positions++
			failed++
			fmt.Fprintf(w, "FAIL %s:%d: %v\n", path, lineErr.Line, lineErr.Err)
			continue
		case err != nil:
			return fmt.Errorf("%s: %v", path, err)
		}
		positions++
		if counts, err = e.PerftCounts(); err != nil {
			failed++
			fmt.Fprintf(w, "FAIL %s:%d: %v\n", path, e.Line, err)
			continue
		}
		depth := 0
		for d := range counts {
			if d > depth && (maxDepth == 0 || d <= maxDepth) {
				depth = d
			}
		}
		fen := e.Position.FEN()
		if depth == 0 {
			skipped++
			fmt.Fprintf(w, "skip %s  (no depth up to %d listed)\n", fen, maxDepth)
			continue
		}
		start := time.Now()
		got := count(e.Position, depth)
		searching += time.Since(start)
		nodes += got
		status := "ok  "
		if want := counts[depth]; got == want {
			passed++
		} else {
			failed++
			status = "FAIL"
		}
		fmt.Fprintf(w, "%s %s  depth %d  expected %d  got %d\n", status, fen, depth, counts[depth], got)
	}
	summary := fmt.Sprintf("positions %d passed %d failed %d", positions, passed, failed)
	if skipped > 0 {
		summary += fmt.Sprintf(" skipped %d", skipped)
	}
	fmt.Fprintf(w, "%s %s\n", summary, nodesLine(nodes, searching))
	if failed > 0 {
		return fmt.Errorf("%d of %d positions failed", failed, positions)
	}
	return nil
}

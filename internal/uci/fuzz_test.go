package uci

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// FuzzLoop feeds arbitrary input to a loop: it must not panic, must return
// once the input ends, must print exactly one bestmove per go but "go
// perft" (at most one once a quit may have dropped waiting commands), and
// must print only protocol lines (apart from "d", which draws the board).
func FuzzLoop(f *testing.F) {
	for _, seed := range []string{
		"uci\nisready\n",
		"position startpos moves e2e4 e7e5\ngo depth 3\n",
		"position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1b1\ngo wtime 100 btime 100 winc 1 binc 1\n",
		"go infinite\nstop\ngo ponder\nponderhit\n",
		"setoption name Move Overhead value 10\nsetoption name Level value max\nsetoption name Clear Hash\n",
		"position startpos moves e2e5\ngo depth x\nsetoption name Hash value 0\n",
		"go searchmoves e2e4 d2d4 depth 2 mate 1\nucinewgame\nd\n",
		"go perft 2\n",
		"go infinite\nposition fen 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1\ngo movetime 0\nisready\nstop\n",
		"position fen 8/8/8/8/8/8/8/8 w - - 0 1\ngo\ngo infinite\nquit\n",
		"go foo 3\ngo wtime abc\ngo searchmoves a1a1\ngo nodes 0 depth 0\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		gos, quits, drawn := 0, 0, false
		for line := range strings.Lines(in) {
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			switch f[0] {
			case "go":
				if len(f) > 1 && f[1] == "perft" {
					if n, err := strconv.Atoi(f[len(f)-1]); err == nil && n > 4 {
						return // a deep perft ends, but too late to wait for
					}
					continue
				}
				gos++
			case "quit":
				quits++
			case "d":
				drawn = true
			}
		}
		var out strings.Builder
		ctx, cancel := context.WithTimeout(t.Context(), timeout)
		defer cancel()
		if err := Run(ctx, strings.NewReader(in), &out, newFake()); err != nil {
			t.Fatalf("Run: %v", err)
		}
		bestmoves := 0
		for line := range strings.Lines(out.String()) {
			line = strings.TrimSuffix(line, "\n")
			if strings.HasPrefix(line, "bestmove ") {
				bestmoves++
			}
			if !drawn && !isProtocolLine(line) {
				t.Fatalf("output line %q is not UCI", line)
			}
		}
		if bestmoves > gos || (quits == 0 && bestmoves != gos) {
			t.Fatalf("%d bestmoves for %d go commands (and %d quits)", bestmoves, gos, quits)
		}
	})
}

// isProtocolLine reports whether an output line is one a UCI engine sends,
// or part of "go perft" output.
func isProtocolLine(line string) bool {
	for _, p := range []string{"id ", "option name ", "uciok", "readyok", "info ", "bestmove ", "Nodes searched: "} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	if line == "" {
		return true // around "Nodes searched"
	}
	move, n, ok := strings.Cut(line, ": ") // a perft divide line
	return ok && len(move) >= 4 && len(move) <= 5 && strings.Trim(n, "0123456789") == ""
}

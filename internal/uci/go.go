package uci

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// maxPerftDepth bounds "go perft": deeper trees take years.
const maxPerftDepth = 20

// goRequest is a parsed "go" command.
type goRequest struct {
	limits   engine.Limits
	infinite bool // print bestmove only after stop
	perft    int  // > 0: run perft to this depth instead of a search
	// noMoves is set when searchmoves listed moves but none of them is
	// legal: there is nothing to search.
	noMoves bool
	// untilStop is set when nothing limits the search (a bare "go"): it
	// runs until stop.
	untilStop bool
}

// parseGo parses the arguments of "go" for a search from pos (nil when
// there is no position) as a GUI means them, reading what it can: every
// go but a malformed "go perft" gets a search, so that the GUI gets its
// bestmove. It returns the request and what it had to ignore or correct,
// a sentence each, in plain words:
//
//   - a parameter without a number, with one that is not a whole number,
//     or that is not a go parameter at all, is ignored;
//   - depth, nodes, movetime or mate of 0 or less reads as 1: the least
//     search there is (depth 1), not none;
//   - a negative movestogo is ignored (0 means none, as in Stockfish); a
//     negative wtime, btime, winc or binc reads as 0 (some GUIs send the
//     time left after a flag fall), without a word;
//   - a number too large for its parameter reads as the largest it takes;
//   - an illegal move after searchmoves is ignored; if moves were listed
//     but none is legal, noMoves is set; "searchmoves" with no moves at
//     all restricts nothing;
//   - when the command asked for a limit (any parameter but infinite,
//     ponder and searchmoves) but what could be read leaves the side to
//     move's search without one (no depth, nodes, movetime, nor time or
//     increment for that side), it searches to depth 1 rather than until
//     "stop", which a GUI expecting a move would never send. A bare "go"
//     (or "go ponder", "go searchmoves ...") searches until stop, as in
//     Stockfish.
//
// Times are in milliseconds. The move overhead is subtracted from wtime,
// btime and movetime (each kept at 1ms at least, since 0 means none): it
// is the time the answer takes to reach the GUI. A malformed "go perft"
// (which is not a search and prints no bestmove, as in Stockfish) is
// returned as an error.
func parseGo(args []string, pos *chess.Position, overhead time.Duration) (goRequest, []string, error) {
	if slices.Index(args, "perft") == 0 {
		depth, err := parsePerft(args)
		return goRequest{perft: depth}, nil, err
	}
	var req goRequest
	lim := &req.limits
	var problems []string
	problem := func(format string, a ...any) { problems = append(problems, fmt.Sprintf(format, a...)) }
	var wtime, btime *time.Duration
	askedLimit := false // a limit was asked for, readable or not
	listed := false     // searchmoves named moves
	const maxMS = math.MaxInt64 / int64(time.Millisecond)
	for i := 0; i < len(args); i++ {
		key := args[i]
		// number reads the whole number after key, clamped to at most
		// most; ok is false (and the problem reported) when there is none.
		number := func(most int64) (n int64, ok bool) {
			if i+1 >= len(args) || isGoKeyword(args[i+1]) {
				problem("go %s: no number; ignored", key)
				return 0, false
			}
			i++
			n, err := strconv.ParseInt(args[i], 10, 64)
			if err != nil && !errors.Is(err, strconv.ErrRange) { // out of range: ±MaxInt64
				problem("go %s: %q is not a whole number; ignored", key, args[i])
				return 0, false
			}
			return min(n, most), true
		}
		// atLeastOne reads 0 or less as 1, the least search.
		atLeastOne := func(n int64) int64 {
			if n < 1 {
				problem("go %s %d: read as 1, the least search", key, n)
				return 1
			}
			return n
		}
		switch key {
		case "infinite":
			req.infinite = true
		case "ponder":
			lim.Ponder = true
		case "depth", "mate":
			askedLimit = true
			if n, ok := number(math.MaxInt32 / 2); ok {
				plies := atLeastOne(n)
				if key == "mate" { // mate in N moves: 2N-1 plies
					plies = 2*plies - 1
				}
				lim.Depth = minDepth(lim.Depth, int(plies))
			}
		case "nodes":
			askedLimit = true
			if n, ok := number(math.MaxInt64); ok {
				lim.Nodes = uint64(atLeastOne(n))
			}
		case "movetime":
			askedLimit = true
			if n, ok := number(maxMS); ok {
				lim.MoveTime = time.Duration(atLeastOne(n)) * time.Millisecond
			}
		case "wtime", "btime", "winc", "binc":
			askedLimit = true
			n, ok := number(maxMS)
			if !ok {
				continue
			}
			d := time.Duration(max(n, 0)) * time.Millisecond
			switch key {
			case "wtime":
				wtime = &d
			case "btime":
				btime = &d
			case "winc":
				lim.WInc = d
			case "binc":
				lim.BInc = d
			}
		case "movestogo":
			askedLimit = true
			if n, ok := number(math.MaxInt32); ok {
				if n < 0 {
					problem("go movestogo %d: ignored", n)
					n = 0
				}
				lim.MovesToGo = int(n)
			}
		case "searchmoves":
			before := i
			for i+1 < len(args) && !isGoKeyword(args[i+1]) {
				i++
				listed = true
				if pos == nil {
					continue
				}
				m, err := pos.ParseUCI(args[i])
				if err != nil {
					problem("go searchmoves: %s; ignored", plain(err))
					continue
				}
				if !slices.Contains(lim.SearchMoves, m) {
					lim.SearchMoves = append(lim.SearchMoves, m)
				}
			}
			if i == before {
				problem("go searchmoves: no moves listed; searching every move")
			}
		case "perft":
			skipped := skipValues(args, &i)
			problem("go %s: perft goes alone, as \"go perft N\"; ignored", strings.Join(append([]string{key}, skipped...), " "))
		default:
			askedLimit = true
			skipped := skipValues(args, &i)
			problem("go: %q is not a go parameter; ignored", strings.Join(append([]string{key}, skipped...), " "))
		}
	}
	if wtime != nil {
		lim.WTime = max(*wtime-overhead, time.Millisecond)
	}
	if btime != nil {
		lim.BTime = max(*btime-overhead, time.Millisecond)
	}
	if lim.MoveTime > 0 {
		lim.MoveTime = max(lim.MoveTime-overhead, time.Millisecond)
	}
	if pos == nil {
		return req, problems, nil
	}
	req.noMoves = listed && len(lim.SearchMoves) == 0
	clock, inc := lim.WTime, lim.WInc
	if pos.SideToMove() == chess.Black {
		clock, inc = lim.BTime, lim.BInc
	}
	bounded := lim.Depth > 0 || lim.Nodes > 0 || lim.MoveTime > 0 || clock > 0 || inc > 0
	if askedLimit && !bounded && !req.infinite {
		problem("go: nothing read limits a search for %v to move; searching to depth 1", pos.SideToMove())
		lim.Depth, bounded = 1, true
	}
	req.untilStop = !bounded
	return req, problems, nil
}

// parsePerft parses "perft N", the whole of a "go perft" command.
func parsePerft(args []string) (int, error) {
	if len(args) != 2 {
		return 0, errors.New(`go perft wants only "perft N"`)
	}
	n, err := strconv.Atoi(args[1])
	if err != nil {
		return 0, fmt.Errorf("go perft: %q is not a whole number", args[1])
	}
	if n < 1 || n > maxPerftDepth {
		return 0, fmt.Errorf("go perft: %d is out of range 1..%d", n, maxPerftDepth)
	}
	return n, nil
}

// skipValues advances *i past the arguments after args[*i] that are not go
// parameters, and returns them.
func skipValues(args []string, i *int) []string {
	start := *i + 1
	for *i+1 < len(args) && !isGoKeyword(args[*i+1]) {
		*i++
	}
	return args[start : *i+1]
}

// minDepth returns the smaller depth limit, 0 meaning none.
func minDepth(a, b int) int {
	if a == 0 {
		return b
	}
	return min(a, b)
}

// isGoKeyword reports whether s is a parameter of "go" (which ends a
// searchmoves list, or a value).
func isGoKeyword(s string) bool {
	switch s {
	case "infinite", "ponder", "depth", "mate", "nodes", "movetime", "wtime", "btime",
		"winc", "binc", "movestogo", "searchmoves", "perft":
		return true
	}
	return false
}

// plain returns err's text for a person: without the "chess: " with which
// the rules library starts its errors.
func plain(err error) string {
	return strings.TrimPrefix(err.Error(), "chess: ")
}

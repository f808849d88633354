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
	p := goParser{args: args, pos: pos}
	for p.i = 0; p.i < len(args); p.i++ {
		p.param(args[p.i])
	}
	p.subtractOverhead(overhead)
	if pos != nil {
		p.bound()
	}
	return p.req, p.problems, nil
}

// goParser reads the arguments of "go" a parameter at a time, for parseGo.
type goParser struct {
	args     []string
	i        int             // the index in args of the parameter being read
	pos      *chess.Position // nil when there is no position
	req      goRequest
	problems []string
	// wtime and btime are the clocks as given (nil when not given), before
	// the move overhead is subtracted.
	wtime, btime *time.Duration
	askedLimit   bool // a limit was asked for, readable or not
	listed       bool // searchmoves named moves
}

// maxMS is the most milliseconds a time.Duration holds.
const maxMS = math.MaxInt64 / int64(time.Millisecond)

// problem records what the parser had to ignore or correct.
func (p *goParser) problem(format string, a ...any) {
	p.problems = append(p.problems, fmt.Sprintf(format, a...))
}

// param reads the parameter key (args[p.i]) and its values, leaving p.i
// at its last value.
func (p *goParser) param(key string) {
	lim := &p.req.limits
	switch key {
	case "infinite":
		p.req.infinite = true
	case "ponder":
		lim.Ponder = true
	case "depth", "mate":
		p.askedLimit = true
		if n, ok := p.number(key, math.MaxInt32/2); ok {
			plies := p.atLeastOne(key, n)
			if key == "mate" { // mate in N moves: 2N-1 plies
				plies = 2*plies - 1
			}
			lim.Depth = minDepth(lim.Depth, int(plies))
		}
	case "nodes":
		p.askedLimit = true
		if n, ok := p.number(key, math.MaxInt64); ok {
			lim.Nodes = uint64(p.atLeastOne(key, n))
		}
	case "movetime":
		p.askedLimit = true
		if n, ok := p.number(key, maxMS); ok {
			lim.MoveTime = time.Duration(p.atLeastOne(key, n)) * time.Millisecond
		}
	case "wtime", "btime", "winc", "binc":
		p.askedLimit = true
		p.clock(key)
	case "movestogo":
		p.askedLimit = true
		if n, ok := p.number(key, math.MaxInt32); ok {
			if n < 0 {
				p.problem("go movestogo %d: ignored", n)
				n = 0
			}
			lim.MovesToGo = int(n)
		}
	case "searchmoves":
		p.searchMoves()
	case "perft":
		skipped := skipValues(p.args, &p.i)
		p.problem("go %s: perft goes alone, as \"go perft N\"; ignored", strings.Join(append([]string{key}, skipped...), " "))
	default:
		p.askedLimit = true
		skipped := skipValues(p.args, &p.i)
		p.problem("go: %q is not a go parameter; ignored", strings.Join(append([]string{key}, skipped...), " "))
	}
}

// number reads the whole number after key, clamped to at most most; ok is
// false (and the problem reported) when there is none.
func (p *goParser) number(key string, most int64) (n int64, ok bool) {
	if p.i+1 >= len(p.args) || isGoKeyword(p.args[p.i+1]) {
		p.problem("go %s: no number; ignored", key)
		return 0, false
	}
	p.i++
	n, err := strconv.ParseInt(p.args[p.i], 10, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) { // out of range: ±MaxInt64
		p.problem("go %s: %q is not a whole number; ignored", key, p.args[p.i])
		return 0, false
	}
	return min(n, most), true
}

// atLeastOne reads n, key's value, of 0 or less as 1, the least search.
func (p *goParser) atLeastOne(key string, n int64) int64 {
	if n < 1 {
		p.problem("go %s %d: read as 1, the least search", key, n)
		return 1
	}
	return n
}

// clock reads the time or increment key (wtime, btime, winc or binc); a
// negative one reads as 0.
func (p *goParser) clock(key string) {
	n, ok := p.number(key, maxMS)
	if !ok {
		return
	}
	d := time.Duration(max(n, 0)) * time.Millisecond
	switch key {
	case "wtime":
		p.wtime = &d
	case "btime":
		p.btime = &d
	case "winc":
		p.req.limits.WInc = d
	case "binc":
		p.req.limits.BInc = d
	}
}

// searchMoves reads the moves after "searchmoves", each legal one once.
func (p *goParser) searchMoves() {
	lim := &p.req.limits
	before := p.i
	for p.i+1 < len(p.args) && !isGoKeyword(p.args[p.i+1]) {
		p.i++
		p.listed = true
		if p.pos == nil {
			continue
		}
		m, err := p.pos.ParseUCI(p.args[p.i])
		if err != nil {
			p.problem("go searchmoves: %s; ignored", plain(err))
			continue
		}
		if !slices.Contains(lim.SearchMoves, m) {
			lim.SearchMoves = append(lim.SearchMoves, m)
		}
	}
	if p.i == before {
		p.problem("go searchmoves: no moves listed; searching every move")
	}
}

// subtractOverhead sets the clocks read and takes the move overhead from
// them and from the move time, keeping each at 1ms at least.
func (p *goParser) subtractOverhead(overhead time.Duration) {
	lim := &p.req.limits
	if p.wtime != nil {
		lim.WTime = max(*p.wtime-overhead, time.Millisecond)
	}
	if p.btime != nil {
		lim.BTime = max(*p.btime-overhead, time.Millisecond)
	}
	if lim.MoveTime > 0 {
		lim.MoveTime = max(lim.MoveTime-overhead, time.Millisecond)
	}
}

// bound settles, once every parameter is read, whether the search from
// p.pos has moves to search and a limit: a search that asked for a limit
// but has none readable for the side to move goes to depth 1; one that
// asked for none runs until stop.
func (p *goParser) bound() {
	lim := &p.req.limits
	p.req.noMoves = p.listed && len(lim.SearchMoves) == 0
	clock, inc := lim.WTime, lim.WInc
	if p.pos.SideToMove() == chess.Black {
		clock, inc = lim.BTime, lim.BInc
	}
	bounded := lim.Depth > 0 || lim.Nodes > 0 || lim.MoveTime > 0 || clock > 0 || inc > 0
	if p.askedLimit && !bounded && !p.req.infinite {
		p.problem("go: nothing read limits a search for %v to move; searching to depth 1", p.pos.SideToMove())
		lim.Depth, bounded = 1, true
	}
	p.req.untilStop = !bounded
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

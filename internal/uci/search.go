package uci

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
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
}

// goCommand runs "go". A malformed command is rejected whole, leaving a
// running search alone; a good one stops a running search first.
func (l *Loop) goCommand(args []string) error {
	req, err := parseGo(args, l.pos, time.Duration(l.opts.moveOverhead)*time.Millisecond)
	if err != nil {
		return err
	}
	l.stop()
	pos := *l.pos
	if req.perft > 0 {
		l.start(&job{}, func(ctx context.Context, _ *job) { l.perft(ctx, &pos, req.perft) })
		return nil
	}
	req.limits.MultiPV = l.opts.multiPV
	params := engine.Params{
		Position: &pos,
		History:  slices.Clone(l.history),
		Limits:   req.limits,
		Level:    l.level(),
		Progress: func(i engine.Info) { l.send(formatInfo(i)) },
	}
	lim := req.limits
	unlimited := lim.Depth == 0 && lim.Nodes == 0 && lim.MoveTime == 0 && lim.WTime == 0 && lim.BTime == 0
	l.start(&job{infinite: req.infinite, pondering: lim.Ponder, unlimited: unlimited}, func(ctx context.Context, j *job) {
		res := l.eng.Search(ctx, params)
		<-j.release // until stop, or ponderhit, for infinite and ponder searches
		l.send(formatBestMove(&pos, res))
	})
	return nil
}

// parseGo parses the arguments of "go" for a search from pos. Times are in
// milliseconds. The move overhead is subtracted from wtime and btime (each
// kept at least 1ms), not from movetime, which the GUI sets knowingly.
func parseGo(args []string, pos *chess.Position, overhead time.Duration) (goRequest, error) {
	var req goRequest
	lim := &req.limits
	var wtime, btime *time.Duration
	for i := 0; i < len(args); i++ {
		key := args[i]
		// next parses the number after key, in min..max.
		next := func(min, max int64) (int64, error) {
			if i+1 >= len(args) {
				return 0, fmt.Errorf("go %s: missing number", key)
			}
			i++
			n, err := strconv.ParseInt(args[i], 10, 64)
			if err != nil {
				return 0, fmt.Errorf("go %s: %q is not an integer", key, args[i])
			}
			if n < min || n > max {
				return 0, fmt.Errorf("go %s: %d is out of range %d..%d", key, n, min, max)
			}
			return n, nil
		}
		const maxMS = math.MaxInt64 / int64(time.Millisecond)
		var n int64
		var err error
		switch key {
		case "infinite":
			req.infinite = true
		case "ponder":
			lim.Ponder = true
		case "depth":
			n, err = next(1, math.MaxInt32)
			lim.Depth = minDepth(lim.Depth, int(n))
		case "mate":
			n, err = next(1, math.MaxInt32/2)
			lim.Depth = minDepth(lim.Depth, int(2*n-1))
		case "nodes":
			n, err = next(1, math.MaxInt64)
			lim.Nodes = uint64(n)
		case "movetime":
			n, err = next(1, maxMS)
			lim.MoveTime = time.Duration(n) * time.Millisecond
		case "wtime", "btime":
			// Negative: some GUIs send the time left after a flag fall.
			n, err = next(-maxMS, maxMS)
			d := time.Duration(max(n, 0)) * time.Millisecond
			if key == "wtime" {
				wtime = &d
			} else {
				btime = &d
			}
		case "winc":
			n, err = next(-maxMS, maxMS)
			lim.WInc = time.Duration(max(n, 0)) * time.Millisecond
		case "binc":
			n, err = next(-maxMS, maxMS)
			lim.BInc = time.Duration(max(n, 0)) * time.Millisecond
		case "movestogo":
			n, err = next(0, math.MaxInt32)
			lim.MovesToGo = int(n)
		case "searchmoves":
			for i+1 < len(args) && !isGoKeyword(args[i+1]) {
				i++
				m, err := parseMove(pos, args[i])
				if err != nil {
					return goRequest{}, fmt.Errorf("go searchmoves: %w", err)
				}
				lim.SearchMoves = append(lim.SearchMoves, m)
			}
			if len(lim.SearchMoves) == 0 {
				return goRequest{}, errors.New("go searchmoves: no moves")
			}
		case "perft":
			if len(args) != 2 {
				return goRequest{}, errors.New(`go perft wants only "perft N"`)
			}
			n, err = next(1, maxPerftDepth)
			req.perft = int(n)
		default:
			return goRequest{}, fmt.Errorf("go: unknown parameter %q", key)
		}
		if err != nil {
			return goRequest{}, err
		}
	}
	// The clock the engine sees is what is left once the overhead (GUI and
	// transmission lag) is paid; 1ms at least, since 0 means "no clock".
	if wtime != nil {
		lim.WTime = max(*wtime-overhead, time.Millisecond)
	}
	if btime != nil {
		lim.BTime = max(*btime-overhead, time.Millisecond)
	}
	return req, nil
}

// minDepth returns the smaller depth limit, 0 meaning none.
func minDepth(a, b int) int {
	if a == 0 {
		return b
	}
	return min(a, b)
}

// isGoKeyword reports whether s is a parameter of "go" (which ends a
// searchmoves list).
func isGoKeyword(s string) bool {
	switch s {
	case "infinite", "ponder", "depth", "mate", "nodes", "movetime", "wtime", "btime",
		"winc", "binc", "movestogo", "searchmoves", "perft":
		return true
	}
	return false
}

// job is a search (or perft) running on its own goroutine.
//
// Lock rule: pondering belongs to the input loop; the other fields are set
// before the goroutine starts and not changed.
type job struct {
	infinite  bool // "go infinite"
	pondering bool // "go ponder", until ponderhit
	unlimited bool // no depth, nodes, time or clock: runs until stopped

	cancel context.CancelFunc
	done   chan struct{} // closed when the goroutine has printed its last line
	// release is closed when the bestmove may be printed: at once unless
	// infinite or pondering; on stop for infinite searches; on stop or
	// ponderhit for pondering ones.
	release     chan struct{}
	releaseOnce sync.Once
}

func (j *job) releaseBestMove() { j.releaseOnce.Do(func() { close(j.release) }) }

// start runs fn on a new goroutine as the current job j (whose infinite,
// pondering and unlimited are set), with a context that stop cancels. The
// loop must have no running job.
func (l *Loop) start(j *job, fn func(ctx context.Context, j *job)) {
	ctx, cancel := context.WithCancel(context.Background())
	j.cancel = cancel
	j.done = make(chan struct{})
	j.release = make(chan struct{})
	if !j.infinite && !j.pondering {
		j.releaseBestMove()
	}
	l.job = j
	go func() {
		defer close(j.done)
		defer cancel()
		fn(ctx, j)
	}()
}

// stop stops the current job, if any, and waits until it has printed its
// bestmove.
func (l *Loop) stop() {
	j := l.job
	if j == nil {
		return
	}
	j.releaseBestMove()
	j.cancel()
	<-j.done
	l.job = nil
}

// ponderHit runs "ponderhit": the pondering search goes on under its clock
// limits, or, if it has ended already, its bestmove is printed now.
func (l *Loop) ponderHit() {
	j := l.job
	if j == nil || !j.pondering {
		return
	}
	j.pondering = false
	l.eng.PonderHit()
	if !j.infinite {
		j.releaseBestMove()
	}
}

// finish ends the session at the end of the input: a job with limits may
// finish, an infinite, pondering or unlimited one is stopped. A cancelled
// ctx stops it too and is returned.
func (l *Loop) finish(ctx context.Context) error {
	j := l.job
	if j == nil {
		return nil
	}
	if j.infinite || j.pondering || j.unlimited {
		l.stop()
		return nil
	}
	select {
	case <-j.done:
		l.job = nil
		return nil
	case <-ctx.Done():
		l.stop()
		return ctx.Err()
	}
}

// perft prints, like Stockfish's "go perft", each root move with the number
// of leaves below it, then the total. Cancelling ctx stops it.
func (l *Loop) perft(ctx context.Context, pos *chess.Position, depth int) {
	var total uint64
	for _, m := range pos.LegalMoves() {
		child := *pos
		child.MakeMove(m)
		n, ok := perft(ctx, &child, depth-1)
		if !ok {
			l.send("info string perft stopped")
			return
		}
		total += n
		l.send(fmt.Sprintf("%v: %d", m, n))
	}
	l.send(fmt.Sprintf("\nNodes searched: %d\n", total))
}

// perft is chess.Perft that stops, returning false, when ctx is cancelled.
// It checks ctx only above the last plies, where nodes are few.
func perft(ctx context.Context, pos *chess.Position, depth int) (uint64, bool) {
	const unchecked = 3 // a subtree this deep takes well under a millisecond
	if depth <= unchecked {
		return chess.Perft(pos, depth), ctx.Err() == nil
	}
	if ctx.Err() != nil {
		return 0, false
	}
	var total uint64
	for _, m := range pos.LegalMoves() {
		child := *pos
		child.MakeMove(m)
		n, ok := perft(ctx, &child, depth-1)
		if !ok {
			return 0, false
		}
		total += n
	}
	return total, true
}

// formatInfo returns the "info" line of i.
func formatInfo(i engine.Info) string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv %d score %s",
		i.Depth, i.SelDepth, max(i.MultiPV, 1), i.Score.UCI())
	switch i.Bound {
	case engine.Lower:
		b.WriteString(" lowerbound")
	case engine.Upper:
		b.WriteString(" upperbound")
	}
	fmt.Fprintf(&b, " nodes %d nps %d hashfull %d time %d", i.Nodes, i.NPS, i.Hashfull, i.Time.Milliseconds())
	if len(i.PV) > 0 {
		b.WriteString(" pv")
		for _, m := range i.PV {
			b.WriteString(" " + m.String())
		}
	}
	return b.String()
}

// formatBestMove returns the "bestmove" line of a search from pos. The
// ponder move is res.PonderMove, or else the second move of a PV that
// starts with the best move; it is given only if legal after the best move.
func formatBestMove(pos *chess.Position, res engine.Result) string {
	s := "bestmove " + res.BestMove.String()
	ponder := res.PonderMove
	if ponder == chess.NoMove && len(res.PV) >= 2 && res.PV[0] == res.BestMove {
		ponder = res.PV[1]
	}
	if ponder == chess.NoMove || res.BestMove == chess.NoMove || !pos.IsLegal(res.BestMove) {
		return s
	}
	child := *pos
	child.MakeMove(res.BestMove)
	if child.IsLegal(ponder) {
		s += " ponder " + ponder.String()
	}
	return s
}

// board returns the output of "d": the board, its hash and the checkers.
func board(pos *chess.Position) string {
	var checkers []string
	for bb := pos.Checkers(); bb != 0; {
		checkers = append(checkers, bb.PopFirst().String())
	}
	return fmt.Sprintf("%v\nKey: %016X\nCheckers: %s", pos, pos.Hash(), strings.Join(checkers, " "))
}

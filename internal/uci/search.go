package uci

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// goCommand runs "go": it parses the command leniently (parseGo), reports
// what it had to ignore or correct as "info string warning" lines, and
// starts a job that prints exactly one bestmove (none for "go perft"):
//
//   - with no position (the last "position" was rejected): an "info string
//     error" and "bestmove 0000";
//   - in a finished position (checkmate or stalemate): "info depth 0 score
//     mate 0" (or "cp 0") and "bestmove (none)", as Stockfish answers;
//   - when searchmoves listed only illegal moves: an "info string error"
//     and "bestmove 0000";
//   - otherwise a search, then "bestmove X [ponder Y]".
//
// Only a malformed "go perft" is rejected: it starts nothing. The loop
// calls goCommand only when no job is running.
func (l *Loop) goCommand(args []string) error {
	req, problems, err := parseGo(args, l.pos, time.Duration(l.opts.moveOverhead)*time.Millisecond)
	if err != nil {
		return err
	}
	for _, p := range problems {
		l.send("info string warning: " + p)
	}
	if req.perft > 0 {
		if l.pos == nil {
			return l.noPosition
		}
		pos := *l.pos
		l.start(&job{}, func(ctx context.Context, _ *job) { l.perft(ctx, &pos, req.perft) })
		return nil
	}
	lim := req.limits
	answer := &job{infinite: req.infinite, pondering: lim.Ponder}
	switch {
	case l.pos == nil:
		l.send("info string error: " + l.noPosition.Error())
		l.answer(answer, "bestmove 0000")
		return nil
	case len(l.pos.LegalMoves()) == 0:
		score := "cp 0"
		if l.pos.InCheck() {
			score = "mate 0"
		}
		l.send("info depth 0 score " + score)
		l.answer(answer, "bestmove (none)")
		return nil
	case req.noMoves:
		l.send("info string error: go searchmoves: none of the moves listed is legal; nothing to search")
		l.answer(answer, "bestmove 0000")
		return nil
	}
	lim.MultiPV = l.opts.multiPV
	pos := *l.pos
	params := engine.Params{
		Position: &pos,
		History:  slices.Clone(l.history),
		Limits:   lim,
		Level:    l.level(),
		Progress: func(i engine.Info) { l.send(formatInfo(&pos, i)) },
	}
	l.start(&job{infinite: req.infinite, pondering: lim.Ponder, unlimited: req.untilStop, search: true}, func(ctx context.Context, j *job) {
		res := l.eng.Search(ctx, params)
		<-j.release // until stop, or ponderhit, for infinite and ponder searches
		l.send(formatBestMove(&pos, res))
	})
	return nil
}

// answer starts j as a job that searches nothing and prints bestmove, a
// "bestmove" line, when it may: at once, or for an infinite or pondering
// go, after stop (or ponderhit).
func (l *Loop) answer(j *job, bestmove string) {
	l.start(j, func(_ context.Context, j *job) {
		<-j.release
		l.send(bestmove)
	})
}

// job is a search (or perft) running on its own goroutine.
//
// Lock rule: pondering belongs to the input loop; the other fields are set
// before the goroutine starts and not changed.
type job struct {
	infinite  bool // "go infinite"
	pondering bool // "go ponder", until ponderhit
	unlimited bool // no depth, nodes, time or clock: runs until stopped
	search    bool // runs Searcher.Search, which ponderhit concerns

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
	if j.search {
		l.eng.PonderHit()
	}
	if !j.infinite {
		j.releaseBestMove()
	}
}

// finish ends the session at the end of the input: a job with limits may
// finish, an infinite, pondering or unlimited one is stopped, and then the
// commands waiting for it run, until no job and no command is left. A
// cancelled ctx stops the job too and is returned, as is a write error.
func (l *Loop) finish(ctx context.Context) error {
	for {
		if j := l.job; j != nil && !j.infinite && !j.pondering && !j.unlimited {
			select {
			case <-j.done:
			case <-ctx.Done():
				l.abort()
				return ctx.Err()
			}
		}
		l.stop()
		if len(l.waiting) == 0 {
			return nil
		}
		l.runWaiting()
		if err := l.writeErr(); err != nil {
			l.abort()
			return err
		}
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

// formatInfo returns the "info" line of i, from a search of pos (whose
// moves it writes as pos.UCI does: e1h1 for castling in Chess960).
func formatInfo(pos *chess.Position, i engine.Info) string {
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
		for _, m := range uciLine(pos, i.PV) {
			b.WriteString(" " + m)
		}
	}
	return b.String()
}

// uciLine returns the moves of line, played from pos, as pos.UCI writes
// each in its position; it stops at a move that is not legal (none is, in
// the engine's lines).
func uciLine(pos *chess.Position, line []chess.Move) []string {
	p := *pos
	out := make([]string, 0, len(line))
	for _, m := range line {
		if !p.IsLegal(m) {
			break
		}
		out = append(out, p.UCI(m))
		p.MakeMove(m)
	}
	return out
}

// formatBestMove returns the "bestmove" line of a search from pos. The
// ponder move is res.PonderMove, or else the second move of a PV that
// starts with the best move; it is given only if legal after the best move.
func formatBestMove(pos *chess.Position, res engine.Result) string {
	s := "bestmove " + res.BestMove.String()
	if res.BestMove != chess.NoMove && pos.IsLegal(res.BestMove) {
		s = "bestmove " + pos.UCI(res.BestMove)
	}
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
		s += " ponder " + child.UCI(ponder)
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

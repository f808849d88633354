package sched

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// ErrClosed is Search's error when the scheduler is closed before the
// search's result comes.
var ErrClosed = errors.New("sched: the scheduler is closed")

// Search runs a search of params on s, as a job of kind for client who,
// and waits for its result: the one way to run a search on the scheduler
// (the web server's hints, draw judgements, reviews and analyses; the
// terminal game's moves, draw judgements and reviews).
//
// When ctx ends while an engine runs the search, the search stops and
// Search returns its result so far (depth 1 always completes, so it has a
// move when the position has one). When ctx ends while the search waits
// for an engine (not yet started, or an analysis waiting to go on after
// yielding), the job is dropped and Search returns ctx's error at once.
// It returns ErrClosed when s is closed first.
//
// A search of kind Analysis or Explain yields to games' moves (see the
// package doc): it is queued again and goes on with the time it has left,
// params.Progress receiving only depths it has not received. A search of
// another kind that the scheduler cuts short returns its result so far.
func (s *Scheduler) Search(ctx context.Context, who Client, kind Kind, params engine.Params) (engine.Result, error) {
	j := &searchJob{kind: kind, ctx: ctx, params: params, result: make(chan engine.Result, 1)}
	if !s.Submit(who, j) {
		return engine.Result{}, ErrClosed
	}
	select {
	case res := <-j.result:
		return res, nil
	case <-s.closing:
		return engine.Result{}, ErrClosed
	case <-ctx.Done():
	}
	if j.drop() {
		return engine.Result{}, ctx.Err()
	}
	select { // an engine runs it: it stops now
	case res := <-j.result:
		return res, nil
	case <-s.closing:
		return engine.Result{}, ErrClosed
	}
}

// searchJob is the job of a Search.
type searchJob struct {
	kind   Kind
	ctx    context.Context // Search's: the search ends with it
	params engine.Params
	result chan engine.Result // buffered (1): receives the result, once

	mu      sync.Mutex
	running bool // an engine runs the job now
	dropped bool // no engine is to run it (ctx ended while it waited)

	// Carried across the yields of an analysis (Run is never called
	// twice at once):
	used  time.Duration // search time spent in earlier runs
	nodes uint64        // nodes searched in earlier runs
	best  engine.Result // the deepest result of an earlier run
	shown int           // the deepest depth whose progress was shown
}

func (j *searchJob) Kind() Kind { return j.kind }

// start marks the job running, unless it is dropped or its context has
// ended (then it is dropped: Search is not waiting for its result).
func (j *searchJob) start() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.dropped || j.ctx.Err() != nil {
		j.dropped = true
		return false
	}
	j.running = true
	return true
}

// pause marks the job waiting again, after a yield.
func (j *searchJob) pause() {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.running = false
}

// drop drops the job unless an engine runs it now; it reports whether it
// did.
func (j *searchJob) drop() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.running {
		return false
	}
	j.dropped = true
	return true
}

func (j *searchJob) Run(runCtx context.Context, eng *engine.Engine) (again bool) {
	if !j.start() {
		return false
	}
	ctx, cancel := context.WithCancel(j.ctx)
	defer cancel()
	defer context.AfterFunc(runCtx, cancel)()
	p := j.params
	if p.Limits.MoveTime > 0 {
		p.Limits.MoveTime -= j.used
	}
	if progress, shown := p.Progress, j.shown; progress != nil {
		p.Progress = func(info engine.Info) {
			if info.Depth > shown {
				j.shown = max(j.shown, info.Depth)
				progress(info)
			}
		}
	}
	res := eng.Search(ctx, p)
	j.used += res.Time
	j.nodes += res.Nodes
	if res.BestMove != chess.NoMove && res.Depth >= j.best.Depth {
		j.best = res
	}
	depthDone := p.Limits.Depth > 0 && j.best.Depth >= p.Limits.Depth
	timeLeft := p.Limits.MoveTime == 0 || j.used < j.params.Limits.MoveTime
	if runCtx.Err() != nil && j.ctx.Err() == nil && j.kind.class() == studyClass && !depthDone && timeLeft {
		j.pause()
		return true // made to yield: go on later
	}
	if j.best.BestMove == chess.NoMove {
		j.best = res
	}
	j.best.Nodes, j.best.Time = j.nodes, j.used
	j.result <- j.best
	return false
}

// Searcher runs searches of one kind for one client on a scheduler, with
// Search. Its Search method is a review.Searcher; Mover makes it a
// play.Searcher.
type Searcher struct {
	s    *Scheduler
	who  Client
	kind Kind
}

// Searcher returns the Searcher of searches of kind for client who on s.
func (s *Scheduler) Searcher(who Client, kind Kind) Searcher {
	return Searcher{s: s, who: who, kind: kind}
}

// Search runs a search of p with Scheduler.Search.
func (sr Searcher) Search(ctx context.Context, p engine.Params) (engine.Result, error) {
	return sr.s.Search(ctx, sr.who, sr.kind, p)
}

// Mover returns sr as a play.Searcher, for play.Game.MoveAI.
func (sr Searcher) Mover() Mover { return Mover{sr} }

// Mover is a Searcher in the shape of play.Searcher: a search that fails
// returns a Result without a move (play.Game.MoveAI then reports ctx's
// error, or play.ErrNoMove).
type Mover struct{ sr Searcher }

// Search runs a search of p with Scheduler.Search; it returns the zero
// Result when Scheduler.Search fails.
func (m Mover) Search(ctx context.Context, p engine.Params) engine.Result {
	res, err := m.sr.Search(ctx, p)
	if err != nil {
		return engine.Result{}
	}
	return res
}

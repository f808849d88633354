package server

import (
	"context"
	"net/http"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/sched"
)

// This file is the server's side of the scheduler (package sched), which
// runs all of this process's engine work: the jobs the server gives it,
// and the functions that queue them and wait.

// searchJob is a search a request waits for: a hint, a draw offer's
// judgement, a position of a review, a live analysis. A live analysis
// yields to games' moves (see sched): it is queued again and goes on with
// the time it has left, its progress showing only depths it had not shown.
type searchJob struct {
	kind   sched.Kind
	ctx    context.Context // the request's: the search ends with it
	params engine.Params
	result chan engine.Result // buffered (1): receives the result, or is closed

	// Carried across the yields of an analysis (Run is never called
	// twice at once):
	used  time.Duration // search time spent in earlier runs
	nodes uint64        // nodes searched in earlier runs
	best  engine.Result // the deepest result of an earlier run
	shown int           // the deepest depth whose progress was shown
}

func (j *searchJob) Kind() sched.Kind { return j.kind }

func (j *searchJob) Run(runCtx context.Context, eng *engine.Engine) (again bool) {
	if j.ctx.Err() != nil {
		close(j.result)
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
	if runCtx.Err() != nil && j.ctx.Err() == nil && !depthDone && timeLeft {
		return true // made to yield: go on later
	}
	if j.best.BestMove == chess.NoMove {
		j.best = res
	}
	j.best.Nodes, j.best.Time = j.nodes, j.used
	j.result <- j.best
	return false
}

// searchOnPool runs a search of params, a job of kind for client who, on
// the scheduler and waits for its result. It fails when ctx ends or the
// server shuts down first.
func (srv *Server) searchOnPool(ctx context.Context, who client, kind sched.Kind, params engine.Params) (engine.Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(srv.ctx, cancel)
	defer stop()
	job := &searchJob{kind: kind, ctx: ctx, result: make(chan engine.Result, 1), params: params}
	if !srv.pool.Submit(sched.Client(who), job) {
		return engine.Result{}, codef(http.StatusServiceUnavailable, "shutting_down", nil, "the server is shutting down")
	}
	var res engine.Result
	var ok bool
	select {
	case res, ok = <-job.result:
	case <-ctx.Done():
	}
	if !ok || res.BestMove == chess.NoMove {
		if srv.ctx.Err() != nil {
			return engine.Result{}, codef(http.StatusServiceUnavailable, "shutting_down", nil, "the server is shutting down")
		}
		return engine.Result{}, codef(http.StatusServiceUnavailable, "cancelled", nil, "the search was cancelled")
	}
	return res, nil
}

// funcJob is the explorer's work, given as a function of a context. It
// yields to games' moves (see sched): f is then called again from the
// start, so it must set its results anew at each call. done is closed
// once f has run to its end, or will not run.
type funcJob struct {
	ctx  context.Context // the request's, with its limit
	f    func(ctx context.Context)
	done chan struct{}
}

func (*funcJob) Kind() sched.Kind { return sched.Explain }

func (j *funcJob) Run(runCtx context.Context, _ *engine.Engine) (again bool) {
	if j.ctx.Err() == nil {
		ctx, cancel := context.WithCancel(j.ctx)
		defer cancel()
		defer context.AfterFunc(runCtx, cancel)()
		j.f(ctx)
		if runCtx.Err() != nil && j.ctx.Err() == nil {
			return true
		}
	}
	close(j.done)
	return false
}

// onWorker runs f on the scheduler, as explain work of r's client, and
// waits for it to return. f's context ends with the request, at shutdown,
// after limit, or when it yields to a game's move (f is then called again
// later); f is not run when the context ended before an engine took the
// job. The error, when the context ended, is an apiError: 503 when the
// server is shutting down or the engines were busy for longer than limit.
func (srv *Server) onWorker(r *http.Request, limit time.Duration, f func(ctx context.Context)) error {
	ctx, cancel := context.WithTimeout(r.Context(), limit)
	defer cancel()
	stop := context.AfterFunc(srv.ctx, cancel)
	defer stop()
	job := &funcJob{ctx: ctx, f: f, done: make(chan struct{})}
	if srv.pool.Submit(sched.Client(srv.clientOf(r)), job) {
		select {
		case <-job.done:
		case <-ctx.Done():
		}
	}
	switch {
	case srv.ctx.Err() != nil || !srv.pool.Open():
		return codef(http.StatusServiceUnavailable, "shutting_down", nil, "the server is shutting down")
	case r.Context().Err() != nil:
		return r.Context().Err()
	case ctx.Err() != nil:
		return errorf(http.StatusServiceUnavailable, "the engines are all busy: try again in a moment")
	}
	return nil
}

// onStart returns what each engine's goroutine runs first: with nice > 0,
// lowering its thread's priority to nice (best effort: a failure leaves
// the priority as it was; see lowerPriority); else nothing.
func onStart(nice int) func() {
	if nice <= 0 {
		return nil
	}
	return func() { _ = lowerPriority(nice) }
}

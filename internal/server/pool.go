package server

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/sched"
)

// This file is the server's side of the scheduler (package sched), which
// runs all of this process's engine work: the searches a request waits for
// (sched.Scheduler.Search), the explorer's work, and the functions that
// queue them and wait.

// searchOnPool runs a search of params, a job of kind for client who, on
// the scheduler and waits for its result (sched.Scheduler.Search: an
// analysis yields to games' moves). It fails when ctx ends or the server
// shuts down first.
func (srv *Server) searchOnPool(ctx context.Context, who client, kind sched.Kind, params engine.Params) (engine.Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(srv.ctx, cancel)
	defer stop()
	res, err := srv.pool.Search(ctx, sched.Client(who), kind, params)
	if err != nil || ctx.Err() != nil || res.BestMove == chess.NoMove {
		if errors.Is(err, sched.ErrClosed) || srv.ctx.Err() != nil {
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

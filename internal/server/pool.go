package server

import (
	"context"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/outpost-chess/outpost/internal/engine"
)

// job is one piece of work for the pool: an AI move of a game, or a hint.
type job interface {
	// run does the work on a worker's engine. It is called on the worker's
	// goroutine, never on an HTTP goroutine.
	run(eng *engine.Engine)
}

// preemptible is a job that can be told to finish early: an AI move,
// which then plays the best move its search has found so far.
type preemptible interface {
	preempt()
}

// pool runs jobs on a fixed number of workers, each owning one engine (and
// so one hash table), and shares them fairly between clients (see
// client.go):
//
//   - Each client has a FIFO queue of its own, and a free worker takes the
//     oldest job of the next client in turn (round robin), so a client with
//     many jobs waiting (thirty AI-against-AI games) does not hold up
//     another's next job behind all of them.
//   - A client's fair share is the workers divided by the clients that have
//     work running or waiting (at least one). When a job is queued and no
//     worker is free, the newest running AI move of a client over its share
//     is cut short: it plays the best move its search has found so far, and
//     its worker takes the next job in turn. So another client's job waits
//     for a worker at most a moment, not a whole search.
//
// Fairness across the games of one client comes from the callers: a game
// puts at most one AI move in the queue at a time, and puts its next one at
// the back.
type pool struct {
	workers int

	mu   sync.Mutex
	cond *sync.Cond // signalled when a job is queued or closed is set; uses mu
	// Guarded by mu:
	// queues holds each client's waiting jobs, oldest first; turn the
	// clients that have some, the next to be served first. A client is in
	// turn exactly when its queue is not empty.
	queues map[client][]job
	turn   []client
	// waiting counts the jobs in queues; idle the workers waiting for one.
	waiting, idle int
	// busy holds each client's running jobs, oldest first.
	busy map[client][]*runningJob
	// closed is set by close; workers return once it is.
	closed bool

	wg      sync.WaitGroup // the workers
	running atomic.Int32   // jobs running now
	peak    atomic.Int32   // the most jobs ever running at once (for tests)
	done    atomic.Int64   // jobs finished (for tests)
	cut     atomic.Int64   // jobs preempted (for tests)
}

// runningJob is a job a worker runs.
type runningJob struct {
	j   job
	cut bool // preempted already
}

// newPool starts a worker for each engine. With nice > 0, each worker runs
// on a thread of its own at that lower priority (see lowerPriority).
func newPool(engines []*engine.Engine, nice int) *pool {
	p := &pool{workers: len(engines), queues: map[client][]job{}, busy: map[client][]*runningJob{}}
	p.cond = sync.NewCond(&p.mu)
	for _, eng := range engines {
		p.wg.Add(1)
		go func() {
			if nice > 0 {
				lowerPriority(nice) // best effort: a failure leaves the priority as it was
			}
			p.work(eng)
		}()
	}
	return p
}

// submit queues j, the work of client who, and makes room for it if no
// worker is free (see pool). It returns false, and drops j, after close.
func (p *pool) submit(who client, j job) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	q := p.queues[who]
	if len(q) == 0 {
		p.turn = append(p.turn, who)
	}
	p.queues[who] = append(q, j)
	p.waiting++
	if p.idle > 0 {
		p.cond.Signal()
	} else if pj := p.overShareLocked(who); pj != nil {
		p.cut.Add(1)
		// Not under mu: preempting takes the game's lock, which
		// callers of submit may hold (another game's).
		go pj.preempt()
	}
	return true
}

// shareLocked returns a client's fair share of the workers: the workers
// divided by the clients with jobs running or waiting, at least one.
func (p *pool) shareLocked() int {
	active := len(p.queues)
	for c := range p.busy {
		if _, waits := p.queues[c]; !waits {
			active++
		}
	}
	return max(1, p.workers/max(1, active))
}

// overShareLocked returns the newest preemptible running job, not yet
// preempted, of a client other than who that runs more jobs than its fair
// share, and marks it preempted; or nil.
func (p *pool) overShareLocked(who client) preemptible {
	share := p.shareLocked()
	for c, jobs := range p.busy {
		if c == who || len(jobs) <= share {
			continue
		}
		for i := len(jobs) - 1; i >= 0; i-- {
			if pj, ok := jobs[i].j.(preemptible); ok && !jobs[i].cut {
				jobs[i].cut = true
				return pj
			}
		}
	}
	return nil
}

// open reports whether the pool takes jobs (it is not closed).
func (p *pool) open() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return !p.closed
}

// queued returns the number of jobs waiting.
func (p *pool) queued() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.waiting
}

// next waits for a job: the oldest of the client whose turn it is (the
// first in turn that runs less than its fair share, else the first), who
// then goes to the back of the turn if it has more. It records the job as
// running (until finished is called). It returns nil once the pool is
// closed.
func (p *pool) next() (client, *runningJob) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.waiting == 0 && !p.closed {
		p.idle++
		p.cond.Wait()
		p.idle--
	}
	if p.closed {
		return "", nil
	}
	i := 0
	share := p.shareLocked()
	for k, c := range p.turn {
		if len(p.busy[c]) < share {
			i = k
			break
		}
	}
	who := p.turn[i]
	p.turn = slices.Delete(p.turn, i, i+1)
	q := p.queues[who]
	j := q[0]
	q[0] = nil
	if q = q[1:]; len(q) > 0 {
		p.queues[who] = q
		p.turn = append(p.turn, who)
	} else {
		delete(p.queues, who)
	}
	p.waiting--
	r := &runningJob{j: j}
	p.busy[who] = append(p.busy[who], r)
	return who, r
}

// finished records that r, a job of who, has returned.
func (p *pool) finished(who client, r *runningJob) {
	p.mu.Lock()
	defer p.mu.Unlock()
	jobs := slices.DeleteFunc(p.busy[who], func(x *runningJob) bool { return x == r })
	if len(jobs) == 0 {
		delete(p.busy, who)
	} else {
		p.busy[who] = jobs
	}
}

// work is a worker's loop.
func (p *pool) work(eng *engine.Engine) {
	defer p.wg.Done()
	for {
		who, r := p.next()
		if r == nil {
			return
		}
		n := p.running.Add(1)
		for {
			peak := p.peak.Load()
			if n <= peak || p.peak.CompareAndSwap(peak, n) {
				break
			}
		}
		r.j.run(eng)
		p.finished(who, r)
		p.running.Add(-1)
		p.done.Add(1)
	}
}

// close stops the workers once their running jobs return (cancel those
// first) and drops the waiting jobs. It waits for the workers to return.
func (p *pool) close() {
	p.mu.Lock()
	p.closed = true
	p.queues, p.turn, p.waiting = map[client][]job{}, nil, 0
	p.cond.Broadcast()
	p.mu.Unlock()
	p.wg.Wait()
}

// hintJob is a short search for the hint endpoint.
type hintJob struct {
	ctx    context.Context
	params engine.Params
	result chan engine.Result // buffered (1): receives the result
}

func (h *hintJob) run(eng *engine.Engine) {
	if h.ctx.Err() != nil {
		close(h.result)
		return
	}
	h.result <- eng.Search(h.ctx, h.params)
}

// preempt cuts the AI's search short: it plays the best move found so far.
func (j *moveJob) preempt() {
	j.s.mu.Lock()
	defer j.s.mu.Unlock()
	if j.stop != nil {
		j.stop()
	}
}

// funcJob is work given as a function (the explorer's searches).
type funcJob func(eng *engine.Engine)

func (f funcJob) run(eng *engine.Engine) { f(eng) }

// onWorker runs f on a worker of the pool, as a job of r's client, and
// waits for it to return. f's context ends with the request, at shutdown, or
// after limit; f is not run when it ended before a worker took the job. The
// error, when the context ended, is an apiError: 503 when the server is
// shutting down or the engines were busy for longer than limit.
func (srv *Server) onWorker(r *http.Request, limit time.Duration, f func(ctx context.Context)) error {
	ctx, cancel := context.WithTimeout(r.Context(), limit)
	defer cancel()
	stop := context.AfterFunc(srv.ctx, cancel)
	defer stop()
	done := make(chan struct{})
	job := funcJob(func(*engine.Engine) {
		defer close(done)
		if ctx.Err() == nil {
			f(ctx)
		}
	})
	if srv.pool.submit(srv.clientOf(r), job) {
		select {
		case <-done:
		case <-ctx.Done():
		}
	}
	switch {
	case srv.ctx.Err() != nil || !srv.pool.open():
		return codef(http.StatusServiceUnavailable, "shutting_down", nil, "the server is shutting down")
	case r.Context().Err() != nil:
		return r.Context().Err()
	case ctx.Err() != nil:
		return errorf(http.StatusServiceUnavailable, "the engines are all busy: try again in a moment")
	}
	return nil
}

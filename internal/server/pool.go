package server

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/outpost-chess/outpost/internal/engine"
)

// job is one piece of work for the pool: an AI move of a game, or a hint.
type job interface {
	// run does the work on a worker's engine. It is called on the worker's
	// goroutine, never on an HTTP goroutine.
	run(eng *engine.Engine)
}

// pool runs jobs on a fixed number of workers, each owning one engine (and
// so one hash table), taking jobs from a single FIFO queue. Fairness across
// games comes from the callers: a game puts at most one AI move in the
// queue at a time, and puts its next one at the back.
type pool struct {
	mu   sync.Mutex
	cond *sync.Cond // signalled when queue grows or closed is set; uses mu
	// queue holds the waiting jobs, oldest first. Guarded by mu.
	queue []job
	// closed is set by close; workers return once it is. Guarded by mu.
	closed bool

	wg      sync.WaitGroup // the workers
	running atomic.Int32   // jobs running now
	peak    atomic.Int32   // the most jobs ever running at once (for tests)
	done    atomic.Int64   // jobs finished (for tests)
}

// newPool starts a worker for each engine. With nice > 0, each worker runs
// on a thread of its own at that lower priority (see lowerPriority).
func newPool(engines []*engine.Engine, nice int) *pool {
	p := &pool{}
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

// submit queues j. It returns false, and drops j, after close.
func (p *pool) submit(j job) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	p.queue = append(p.queue, j)
	p.cond.Signal()
	return true
}

// queued returns the number of jobs waiting.
func (p *pool) queued() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.queue)
}

// next waits for the oldest job; it returns nil once the pool is closed.
func (p *pool) next() job {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.queue) == 0 && !p.closed {
		p.cond.Wait()
	}
	if p.closed {
		return nil
	}
	j := p.queue[0]
	p.queue[0] = nil
	p.queue = p.queue[1:]
	return j
}

// work is a worker's loop.
func (p *pool) work(eng *engine.Engine) {
	defer p.wg.Done()
	for {
		j := p.next()
		if j == nil {
			return
		}
		n := p.running.Add(1)
		for {
			peak := p.peak.Load()
			if n <= peak || p.peak.CompareAndSwap(peak, n) {
				break
			}
		}
		j.run(eng)
		p.running.Add(-1)
		p.done.Add(1)
	}
}

// close stops the workers once their running jobs return (cancel those
// first) and drops the waiting jobs. It waits for the workers to return.
func (p *pool) close() {
	p.mu.Lock()
	p.closed = true
	p.queue = nil
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

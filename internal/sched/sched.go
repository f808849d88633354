// Package sched schedules the engine's work in one process. Every piece of
// it (an AI's move, a hint, a position of a review, a live analysis, the
// explorer's trees) is a Job of a Kind, queued on one Scheduler and run on
// one of a fixed set of engines, each engine running one job at a time.
//
// The order of service:
//
//   - Priority. A waiting job of a more urgent class is always taken first:
//     a clocked game's move, then an untimed game's move, then hints and
//     reviews, then analysis and explain (see Kind).
//   - Yielding. Analysis and explain are long (up to 30 seconds), so they
//     yield: when a game's move is queued and no engine is free, the
//     newest analysis or explain of the client running the most of them
//     is interrupted (its context ends), queued again at the head of its
//     client's queue, and goes on later on any engine. A game's move so
//     gets an engine within the few milliseconds a search takes to stop.
//     A hint or a review's position interrupts one only while analysis and
//     explain hold more than half of the engines. So a game's move never
//     waits behind analysis or explain, whatever the number of clients
//     asking for them, and hints and reviews find at least half of the
//     engines free of them.
//   - Fairness per client. Within a class, each client (an address, for
//     the web server) has a FIFO queue of its own, and the clients are
//     served in turn, the first in turn that runs less than its fair share
//     (the engines divided by the clients with work running or waiting)
//     before the others. When a job is queued and no engine is free, the
//     newest interruptible job (a move, which then plays the best move its
//     search has found, or an analysis or explain, which yields) of a
//     client over its share, in a class no more urgent than the newcomer's,
//     is cut short, so that another client's job waits a moment, not a
//     whole search.
//
// A scheduler serves all of the web server's engine work on SQLite and, on
// PostgreSQL, the work of each server's own requests (the AI's moves there
// wait in the database's queue, see package worker); and all of the
// terminal game's (package tui): its AI's moves, draw judgements and
// reviews, on the AI's engine.
//
// Search is the one way to run a search on a scheduler and wait for its
// result, and Searcher its adapter to the front ends' searchers
// (play.Searcher, review.Searcher).
//
// Files: sched.go (Scheduler), kind.go (the kinds and their classes),
// queue.go (a class's queues, one per client, served in turn), search.go
// (Search, the search job, Searcher).
package sched

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/outpost-chess/outpost/internal/engine"
)

// Client is who a job is charged to, for fairness: the web server's
// clients are addresses.
type Client string

// Job is one piece of engine work.
type Job interface {
	// Kind says what the job is: it sets its priority and whether it may
	// be interrupted.
	Kind() Kind
	// Run does the work on eng, on the engine's goroutine. ctx ends when
	// the scheduler takes the engine back (a move cut short for another
	// client, an analysis or explain yielding to a game's move) or closes.
	// A move then plays the best move found so far and returns false. An
	// analysis or explain interrupted before it finished returns again =
	// true: it is queued again, at the head of its client's queue, and Run
	// is called again later (perhaps on another engine) to go on.
	Run(ctx context.Context, eng *engine.Engine) (again bool)
}

// Scheduler runs jobs on a fixed set of engines (see the package doc for
// the order). Make it with New; Close it to stop.
type Scheduler struct {
	engines int

	mu   sync.Mutex
	cond *sync.Cond // signalled when a job is queued or closed is set; uses mu
	// Guarded by mu:
	queues [numClasses]queue
	// waiting counts the jobs queued; idle the engines waiting for one;
	// studying the analysis and explain jobs running.
	waiting, idle, studying int
	// busy holds each client's running jobs, oldest first.
	busy   map[Client][]*running
	closed bool
	starts uint64 // the jobs started, for running.seq

	closing chan struct{} // closed by Close

	wg      sync.WaitGroup // the engines' goroutines
	nRun    atomic.Int32   // jobs running now
	peak    atomic.Int32   // the most jobs ever running at once
	done    atomic.Int64   // jobs finished (not counting yields)
	cut     atomic.Int64   // jobs cut short or made to yield
	yielded atomic.Int64   // jobs that yielded and were queued again
}

// running is a job an engine runs.
type running struct {
	job    Job
	class  class
	ctx    context.Context    // the context Run is given
	cancel context.CancelFunc // ends ctx
	seq    uint64             // the order jobs started in
	cut    bool               // cut short or made to yield already
}

// New starts a goroutine per engine, each calling onStart first if it is
// not nil (the web server lowers the thread's priority there).
func New(engines []*engine.Engine, onStart func()) *Scheduler {
	s := &Scheduler{engines: len(engines), busy: map[Client][]*running{}, closing: make(chan struct{})}
	s.cond = sync.NewCond(&s.mu)
	for _, eng := range engines {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			if onStart != nil {
				onStart()
			}
			s.work(eng)
		}()
	}
	return s
}

// Engines returns the number of engines.
func (s *Scheduler) Engines() int { return s.engines }

// Submit queues j, the work of client who, and makes room for it when no
// engine is free (see the package doc). It returns false, and drops j,
// after Close.
func (s *Scheduler) Submit(who Client, j Job) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	c := j.Kind().class()
	s.queues[c].push(who, j)
	s.waiting++
	if s.idle > 0 {
		s.cond.Signal()
		return true
	}
	if r := s.victimLocked(who, c); r != nil {
		r.cut = true
		s.cut.Add(1)
		r.cancel()
	}
	return true
}

// victimLocked returns the running job to interrupt for a job of class c
// of client who, queued with no engine free, or nil.
func (s *Scheduler) victimLocked(who Client, c class) *running {
	if c.isGame() && s.studying > 0 || c == assistClass && 2*s.studying > s.engines {
		if r := s.newestStudyLocked(); r != nil {
			return r
		}
	}
	share := s.shareLocked()
	var victim *running
	for client, jobs := range s.busy {
		if client == who || len(jobs) <= share {
			continue
		}
		for i := len(jobs) - 1; i >= 0; i-- {
			if r := jobs[i]; !r.cut && r.class >= c && r.class != assistClass {
				victim = r
				break
			}
		}
		if victim != nil {
			return victim
		}
	}
	return nil
}

// newestStudyLocked returns the newest analysis or explain not yet made
// to yield, of the client running the most of them (of those clients, the
// one whose newest started last).
func (s *Scheduler) newestStudyLocked() *running {
	var victim *running
	most := 0
	for _, jobs := range s.busy {
		n := 0
		var newest *running
		for _, r := range jobs {
			if r.class == studyClass && !r.cut {
				n++
				newest = r
			}
		}
		if n > most || n == most && n > 0 && newest.seq > victim.seq {
			most, victim = n, newest
		}
	}
	return victim
}

// shareLocked returns a client's fair share of the engines: the engines
// divided by the clients with jobs running or waiting, at least one.
func (s *Scheduler) shareLocked() int {
	active := map[Client]bool{}
	for c := range s.busy {
		active[c] = true
	}
	for i := range s.queues {
		for c := range s.queues[i].jobs {
			active[c] = true
		}
	}
	return max(1, s.engines/max(1, len(active)))
}

// next waits for a job: the next of the most urgent class with jobs
// waiting (see queue.pop), recorded as running. It returns nil once the
// scheduler is closed.
func (s *Scheduler) next() (Client, *running) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.waiting == 0 && !s.closed {
		s.idle++
		s.cond.Wait()
		s.idle--
	}
	if s.closed {
		return "", nil
	}
	c := class(0)
	for s.queues[c].len() == 0 {
		c++
	}
	share := s.shareLocked()
	who, j := s.queues[c].pop(func(cl Client) bool { return len(s.busy[cl]) < share })
	s.waiting--
	ctx, cancel := context.WithCancel(context.Background())
	s.starts++
	r := &running{job: j, class: c, ctx: ctx, cancel: cancel, seq: s.starts}
	s.busy[who] = append(s.busy[who], r)
	if c == studyClass {
		s.studying++
	}
	return who, r
}

// finished records that r, a job of who, has returned; again queues it
// again at the head of its client's queue.
func (s *Scheduler) finished(who Client, r *running, again bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	jobs := s.busy[who]
	for i, x := range jobs {
		if x == r {
			jobs = append(jobs[:i:i], jobs[i+1:]...)
			break
		}
	}
	if len(jobs) == 0 {
		delete(s.busy, who)
	} else {
		s.busy[who] = jobs
	}
	if r.class == studyClass {
		s.studying--
	}
	if again && !s.closed {
		s.queues[r.class].pushFront(who, r.job)
		s.waiting++
		s.yielded.Add(1)
		s.cond.Signal()
	}
}

// work is an engine's loop.
func (s *Scheduler) work(eng *engine.Engine) {
	for {
		who, r := s.next()
		if r == nil {
			return
		}
		n := s.nRun.Add(1)
		for {
			peak := s.peak.Load()
			if n <= peak || s.peak.CompareAndSwap(peak, n) {
				break
			}
		}
		again := r.job.Run(r.ctx, eng)
		r.cancel()
		s.finished(who, r, again)
		s.nRun.Add(-1)
		if !again {
			s.done.Add(1)
		}
	}
}

// Close ends the running jobs' contexts, drops the waiting jobs, and
// waits for the engines' goroutines to return.
func (s *Scheduler) Close() {
	s.mu.Lock()
	if !s.closed {
		close(s.closing)
	}
	s.closed = true
	s.queues = [numClasses]queue{}
	s.waiting = 0
	for _, jobs := range s.busy {
		for _, r := range jobs {
			r.cancel()
		}
	}
	s.cond.Broadcast()
	s.mu.Unlock()
	s.wg.Wait()
}

// Open reports whether the scheduler takes jobs (it is not closed).
func (s *Scheduler) Open() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.closed
}

// Queued returns the number of jobs waiting.
func (s *Scheduler) Queued() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.waiting
}

// Stats are a scheduler's counts since New.
type Stats struct {
	Running int   // jobs running now
	Peak    int   // the most jobs ever running at once
	Done    int64 // jobs finished (a job that yielded counts once, when it ends)
	Cut     int64 // jobs cut short or made to yield
	Yielded int64 // times a job yielded and was queued again
}

// Stats returns the scheduler's counts.
func (s *Scheduler) Stats() Stats {
	return Stats{
		Running: int(s.nRun.Load()), Peak: int(s.peak.Load()),
		Done: s.done.Load(), Cut: s.cut.Load(), Yielded: s.yielded.Load(),
	}
}

package sched

import "slices"

// queue holds the waiting jobs of one class: a FIFO queue per client, and
// the clients in turn. A client is in turn exactly when its queue is not
// empty. The zero queue is empty and ready to use.
type queue struct {
	jobs map[Client][]Job
	turn []Client // the next to be served first
	n    int      // the jobs in all queues
}

func (q *queue) len() int { return q.n }

// push queues j at the back of who's queue; a client new to the turn goes
// to its back.
func (q *queue) push(who Client, j Job) {
	if q.jobs == nil {
		q.jobs = map[Client][]Job{}
	}
	if len(q.jobs[who]) == 0 {
		q.turn = append(q.turn, who)
	}
	q.jobs[who] = append(q.jobs[who], j)
	q.n++
}

// pushFront queues j at the head of who's queue, and who at the head of
// the turn: a job that yielded goes on first.
func (q *queue) pushFront(who Client, j Job) {
	if q.jobs == nil {
		q.jobs = map[Client][]Job{}
	}
	if i := slices.Index(q.turn, who); i >= 0 {
		q.turn = slices.Delete(q.turn, i, i+1)
	}
	q.turn = slices.Insert(q.turn, 0, who)
	q.jobs[who] = slices.Insert(q.jobs[who], 0, j)
	q.n++
}

// pop takes the oldest job of the first client in turn for which
// underShare is true, else of the first client; that client then goes to
// the back of the turn if it has more. The queue must not be empty.
func (q *queue) pop(underShare func(Client) bool) (Client, Job) {
	i := max(0, slices.IndexFunc(q.turn, underShare))
	who := q.turn[i]
	q.turn = slices.Delete(q.turn, i, i+1)
	jobs := q.jobs[who]
	j := jobs[0]
	jobs[0] = nil
	if jobs = jobs[1:]; len(jobs) > 0 {
		q.jobs[who] = jobs
		q.turn = append(q.turn, who)
	} else {
		delete(q.jobs, who)
	}
	q.n--
	return who, j
}

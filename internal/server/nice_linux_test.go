package server

import (
	"context"
	"syscall"
	"testing"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/sched"
)

// priorityJob records the priority of the thread it runs on.
type priorityJob struct {
	prio chan int
}

func (*priorityJob) Kind() sched.Kind { return sched.Hint }

func (j *priorityJob) Run(context.Context, *engine.Engine) (again bool) {
	// The raw system call answers 20 - nice.
	p, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	if err != nil {
		p = -1
	}
	j.prio <- p
	return false
}

func TestWorkerPriority(t *testing.T) {
	base, err := syscall.Getpriority(syscall.PRIO_PROCESS, 0)
	if err != nil {
		t.Fatal(err)
	}
	if 20-base > 5 {
		t.Skipf("the process already runs at nice %d", 20-base)
	}
	for _, nice := range []int{0, 5} {
		p := sched.New(make([]*engine.Engine, 1), onStart(nice))
		j := &priorityJob{prio: make(chan int, 1)}
		p.Submit("test", j)
		got := <-j.prio
		p.Close()
		want := base
		if nice > 0 {
			want = 20 - nice
		}
		if got != want {
			t.Errorf("nice %d: the worker's thread has priority %d (20 - nice), want %d", nice, got, want)
		}
	}
}

package sched

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/engine"
)

// TestVictim is the scheduler's choice, as a table: with every engine
// busy running the jobs listed (client:kind, oldest first), which one a
// newcomer's job interrupts.
func TestVictim(t *testing.T) {
	tests := []struct {
		name     string
		engines  int
		running  []string // "client:kind"
		newcomer string
		want     int // index into running, -1 for none
	}{
		{"a game move makes an analysis yield", 2, []string{"a:move", "b:analysis"}, "c:clocked-move", 1},
		{"an untimed move too", 2, []string{"b:analysis", "a:move"}, "c:move", 0},
		{"the client running the most study yields", 3, []string{"a:explain", "b:explain", "b:analysis"}, "c:move", 2},
		{"the newest of its study jobs", 2, []string{"b:explain", "b:analysis"}, "b:clocked-move", 1},
		{"a hint when study holds more than half", 2, []string{"a:explain", "b:explain"}, "c:hint", 1},
		{"a hint when study holds half: no", 2, []string{"a:move", "b:explain"}, "c:hint", -1},
		{"a review when study holds half: no", 4, []string{"a:move", "a:move", "b:explain", "c:explain"}, "d:review", -1},
		{"hints are never cut", 2, []string{"a:hint", "a:hint"}, "b:hint", -1},
		{"a move over its client's share is cut", 2, []string{"a:move", "a:move"}, "b:move", 1},
		{"not for the same client", 2, []string{"a:move", "a:move"}, "a:move", -1},
		{"nor a clocked move for an untimed one", 2, []string{"a:clocked-move", "a:clocked-move"}, "b:move", -1},
		{"an untimed move for a clocked one", 2, []string{"a:move", "a:move"}, "b:clocked-move", 1},
		{"over share, study yields to study", 2, []string{"a:explain", "a:explain"}, "b:explain", 1},
		{"within its share: no", 2, []string{"a:move", "b:move"}, "c:move", -1},
		{"a study job does not cut a move", 2, []string{"a:move", "a:move"}, "b:analysis", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Scheduler{engines: tt.engines, busy: map[Client][]*running{}}
			var rs []*running
			for _, spec := range tt.running {
				who, k := parseSpec(t, spec)
				r := &running{job: kindJob(k), class: k.class(), cancel: func() {}, seq: uint64(len(rs) + 1)}
				rs = append(rs, r)
				s.busy[who] = append(s.busy[who], r)
				if r.class == studyClass {
					s.studying++
				}
			}
			who, k := parseSpec(t, tt.newcomer)
			s.queues[k.class()].push(who, kindJob(k))
			s.waiting++
			got := slices.Index(rs, s.victimLocked(who, k.class()))
			if got != tt.want {
				t.Errorf("victim %d, want %d", got, tt.want)
			}
		})
	}
}

func parseSpec(t *testing.T, spec string) (Client, Kind) {
	t.Helper()
	for k := ClockedMove; k <= Explain; k++ {
		if c, ok := cutSuffix(spec, ":"+k.String()); ok {
			return Client(c), k
		}
	}
	t.Fatalf("bad spec %q", spec)
	return "", 0
}

func cutSuffix(s, suffix string) (string, bool) {
	if len(s) > len(suffix) && s[len(s)-len(suffix):] == suffix {
		return s[:len(s)-len(suffix)], true
	}
	return "", false
}

// kindJob is a job of a kind that does nothing.
type kindJob Kind

func (k kindJob) Kind() Kind                                     { return Kind(k) }
func (kindJob) Run(context.Context, *engine.Engine) (again bool) { return false }

// labelJob sends its label when it runs, after waiting for gate (if any).
// As a study job (Analysis, Explain), it runs until its context ends or
// gate closes, and yields when its context ended first.
type labelJob struct {
	kind  Kind
	label string
	gate  chan struct{}
	ran   chan<- string
}

func (j *labelJob) Kind() Kind { return j.kind }

func (j *labelJob) Run(ctx context.Context, _ *engine.Engine) (again bool) {
	if j.gate != nil {
		select {
		case <-j.gate:
		case <-ctx.Done():
			if j.kind.class() == studyClass {
				j.ran <- j.label + " yields"
				return true
			}
		}
	}
	j.ran <- j.label
	return false
}

// receive returns the next n labels sent on ran.
func receive(t *testing.T, ran <-chan string, n int) []string {
	t.Helper()
	var got []string
	for range n {
		select {
		case l := <-ran:
			got = append(got, l)
		case <-time.After(10 * time.Second):
			t.Fatalf("labels so far %q, want %d", got, n)
		}
	}
	return got
}

// waitRunning waits until n jobs run.
func waitRunning(t *testing.T, s *Scheduler, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); s.Stats().Running != n; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d jobs running, want %d", s.Stats().Running, n)
		}
	}
}

// TestOrder queues jobs of every kind and of three clients behind a
// running one on one engine: the most urgent class first, and within a
// class the clients in turn, each client's jobs in the order queued.
func TestOrder(t *testing.T) {
	s := New(make([]*engine.Engine, 1), nil)
	defer s.Close()
	ran := make(chan string, 20)
	gate := make(chan struct{})
	s.Submit("a", &labelJob{kind: Hint, label: "first", gate: gate, ran: ran})
	waitRunning(t, s, 1)
	for _, spec := range []string{
		"a:explain", "b:analysis", "a:review", "b:hint", "c:move", "a:move",
		"c:clocked-move", "a:move", "b:move", "c:review",
	} {
		who, k := parseSpec(t, spec)
		s.Submit(who, &labelJob{kind: k, label: spec, ran: ran})
	}
	close(gate)
	got := receive(t, ran, 11)
	want := []string{
		"first", "c:clocked-move",
		"c:move", "a:move", "b:move", "a:move", // c, a, b in turn, then a's second
		"a:review", "b:hint", "c:review",
		"a:explain", "b:analysis",
	}
	if !slices.Equal(got, want) {
		t.Errorf("order\n%q, want\n%q", got, want)
	}
}

// TestGameMoveTakesAnEngineFromStudy fills both engines with analyses: a
// game's move makes the newest yield at once and runs; the analysis goes
// on after it, on the engine the move leaves.
func TestGameMoveTakesAnEngineFromStudy(t *testing.T) {
	s := New(make([]*engine.Engine, 2), nil)
	defer s.Close()
	ran := make(chan string, 20)
	gate1, gate2 := make(chan struct{}), make(chan struct{})
	s.Submit("a", &labelJob{kind: Analysis, label: "analysis a", gate: gate1, ran: ran})
	waitRunning(t, s, 1)
	s.Submit("b", &labelJob{kind: Explain, label: "explain b", gate: gate2, ran: ran})
	waitRunning(t, s, 2)
	moveGate := make(chan struct{})
	s.Submit("c", &labelJob{kind: ClockedMove, label: "move c", gate: moveGate, ran: ran})
	if got := receive(t, ran, 1); got[0] != "explain b yields" {
		t.Fatalf("first to end %q, want the newest study job yielding", got[0])
	}
	waitRunning(t, s, 2) // the move and analysis a
	if st := s.Stats(); st.Yielded != 1 || st.Cut != 1 || s.Queued() != 1 {
		t.Errorf("stats %+v, queued %d; want one yield and explain b waiting", st, s.Queued())
	}
	close(moveGate)
	close(gate2)
	if got := receive(t, ran, 2); !slices.Equal(got, []string{"move c", "explain b"}) {
		t.Errorf("then %q, want the move, then explain b going on", got)
	}
	close(gate1)
	receive(t, ran, 1)
}

// TestMoveCutOverShare fills both engines with one client's moves: when
// another client's move comes, the first client's newest search is cut
// short, and the newcomer's move runs next, before the first client's
// others waiting.
func TestMoveCutOverShare(t *testing.T) {
	s := New(make([]*engine.Engine, 2), nil)
	defer s.Close()
	ran := make(chan string, 20)
	never := make(chan struct{})
	for i := range 3 {
		s.Submit("hog", &labelJob{kind: Move, label: fmt.Sprintf("hog%d", i+1), gate: never, ran: ran})
		if i < 2 {
			waitRunning(t, s, i+1)
		}
	}
	s.Submit("player", &labelJob{kind: Move, label: "player", ran: ran})
	if got := receive(t, ran, 2); !slices.Equal(got, []string{"hog2", "player"}) {
		t.Errorf("ended %q, want the newest move cut, then the player's", got)
	}
	if st := s.Stats(); st.Cut != 1 || st.Yielded != 0 {
		t.Errorf("stats %+v, want one cut, no yield", st)
	}
	close(never)
	receive(t, ran, 2)
}

// TestPeak runs many short jobs on 1, 2 and 4 engines: never more at once
// than engines, and with one engine in the order queued.
func TestPeak(t *testing.T) {
	for _, engines := range []int{1, 2, 4} {
		s := New(make([]*engine.Engine, engines), nil)
		ran := make(chan string, 30)
		const jobs = 24
		for i := range jobs {
			s.Submit("test", &labelJob{kind: Move, label: fmt.Sprintf("%02d", i), ran: ran})
		}
		got := receive(t, ran, jobs)
		s.Close()
		if st := s.Stats(); st.Peak > engines || st.Peak < 1 || st.Done != jobs {
			t.Errorf("%d engines: %+v", engines, st)
		}
		if engines == 1 && !slices.IsSorted(got) {
			t.Errorf("one engine ran jobs in order %q", got)
		}
	}
}

// TestClosed: a closed scheduler refuses jobs.
func TestClosed(t *testing.T) {
	s := New(make([]*engine.Engine, 1), nil)
	s.Close()
	if s.Submit("a", kindJob(Move)) || s.Open() {
		t.Error("a closed scheduler took a job")
	}
}

package queuetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
)

// Run runs the suite against queues of b: every queue must pass it.
func Run(t *testing.T, b Backend) {
	tests := []struct {
		name string
		fn   func(t *testing.T, b Backend)
	}{
		{"Priorities", testPriorities},
		{"NotBefore", testNotBefore},
		{"Lease", testLease},
		{"Changes", testChanges},
		{"Results", testResults},
		{"Deadlines", testDeadlines},
		{"Stats", testStats},
		{"Notify", testNotify},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, b) })
	}
}

// The searches the suite queues.
const (
	clocked  = "clocked"  // the AI's move in a game with a clock
	untimed  = "untimed"  // the AI's move in a game without one
	analysis = "analysis" // an analysis of a game
)

// queue creates a game and queues a search of the given kind in it, and
// returns the game.
func queue(t *testing.T, q Queue, kind string) store.Game {
	t.Helper()
	g := store.Game{White: store.Human, Black: store.AI, WhiteLevel: "1", BlackLevel: "1",
		StartFEN: storetest.StartFEN, Moves: []string{"e2e4"}, AIDue: kind != analysis}
	if kind == clocked {
		g.TimeLimit = 5 * time.Minute
	}
	if err := q.CreateGame(context.Background(), &g); err != nil {
		t.Fatal(err)
	}
	if kind == analysis {
		if _, err := q.QueueAnalysis(context.Background(), g.ID, g.Rev, `{"depth":1}`); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// claim takes a search for worker with a lease of a minute, or fails.
func claim(t *testing.T, q Queue, worker string) store.Search {
	t.Helper()
	s, ok, err := q.ClaimSearch(context.Background(), worker, time.Minute)
	if err != nil || !ok {
		t.Fatalf("claim for %s: %v %v; want a search", worker, ok, err)
	}
	return s
}

// noClaim checks that worker finds no search to take.
func noClaim(t *testing.T, q Queue, worker string) {
	t.Helper()
	if s, ok, err := q.ClaimSearch(context.Background(), worker, time.Minute); err != nil || ok {
		t.Fatalf("claim for %s: %+v %v %v; want none", worker, s, ok, err)
	}
}

// testPriorities: a clocked game's move first, then an untimed game's,
// then an analysis; within a priority, the search queued first.
func testPriorities(t *testing.T, b Backend) {
	tests := []struct {
		name   string
		queued []string
		want   []int // the queued searches, by index, in the order taken
	}{
		{"a clocked move before an untimed one", []string{untimed, clocked}, []int{1, 0}},
		{"a move before an analysis", []string{analysis, untimed}, []int{1, 0}},
		{"all three", []string{analysis, untimed, clocked}, []int{2, 1, 0}},
		{"untimed moves in turn", []string{untimed, untimed, untimed}, []int{0, 1, 2}},
		{"clocked moves in turn", []string{clocked, clocked}, []int{0, 1}},
		{"analyses in turn", []string{analysis, analysis}, []int{0, 1}},
		{"mixed", []string{analysis, clocked, untimed, clocked, analysis}, []int{1, 3, 2, 0, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := b.Open(t)
			index := map[string]int{}
			for i, kind := range tt.queued {
				index[queue(t, q, kind).ID] = i
			}
			var got []int
			for range tt.queued {
				got = append(got, index[claim(t, q, "w").GameID])
			}
			noClaim(t, q, "w")
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("taken %v, want %v", got, tt.want)
			}
		})
	}
}

// testNotBefore: a search queued after a pause (AI against AI) is taken
// once it is due, not before.
func testNotBefore(t *testing.T, b Backend) {
	q := b.Open(t)
	const pause = 1500 * time.Millisecond
	g := store.Game{White: store.AI, Black: store.AI, WhiteLevel: "1", BlackLevel: "1",
		StartFEN: storetest.StartFEN, Moves: []string{"e2e4"}, AIDue: true, AIDelay: pause}
	if err := q.CreateGame(context.Background(), &g); err != nil {
		t.Fatal(err)
	}
	noClaim(t, q, "w")
	s := waitClaim(t, q, "w", time.Minute)
	if s.GameID != g.ID || s.NotBefore.Sub(s.QueuedAt) != pause || q.Now().Before(s.NotBefore) {
		t.Errorf("search %+v taken at %v; want game %s due %v after it was queued", s, q.Now(), g.ID, pause)
	}
}

// waitClaim takes a search for worker, waiting up to 10 s for one.
func waitClaim(t *testing.T, q Queue, worker string, lease time.Duration) store.Search {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; {
		s, ok, err := q.ClaimSearch(context.Background(), worker, lease)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("no search for %s within 10 s", worker)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// testLease: a search is held by its worker's lease, renewed while it
// lives; once it has run out, another worker takes the search over and the
// first no longer holds it; a released search is taken again at once.
func testLease(t *testing.T, b Backend) {
	q := b.Open(t)
	ctx := context.Background()
	const lease = 300 * time.Millisecond
	queue(t, q, untimed)
	first, ok, err := q.ClaimSearch(ctx, "a", lease)
	if err != nil || !ok || first.Attempts != 1 {
		t.Fatalf("claim: %+v %v %v", first, ok, err)
	}
	noClaim(t, q, "b")
	renewed := time.Now()
	if held, err := q.RenewLease(ctx, first.ID, "a", lease); err != nil || !held {
		t.Fatalf("renewing a live lease: %v %v", held, err)
	}
	taken := waitClaim(t, q, "b", time.Minute)
	if d := time.Since(renewed); d < lease {
		t.Errorf("taken over %v after the lease was renewed for %v", d, lease)
	}
	if taken.ID != first.ID || taken.Attempts != 2 {
		t.Errorf("taken over: %+v; want search %d at its second attempt", taken, first.ID)
	}
	steps := []struct {
		name string
		do   func() (bool, error)
		want bool
	}{
		{"the first worker renews", func() (bool, error) { return q.RenewLease(ctx, first.ID, "a", lease) }, false},
		{"the second renews", func() (bool, error) { return q.RenewLease(ctx, first.ID, "b", time.Minute) }, true},
		{"the first releases it: nothing", func() (bool, error) { return false, q.ReleaseSearch(ctx, first.ID, "a") }, false},
		{"so a third finds none", func() (bool, error) { _, ok, err := q.ClaimSearch(ctx, "c", time.Minute); return ok, err }, false},
		{"the second releases it", func() (bool, error) { return false, q.ReleaseSearch(ctx, first.ID, "b") }, false},
		{"the second renews no more", func() (bool, error) { return q.RenewLease(ctx, first.ID, "b", lease) }, false},
		{"it is still to be done", func() (bool, error) { return q.SearchRunning(ctx, first.ID) }, true},
	}
	for _, st := range steps {
		if got, err := st.do(); err != nil || got != st.want {
			t.Errorf("%s: %v %v, want %v", st.name, got, err, st.want)
		}
	}
	if again := claim(t, q, "c"); again.ID != first.ID || again.Attempts != 3 {
		t.Errorf("taken after its release: %+v; want search %d at its third attempt", again, first.ID)
	}
}

// listen collects the notifications of channels until the end of the
// test.
func listen(t *testing.T, q Queue, channels ...string) chan store.Notification {
	t.Helper()
	got := make(chan store.Notification, 100)
	stop, err := q.Listen(context.Background(), channels, func(n store.Notification) { got <- n })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return got
}

// expect waits for the notifications want on channel, in order, among
// those of got.
func expect(t *testing.T, got chan store.Notification, channel string, want ...string) {
	t.Helper()
	for _, w := range want {
		for n := (store.Notification{}); n.Channel != channel || n.Payload != w; {
			select {
			case n = <-got:
			case <-time.After(10 * time.Second):
				t.Fatalf("no notification %q on %s", w, channel)
			}
		}
	}
}

// testChanges: a change of a game drops its searches for earlier
// revisions and queues the AI's when it is due; a change at a stale
// revision is refused and changes nothing; a deleted game's searches go;
// every change is notified, in order.
func testChanges(t *testing.T, b Backend) {
	q := b.Open(t)
	ctx := context.Background()
	games, queued := listen(t, q, store.ChannelGame), listen(t, q, store.ChannelQueue)
	g := queue(t, q, untimed)
	expect(t, queued, store.ChannelQueue, "")
	s0 := claim(t, q, "w")
	stale := g
	g.Moves, g.AIDue = append(g.Moves, "e7e5"), false
	if err := q.Save(ctx, &g); err != nil || g.Rev != 1 {
		t.Fatalf("save: %v at revision %d", err, g.Rev)
	}
	if running, err := q.SearchRunning(ctx, s0.ID); err != nil || running {
		t.Errorf("the search of revision 0 after the save of 1: running %v %v", running, err)
	}
	if held, err := q.RenewLease(ctx, s0.ID, "w", time.Minute); err != nil || held {
		t.Errorf("renewing the dropped search: %v %v", held, err)
	}
	noClaim(t, q, "w")
	if err := q.Save(ctx, &stale); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a save at a stale revision: %v, want ErrConflict", err)
	}
	noClaim(t, q, "w")
	g.Moves, g.AIDue = append(g.Moves, "g1f3"), true
	if err := q.Save(ctx, &g); err != nil {
		t.Fatal(err)
	}
	if s2 := claim(t, q, "w"); s2.GameID != g.ID || s2.Rev != 2 || s2.Kind != store.SearchMove {
		t.Errorf("search %+v; want the move of %s at revision 2", s2, g.ID)
	}
	if err := q.SetSpeed(ctx, g.ID, 100); err != nil {
		t.Fatal(err)
	}
	analysed, err := q.QueueAnalysis(ctx, g.ID, g.Rev, `{"depth":1}`)
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Delete(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := q.AnalysisResult(ctx, analysed); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the analysis of a deleted game: %v, want ErrNotFound", err)
	}
	noClaim(t, q, "w")
	expect(t, games, store.ChannelGame, g.ID+" 0", g.ID+" 1", g.ID+" 2", g.ID+" speed", g.ID+" deleted")
}

// testResults: an analysis's result is stored by the worker that holds
// it, notified, and read until the search is dropped; a game's change
// drops its analyses.
func testResults(t *testing.T, b Backend) {
	q := b.Open(t)
	ctx := context.Background()
	done := listen(t, q, store.ChannelSearch)
	g := queue(t, q, analysis)
	s := claim(t, q, "a")
	if s.GameID != g.ID || s.Kind != store.SearchAnalysis || s.Limits != `{"depth":1}` || s.Rev != g.Rev {
		t.Fatalf("search %+v; want the analysis of %s with its limits", s, g.ID)
	}
	steps := []struct {
		name string
		do   func() (bool, error)
		want bool
	}{
		{"done before it is", func() (bool, error) { _, done, err := q.AnalysisResult(ctx, s.ID); return done, err }, false},
		{"finished by another worker", func() (bool, error) { return q.FinishAnalysis(ctx, s.ID, "b", "x") }, false},
		{"finished by its worker", func() (bool, error) { return q.FinishAnalysis(ctx, s.ID, "a", "result") }, true},
		{"finished twice", func() (bool, error) { return q.FinishAnalysis(ctx, s.ID, "a", "again") }, false},
		{"still to be done", func() (bool, error) { return q.SearchRunning(ctx, s.ID) }, false},
		{"renewed once done", func() (bool, error) { return q.RenewLease(ctx, s.ID, "a", time.Minute) }, false},
	}
	for _, st := range steps {
		if got, err := st.do(); err != nil || got != st.want {
			t.Errorf("%s: %v %v, want %v", st.name, got, err, st.want)
		}
	}
	expect(t, done, store.ChannelSearch, fmt.Sprint(s.ID))
	if r, ok, err := q.AnalysisResult(ctx, s.ID); err != nil || !ok || r != "result" {
		t.Errorf("result %q %v %v; want \"result\"", r, ok, err)
	}
	noClaim(t, q, "a")
	if err := q.DropSearch(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := q.AnalysisResult(ctx, s.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a dropped analysis: %v, want ErrNotFound", err)
	}
	pending, err := q.QueueAnalysis(ctx, g.ID, g.Rev, `{"depth":2}`)
	if err != nil {
		t.Fatal(err)
	}
	g.Result = "0-1"
	if err := q.Save(ctx, &g); err != nil {
		t.Fatal(err)
	}
	if _, _, err := q.AnalysisResult(ctx, pending); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an analysis of an earlier revision: %v, want ErrNotFound", err)
	}
	if id, err := q.QueueAnalysis(ctx, "nosuchgame00", 0, `{"depth":1}`); err == nil {
		t.Errorf("an analysis of no game was queued (search %d)", id)
	}
}

// testDeadlines: the games whose deadline has passed are taken, the
// earliest first, at most n, each kept from the next sweeps for the retry;
// a deadline is set only at the game's revision; a save without one
// drops it.
func testDeadlines(t *testing.T, b Backend) {
	q := b.Open(t)
	ctx := context.Background()
	now := q.Now()
	create := func(deadline time.Time) store.Game {
		g := store.Game{White: store.Human, Black: store.Human, StartFEN: storetest.StartFEN,
			Moves: []string{"e2e4"}, TimeLimit: time.Minute, Deadline: deadline}
		if err := q.CreateGame(ctx, &g); err != nil {
			t.Fatal(err)
		}
		return g
	}
	late, later, future, latest := create(now.Add(-2*time.Second)), create(now.Add(-time.Second)), create(now.Add(time.Hour)), create(now.Add(-3*time.Second))
	at := func(g store.Game) string { return fmt.Sprintf("%s@%d ", g.ID, g.Rev) }
	overdue := func(n int) string {
		t.Helper()
		games, err := q.ClaimOverdue(ctx, q.Now(), n, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string // in no order: the earliest are taken, returned in any order
		for _, g := range games {
			ids = append(ids, at(g))
		}
		slices.Sort(ids)
		return strings.Join(ids, "")
	}
	if got, want := overdue(2), strings.Join(slices.Sorted(slices.Values([]string{at(latest), at(late)})), ""); got != want {
		t.Errorf("the first sweep took %q, want %q", got, want)
	}
	if got, want := overdue(10), at(later); got != want {
		t.Errorf("the second sweep took %q, want %q", got, want)
	}
	if got := overdue(10); got != "" {
		t.Errorf("the third sweep took %q, want none", got)
	}
	past := q.Now().Add(-time.Second)
	for _, tt := range []struct {
		name string
		g    store.Game
		rev  int64
		want bool
	}{
		{"a deadline at another revision", late, 3, false},
		{"a deadline at the game's", late, 0, true},
		{"an unknown game", store.Game{ID: "nosuchgame00"}, 0, false},
	} {
		if ok, err := q.SetDeadline(ctx, tt.g.ID, tt.rev, past); err != nil || ok != tt.want {
			t.Errorf("%s: %v %v, want %v", tt.name, ok, err, tt.want)
		}
	}
	if got, want := overdue(10), at(late); got != want {
		t.Errorf("after SetDeadline the sweep took %q, want %q", got, want)
	}
	future.Deadline = time.Time{}
	if err := q.Save(ctx, &future); err != nil {
		t.Fatal(err)
	}
	if ok, err := q.SetDeadline(ctx, future.ID, 0, past); err != nil || ok {
		t.Errorf("a deadline at the revision before the last save: %v %v", ok, err)
	}
	later.Deadline = past
	if err := q.Save(ctx, &later); err != nil {
		t.Fatal(err)
	}
	if got, want := overdue(10), at(later); got != want {
		t.Errorf("after a save with a past deadline the sweep took %q, want %q", got, want)
	}
}

// testStats: the waiting and running searches and the workers alive.
func testStats(t *testing.T, b Backend) {
	q := b.Open(t)
	ctx := context.Background()
	stats := func() store.QueueStats {
		t.Helper()
		s, err := q.QueueStats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		s.Oldest = 0 // a time; checked apart
		return s
	}
	queue(t, q, untimed)
	queue(t, q, analysis)
	if s, err := q.QueueStats(ctx); err != nil || s.Oldest < 0 || s.Oldest > time.Minute {
		t.Errorf("the oldest waited %v (%v)", s.Oldest, err)
	}
	steps := []struct {
		name string
		do   func() error
		want store.QueueStats
	}{
		{"two queued", func() error { return nil }, store.QueueStats{Waiting: 2}},
		{"one taken", func() error { _, _, err := q.ClaimSearch(ctx, "w1", time.Minute); return err }, store.QueueStats{Waiting: 1, Running: 1}},
		{"a worker", func() error { return q.WorkerAlive(ctx, "w1", "host", 2) }, store.QueueStats{Waiting: 1, Running: 1, Workers: 1, Engines: 2}},
		{"another", func() error { return q.WorkerAlive(ctx, "w2", "host", 3) }, store.QueueStats{Waiting: 1, Running: 1, Workers: 2, Engines: 5}},
		{"the first again", func() error { return q.WorkerAlive(ctx, "w1", "host", 1) }, store.QueueStats{Waiting: 1, Running: 1, Workers: 2, Engines: 4}},
		{"the second gone", func() error { return q.WorkerGone(ctx, "w2") }, store.QueueStats{Waiting: 1, Running: 1, Workers: 1, Engines: 1}},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got := stats(); got != st.want {
			t.Errorf("%s: %+v, want %+v", st.name, got, st.want)
		}
	}
}

// testNotify: notifications reach the listeners of their channel, in
// order, and only them; a payload too long for PostgreSQL is refused.
func testNotify(t *testing.T, b Backend) {
	q := b.Open(t)
	ctx := context.Background()
	got := listen(t, q, store.ChannelThinking)
	sends := []struct{ channel, payload string }{
		{store.ChannelSearch, "other"}, {store.ChannelThinking, "1"}, {store.ChannelThinking, "2"}, {store.ChannelThinking, "3"},
	}
	for _, s := range sends {
		if err := q.Notify(ctx, s.channel, s.payload); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{"1", "2", "3"} {
		select {
		case n := <-got:
			if n.Channel != store.ChannelThinking || n.Payload != want {
				t.Errorf("notification %+v, want %q on %s", n, want, store.ChannelThinking)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no notification %q", want)
		}
	}
	long := make([]byte, store.MaxPayload+1)
	if err := q.Notify(ctx, store.ChannelThinking, string(long)); err == nil {
		t.Errorf("a payload of %d bytes was taken", len(long))
	}
}

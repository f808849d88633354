package store_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
)

// TestPostgresMigrateAtOnce starts several programs on a new database at
// the same moment: the advisory lock lets one migrate, and every one opens.
func TestPostgresMigrateAtOnce(t *testing.T) {
	url := storetest.PostgresURL(t)
	var wg sync.WaitGroup
	errs := make([]error, 6)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := store.OpenPostgres(context.Background(), url)
			if err == nil {
				err = s.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("program %d: %v", i, err)
		}
	}
	s := openPostgres(t, url)
	storetest.NewGame(t, s, "e2e4")
}

// TestPostgresQueue follows the AI's searches through the queue: a Save
// with the AI to move queues one; one worker takes it; a change of the game
// cancels it; a lease that runs out lets another worker take it over; the
// AI's move removes it.
func TestPostgresQueue(t *testing.T) {
	s := openPostgres(t, storetest.PostgresURL(t))
	ctx := context.Background()
	const lease = 300 * time.Millisecond
	claim := func(worker string) (store.Search, bool) {
		t.Helper()
		sr, ok, err := s.ClaimSearch(ctx, worker, lease)
		if err != nil {
			t.Fatal(err)
		}
		return sr, ok
	}
	if _, ok := claim("w1"); ok {
		t.Fatal("a search in an empty queue")
	}

	g := storetest.NewGame(t, s)
	g.Moves, g.AIDue = []string{"e2e4"}, true
	if err := s.Save(ctx, &g); err != nil {
		t.Fatal(err)
	}
	sr, ok := claim("w1")
	if !ok || sr.GameID != g.ID || sr.Rev != 1 || sr.Kind != store.SearchMove || sr.Attempts != 1 {
		t.Fatalf("claimed %+v, %v; want the move of %s at revision 1", sr, ok, g.ID)
	}
	if _, ok := claim("w2"); ok {
		t.Error("a second worker took a search under a live lease")
	}
	if held, err := s.RenewLease(ctx, sr.ID, "w1", lease); err != nil || !held {
		t.Errorf("renewing the lease: %v, %v", held, err)
	}
	if st, err := s.QueueStats(ctx); err != nil || st.Running != 1 || st.Waiting != 0 {
		t.Errorf("stats %+v, %v; want 1 running", st, err)
	}

	// A takeback (a change at the next revision, with the AI not to
	// move) cancels it.
	g.Moves, g.AIDue = nil, false
	if err := s.Save(ctx, &g); err != nil {
		t.Fatal(err)
	}
	if held, err := s.RenewLease(ctx, sr.ID, "w1", lease); err != nil || held {
		t.Errorf("renewing a cancelled search: %v, %v; want false", held, err)
	}

	// Queued again; its worker dies: after the lease, w2 takes it over.
	g.Moves, g.AIDue = []string{"d2d4"}, true
	if err := s.Save(ctx, &g); err != nil {
		t.Fatal(err)
	}
	first, ok := claim("w1")
	if !ok || first.Rev != 3 {
		t.Fatalf("claimed %+v, %v", first, ok)
	}
	time.Sleep(lease + 100*time.Millisecond)
	if st, err := s.QueueStats(ctx); err != nil || st.Waiting != 1 || st.Running != 0 {
		t.Errorf("stats after the lease ran out: %+v, %v; want 1 waiting", st, err)
	}
	again, ok := claim("w2")
	if !ok || again.ID != first.ID || again.Attempts != 2 {
		t.Fatalf("takeover: claimed %+v, %v; want search %d at its second attempt", again, ok, first.ID)
	}
	if held, _ := s.RenewLease(ctx, first.ID, "w1", lease); held {
		t.Error("the dead worker still holds the search")
	}
	// The AI's move (Save at the next revision) removes it.
	g.Moves, g.AIDue = []string{"d2d4", "d7d5"}, false
	if err := s.Save(ctx, &g); err != nil {
		t.Fatal(err)
	}
	if running, err := s.SearchRunning(ctx, first.ID); err != nil || running {
		t.Errorf("the search after the AI's move: running %v, %v", running, err)
	}

	// A delay: not due before it.
	g.Moves, g.AIDue, g.AIDelay = append(g.Moves, "c2c4"), true, time.Hour
	if err := s.Save(ctx, &g); err != nil {
		t.Fatal(err)
	}
	if sr, ok := claim("w1"); ok {
		t.Errorf("took %+v, due in an hour", sr)
	}
	// Deleting the game removes its searches.
	if err := s.Delete(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	if st, err := s.QueueStats(ctx); err != nil || st.Waiting+st.Running != 0 {
		t.Errorf("stats after deleting the game: %+v, %v", st, err)
	}
}

// TestPostgresAnalysis queues an analysis, finishes it and reads its
// result; a change of the game cancels one.
func TestPostgresAnalysis(t *testing.T) {
	s := openPostgres(t, storetest.PostgresURL(t))
	ctx := context.Background()
	g := storetest.NewGame(t, s)
	id, err := s.QueueAnalysis(ctx, g.ID, g.Rev, `{"moveTimeMs":300}`)
	if err != nil {
		t.Fatal(err)
	}
	if _, done, err := s.AnalysisResult(ctx, id); err != nil || done {
		t.Errorf("result before the search: done %v, %v", done, err)
	}
	sr, ok, err := s.ClaimSearch(ctx, "w", time.Second)
	if err != nil || !ok || sr.ID != id || sr.Limits != `{"moveTimeMs":300}` || sr.Kind != store.SearchAnalysis {
		t.Fatalf("claimed %+v, %v, %v", sr, ok, err)
	}
	if ok, err := s.FinishAnalysis(ctx, id, "w", "e2e4"); err != nil || !ok {
		t.Fatalf("finishing: %v, %v", ok, err)
	}
	if r, done, err := s.AnalysisResult(ctx, id); err != nil || !done || r != "e2e4" {
		t.Errorf("result %q, done %v, %v", r, done, err)
	}
	if _, ok, _ := s.ClaimSearch(ctx, "w", time.Second); ok {
		t.Error("a finished analysis was taken again")
	}

	id, err = s.QueueAnalysis(ctx, g.ID, g.Rev, `{}`)
	if err != nil {
		t.Fatal(err)
	}
	g.Moves = []string{"e2e4"}
	if err := s.Save(ctx, &g); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.AnalysisResult(ctx, id); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an analysis of a changed game: %v, want ErrNotFound", err)
	}
}

// TestPostgresNotifications listens to the changes of games from another
// store: each creation, save, speed change and deletion is notified once
// committed, and Notify's own messages arrive.
func TestPostgresNotifications(t *testing.T) {
	url := storetest.PostgresURL(t)
	s := openPostgres(t, url)
	other := openPostgres(t, url)
	got := make(chan store.Notification, 100)
	stop, err := s.Listen(context.Background(), []string{store.ChannelGame, store.ChannelThinking}, func(n store.Notification) { got <- n })
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	ctx := context.Background()
	g := storetest.NewGame(t, other)
	g.Moves = []string{"e2e4"}
	if err := other.Save(ctx, &g); err != nil {
		t.Fatal(err)
	}
	if err := other.SetSpeed(ctx, g.ID, 100); err != nil {
		t.Fatal(err)
	}
	if err := other.Notify(ctx, store.ChannelThinking, g.ID+" 1 {}"); err != nil {
		t.Fatal(err)
	}
	if err := other.Delete(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	want := []store.Notification{
		{Channel: store.ChannelGame, Payload: g.ID + " 0"},
		{Channel: store.ChannelGame, Payload: g.ID + " 1"},
		{Channel: store.ChannelGame, Payload: g.ID + " speed"},
		{Channel: store.ChannelThinking, Payload: g.ID + " 1 {}"},
		{Channel: store.ChannelGame, Payload: g.ID + " deleted"},
	}
	for i, w := range want {
		select {
		case n := <-got:
			if n != w {
				t.Errorf("notification %d: %+v, want %+v", i, n, w)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("notification %d (%+v) did not arrive", i, w)
		}
	}
	if err := other.Notify(ctx, store.ChannelThinking, fmt.Sprintf("%08000d", 0)); err == nil {
		t.Error("a notification of 8000 bytes was sent")
	}
}

// TestPostgresClock: the store's clock is the database's.
func TestPostgresClock(t *testing.T) {
	s := openPostgres(t, storetest.PostgresURL(t))
	if d := time.Since(s.Now()); d > time.Second || d < -time.Second {
		t.Errorf("the database's clock is %v from this machine's (the same machine)", d)
	}
}

// TestPostgresQueuePriority queues, oldest first, an analysis, an untimed
// game's move and a clocked game's move: workers take them most urgent
// first, as package sched orders its jobs.
func TestPostgresQueuePriority(t *testing.T) {
	s := openPostgres(t, storetest.PostgresURL(t))
	ctx := context.Background()
	hinted := storetest.NewGame(t, s)
	analysis, err := s.QueueAnalysis(ctx, hinted.ID, hinted.Rev, `{"moveTimeMs":300}`)
	if err != nil {
		t.Fatal(err)
	}
	untimed := storetest.NewGame(t, s)
	untimed.Moves, untimed.AIDue = []string{"e2e4"}, true
	if err := s.Save(ctx, &untimed); err != nil {
		t.Fatal(err)
	}
	clocked := store.Game{White: store.Human, Black: store.AI, BlackLevel: "4", StartFEN: storetest.StartFEN,
		TokenHash: []byte{1}, TimeLimit: 3 * time.Minute, Moves: []string{"d2d4"}, AIDue: true}
	if err := s.CreateGame(ctx, &clocked); err != nil {
		t.Fatal(err)
	}
	var got []string
	for range 3 {
		sr, ok, err := s.ClaimSearch(ctx, "w", time.Minute)
		if err != nil || !ok {
			t.Fatalf("claim: %v, %v", ok, err)
		}
		switch {
		case sr.ID == analysis:
			got = append(got, "analysis")
		case sr.GameID == untimed.ID:
			got = append(got, "untimed move")
		case sr.GameID == clocked.ID:
			got = append(got, "clocked move")
		}
	}
	if want := "clocked move, untimed move, analysis"; fmt.Sprint(got) != "["+strings.ReplaceAll(want, ", ", " ")+"]" {
		t.Errorf("taken in the order %q, want %s", got, want)
	}
}

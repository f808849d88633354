package store_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
)

// claimed returns the ids of the games ClaimOverdue takes at now.
func claimed(t *testing.T, s *store.Postgres, now time.Time, retry time.Duration) []string {
	t.Helper()
	games, err := s.ClaimOverdue(context.Background(), now, 10, retry)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, g := range games {
		ids = append(ids, g.ID)
	}
	slices.Sort(ids)
	return ids
}

// TestPostgresDeadlines follows a game's deadline through the column: a
// Save sets it (rounded up to the millisecond, and one later) and clears
// it; a game is taken once it is overdue, at its revision, and not again
// until the retry; SetDeadline changes it only at the revision read.
func TestPostgresDeadlines(t *testing.T) {
	s := openPostgres(t, storetest.PostgresURL(t))
	ctx := context.Background()
	base := s.Now().Truncate(time.Second) // any moment: each claim names its own now
	g := storetest.NewGame(t, s)
	g.Moves, g.Deadline = []string{"e2e4"}, base.Add(100*time.Microsecond)
	if err := s.Save(ctx, &g); err != nil {
		t.Fatal(err)
	}
	stored := base.Add(2 * time.Millisecond) // rounded up, and a millisecond later
	const retry = 500 * time.Millisecond
	steps := []struct {
		name string
		now  time.Time
		want []string
	}{
		{"before the deadline", stored.Add(-time.Microsecond), nil},
		{"at the deadline", stored, []string{g.ID}},
		{"taken: not again before the retry", stored.Add(retry - time.Microsecond), nil},
		{"taken again after the retry", stored.Add(retry), []string{g.ID}},
	}
	for _, st := range steps {
		if got := claimed(t, s, st.now, retry); !slices.Equal(got, st.want) {
			t.Errorf("%s: took %q, want %q", st.name, got, st.want)
		}
	}
	games, err := s.ClaimOverdue(ctx, base.Add(time.Hour), 10, retry)
	if err != nil || len(games) != 1 || games[0].Rev != g.Rev || !slices.Equal(games[0].Moves, g.Moves) {
		t.Fatalf("took %+v, %v; want the game at revision %d", games, err, g.Rev)
	}

	// SetDeadline at a stale revision changes nothing; at the current
	// one it sets the deadline without a new revision.
	if ok, err := s.SetDeadline(ctx, g.ID, g.Rev-1, base); err != nil || ok {
		t.Errorf("SetDeadline at a stale revision: %v, %v", ok, err)
	}
	if ok, err := s.SetDeadline(ctx, g.ID, g.Rev, base.Add(10*time.Hour)); err != nil || !ok {
		t.Errorf("SetDeadline: %v, %v", ok, err)
	}
	if got := storetest.MustGet(t, s, g.ID); got.Rev != g.Rev {
		t.Errorf("SetDeadline made revision %d of %d", got.Rev, g.Rev)
	}
	if got := claimed(t, s, base.Add(10*time.Hour-time.Millisecond), retry); got != nil {
		t.Errorf("took %q before the deadline SetDeadline set", got)
	}
	// A save without a deadline (the game over, paused) clears it.
	g.Result, g.Reason, g.Deadline = "1-0", "resignation", time.Time{}
	if err := s.Save(ctx, &g); err != nil {
		t.Fatal(err)
	}
	if got := claimed(t, s, base.Add(100*time.Hour), retry); got != nil {
		t.Errorf("took %q, which has no deadline", got)
	}
}

// TestPostgresDeadlinesRace: sweeps of two programs at once take each
// overdue game once.
func TestPostgresDeadlinesRace(t *testing.T) {
	url := storetest.PostgresURL(t)
	stores := []*store.Postgres{openPostgres(t, url), openPostgres(t, url)}
	ctx := context.Background()
	deadline := stores[0].Now().Add(-time.Second)
	var want []string
	for range 40 {
		g := storetest.NewGame(t, stores[0])
		g.Deadline = deadline
		if err := stores[0].Save(ctx, &g); err != nil {
			t.Fatal(err)
		}
		want = append(want, g.ID)
	}
	slices.Sort(want)
	var mu sync.Mutex
	var got []string
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				games, err := stores[i%2].ClaimOverdue(ctx, deadline.Add(time.Second), 3, time.Hour)
				if err != nil {
					t.Error(err)
					return
				}
				if len(games) == 0 {
					return
				}
				mu.Lock()
				for _, g := range games {
					got = append(got, g.ID)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("took %d games (%q), want each of %d once", len(got), got, len(want))
	}
}

// TestPostgresDeadlineMigration migrates a database of the version before
// deadlines, with games in it: a game whose clock runs gets a deadline no
// later than its true one (its clock's start), the others none.
func TestPostgresDeadlineMigration(t *testing.T) {
	url := storetest.PostgresURL(t)
	s := openPostgres(t, url)
	ctx := context.Background()
	since := s.Now().Add(-time.Minute).Truncate(time.Millisecond)
	games := map[string]store.Game{}
	for _, tt := range []struct {
		name   string
		change func(g *store.Game)
	}{
		{"running", func(g *store.Game) { g.ClockSince = since }},
		{"paused", func(g *store.Game) { g.ClockSince, g.Paused = since, true }},
		{"over", func(g *store.Game) { g.ClockSince, g.Result, g.Reason = since, "0-1", "resignation" }},
		{"untimed", func(g *store.Game) {}},
	} {
		g := storetest.NewGame(t, s, "e2e4")
		tt.change(&g)
		if err := s.Save(ctx, &g); err != nil {
			t.Fatal(err)
		}
		games[tt.name] = g
	}
	// Back to version 4, as a database written before deadlines (and what
	// later versions added: the searches' priorities, the puzzles).
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var latest int
	if err := conn.QueryRow(ctx, `SELECT version FROM outpost_schema`).Scan(&latest); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `ALTER TABLE games DROP COLUMN deadline; ALTER TABLE searches DROP COLUMN priority;
		DROP TABLE puzzle_ratings; DROP TABLE puzzle_attempts; UPDATE outpost_schema SET version = 4`); err != nil {
		t.Fatal(err)
	}
	migrated := openPostgres(t, url)
	var version int
	if err := conn.QueryRow(ctx, `SELECT version FROM outpost_schema`).Scan(&version); err != nil || version != latest {
		t.Fatalf("schema version %d, %v; want %d", version, err, latest)
	}
	if got := claimed(t, migrated, since.Add(-time.Millisecond), time.Hour); got != nil {
		t.Errorf("took %q before any clock started", got)
	}
	if got, want := claimed(t, migrated, since, time.Hour), []string{games["running"].ID}; !slices.Equal(got, want) {
		t.Errorf("took %q, want the running game %q", got, want)
	}
}

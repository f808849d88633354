package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// openTemp opens a new store in a temporary directory, closed at the end of
// the test.
func openTemp(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sub", "outpost.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

// newGame creates a human-against-AI web game with the given moves.
func newGame(t *testing.T, s *Store, moves ...string) Game {
	t.Helper()
	g := Game{White: Human, Black: AI, WhiteLevel: "4", BlackLevel: "4", StartFEN: startFEN,
		Moves: moves, TokenHash: []byte{1, 2, 3}, SpeedMs: 500}
	if err := s.CreateGame(context.Background(), &g); err != nil {
		t.Fatal(err)
	}
	return g
}

// addMoves saves game id with moves appended, at its current revision.
func addMoves(t *testing.T, s *Store, id string, moves ...string) Game {
	t.Helper()
	g := mustGet(t, s, id)
	g.Moves = append(g.Moves, moves...)
	if err := s.Save(context.Background(), &g); err != nil {
		t.Fatal(err)
	}
	return g
}

func mustGet(t *testing.T, s *Store, id string) Game {
	t.Helper()
	g, err := s.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestCreateAndGet(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	g := newGame(t, s, "e2e4", "e7e5")
	if !ValidID(g.ID) {
		t.Fatalf("id %q is not a valid id", g.ID)
	}
	got := mustGet(t, s, g.ID)
	if got.Source != SourceWeb || got.Result != "*" || got.Reason != "" {
		t.Errorf("defaults: source %q result %q reason %q", got.Source, got.Result, got.Reason)
	}
	if !slices.Equal(got.Moves, []string{"e2e4", "e7e5"}) || got.StartFEN != startFEN {
		t.Errorf("moves %q start %q", got.Moves, got.StartFEN)
	}
	if string(got.TokenHash) != "\x01\x02\x03" || got.White != Human || got.Black != AI ||
		got.WhiteLevel != "4" || got.BlackLevel != "4" || got.SpeedMs != 500 || got.Paused {
		t.Errorf("got %+v", got)
	}
	if !got.CreatedAt.Equal(g.CreatedAt) || !got.UpdatedAt.Equal(g.CreatedAt) {
		t.Errorf("times %v %v, want %v", got.CreatedAt, got.UpdatedAt, g.CreatedAt)
	}

	empty := Game{Source: SourceTerminal, White: Human, Black: Human, StartFEN: startFEN}
	if err := s.CreateGame(ctx, &empty); err != nil {
		t.Fatal(err)
	}
	if got := mustGet(t, s, empty.ID); got.Moves == nil || len(got.Moves) != 0 || got.TokenHash != nil {
		t.Errorf("empty game: moves %#v token %#v", got.Moves, got.TokenHash)
	}
	if _, err := s.Get(ctx, "nosuchgame00"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get unknown: %v, want ErrNotFound", err)
	}
	dup := Game{ID: g.ID, White: Human, Black: AI, StartFEN: startFEN}
	if err := s.CreateGame(ctx, &dup); err == nil {
		t.Error("CreateGame with an existing id succeeded")
	}
	bad := Game{White: Human, Black: AI, StartFEN: startFEN, Moves: []string{"e2e4 e7e5"}}
	if err := s.CreateGame(ctx, &bad); err == nil {
		t.Error("CreateGame with a move holding a space succeeded")
	}
}

func TestUpdatedAt(t *testing.T) {
	s, _ := openTemp(t)
	clock := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return clock }
	g := newGame(t, s)
	clock = clock.Add(time.Minute)
	addMoves(t, s, g.ID, "e2e4")
	got := mustGet(t, s, g.ID)
	if !got.CreatedAt.Equal(clock.Add(-time.Minute)) || !got.UpdatedAt.Equal(clock) {
		t.Errorf("created %v updated %v", got.CreatedAt, got.UpdatedAt)
	}
}

func TestDelete(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	g := newGame(t, s)
	if err := s.Delete(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, g.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get after Delete: %v", err)
	}
	if err := s.Delete(ctx, g.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("Delete twice: %v", err)
	}
}

func TestListAndLatest(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	clock := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	s.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	if _, err := s.LatestUnfinished(ctx, ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("LatestUnfinished of an empty store: %v", err)
	}
	var ids []string // in creation order
	for i, src := range []string{SourceWeb, SourceTerminal, SourceWeb, SourceTerminal} {
		g := Game{Source: src, White: Human, Black: AI, StartFEN: startFEN, Moves: []string{"e2e4"}[:i%2]}
		if err := s.CreateGame(ctx, &g); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	// Game 1 (terminal) is played last; game 3 (terminal) finishes.
	over := mustGet(t, s, ids[3])
	over.Result, over.Reason = "1-0", "checkmate"
	if err := s.Save(ctx, &over); err != nil {
		t.Fatal(err)
	}
	addMoves(t, s, ids[1], "e7e5")

	tests := []struct {
		opts ListOptions
		want []string
	}{
		{ListOptions{}, []string{ids[3], ids[2], ids[1], ids[0]}},
		{ListOptions{Limit: 2}, []string{ids[3], ids[2]}},
		{ListOptions{Source: SourceWeb}, []string{ids[2], ids[0]}},
		{ListOptions{Source: SourceTerminal, Unfinished: true}, []string{ids[1]}},
		{ListOptions{Unfinished: true}, []string{ids[2], ids[1], ids[0]}},
		{ListOptions{Source: "nobody"}, []string{}},
	}
	for _, tt := range tests {
		list, err := s.List(ctx, tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range list {
			got = append(got, m.ID)
		}
		if !slices.Equal(got, tt.want) && !(len(got) == 0 && len(tt.want) == 0) {
			t.Errorf("List(%+v) = %q, want %q", tt.opts, got, tt.want)
		}
	}
	list, _ := s.List(ctx, ListOptions{Source: SourceTerminal})
	if m := list[0]; m.Result != "1-0" || m.Reason != "checkmate" || m.Plies != 1 || m.Source != SourceTerminal {
		t.Errorf("summary %+v", m)
	}
	if m := list[1]; m.Plies != 2 || !m.UpdatedAt.After(m.CreatedAt) {
		t.Errorf("summary %+v", m)
	}

	latest := []struct{ source, want string }{
		{SourceTerminal, ids[1]}, {SourceWeb, ids[2]}, {"", ids[1]},
	}
	for _, tt := range latest {
		g, err := s.LatestUnfinished(ctx, tt.source)
		if err != nil || g.ID != tt.want {
			t.Errorf("LatestUnfinished(%q) = %q, %v; want %q", tt.source, g.ID, err, tt.want)
		}
	}
}

// TestConcurrentWriters races writers on one game (exactly one wins each
// revision) and on many games (none lost), from two Stores on one file as
// the server and a terminal game would.
func TestConcurrentWriters(t *testing.T) {
	s1, path := openTemp(t)
	s2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	ctx := context.Background()
	shared := newGame(t, s1)

	const plies, racers = 20, 4
	var wg sync.WaitGroup
	wins := make([][]int, racers)
	for r := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := []*Store{s1, s2}[r%2]
			for ply := 0; ply < plies; {
				g, err := st.Get(ctx, shared.ID)
				if err != nil {
					t.Error(err)
					return
				}
				if len(g.Moves) >= plies {
					return
				}
				ply = len(g.Moves)
				g.Moves = append(g.Moves, fmt.Sprintf("r%dp%d", r, ply))
				switch err := st.Save(ctx, &g); {
				case err == nil:
					wins[r] = append(wins[r], ply)
				case !errors.Is(err, ErrConflict):
					t.Errorf("racer %d ply %d: %v", r, ply, err)
					return
				}
			}
		}()
	}
	games := make([]Game, 8)
	for i := range games {
		games[i] = newGame(t, s1)
	}
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := []*Store{s1, s2}[i%2]
			g := games[i]
			for ply := range 10 {
				g.Moves = append(g.Moves, fmt.Sprintf("m%d", ply))
				if err := st.Save(ctx, &g); err != nil {
					t.Errorf("game %d ply %d: %v", i, ply, err)
					return
				}
			}
		}()
	}
	wg.Wait()

	got := mustGet(t, s2, shared.ID).Moves
	won := 0
	for r := range racers {
		won += len(wins[r])
		for _, ply := range wins[r] {
			if want := fmt.Sprintf("r%dp%d", r, ply); ply >= len(got) || got[ply] != want {
				t.Errorf("ply %d: stored %q, racer %d won it", ply, got, r)
			}
		}
	}
	if won != len(got) || len(got) != plies {
		t.Errorf("%d saves succeeded, %d moves stored, want %d", won, len(got), plies)
	}
	for i, g := range games {
		if n := len(mustGet(t, s1, g.ID).Moves); n != 10 {
			t.Errorf("game %d has %d moves, want 10", i, n)
		}
	}
}

func TestReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "outpost.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, s, "e2e4")
	addMoves(t, s, g.ID, "e7e5")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := mustGet(t, s, g.ID).Moves; !slices.Equal(got, []string{"e2e4", "e7e5"}) {
		t.Errorf("after reopening: %q", got)
	}
	var mode string
	var sync int
	if err := s.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal mode %q, %v; want wal", mode, err)
	}
	if err := s.db.QueryRow(`PRAGMA synchronous`).Scan(&sync); err != nil || sync != 2 {
		t.Errorf("synchronous %d, %v; want 2 (FULL)", sync, err)
	}
	s.Close()

	// SyncNormal: the same data, synchronous=NORMAL.
	s, err = OpenWith(path, Options{Sync: SyncNormal})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.db.QueryRow(`PRAGMA synchronous`).Scan(&sync); err != nil || sync != 1 {
		t.Errorf("synchronous %d, %v; want 1 (NORMAL)", sync, err)
	}
	if got := mustGet(t, s, g.ID).Moves; len(got) != 2 {
		t.Errorf("with SyncNormal: %q", got)
	}
	if _, err := OpenWith(path, Options{Sync: 7}); err == nil {
		t.Error("OpenWith an unknown Sync succeeded")
	}
}

func TestMigrate(t *testing.T) {
	ctx := context.Background()
	s, path := openTemp(t)
	version := func() int {
		var v int
		if err := s.db.QueryRow(`PRAGMA user_version`).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	if v := version(); v != len(migrations) {
		t.Fatalf("new database at version %d, want %d", v, len(migrations))
	}
	// A later version adds a column and fills it; running it twice is a no-op.
	g := newGame(t, s, "e2e4")
	steps := append(append([]string(nil), migrations...),
		`ALTER TABLE games ADD COLUMN note TEXT NOT NULL DEFAULT ''; UPDATE games SET note = 'migrated'`)
	for range 2 {
		if err := migrate(ctx, s.db, steps); err != nil {
			t.Fatal(err)
		}
	}
	if v := version(); v != len(steps) {
		t.Errorf("version %d after migrating, want %d", v, len(steps))
	}
	var note string
	if err := s.db.QueryRow(`SELECT note FROM games WHERE id = ?`, g.ID).Scan(&note); err != nil || note != "migrated" {
		t.Errorf("note %q, %v", note, err)
	}
	// A failing step leaves the version where it was.
	bad := append(append([]string(nil), steps...), `THIS IS NOT SQL`)
	if err := migrate(ctx, s.db, bad); err == nil {
		t.Error("a broken migration succeeded")
	}
	if v := version(); v != len(steps) {
		t.Errorf("version %d after a failed migration, want %d", v, len(steps))
	}
	// This program cannot open a database from a newer one.
	s.Close()
	if _, err := Open(path); err == nil {
		t.Error("Open of a newer schema succeeded")
	}
}

func TestDefaultPath(t *testing.T) {
	tests := []struct{ xdg, home, want string }{
		{"/data", "/home/u", "/data/outpost/outpost.db"},
		{"", "/home/u", "/home/u/.local/share/outpost/outpost.db"},
		{"relative", "/home/u", "/home/u/.local/share/outpost/outpost.db"},
	}
	for _, tt := range tests {
		t.Setenv("XDG_DATA_HOME", tt.xdg)
		t.Setenv("HOME", tt.home)
		if got, err := DefaultPath(); err != nil || got != tt.want {
			t.Errorf("XDG_DATA_HOME=%q HOME=%q: %q, %v; want %q", tt.xdg, tt.home, got, err, tt.want)
		}
	}
}

func TestNewID(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id, err := NewID()
		if err != nil {
			t.Fatal(err)
		}
		if !ValidID(id) || seen[id] {
			t.Fatalf("id %q: valid %v, seen before %v", id, ValidID(id), seen[id])
		}
		seen[id] = true
	}
	for _, bad := range []string{"", "abc", "ABCDEFGHIJKL", "abcdefghijk1", "abcdefghijklm"} {
		if ValidID(bad) {
			t.Errorf("ValidID(%q) = true", bad)
		}
	}
}

// TestSave saves a game over its revisions: everything play keeps comes
// back, the rest stays, and a stale revision or an unknown game changes
// nothing.
func TestSave(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	clock := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	s.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	g := Game{White: Human, Black: AI, WhiteLevel: "4", BlackLevel: "4", StartFEN: startFEN,
		TimeLimit: 3 * time.Minute, TimeIncrement: 2 * time.Second, ClockSince: clock, SpeedMs: 500, TokenHash: []byte{7}}
	if err := s.CreateGame(ctx, &g); err != nil {
		t.Fatal(err)
	}
	other := newGame(t, s, "d2d4")

	saved := g
	saved.Moves = []string{"e2e4", "e7e5", "g1f3"}
	saved.Clocks = []time.Duration{181500 * time.Millisecond, NoClock, 179 * time.Second}
	saved.ClockSpent, saved.ClockSince = 1200*time.Millisecond, time.Time{}
	saved.Black, saved.BlackLevel, saved.Paused = Human, "", true
	saved.Result, saved.Reason = "1-0", "time forfeit"
	if err := s.Save(ctx, &saved); err != nil {
		t.Fatal(err)
	}
	if saved.Rev != 1 || !saved.UpdatedAt.After(g.UpdatedAt) {
		t.Errorf("after saving: rev %d updated %v (created %v)", saved.Rev, saved.UpdatedAt, g.CreatedAt)
	}
	got := mustGet(t, s, g.ID)
	if !slices.Equal(got.Moves, saved.Moves) || !slices.Equal(got.Clocks, saved.Clocks) ||
		got.ClockSpent != saved.ClockSpent || !got.ClockSince.IsZero() || got.Black != Human || got.BlackLevel != "" ||
		!got.Paused || got.Result != "1-0" || got.Reason != "time forfeit" || got.Rev != 1 {
		t.Errorf("saved %+v\ngot   %+v", saved, got)
	}
	if got.TimeLimit != 3*time.Minute || got.TimeIncrement != 2*time.Second || got.SpeedMs != 500 ||
		string(got.TokenHash) != "\x07" || got.StartFEN != startFEN || !got.CreatedAt.Equal(g.CreatedAt) {
		t.Errorf("Save changed what it does not own: %+v", got)
	}
	if l, _ := s.List(ctx, ListOptions{}); len(l) != 2 || l[1].ID != g.ID || l[1].Plies != 3 || l[1].Result != "1-0" {
		t.Errorf("summaries after Save: %+v", l)
	}

	// A program still at revision 0 cannot overwrite revision 1.
	stale := g
	stale.Moves = []string{"d2d4"}
	if err := s.Save(ctx, &stale); !errors.Is(err, ErrConflict) {
		t.Errorf("Save at a stale revision: %v, want ErrConflict", err)
	}
	if got := mustGet(t, s, g.ID); len(got.Moves) != 3 || stale.Rev != 0 {
		t.Errorf("a refused save changed the game: %q (rev %d)", got.Moves, stale.Rev)
	}
	unknown := Game{ID: "nosuchgame00", Result: "*"}
	if err := s.Save(ctx, &unknown); !errors.Is(err, ErrNotFound) {
		t.Errorf("Save of an unknown game: %v, want ErrNotFound", err)
	}
	for _, bad := range []Game{
		{ID: g.ID, Rev: 1, Result: "?"},
		{ID: g.ID, Rev: 1, Result: "*", Moves: []string{"e2 e4"}},
		{ID: g.ID, Rev: 1, Result: "*", Clocks: []time.Duration{time.Second}},
	} {
		if err := s.Save(ctx, &bad); err == nil || errors.Is(err, ErrConflict) {
			t.Errorf("Save(%+v): %v, want a refusal", bad, err)
		}
	}
	// Back to no clock readings: the column empties.
	saved.Clocks = []time.Duration{NoClock, NoClock, NoClock}
	if err := s.Save(ctx, &saved); err != nil {
		t.Fatal(err)
	}
	if got := mustGet(t, s, g.ID); got.Clocks != nil {
		t.Errorf("clocks %v, want none", got.Clocks)
	}
	if got := mustGet(t, s, other.ID); !slices.Equal(got.Moves, []string{"d2d4"}) || got.Rev != 0 {
		t.Errorf("the other game changed: %+v", got)
	}

	if err := s.SetSpeed(ctx, g.ID, 1500); err != nil {
		t.Fatal(err)
	}
	if got := mustGet(t, s, g.ID); got.SpeedMs != 1500 || got.Rev != saved.Rev {
		t.Errorf("SetSpeed: speed %d rev %d", got.SpeedMs, got.Rev)
	}
	if err := s.SetSpeed(ctx, "nosuchgame00", 0); !errors.Is(err, ErrNotFound) {
		t.Errorf("SetSpeed unknown: %v", err)
	}
}

// TestMigrateFromVersion1 opens a database written by version 1 of the
// schema: its games read back with no clock.
func TestMigrateFromVersion1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if err := migrate(ctx, db, migrations[:1]); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO games (id, source, created_at, updated_at, white, black, start_fen, moves, plies)
		VALUES ('abcdefghijkl', 'web', 1, 1, 'human', 'ai', ?, 'e2e4 e7e5', 2)`, startFEN); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := mustGet(t, s, "abcdefghijkl")
	if len(g.Moves) != 2 || g.Clocks != nil || g.TimeLimit != 0 || g.TimeIncrement != 0 || !g.ClockSince.IsZero() || g.Rev != 0 {
		t.Errorf("an old game read back as %+v", g)
	}
}

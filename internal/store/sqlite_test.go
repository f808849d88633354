package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// openTemp opens a new store in a temporary directory, closed at the end of
// the test.
func openTemp(t *testing.T) (*SQLite, string) {
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
func newGame(t *testing.T, s *SQLite, moves ...string) Game {
	t.Helper()
	g := Game{White: Human, Black: AI, WhiteLevel: "4", BlackLevel: "4", StartFEN: startFEN,
		Moves: moves, TokenHash: []byte{1, 2, 3}, SpeedMs: 500}
	if err := s.CreateGame(context.Background(), &g); err != nil {
		t.Fatal(err)
	}
	return g
}

// addMoves saves game id with moves appended, at its current revision.
func addMoves(t *testing.T, s *SQLite, id string, moves ...string) Game {
	t.Helper()
	g := mustGet(t, s, id)
	g.Moves = append(g.Moves, moves...)
	if err := s.Save(context.Background(), &g); err != nil {
		t.Fatal(err)
	}
	return g
}

func mustGet(t *testing.T, s *SQLite, id string) Game {
	t.Helper()
	g, err := s.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
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

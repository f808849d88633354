package store_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
)

// TestOpenReadOnly opens a database that cannot be written: Open refuses it
// in words (SQLite would open it read-only and fail every write later).
func TestOpenReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "outpost.db")
	s := openSQLite(t, path)
	storetest.NewGame(t, s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	storetest.MakeReadOnly(t, path)
	s, err := store.Open(path)
	if err == nil {
		s.Close()
		t.Fatal("a read-only database was opened")
	}
	if !errors.Is(err, store.ErrReadOnly) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "permissions") {
		t.Errorf("Open of a read-only database: %v", err)
	}
}

// TestOpenOnReadOnlyMount opens a database, old or new, on a file system
// mounted read-only: Open refuses it with ErrReadOnly's sentence, not
// SQLite's "unable to open database file".
func TestOpenOnReadOnlyMount(t *testing.T) {
	disk := storetest.SmallDisk(t, 1<<20)
	old := filepath.Join(disk.Dir, "outpost.db")
	s := openSQLite(t, old)
	storetest.NewGame(t, s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	disk.ReadOnly()
	for _, path := range []string{old, filepath.Join(disk.Dir, "new.db")} {
		s, err := store.Open(path)
		if err == nil {
			s.Close()
			t.Fatalf("%s on a read-only mount was opened", path)
		}
		if !errors.Is(err, store.ErrReadOnly) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "check the permissions") {
			t.Errorf("Open of %s on a read-only mount: %v", path, err)
		}
	}
}

package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
)

// TestSQLite runs the shared suite on the SQLite store.
func TestSQLite(t *testing.T) {
	storetest.Run(t, storetest.Backend{Open: func(t *testing.T) (store.Store, func() store.Store) {
		path := filepath.Join(t.TempDir(), "sub", "outpost.db")
		return openSQLite(t, path), func() store.Store { return openSQLite(t, path) }
	}})
}

func openSQLite(t *testing.T, path string) *store.SQLite {
	t.Helper()
	s, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestPostgres runs the shared suite on the PostgreSQL store (a server is
// needed: see storetest.PostgresURL).
func TestPostgres(t *testing.T) {
	storetest.Run(t, storetest.Backend{Open: func(t *testing.T) (store.Store, func() store.Store) {
		url := storetest.PostgresURL(t)
		return openPostgres(t, url), func() store.Store { return openPostgres(t, url) }
	}})
}

func openPostgres(t testing.TB, url string) *store.Postgres {
	t.Helper()
	s, err := store.OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

package store_test

import (
	"context"
	"fmt"
	"net"
	"path/filepath"
	"testing"

	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
)

// TestFailureOf classifies the errors of real failures: a full disk, a
// database closed, a PostgreSQL server that does not answer, and answers
// that are not failures.
func TestFailureOf(t *testing.T) {
	disk := storetest.SmallDisk(t, 1<<20)
	s := openSQLite(t, filepath.Join(disk.Dir, "outpost.db"))
	g := storetest.NewGame(t, s)
	free := disk.Fill()
	g.Moves = append(g.Moves, "e2e4")
	full := s.Save(context.Background(), &g)
	free()

	_, notFound := s.Get(context.Background(), "nosuchgame00")
	closed := openSQLite(t, filepath.Join(t.TempDir(), "closed.db"))
	closed.Close()
	afterClose := closed.Save(context.Background(), &g)

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	_, refused := store.OpenPostgres(context.Background(), fmt.Sprintf("postgres://postgres@%s/outpost?sslmode=disable&connect_timeout=5", addr))

	for _, tt := range []struct {
		name string
		err  error
		want store.Failure
	}{
		{"nil", nil, store.NotFailed},
		{"not found", notFound, store.NotFailed},
		{"full disk", full, store.Full},
		{"closed", afterClose, store.Unavailable},
		{"PostgreSQL refuses the connection", refused, store.Unavailable},
		{"damaged", fmt.Errorf("%w: game x", store.ErrDamaged), store.Damaged},
		{"read-only", store.ErrReadOnly, store.ReadOnly},
	} {
		if got := store.FailureOf(tt.err); got != tt.want {
			t.Errorf("%s: FailureOf(%v) = %v, want %v", tt.name, tt.err, got, tt.want)
		}
	}
}

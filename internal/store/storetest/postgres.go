package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// PostgresEnv is the environment variable that gives the tests a
// PostgreSQL server: the URL of a role that may create databases. Each test
// gets a database of its own, dropped at its end. scripts/test starts a
// throwaway cluster and sets it.
const PostgresEnv = "OUTPOST_TEST_POSTGRES"

// PostgresURL creates a new, empty database on the test server (see
// PostgresEnv) and returns its URL; the database is dropped at the end of
// the test. Without the server the test fails, saying how to run it: it is
// never skipped silently.
func PostgresURL(t testing.TB) string {
	t.Helper()
	server := os.Getenv(PostgresEnv)
	if server == "" {
		t.Fatalf("this test needs a PostgreSQL server: run scripts/test, which starts a throwaway one, "+
			"or set %s to the URL of a role that may create databases "+
			"(source scripts/postgres.bash; postgres_start; export %s=$POSTGRES_URL)", PostgresEnv, PostgresEnv)
	}
	u, err := url.Parse(server)
	if err != nil {
		t.Fatalf("%s: %v", PostgresEnv, err)
	}
	var b [6]byte
	rand.Read(b[:])
	name := "outpost_test_" + hex.EncodeToString(b[:])
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	admin, err := pgx.Connect(ctx, server)
	if err != nil {
		t.Fatalf("%s: %v", PostgresEnv, err)
	}
	defer admin.Close(context.Background())
	if _, err := admin.Exec(ctx, `CREATE DATABASE `+name); err != nil {
		t.Fatalf("creating the test database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if admin, err := pgx.Connect(ctx, server); err == nil {
			admin.Exec(ctx, `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`)
			admin.Close(context.Background())
		}
	})
	u.Path = "/" + name
	return u.String()
}

package storetest

import (
	"context"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// PostgresOutage makes the test database at dbURL (of PostgresURL) stop
// answering, as in an outage: the server refuses new connections to it
// and ends those open. It returns the function that ends the outage (also
// called at the end of the test).
func PostgresOutage(t testing.TB, dbURL string) (end func()) {
	t.Helper()
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	admin := func(sql string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		conn, err := pgx.Connect(ctx, os.Getenv(PostgresEnv))
		if err != nil {
			t.Fatalf("%s: %v", PostgresEnv, err)
		}
		defer conn.Close(context.Background())
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	admin(`ALTER DATABASE ` + name + ` ALLOW_CONNECTIONS false`)
	admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '` + name + `'`)
	ended := false
	end = func() {
		if !ended {
			ended = true
			admin(`ALTER DATABASE ` + name + ` ALLOW_CONNECTIONS true`)
		}
	}
	t.Cleanup(end)
	return end
}

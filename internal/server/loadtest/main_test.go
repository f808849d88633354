package main

import (
	"bytes"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/server"
	"github.com/outpost-chess/outpost/internal/store"
)

// TestLoadSmall runs a few games against a server in the test and checks
// the report and the database.
func TestLoadSmall(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "load.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, Workers: 2, HashMB: 1, Seed: 1, MoveTime: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(nil)
	hs.Config = srv.HTTPServer()
	hs.Listener = srv.Listener(hs.Listener)
	hs.Start()

	expect := filepath.Join(dir, "expect.json")
	var out bytes.Buffer
	err = run([]string{"-url", hs.URL, "-games", "4", "-moves", "3", "-expect", expect}, &out)
	srv.CloseStreams()
	hs.Close()
	srv.Close()
	st.Close()
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, want := range []string{"games 4, moves ", "move accepted:  p50 ", "AI reply:       p50 ", "errors 0, games with lost moves 0"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if err := run([]string{"-verify-db", db, "-expect", expect}, &out); err != nil || !strings.Contains(out.String(), "4 games") {
		t.Errorf("verify: %v\n%s", err, out.String())
	}
}

func TestPercentiles(t *testing.T) {
	var d []time.Duration
	for i := 1; i <= 100; i++ {
		d = append(d, time.Duration(i)*time.Millisecond)
	}
	if got := percentiles(d); got != "p50 51.0ms  p90 91.0ms  p99 100.0ms  max 100.0ms  (n=100)" {
		t.Errorf("percentiles: %q", got)
	}
	if got := percentiles(nil); got != "none" {
		t.Errorf("no latencies: %q", got)
	}
}

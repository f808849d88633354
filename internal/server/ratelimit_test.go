package server

import (
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"
)

func TestRateLimiter(t *testing.T) {
	l := newRateLimiter(3)
	t0 := time.Unix(1000, 0)
	for i := range 3 {
		if ok, _ := l.take("a", t0); !ok {
			t.Fatalf("take %d refused", i+1)
		}
	}
	ok, wait := l.take("a", t0)
	if ok || wait != 20*time.Second {
		t.Errorf("take 4: %v, wait %v; want refused, 20s", ok, wait)
	}
	if ok, _ := l.take("b", t0); !ok {
		t.Error("another client refused")
	}
	if ok, _ := l.take("a", t0.Add(19*time.Second)); ok {
		t.Error("a token before its time")
	}
	if ok, _ := l.take("a", t0.Add(20*time.Second)); !ok {
		t.Error("no token after 20 s")
	}
	l.give("a")
	if ok, _ := l.take("a", t0.Add(20*time.Second)); !ok {
		t.Error("the token given back was not there")
	}
	l.prune(t0.Add(30 * time.Second))
	if _, ok := l.buckets["a"]; !ok || len(l.buckets) != 1 {
		t.Errorf("clients kept after 30 s: %v, want only a (b is full again)", l.buckets)
	}
	l.prune(t0.Add(2 * time.Minute))
	if len(l.buckets) != 0 {
		t.Errorf("%d clients kept once full again", len(l.buckets))
	}
}

// TestGamesPerMinute creates games from two clients behind a trusted proxy:
// past the limit a client is refused in words and told when to try again;
// the other is not; refused requests do not count.
func TestGamesPerMinute(t *testing.T) {
	e := newEnv(t, Config{GamesPerMinute: 3, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}})
	create := func(from, body string) response {
		req := e.newRequest("POST", "/api/games", "", body)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", from)
		return e.send(req)
	}
	if r := create("192.0.2.1", `{"fen":"not a position"}`); r.status != 400 {
		t.Fatalf("a bad request: %d %s", r.status, r.body)
	}
	for i := range 3 {
		if r := create("192.0.2.1", `{}`); r.status != http.StatusCreated {
			t.Fatalf("game %d: %d %s", i+1, r.status, r.body)
		}
	}
	r := create("192.0.2.1", `{}`)
	if r.status != http.StatusTooManyRequests || !strings.Contains(r.errMsg(), "at most 3 a minute") || r.header.Get("Retry-After") == "" {
		t.Errorf("the fourth game: %d %s (Retry-After %q)", r.status, r.body, r.header.Get("Retry-After"))
	}
	if r := create("192.0.2.2", `{}`); r.status != http.StatusCreated {
		t.Errorf("another client: %d %s", r.status, r.body)
	}
	if n := len(e.list()); n != 4 {
		t.Errorf("%d games, want 4", n)
	}
}

// TestPGNPerMinute reads and writes PGN from two clients behind a trusted
// proxy: past the limit a client is refused in words and told when to try
// again, whether it reads or writes; the other is not; refused requests
// count too.
func TestPGNPerMinute(t *testing.T) {
	e := newEnv(t, Config{PGNPerMinute: 3, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}})
	send := func(from, path, body string) response {
		req := e.newRequest("POST", path, "", body)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", from)
		return e.send(req)
	}
	for i, tt := range []struct {
		from, path, body string
		status           int
	}{
		{"192.0.2.1", "/api/pgn/read", `{"pgn":"1. e4 e5 *"}`, http.StatusOK},
		{"192.0.2.1", "/api/pgn/read", `{"pgn":"1. e5 *"}`, http.StatusBadRequest},
		{"192.0.2.1", "/api/pgn/write", `{"moves":[{"uci":"e2e4"}]}`, http.StatusOK},
		{"192.0.2.1", "/api/pgn/read", `{"pgn":"1. e4 e5 *"}`, http.StatusTooManyRequests},
		{"192.0.2.1", "/api/pgn/write", `{"moves":[{"uci":"e2e4"}]}`, http.StatusTooManyRequests},
		{"192.0.2.2", "/api/pgn/read", `{"pgn":"1. e4 e5 *"}`, http.StatusOK},
	} {
		r := send(tt.from, tt.path, tt.body)
		if r.status != tt.status {
			t.Fatalf("request %d (%s from %s): %d %s, want %d", i+1, tt.path, tt.from, r.status, r.body, tt.status)
		}
		if r.status == http.StatusTooManyRequests && (!strings.Contains(r.errMsg(), "too many PGN requests: at most 3 a minute from one address") ||
			!strings.Contains(string(r.body), `"code":"too_many"`) || r.header.Get("Retry-After") == "") {
			t.Errorf("request %d: %s (Retry-After %q)", i+1, r.body, r.header.Get("Retry-After"))
		}
	}
}

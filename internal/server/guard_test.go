package server

import (
	"net/http"
	"strings"
	"testing"
)

// TestSecurityHeaders checks the headers of answers of every kind: the page,
// the API, errors.
func TestSecurityHeaders(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	for _, tt := range []struct {
		method, path string
		page         bool
	}{
		{"GET", "/", true},
		{"GET", "/index.html", true},
		{"GET", "/nothing-here", true},
		{"GET", "/api/games", false},
		{"GET", "/api/games/" + g.id, false},
		{"GET", "/api/games/" + g.id + "/pgn", false},
		{"GET", "/api/games/zzzzzzzzzzzz", false},
		{"POST", "/api/games/" + g.id + "/moves", false},
		{"GET", "/%ff", true},
	} {
		r := e.do(tt.method, tt.path, "", nil)
		h := r.header
		if got := h.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s %s: X-Content-Type-Options %q", tt.method, tt.path, got)
		}
		if got := h.Get("Referrer-Policy"); got != "no-referrer" {
			t.Errorf("%s %s: Referrer-Policy %q", tt.method, tt.path, got)
		}
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("%s %s: Content-Security-Policy %q", tt.method, tt.path, csp)
		}
		if tt.page && !strings.Contains(csp, "default-src 'self'") || !tt.page && !strings.Contains(csp, "default-src 'none'") {
			t.Errorf("%s %s: Content-Security-Policy %q for a page: %v", tt.method, tt.path, csp, tt.page)
		}
	}
}

// TestBadPaths answers paths that are not text with a 400 in words.
func TestBadPaths(t *testing.T) {
	e := newEnv(t, Config{})
	for _, path := range []string{"/%ff", "/api/%ff", "/api/games/%ff%fe", "/app.js%00", "/%c0%af"} {
		r := e.do("GET", path, "", nil)
		if r.status != http.StatusBadRequest || !strings.Contains(r.errMsg(), "UTF-8") {
			t.Errorf("GET %s: %d %s", path, r.status, r.body)
		}
	}
}

// TestHead answers HEAD wherever GET answers, with GET's status and headers
// and no body, the event stream included (which then ends at once).
func TestHead(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	for _, path := range []string{"/", "/index.html", "/api/games", "/api/games/" + g.id, "/api/games/" + g.id + "/pgn",
		"/api/games/" + g.id + "/events", "/api/games/zzzzzzzzzzzz", "/nothing-here"} {
		get := response{status: 200, header: http.Header{"Content-Type": {"text/event-stream"}}}
		if !strings.HasSuffix(path, "/events") { // (a GET of which would not end)
			get = e.do("GET", path, "", nil)
		}
		head := e.do("HEAD", path, "", nil)
		if head.status != get.status || head.header.Get("Content-Type") != get.header.Get("Content-Type") || len(head.body) != 0 {
			t.Errorf("HEAD %s: %d %q %q; GET: %d %q", path, head.status, head.header.Get("Content-Type"), head.body,
				get.status, get.header.Get("Content-Type"))
		}
	}
	if r := e.do("HEAD", "/api/games/"+g.id+"/moves", "", nil); r.status != http.StatusMethodNotAllowed {
		t.Errorf("HEAD of a POST route: %d", r.status)
	}
	if r := e.do("DELETE", "/api/games", "", nil); !strings.Contains(r.header.Get("Allow"), "HEAD") {
		t.Errorf("Allow: %q", r.header.Get("Allow"))
	}
}

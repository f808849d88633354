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

// TestCrossSiteRequests sends state-changing requests as a page of another
// site would (by their Sec-Fetch-Site, Origin and Content-Type headers):
// each is refused with a 403 in words and changes nothing, while the same
// requests from the site itself, or from a program (no such headers), pass.
func TestCrossSiteRequests(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	self := e.http.URL
	for _, tt := range []struct {
		name    string
		method  string
		path    string
		headers map[string]string // Content-Type is application/json unless given
		body    string
		status  int
		msg     string
	}{
		{"a cross-site fetch", "POST", "/api/games", map[string]string{"Sec-Fetch-Site": "cross-site"}, `{}`, 403, "another site"},
		{"a same-site page (another subdomain)", "POST", "/api/games", map[string]string{"Sec-Fetch-Site": "same-site"}, `{}`, 403, "another site"},
		{"a foreign Origin", "POST", "/api/games", map[string]string{"Origin": "http://evil.example"}, `{}`, 403, "another site"},
		{"a foreign Origin, a move", "POST", "/api/games/" + g.id + "/moves", map[string]string{"Origin": "http://evil.example"}, `{"move":"e4","ply":0}`, 403, "another site"},
		{"a form posting text/plain", "POST", "/api/games/" + g.id + "/moves", map[string]string{"Content-Type": "text/plain"}, `{"move":"e4","ply":0}`, 403, "Content-Type must be application/json"},
		{"a form", "POST", "/api/games", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, `white=ai`, 403, `not "application/x-www-form-urlencoded"`},
		{"no Content-Type with a body", "PATCH", "/api/games/" + g.id, map[string]string{"Content-Type": ""}, `{"paused":true}`, 403, "Content-Type"},
		{"explain from a form", "POST", "/api/explain", map[string]string{"Content-Type": "text/plain"}, `{"fen":"8/8/8/8/8/8/8/K1k5 w - - 0 1"}`, 403, "Content-Type"},
		{"a deletion from another site", "DELETE", "/api/games/" + g.id, map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": ""}, ``, 403, "another site"},
		{"the site itself", "POST", "/api/games", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": self}, `{}`, 201, ""},
		{"a program", "POST", "/api/games", nil, `{}`, 201, ""},
		{"JSON with a charset", "POST", "/api/games", map[string]string{"Content-Type": "application/json; charset=utf-8"}, `{}`, 201, ""},
		{"a cross-site read", "GET", "/api/games/" + g.id, map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": ""}, ``, 200, ""},
	} {
		before := e.getRaw(g)
		games := len(e.list())
		req := e.newRequest(tt.method, tt.path, g.token, tt.body)
		req.Header.Set("Content-Type", "application/json")
		for k, v := range tt.headers {
			if v == "" {
				req.Header.Del(k)
			} else {
				req.Header.Set(k, v)
			}
		}
		r := e.send(req)
		if r.status != tt.status || !strings.Contains(r.errMsg(), tt.msg) {
			t.Errorf("%s: %d %s, want %d %q", tt.name, r.status, r.body, tt.status, tt.msg)
		}
		if tt.status == 403 {
			if after := e.getRaw(g); after != before {
				t.Errorf("%s: the game changed", tt.name)
			}
			if n := len(e.list()); n != games {
				t.Errorf("%s: %d games, %d before", tt.name, n, games)
			}
		}
	}
	// The game is still there, playable and deletable by its player.
	e.move(g, "e4", 0)
	req := e.newRequest("DELETE", "/api/games/"+g.id, g.token, nil)
	if r := e.send(req); r.status != 204 {
		t.Errorf("DELETE without a body or Content-Type: %d %s", r.status, r.body)
	}
}

// TestHostHeader answers only to the names it knows (DNS rebinding).
func TestHostHeader(t *testing.T) {
	for _, tt := range []struct {
		hosts []string
		host  string
		ok    bool
	}{
		{nil, "127.0.0.1:8080", true},
		{nil, "localhost:8080", true},
		{nil, "LOCALHOST", true},
		{nil, "outpost.localhost:8080", true},
		{nil, "[::1]:8080", true},
		{nil, "192.0.2.7", true},
		{nil, "evil.example:8080", false},
		{nil, "localhost.evil.example", false},
		{[]string{"chess.club.example"}, "chess.club.example:80", true},
		{[]string{"chess.club.example"}, "Chess.Club.Example.", true},
		{[]string{"chess.club.example"}, "evil.example", false},
		{[]string{"*"}, "anything.example", true},
	} {
		e := newEnv(t, Config{Hosts: tt.hosts})
		for _, method := range []string{"GET", "POST"} {
			req := e.newRequest(method, "/api/games", "", nil)
			req.Host = tt.host
			r := e.send(req)
			refused := r.status == 403 && strings.Contains(r.errMsg(), "does not answer to the name") && strings.Contains(r.errMsg(), "--host")
			if refused == tt.ok {
				t.Errorf("hosts %q, Host %q, %s: %d %s", tt.hosts, tt.host, method, r.status, r.body)
			}
		}
		e.close()
	}
}

package server

import (
	"mime"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"unicode/utf8"
)

// This file is the guard every request passes before the routes: the
// security headers of every answer, and the refusal of requests no route
// should see (docs/server.md, "Limits" and "Security headers"):
//
//   - a path that is not UTF-8 text (400);
//   - a Host the server does not answer to (403): a page of another site
//     whose name was made to point at this server (DNS rebinding) would
//     otherwise be read and driven as if it were this site's own;
//   - a state-changing request (POST, PATCH, DELETE, ...) from a page of
//     another site, by its Sec-Fetch-Site or Origin header (403, see
//     http.CrossOriginProtection), or whose body is not declared JSON
//     (403: an HTML form can send text/plain across sites without asking).

// The security headers.
const (
	// pagePolicy is the Content-Security-Policy of the front end: it loads
	// nothing from elsewhere and runs no inline script or style (the
	// images and the board's pieces are data: URIs), and no page may frame
	// it. The one exception is by hash: the board (chessground) sets the
	// style attribute "color-scheme:light only" on its SVG layers, and
	// style-src-attr allows exactly that value (sha256 below), no other.
	pagePolicy = "default-src 'self'; script-src 'self'; style-src 'self'; " +
		"style-src-attr 'unsafe-hashes' 'sha256-SyXRxMCl6H7Kgy9uTmu1UZqVBsRmMBF4sHRiTO3FQc0='; img-src 'self' data:; " +
		"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; " +
		"frame-ancestors 'none'"
	// apiPolicy is that of the API's answers, which are data, never pages.
	apiPolicy = "default-src 'none'; frame-ancestors 'none'"
)

// guard wraps the routes: it sets the security headers and the request id
// (requestid.go) on every answer and refuses the requests listed above,
// changing nothing.
func (srv *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		setRequestID(h)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if strings.HasPrefix(r.URL.Path, "/api/") {
			h.Set("Content-Security-Policy", apiPolicy)
		} else {
			h.Set("Content-Security-Policy", pagePolicy)
		}
		if err := srv.refusal(r); err != nil {
			h.Set("Cache-Control", "no-store")
			srv.writeError(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// refusal returns why r is refused, or nil.
func (srv *Server) refusal(r *http.Request) error {
	if !utf8.ValidString(r.URL.Path) || strings.ContainsRune(r.URL.Path, 0) {
		return errorf(http.StatusBadRequest, "the path is not valid: it must be UTF-8 text (after %%-decoding)")
	}
	if name, ok := srv.answersTo(r.Host); !ok {
		return errorf(http.StatusForbidden, "this server does not answer to the name %q (whoever runs it can allow it with --host %s)", name, name)
	}
	if err := srv.crossOrigin.Check(r); err != nil {
		return errorf(http.StatusForbidden, "refused: a page of another site may not change anything here (%s)",
			strings.TrimPrefix(err.Error(), "cross-origin request detected "))
	}
	if unsafeMethod(r.Method) && (r.ContentLength != 0 || r.Header.Get("Content-Type") != "") {
		ct := r.Header.Get("Content-Type")
		if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
			return errorf(http.StatusForbidden, "the request's Content-Type must be application/json, not %q", ct)
		}
	}
	return nil
}

// unsafeMethod reports whether method may change something.
func unsafeMethod(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// answersTo reports whether the server answers to the Host header host:
// an IP address, localhost (or a name under .localhost), or a name of
// Config.Hosts. It returns the name without its port.
func (srv *Server) answersTo(host string) (name string, ok bool) {
	name = host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.TrimSuffix(strings.ToLower(strings.Trim(name, "[]")), ".")
	if host == "" || name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return name, true
	}
	if _, err := netip.ParseAddr(name); err == nil {
		return name, true
	}
	for _, h := range srv.cfg.Hosts {
		if h == "*" || strings.EqualFold(strings.TrimSuffix(h, "."), name) {
			return name, true
		}
	}
	return name, false
}

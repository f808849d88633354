package server

import (
	"net/http"
	"strings"
	"unicode/utf8"
)

// This file is the guard every request passes before the routes: the
// security headers of every answer, and the refusal of requests no route
// should see (docs/server.md, "Limits" and "Security headers").

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

// guard wraps the routes: it sets the security headers on every answer and
// answers a path that is not UTF-8 (GET /%ff) with a 400.
func (srv *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
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
		if !utf8.ValidString(r.URL.Path) || strings.ContainsRune(r.URL.Path, 0) {
			h.Set("Cache-Control", "no-store")
			writeJSON(w, http.StatusBadRequest, errorBody{Error: "the path is not valid: it must be UTF-8 text (after %-decoding)", Code: "bad_request"})
			return
		}
		next.ServeHTTP(w, r)
	})
}

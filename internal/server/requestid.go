package server

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
)

// RequestIDHeader is the header of every answer that names its request:
// the id the server's log gives the details of a failure under, which an
// error answer repeats in its body (requestId), for a person to quote.
const RequestIDHeader = "X-Request-Id"

// setRequestID gives the answer to a request a new id (16 hex digits, in
// RequestIDHeader).
func setRequestID(h http.Header) {
	var b [8]byte
	rand.Read(b[:])
	h.Set(RequestIDHeader, hex.EncodeToString(b[:]))
}

// requestID returns the id of the request w answers.
func requestID(w http.ResponseWriter) string { return w.Header().Get(RequestIDHeader) }

package server

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/outpost-chess/outpost/internal/store"
)

// This file turns an unexpected failure (the store's, mostly) into what a
// client gets: a stable code and a sentence, never the database's own
// words, which name its files, hosts and users (docs/server.md, "Errors").
// The details go to the log, under the request's id (requestid.go), which
// the answer carries too.

// failureAnswer logs err, the failure of request r, with the request's id
// and returns the answer it gets.
func (srv *Server) failureAnswer(w http.ResponseWriter, r *http.Request, err error) *apiError {
	id := requestID(w)
	srv.logf("request %s: %s %s: %v", id, r.Method, r.URL.Path, err)
	var ue *unplayableError
	switch store.FailureOf(err) {
	case store.Damaged:
		msg := "some games cannot be read: they are damaged in the server's database"
		if game := r.PathValue("id"); game != "" {
			msg = fmt.Sprintf("game %q cannot be read: it is damaged in the server's database", game)
		}
		if errors.As(err, &ue) {
			msg += " (" + ue.err.Error() + ")"
		}
		return &apiError{status: http.StatusInternalServerError, code: "damaged", msg: msg}
	case store.Unavailable:
		return &apiError{status: http.StatusServiceUnavailable, code: "database_unavailable",
			msg: "the server's database does not answer: try again in a moment"}
	case store.Full:
		return &apiError{status: http.StatusServiceUnavailable, code: "database_full",
			msg: "the server's disk is full, so nothing can be saved: try again once its operator has made room"}
	case store.ReadOnly:
		return &apiError{status: http.StatusServiceUnavailable, code: "database_read_only",
			msg: "the server's database cannot be written (it is read-only): try again once its operator has fixed it"}
	}
	return &apiError{status: http.StatusInternalServerError, code: "internal",
		msg: fmt.Sprintf("internal error: the server failed (its log says why, under request %s)", id)}
}

// failureText says what failed in err, for a sentence a person reads (the
// AI's move or a review that could not be kept); the caller logs err.
func failureText(err error) string {
	if f := store.FailureOf(err); f != store.Failed && f != store.NotFailed {
		return f.String()
	}
	return "the server failed; its log says why"
}

// unplayableError is a stored game that the store reads but that does not
// replay (a move that is not legal, a level this version does not know):
// it is damaged (store.ErrDamaged), for a reason of the game's own, which
// its answer gives, unlike the database's words.
type unplayableError struct{ err error }

// unplayable returns the error of a stored game that does not replay,
// for the reason err.
func unplayable(err error) error { return &unplayableError{err} }

func (e *unplayableError) Error() string { return fmt.Sprintf("%v: %v", store.ErrDamaged, e.err) }

func (e *unplayableError) Unwrap() error { return store.ErrDamaged }

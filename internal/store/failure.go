package store

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Failure is the kind of a store's failure, by its cause: what a program
// tells a person without showing the database's own words (which name
// files, hosts and users). Get it with FailureOf.
type Failure int

const (
	// NotFailed is no failure: nil, or an answer rather than a failure
	// (ErrNotFound, ErrConflict).
	NotFailed Failure = iota
	// Unavailable: the database does not answer (PostgreSQL is down or
	// unreachable, the connection was lost, the store is closed, another
	// program holds SQLite's file locked, a query timed out).
	Unavailable
	// Full: the disk, or the database's space, is full.
	Full
	// ReadOnly: the database cannot be written (a read-only file, mount
	// or server).
	ReadOnly
	// Damaged: what was read is damaged (ErrDamaged).
	Damaged
	// Failed: any other failure.
	Failed
)

// String returns the failure's sentence for people: what failed, without
// the database's details.
func (f Failure) String() string {
	switch f {
	case NotFailed:
		return "no failure"
	case Unavailable:
		return "the database does not answer"
	case Full:
		return "the disk is full"
	case ReadOnly:
		return "the database cannot be written (it is read-only)"
	case Damaged:
		return "the database is damaged"
	}
	return "the database failed"
}

// FailureOf returns the kind of err, an error of a store (SQLite or
// PostgreSQL).
func FailureOf(err error) Failure {
	switch {
	case err == nil, errors.Is(err, ErrNotFound), errors.Is(err, ErrConflict):
		return NotFailed
	case errors.Is(err, ErrDamaged):
		return Damaged
	case errors.Is(err, ErrReadOnly):
		return ReadOnly
	case errors.Is(err, errClosed), errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return Unavailable
	}
	var se *sqlite.Error
	var ce *pgconn.ConnectError
	var pe *pgconn.PgError
	var ne net.Error
	switch {
	case errors.As(err, &se):
		return sqliteFailure(se.Code())
	case errors.As(err, &ce):
		return Unavailable
	case errors.As(err, &pe):
		return postgresFailure(pe.Code)
	case errors.As(err, &ne), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF), errors.Is(err, pgconn.ErrConnClosed), pgconn.SafeToRetry(err):
		return Unavailable
	}
	return Failed
}

// sqliteFailure is the kind of an SQLite result code.
func sqliteFailure(code int) Failure {
	switch code & 0xff { // the primary code of an extended one
	case sqlite3.SQLITE_FULL:
		return Full
	case sqlite3.SQLITE_READONLY:
		return ReadOnly
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		return Damaged
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_CANTOPEN:
		return Unavailable
	}
	return Failed
}

// postgresFailure is the kind of a PostgreSQL error code (SQLSTATE).
func postgresFailure(code string) Failure {
	switch {
	case code == "53100": // disk_full
		return Full
	case code == "25006": // read_only_sql_transaction (a standby, default_transaction_read_only)
		return ReadOnly
	case code == "XX001", code == "XX002": // data_corrupted, index_corrupted
		return Damaged
	case strings.HasPrefix(code, "08"), // connection exception
		strings.HasPrefix(code, "57P"), // the server shuts down, crashed, or cannot connect now
		code == "53300",                // too_many_connections
		code == "3D000":                // the database is gone
		return Unavailable
	}
	return Failed
}

// cannotOpenForWriting reports whether err, of the first statements on a
// newly opened SQLite file, says that the file cannot be written: SQLite
// reports a read-only file or directory (or mount) as "unable to open
// database file" when it cannot make its write-ahead log beside it.
func cannotOpenForWriting(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY:
		return true
	}
	return false
}

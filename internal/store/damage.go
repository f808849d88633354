package store

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// ErrDamaged reports a game, or a part of the database, that cannot be
// read: a value of the wrong type in a row (a hand edit, another program),
// or a corrupt page of the file. Test for it with errors.Is. The rest of
// the database stays usable: Get of another game works, and List returns
// every game it can read.
var ErrDamaged = errors.New("store: the database is damaged")

// DamageError is the error of a List that met unreadable games: it holds
// the ids of those whose id could still be read, and how many rows could
// not be read at all. It wraps ErrDamaged and the first failure.
type DamageError struct {
	IDs        []string // damaged games whose id is readable
	Unreadable int      // rows of which nothing could be read
	Err        error    // the first failure
}

func (e *DamageError) Error() string {
	var parts []string
	if len(e.IDs) > 0 {
		parts = append(parts, fmt.Sprintf("game(s) %s cannot be read", strings.Join(e.IDs, ", ")))
	}
	if e.Unreadable > 0 {
		parts = append(parts, fmt.Sprintf("%d game(s) of unknown id cannot be read", e.Unreadable))
	}
	if len(parts) == 0 {
		parts = append(parts, "some games cannot be read")
	}
	return fmt.Sprintf("%v: %s (%v)", ErrDamaged, strings.Join(parts, "; "), e.Err)
}

func (e *DamageError) Unwrap() []error { return []error{ErrDamaged, e.Err} }

// add records one damaged row: id is "" when unreadable too.
func (e *DamageError) add(id string, err error) {
	if e.Err == nil {
		e.Err = err
	}
	if id == "" {
		e.Unreadable++
		return
	}
	e.IDs = append(e.IDs, id)
}

// isCorrupt reports whether err is SQLite finding the file corrupt.
func isCorrupt(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	switch se.Code() & 0xff { // the primary code of an extended one
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		return true
	}
	return false
}

// errBadValue is a column holding a value of another type than the schema
// says (SQLite lets any column hold any type).
var errBadValue = errors.New("a value of the wrong type")

// rowValues reads the columns of one row as whatever SQLite holds, so that
// a value of the wrong type is a DamageError of that row rather than a
// failure of the whole query. Decode them with its methods, then check err.
type rowValues struct {
	cols []string
	vals []any
	err  error // the first value of the wrong type
}

// scanRow reads the current row of a query of cols.
func scanRow(row interface{ Scan(...any) error }, cols []string) (*rowValues, error) {
	v := &rowValues{cols: cols, vals: make([]any, len(cols))}
	ptrs := make([]any, len(cols))
	for i := range ptrs {
		ptrs[i] = &v.vals[i]
	}
	if err := row.Scan(ptrs...); err != nil {
		return nil, err
	}
	return v, nil
}

func (v *rowValues) bad(i int) {
	if v.err == nil {
		v.err = fmt.Errorf("%w in column %s: %.40q", errBadValue, v.cols[i], fmt.Sprint(v.vals[i]))
	}
}

// text returns column i, which must be TEXT.
func (v *rowValues) text(i int) string {
	if x, ok := v.vals[i].(string); ok {
		return x
	}
	v.bad(i)
	return ""
}

// integer returns column i, which must be an INTEGER.
func (v *rowValues) integer(i int) int64 {
	if x, ok := v.vals[i].(int64); ok {
		return x
	}
	v.bad(i)
	return 0
}

// blob returns column i, a BLOB or NULL.
func (v *rowValues) blob(i int) []byte {
	switch x := v.vals[i].(type) {
	case nil:
		return nil
	case []byte:
		return x
	}
	v.bad(i)
	return nil
}

// id returns column i if it reads as a game id, else "".
func (v *rowValues) id(i int) string {
	s, ok := v.vals[i].(string)
	if !ok || !ValidID(s) {
		return ""
	}
	return s
}

// notFoundOrDamaged turns the error of a query for game id into ErrNotFound,
// an ErrDamaged, or the error itself with context.
func notFoundOrDamaged(id string, err error) error {
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return ErrNotFound
	case isCorrupt(err), errors.Is(err, errBadValue):
		return fmt.Errorf("%w: game %s: %v", ErrDamaged, id, err)
	}
	return fmt.Errorf("store: get %s: %w", id, err)
}

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// errClosed is returned by writes after Close.
var errClosed = errors.New("store: closed")

// errIDTaken is returned by the op of CreateGame when the id exists.
var errIDTaken = errors.New("store: game id taken")

// maxBatch bounds the writes committed in one transaction.
const maxBatch = 128

// writeOp is one write waiting for the writer goroutine.
type writeOp struct {
	ctx  context.Context
	fn   func(w *writeTx) error
	err  error         // the outcome, set before done is closed
	done chan struct{} // closed when the write is committed or failed
}

// write runs fn in a transaction of the writer goroutine and returns once
// that transaction has committed (nil) or fn failed (its error). fn must
// change the database with at most one statement, after any checks, and
// return one of the package's errors when it changed nothing (see commit);
// it must not hold on to w. If ctx ends before the write starts, write
// returns ctx's error and nothing is written.
func (s *SQLite) write(ctx context.Context, fn func(w *writeTx) error) error {
	op := &writeOp{ctx: ctx, fn: fn, done: make(chan struct{})}
	select {
	case s.ops <- op:
	case <-s.quit:
		return errClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	<-op.done // the writer answers every op it received
	return op.err
}

// writer commits the waiting writes in batches until Close.
func (s *SQLite) writer() {
	defer close(s.writerEnd)
	for {
		var first *writeOp
		select {
		case first = <-s.ops:
		case <-s.quit:
			return
		}
		batch := []*writeOp{first}
	drain:
		for len(batch) < maxBatch {
			select {
			case op := <-s.ops:
				batch = append(batch, op)
			default:
				break drain
			}
		}
		s.commit(batch)
		for _, op := range batch {
			close(op.done)
		}
	}
}

// commit runs a batch of writes in one transaction and sets each op's
// err. An op that fails with one of the package's errors (ErrNotFound,
// ErrConflict, errIDTaken) has written nothing: every write
// op changes the database with at most one statement, and checks before it
// writes. Any other error (the database failing) rolls back the whole
// batch, and every op in it gets the error.
func (s *SQLite) commit(batch []*writeOp) {
	fail := func(err error) {
		for _, op := range batch {
			if op.err == nil || isOpError(op.err) {
				op.err = err
			}
		}
	}
	// The transaction does not take any op's context: one caller giving
	// up must not undo the others' writes.
	tx, err := s.wconn.BeginTx(context.Background(), nil)
	if err != nil {
		fail(fmt.Errorf("store: begin: %w", err))
		return
	}
	w := &writeTx{tx: tx, s: s}
	for _, op := range batch {
		if err := op.ctx.Err(); err != nil {
			op.err = err
			continue
		}
		op.err = op.fn(w)
		if op.err != nil && !isOpError(op.err) {
			tx.Rollback()
			fail(op.err)
			return
		}
	}
	if err := tx.Commit(); err != nil {
		fail(fmt.Errorf("store: commit: %w", err))
	}
}

// isOpError reports whether err is an op's own failure, which leaves the
// transaction usable.
func isOpError(err error) bool {
	return errors.Is(err, ErrNotFound) || errors.Is(err, ErrConflict) ||
		errors.Is(err, errIDTaken) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// writeTx is the transaction an op runs in. Its statements are prepared
// once per query and reused (SQLite spends more time preparing these short
// statements than running them).
type writeTx struct {
	tx *sql.Tx
	s  *SQLite
}

// exec runs a statement that changes the database.
func (w *writeTx) exec(query string, args ...any) (sql.Result, error) {
	st, err := w.s.prepared(query)
	if err != nil {
		return nil, err
	}
	return w.tx.Stmt(st).Exec(args...)
}

// queryRow runs a query for one row.
func (w *writeTx) queryRow(query string, args ...any) *sql.Row {
	st, err := w.s.prepared(query)
	if err != nil {
		return w.tx.QueryRow(query, args...) // its Scan reports the error
	}
	return w.tx.Stmt(st).QueryRow(args...)
}

// prepared returns query prepared on the database; a transaction on the
// writer's connection then prepares it there once (see sql.Tx.Stmt). Only
// the writer goroutine calls it.
func (s *SQLite) prepared(query string) (*sql.Stmt, error) {
	if st, ok := s.stmts[query]; ok {
		return st, nil
	}
	st, err := s.db.Prepare(query)
	if err != nil {
		return nil, err
	}
	s.stmts[query] = st
	return st, nil
}

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// errClosed is returned by writes after Close.
var errClosed = errors.New("store: closed")

// maxBatch bounds the writes committed in one transaction.
const maxBatch = 128

// writeOp is one write waiting for the writer goroutine.
type writeOp struct {
	ctx  context.Context
	fn   func(tx *sql.Tx) error
	err  error         // the outcome, set before done is closed
	done chan struct{} // closed when the write is committed or failed
}

// write runs fn in a transaction of the writer goroutine and returns once
// that transaction has committed (nil) or fn failed (its error; then
// nothing fn did is kept). fn must not hold on to tx. If ctx ends before the
// write starts, write returns ctx's error and nothing is written.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
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
func (s *Store) writer() {
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

// commit runs a batch of writes in one transaction, each in a savepoint,
// and sets each op's err.
func (s *Store) commit(batch []*writeOp) {
	fail := func(err error) {
		for _, op := range batch {
			if op.err == nil {
				op.err = err
			}
		}
	}
	// The transaction does not take any op's context: one caller giving
	// up must not undo the others' writes.
	tx, err := s.db.BeginTx(context.Background(), nil)
	if err != nil {
		fail(fmt.Errorf("store: begin: %w", err))
		return
	}
	for _, op := range batch {
		if err := op.ctx.Err(); err != nil {
			op.err = err
			continue
		}
		if _, err := tx.Exec(`SAVEPOINT op`); err != nil {
			op.err = fmt.Errorf("store: savepoint: %w", err)
			continue
		}
		if err := op.fn(tx); err != nil {
			op.err = err
			if _, err := tx.Exec(`ROLLBACK TO op`); err != nil {
				tx.Rollback()
				fail(fmt.Errorf("store: rollback: %w", err))
				return
			}
		}
		if _, err := tx.Exec(`RELEASE op`); err != nil {
			tx.Rollback()
			fail(fmt.Errorf("store: release: %w", err))
			return
		}
	}
	if err := tx.Commit(); err != nil {
		fail(fmt.Errorf("store: commit: %w", err))
	}
}

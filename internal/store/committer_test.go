package store

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// TestCommitBatch runs batches by hand: an op's own failure leaves the
// others committed; a database failure undoes the whole batch.
func TestCommitBatch(t *testing.T) {
	s, _ := openTemp(t)
	g := newGame(t, s)
	op := func(fn func(w *writeTx) error) *writeOp {
		return &writeOp{ctx: context.Background(), fn: fn, done: make(chan struct{})}
	}
	appendOp := func(ply int, uci string) *writeOp {
		return op(func(w *writeTx) error {
			res, err := w.exec(`UPDATE games SET moves = trim(moves || ' ' || ?), plies = plies + 1 WHERE id = ? AND plies = ?`, uci, g.ID, ply)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return ErrConflict
			}
			return nil
		})
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	boom := errors.New("boom")

	tests := []struct {
		name  string
		batch []*writeOp
		errs  []error
		moves []string
	}{
		{"op errors stay apart",
			[]*writeOp{appendOp(0, "e2e4"), appendOp(0, "d2d4"), appendOp(1, "e7e5"), {ctx: cancelled, fn: func(*writeTx) error { return nil }}},
			[]error{nil, ErrConflict, nil, context.Canceled},
			[]string{"e2e4", "e7e5"}},
		{"a failure undoes the batch",
			[]*writeOp{appendOp(2, "g1f3"), op(func(*writeTx) error { return boom }), appendOp(3, "b8c6")},
			[]error{boom, boom, boom},
			[]string{"e2e4", "e7e5"}},
	}
	for _, tt := range tests {
		s.commit(tt.batch)
		for i, op := range tt.batch {
			if !errors.Is(op.err, tt.errs[i]) || (tt.errs[i] == nil && op.err != nil) {
				t.Errorf("%s: op %d: %v, want %v", tt.name, i, op.err, tt.errs[i])
			}
		}
		if got := mustGet(t, s, g.ID).Moves; !slices.Equal(got, tt.moves) {
			t.Errorf("%s: moves %q, want %q", tt.name, got, tt.moves)
		}
	}
}

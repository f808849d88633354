//go:build !linux

package engine

// allocBuckets returns n zeroed buckets for t, from the Go heap, and no
// function to release them: the garbage collector does (see
// tt_alloc_linux.go for Linux). It never fails: the Go runtime ends the
// program if it cannot have the memory.
func allocBuckets(t *transTable, n uint64, heap bool) ([]ttBucket, func(), error) {
	return make([]ttBucket, n), nil, nil
}

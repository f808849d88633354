//go:build !linux

package engine

// allocBuckets returns n zeroed buckets for t, from the Go heap, and no
// function to release them: the garbage collector does (see
// tt_alloc_linux.go for Linux).
func allocBuckets(t *transTable, n uint64) ([]ttBucket, func()) { return make([]ttBucket, n), nil }

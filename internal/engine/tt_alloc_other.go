//go:build !linux

package engine

// allocBuckets returns n zeroed buckets for t, from the Go heap (see
// tt_alloc_linux.go for Linux).
func allocBuckets(t *transTable, n uint64) []ttBucket { return make([]ttBucket, n) }

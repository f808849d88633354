package engine

import "unsafe"

// prefetch asks the processor to bring the cache line at addr into its
// caches (PREFETCHT0) and returns at once; addr need not be valid memory
// for the program to stay correct, though the search only passes hash
// table buckets.
//
//go:noescape
func prefetch(addr unsafe.Pointer)

//go:build !amd64

package engine

import "unsafe"

// prefetch does nothing on this architecture (see prefetch_amd64.go).
func prefetch(unsafe.Pointer) {}

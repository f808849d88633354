//go:build !amd64

package nnue

import "unsafe"

// Without amd64 assembly every kernel is the Go one.

// hasAVX2 is false: there are no AVX2 kernels for this architecture.
const hasAVX2 = false

// useAVX2 is never read here; the tests set it on every architecture.
var useAVX2 = false

// The update kernels take pointers to n values each, which the caller
// guarantees (Update, Refresh).

func add(dst, src, a *int16, n int) {
	addGo(unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(a, n))
}

func sub(dst, src, s *int16, n int) {
	subGo(unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(s, n))
}

func addSub(dst, src, a, s *int16, n int) {
	addSubGo(unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(a, n), unsafe.Slice(s, n))
}

func addSubSub(dst, src, a, s1, s2 *int16, n int) {
	addSubSubGo(unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(a, n), unsafe.Slice(s1, n), unsafe.Slice(s2, n))
}

func addAddSubSub(dst, src, a1, a2, s1, s2 *int16, n int) {
	addAddSubSubGo(unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(a1, n), unsafe.Slice(a2, n),
		unsafe.Slice(s1, n), unsafe.Slice(s2, n))
}

func screluDot(x, w []int16) int32 { return screluDotGo(x, w) }

package nnue

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// hasAVX2 says whether this CPU runs AVX2 instructions.
var hasAVX2 = cpu.X86.HasAVX2

// useAVX2 selects the AVX2 kernels (kernels_amd64.s) over the Go ones: set
// from the CPU's features (tests switch it to compare the two).
var useAVX2 = hasAVX2

// The dispatchers below choose the kernel. The update kernels take
// pointers to n values each, which the caller guarantees (Update, Refresh); the dot
// product checks its slices' lengths.

func add(dst, src, a *int16, n int) {
	if useAVX2 {
		addAVX2(dst, src, a, n)
		return
	}
	addGo(unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(a, n))
}

func sub(dst, src, s *int16, n int) {
	if useAVX2 {
		subAVX2(dst, src, s, n)
		return
	}
	subGo(unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(s, n))
}

func addSub(dst, src, a, s *int16, n int) {
	if useAVX2 {
		addSubAVX2(dst, src, a, s, n)
		return
	}
	addSubGo(unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(a, n), unsafe.Slice(s, n))
}

func addSubSub(dst, src, a, s1, s2 *int16, n int) {
	if useAVX2 {
		addSubSubAVX2(dst, src, a, s1, s2, n)
		return
	}
	addSubSubGo(unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(a, n), unsafe.Slice(s1, n), unsafe.Slice(s2, n))
}

func addAddSubSub(dst, src, a1, a2, s1, s2 *int16, n int) {
	if useAVX2 {
		addAddSubSubAVX2(dst, src, a1, a2, s1, s2, n)
		return
	}
	addAddSubSubGo(unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(a1, n), unsafe.Slice(a2, n),
		unsafe.Slice(s1, n), unsafe.Slice(s2, n))
}

func screluDot(x, w []int16) int32 {
	if useAVX2 {
		n := len(x)
		return screluDotAVX2(&x[0], &w[:n][0], n)
	}
	return screluDotGo(x, w)
}

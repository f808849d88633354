package nnue

import "golang.org/x/sys/cpu"

// hasAVX2 says whether this CPU runs AVX2 instructions.
var hasAVX2 = cpu.X86.HasAVX2

// useAVX2 selects the AVX2 kernels (kernels_amd64.s) over the Go ones: set
// from the CPU's features (tests switch it to compare the two).
var useAVX2 = hasAVX2

// The dispatchers below check the slices' lengths (a panic rather than a
// read past the end, should a caller pass a short one) and choose the
// kernel.

func addSub(dst, src, a, s []int16) {
	if useAVX2 {
		n := len(dst)
		addSubAVX2(&dst[0], &src[:n][0], &a[:n][0], &s[:n][0], n)
		return
	}
	addSubGo(dst, src, a, s)
}

func addSubSub(dst, src, a, s1, s2 []int16) {
	if useAVX2 {
		n := len(dst)
		addSubSubAVX2(&dst[0], &src[:n][0], &a[:n][0], &s1[:n][0], &s2[:n][0], n)
		return
	}
	addSubSubGo(dst, src, a, s1, s2)
}

func addAddSubSub(dst, src, a1, a2, s1, s2 []int16) {
	if useAVX2 {
		n := len(dst)
		addAddSubSubAVX2(&dst[0], &src[:n][0], &a1[:n][0], &a2[:n][0], &s1[:n][0], &s2[:n][0], n)
		return
	}
	addAddSubSubGo(dst, src, a1, a2, s1, s2)
}

func screluDot(x, w []int16) int32 {
	if useAVX2 {
		n := len(x)
		return screluDotAVX2(&x[0], &w[:n][0], n)
	}
	return screluDotGo(x, w)
}

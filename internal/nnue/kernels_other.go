//go:build !amd64

package nnue

// Without amd64 assembly every kernel is the Go one.

// hasAVX2 is false: there are no AVX2 kernels for this architecture.
const hasAVX2 = false

// useAVX2 is never read here; the tests set it on every architecture.
var useAVX2 = false

func addSub(dst, src, a, s []int16) { addSubGo(dst, src, a, s) }

func addSubSub(dst, src, a, s1, s2 []int16) { addSubSubGo(dst, src, a, s1, s2) }

func addAddSubSub(dst, src, a1, a2, s1, s2 []int16) { addAddSubSubGo(dst, src, a1, a2, s1, s2) }

func screluDot(x, w []int16) int32 { return screluDotGo(x, w) }

package nnue

// The kernels in Go: the reference every other implementation must equal
// bit for bit, and the implementation where there is no faster one. Each
// takes slices of the same length (a multiple of HiddenMultiple); int16
// arithmetic wraps.

func addSubGo(dst, src, a, s []int16) {
	src, a, s = src[:len(dst)], a[:len(dst)], s[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + a[i] - s[i]
	}
}

func addSubSubGo(dst, src, a, s1, s2 []int16) {
	src, a, s1, s2 = src[:len(dst)], a[:len(dst)], s1[:len(dst)], s2[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + a[i] - s1[i] - s2[i]
	}
}

func addAddSubSubGo(dst, src, a1, a2, s1, s2 []int16) {
	src, a1, a2, s1, s2 = src[:len(dst)], a1[:len(dst)], a2[:len(dst)], s1[:len(dst)], s2[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + a1[i] + a2[i] - s1[i] - s2[i]
	}
}

func addGo(dst, src, a []int16) {
	src, a = src[:len(dst)], a[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + a[i]
	}
}

func subGo(dst, src, s []int16) {
	src, s = src[:len(dst)], s[:len(dst)]
	for i := range dst {
		dst[i] = src[i] - s[i]
	}
}

// screluDotGo returns Σ_i v(x[i])·int16(v(x[i])·w[i]), v(x) = min(max(x, 0), QA),
// summed in a wrapping int32.
func screluDotGo(x, w []int16) int32 {
	w = w[:len(x)]
	var sum int32
	for i, xi := range x {
		v := min(max(xi, 0), QA)
		sum += int32(v) * int32(v*w[i])
	}
	return sum
}

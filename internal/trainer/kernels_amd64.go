package trainer

import "golang.org/x/sys/cpu"

// useAVX2 selects the AVX2 kernels (kernels_amd64.s) over the Go ones: set
// from the CPU's features (tests switch it to compare the two).
var useAVX2 = cpu.X86.HasAVX2

// add sets dst[i] += src[i]: the AVX2 kernel over the multiple of 32 that
// fits, Go over the rest.
func add(dst, src []float32) {
	src = src[:len(dst)]
	if n := len(dst) &^ 31; useAVX2 && n > 0 {
		addAVX2(&dst[0], &src[0], n)
		dst, src = dst[n:], src[n:]
	}
	addGo(dst, src)
}

// backOutput is backOutputGo, in AVX2 when len(a) is a multiple of 32.
func backOutput(g float32, a, w, gw, da []float32) {
	if n := len(a); useAVX2 && n > 0 && n%32 == 0 {
		backOutputAVX2(g, &a[0], &w[:n][0], &gw[:n][0], &da[:n][0], n)
		return
	}
	backOutputGo(g, a, w, gw, da)
}

// screluDot is screluDotGo, in AVX2 when len(a) is a multiple of 32.
func screluDot(a, w []float32) float32 {
	if n := len(a); useAVX2 && n > 0 && n%32 == 0 {
		return screluDotAVX2(&a[0], &w[:n][0], n)
	}
	return screluDotGo(a, w)
}

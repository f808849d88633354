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

// accumulate is accumulateGo, in AVX2 when len(acc) is a multiple of 32.
func accumulate(acc, bias, w []float32, feats []int32) {
	h := len(acc)
	if useAVX2 && h > 0 && h%32 == 0 && len(feats) > 0 {
		checkColumns(feats, len(w)/h)
		accumulateAVX2(&acc[0], &bias[:h][0], &w[0], &feats[0], len(feats), h)
		return
	}
	accumulateGo(acc, bias, w, feats)
}

// scatterAdd is scatterAddGo, in AVX2 when len(d) is a multiple of 32.
func scatterAdd(g, d []float32, feats []int32) {
	h := len(d)
	if useAVX2 && h > 0 && h%32 == 0 && len(feats) > 0 {
		checkColumns(feats, len(g)/h)
		scatterAddAVX2(&g[0], &d[0], &feats[0], len(feats), h)
		return
	}
	scatterAddGo(g, d, feats)
}

// checkColumns panics, as the Go kernels' slicing would, if a feature
// names no column of the cols there are: the assembly does not check.
func checkColumns(feats []int32, cols int) {
	for _, f := range feats {
		if uint(f) >= uint(cols) {
			panic("trainer: feature index out of range")
		}
	}
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

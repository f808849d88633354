package trainer

// The float loops of the forward and backward passes. Each runs over one
// accumulator (Hidden values); the re-slicing lets the compiler drop the
// bounds checks inside the loops.

// add sets dst[i] += src[i].
func add(dst, src []float32) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] += src[i]
	}
}

// screluDot returns Σ clamp(a[i], 0, 1)² × w[i].
func screluDot(a, w []float32) float32 {
	w = w[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += screlu(a[i]) * w[i]
		s1 += screlu(a[i+1]) * w[i+1]
		s2 += screlu(a[i+2]) * w[i+2]
		s3 += screlu(a[i+3]) * w[i+3]
	}
	for ; i < len(a); i++ {
		s0 += screlu(a[i]) * w[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// screlu returns clamp(x, 0, 1)².
func screlu(x float32) float32 {
	x = min(max(x, 0), 1)
	return x * x
}

// backOutput runs the output layer backwards for one perspective: given
// g = ∂loss/∂y, it adds g × h(a[i]) to gw[i] (the output weights'
// gradient) and sets da[i] = ∂loss/∂a[i] = g × w[i] × 2a[i] where
// 0 < a[i] < 1, else 0.
func backOutput(g float32, a, w, gw, da []float32) {
	w, gw, da = w[:len(a)], gw[:len(a)], da[:len(a)]
	for i, x := range a {
		if x <= 0 || x >= 1 {
			if x >= 1 {
				gw[i] += g
			}
			da[i] = 0
			continue
		}
		gw[i] += g * x * x
		da[i] = g * w[i] * 2 * x
	}
}

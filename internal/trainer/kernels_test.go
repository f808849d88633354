package trainer

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomFloats returns n values around [0, 1], with exact 0s and 1s and
// values beyond, where the kernels branch.
func randomFloats(rng *rand.Rand, n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		switch rng.IntN(8) {
		case 0:
			s[i] = 0
		case 1:
			s[i] = 1
		default:
			s[i] = float32(rng.Float64()*1.6 - 0.3)
		}
	}
	return s
}

func equalBits(a, b []float32) bool {
	return slices.EqualFunc(a, b, func(x, y float32) bool { return math.Float32bits(x) == math.Float32bits(y) || x == y })
}

// TestKernelsAgree checks that the kernels the CPU runs (AVX2 on most
// amd64) give the Go kernels' bits on random inputs of every length the
// trainer uses and more.
func TestKernelsAgree(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 kernels on this CPU")
	}
	defer func() { useAVX2 = true }()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{16, 32, 64, 96, 256, 512, 1024} {
		for range 20 {
			a, w := randomFloats(rng, n), randomFloats(rng, n)
			g := float32(rng.NormFloat64())
			var got, want [3][]float32 // add's dst, backOutput's gw and da
			var dots [2]float32
			for k, avx := range []bool{true, false} {
				useAVX2 = avx
				out := [][]float32{slices.Clone(a), randomFloats(rand.New(rand.NewPCG(uint64(n), 3)), n), make([]float32, n)}
				add(out[0], w)
				backOutput(g, a, w, out[1], out[2])
				dots[k] = screluDot(a, w)
				if avx {
					copy(got[:], out)
				} else {
					copy(want[:], out)
				}
			}
			for i, name := range []string{"add", "backOutput's gradient", "backOutput's da"} {
				if !equalBits(got[i], want[i]) {
					t.Fatalf("n %d: %s: AVX2 %v, Go %v", n, name, got[i], want[i])
				}
			}
			if math.Float32bits(dots[0]) != math.Float32bits(dots[1]) {
				t.Fatalf("n %d: screluDot: AVX2 %v, Go %v", n, dots[0], dots[1])
			}

			// accumulate: the biases plus up to 32 columns of 40.
			cols := randomFloats(rng, 40*n)
			feats := make([]int32, rng.IntN(33))
			for i := range feats {
				feats[i] = int32(rng.IntN(40))
			}
			var accs [2][]float32
			for k, avx := range []bool{true, false} {
				useAVX2 = avx
				accs[k] = make([]float32, n)
				accumulate(accs[k], a, cols, feats)
			}
			if !equalBits(accs[0], accs[1]) {
				t.Fatalf("n %d, %d features: accumulate: AVX2 %v, Go %v", n, len(feats), accs[0], accs[1])
			}

			// scatterAdd: a onto those columns (some named twice).
			for k, avx := range []bool{true, false} {
				useAVX2 = avx
				accs[k] = slices.Clone(cols)
				scatterAdd(accs[k], a, feats)
			}
			if !equalBits(accs[0], accs[1]) {
				t.Fatalf("n %d, %d features: scatterAdd: AVX2 and Go differ", n, len(feats))
			}
		}
	}
	// add takes any length: AVX2 over the multiple of 32, Go over the rest.
	for n := range 80 {
		a, b := randomFloats(rng, n), randomFloats(rng, n)
		want := slices.Clone(a)
		addGo(want, b)
		add(a, b)
		if !equalBits(a, want) {
			t.Fatalf("add of %d values: %v, want %v", n, a, want)
		}
	}
}

package nnue

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// kernelLengths are the vector lengths the kernel tests try: the tail loop
// alone (16, 48), the main loop alone (64, 256) and both (80, 112, 1040).
var kernelLengths = []int{16, 32, 48, 64, 80, 112, 256, 512, 1040}

// randomInt16s returns n values: mostly anywhere in int16's range, with the
// extremes and the clamp's edges (0, QA) over-represented.
func randomInt16s(rng *rand.Rand, n int) []int16 {
	special := []int16{math.MinInt16, math.MaxInt16, -1, 0, 1, QA - 1, QA, QA + 1}
	v := make([]int16, n)
	for i := range v {
		switch rng.IntN(4) {
		case 0:
			v[i] = special[rng.IntN(len(special))]
		case 1:
			v[i] = int16(rng.IntN(2*QA) - QA/2)
		default:
			v[i] = int16(rng.Uint32())
		}
	}
	return v
}

// withKernels runs f once with each implementation of the kernels this
// machine has, naming the subtests by it.
func withKernels(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	impls := []struct {
		name string
		avx2 bool
	}{{"go", false}, {"avx2", true}}
	if !hasAVX2 {
		impls = impls[:1]
	}
	for _, impl := range impls {
		t.Run(impl.name, func(t *testing.T) {
			useAVX2 = impl.avx2
			f(t)
		})
	}
}

func TestKernelsEqualGo(t *testing.T) {
	if !hasAVX2 {
		t.Skip("this machine has no AVX2: the Go kernels are the only ones")
	}
	rng := rand.New(rand.NewPCG(47, 1))
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	useAVX2 = true
	for _, n := range kernelLengths {
		for range 50 {
			in := make([][]int16, 5)
			for i := range in {
				in[i] = randomInt16s(rng, n)
			}
			src, a1, a2, s1, s2 := in[0], in[1], in[2], in[3], in[4]
			got, want := make([]int16, n), make([]int16, n)

			add(&got[0], &src[0], &a1[0], n)
			addGo(want, src, a1)
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d: add differs from Go", n)
			}
			sub(&got[0], &src[0], &s1[0], n)
			subGo(want, src, s1)
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d: sub differs from Go", n)
			}
			addSub(&got[0], &src[0], &a1[0], &s1[0], n)
			addSubGo(want, src, a1, s1)
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d: addSub differs from Go", n)
			}
			addSubSub(&got[0], &src[0], &a1[0], &s1[0], &s2[0], n)
			addSubSubGo(want, src, a1, s1, s2)
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d: addSubSub differs from Go", n)
			}
			addAddSubSub(&got[0], &src[0], &a1[0], &a2[0], &s1[0], &s2[0], n)
			addAddSubSubGo(want, src, a1, a2, s1, s2)
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d: addAddSubSub differs from Go", n)
			}
			if g, w := screluDot(src, a1), screluDotGo(src, a1); g != w {
				t.Fatalf("n=%d: screluDot = %d, Go %d", n, g, w)
			}
		}
	}
}

// TestKernelsInPlace checks that the update kernels may write over their
// source, as Update allows.
func TestKernelsInPlace(t *testing.T) {
	withKernels(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(2, 2))
		src, a, s := randomInt16s(rng, 256), randomInt16s(rng, 256), randomInt16s(rng, 256)
		want := make([]int16, 256)
		addSubGo(want, src, a, s)
		addSub(&src[0], &src[0], &a[0], &s[0], len(src))
		if !slices.Equal(src, want) {
			t.Fatal("addSub in place differs from addSub into another slice")
		}
	})
}

// TestScreluDotByHand checks the dot product against sums worked out by
// hand, including the clamp at both ends, the int16 product that wraps and
// the int32 sum that wraps.
func TestScreluDotByHand(t *testing.T) {
	tests := []struct {
		name string
		x, w int16
		want int32 // for 16 equal terms
	}{
		{"zero", 0, 64, 0},
		{"negative clamps to 0", -200, 64, 0},
		{"one", 1, 5, 16 * 5},
		{"within range", 100, -3, 16 * 100 * -300},
		{"clamped at QA", 1000, 2, 16 * 255 * 510},
		{"v·w wraps in int16", 255, 200, 16 * 255 * int32(int16(255*200-65536))},
	}
	withKernels(t, func(t *testing.T) {
		for _, tt := range tests {
			x, w := make([]int16, 16), make([]int16, 16)
			for i := range x {
				x[i], w[i] = tt.x, tt.w
			}
			if got := screluDot(x, w); got != tt.want {
				t.Errorf("%s: screluDot = %d, want %d", tt.name, got, tt.want)
			}
		}
	})
	// 512 terms of 255·(255·127) overflow int32 when summed.
	x, w := make([]int16, 512), make([]int16, 512)
	for i := range x {
		x[i], w[i] = QA, 127
	}
	want := int32(int64(512*255*255*127) - 1<<32)
	withKernels(t, func(t *testing.T) {
		if got := screluDot(x, w); got != want {
			t.Errorf("overflowing sum: screluDot = %d, want %d", got, want)
		}
	})
}

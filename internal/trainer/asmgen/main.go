// Command asmgen generates package trainer's AVX2 kernels (kernels_amd64.s
// and their Go declarations, kernels_amd64_decl.go) with avo. Run it
// through "go generate ./internal/trainer".
//
// Every kernel works on float32 vectors whose length n is a positive
// multiple of 32 (four YMM registers, one block), a block per iteration;
// the trainer runs the Go kernels on other lengths. Each gives the same bits as its Go twin in
// kernels.go: the element-wise kernels do the same operations in the same
// order (multiplications and additions rounded one at a time, never fused),
// and the dot product sums in the order the Go one spells out.
package main

import (
	"math"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// block is the number of YMM registers a loop iteration handles, and
// chunk the bytes of one (8 float32).
const (
	block = 4
	chunk = 32
)

// The VCMPPS predicates used (ordered, signalling: there are no NaNs).
const (
	cmpLT = 0x01
	cmpGE = 0x0d
	cmpGT = 0x0e
)

func main() {
	Package("github.com/outpost-chess/outpost/internal/trainer")
	ConstraintExpr("amd64")
	add()
	accumulate()
	scatterAdd()
	backOutput()
	screluDot()
	Generate()
}

// blocks emits a loop over the n float32 values (n a positive multiple of
// 32), calling body(off, k) for the block's registers k = 0 to 3, with off
// the byte offset of the block.
func blocks(n reg.GPVirtual, body func(off reg.GPVirtual, k int)) {
	end, off := GP64(), GP64()
	MOVQ(n, end)
	SHLQ(Imm(2), end) // bytes
	XORQ(off, off)
	Label("block")
	for k := range block {
		body(off, k)
	}
	ADDQ(Imm(block*chunk), off)
	CMPQ(off, end)
	JB(LabelRef("block"))
}

func at(base reg.Register, off reg.GPVirtual, k int) Mem {
	return Mem{Base: base, Index: off, Scale: 1, Disp: k * chunk}
}

// broadcast returns a YMM register holding v in every lane.
func broadcast(v float32) reg.VecVirtual {
	y, g := YMM(), GP32()
	MOVL(U32(math.Float32bits(v)), g)
	VMOVD(g, y.AsX())
	VBROADCASTSS(y.AsX(), y)
	return y
}

// add emits dst[i] += src[i].
func add() {
	TEXT("addAVX2", NOSPLIT, "func(dst, src *float32, n int)")
	Doc("addAVX2 sets dst[i] += src[i] for i < n (a multiple of 32).")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64()).(reg.GPVirtual)
	blocks(n, func(off reg.GPVirtual, k int) {
		y := YMM()
		VMOVUPS(at(dst, off, k), y)
		VADDPS(at(src, off, k), y, y)
		VMOVUPS(y, at(dst, off, k))
	})
	VZEROUPPER()
	RET()
}

// accumulate emits acc = bias + the columns of w named by feats, each
// column h values long: block by block of 32 values, the block's bias in
// four registers, every column's block added in the order of feats, then
// stored once.
func accumulate() {
	TEXT("accumulateAVX2", NOSPLIT, "func(acc, bias, w *float32, feats *int32, nf, h int)")
	Doc("accumulateAVX2 is accumulateGo for h (a multiple of 32) values.")
	acc := Load(Param("acc"), GP64())
	bias := Load(Param("bias"), GP64())
	w := Load(Param("w"), GP64())
	feats := Load(Param("feats"), GP64())
	nf := Load(Param("nf"), GP64())
	hb := Load(Param("h"), GP64())
	SHLQ(Imm(2), hb) // a column's bytes
	off := GP64()
	XORQ(off, off)
	y := make([]reg.VecVirtual, block)
	for k := range y {
		y[k] = YMM()
	}
	Label("block")
	for k := range block {
		VMOVUPS(at(bias, off, k), y[k])
	}
	j, col := GP64(), GP64()
	XORQ(j, j)
	Label("column")
	CMPQ(j, nf)
	JAE(LabelRef("store"))
	MOVLQSX(Mem{Base: feats, Index: j, Scale: 4}, col)
	IMULQ(hb, col)
	ADDQ(w, col)
	for k := range block {
		VADDPS(at(col, off, k), y[k], y[k])
	}
	INCQ(j)
	JMP(LabelRef("column"))
	Label("store")
	for k := range block {
		VMOVUPS(y[k], at(acc, off, k))
	}
	ADDQ(Imm(block*chunk), off)
	CMPQ(off, hb)
	JB(LabelRef("block"))
	VZEROUPPER()
	RET()
}

// scatterAdd emits g's columns named by feats += d, each h values long:
// block by block of 32 values, the block of d in four registers, added to
// every column's block in the order of feats.
func scatterAdd() {
	TEXT("scatterAddAVX2", NOSPLIT, "func(grad, d *float32, feats *int32, nf, h int)")
	Doc("scatterAddAVX2 is scatterAddGo for h (a multiple of 32) values.")
	g := Load(Param("grad"), GP64())
	d := Load(Param("d"), GP64())
	feats := Load(Param("feats"), GP64())
	nf := Load(Param("nf"), GP64())
	hb := Load(Param("h"), GP64())
	SHLQ(Imm(2), hb) // a column's bytes
	off := GP64()
	XORQ(off, off)
	y := make([]reg.VecVirtual, block)
	for k := range y {
		y[k] = YMM()
	}
	Label("block")
	for k := range block {
		VMOVUPS(at(d, off, k), y[k])
	}
	j, col := GP64(), GP64()
	XORQ(j, j)
	Label("column")
	CMPQ(j, nf)
	JAE(LabelRef("next"))
	MOVLQSX(Mem{Base: feats, Index: j, Scale: 4}, col)
	IMULQ(hb, col)
	ADDQ(g, col)
	for k := range block {
		t := YMM()
		VADDPS(at(col, off, k), y[k], t)
		VMOVUPS(t, at(col, off, k))
	}
	INCQ(j)
	JMP(LabelRef("column"))
	Label("next")
	ADDQ(Imm(block*chunk), off)
	CMPQ(off, hb)
	JB(LabelRef("block"))
	VZEROUPPER()
	RET()
}

// backOutput emits the output layer's backward pass for one perspective:
// gw[i] += g·a[i]·a[i] where 0 < a[i] < 1, g where a[i] >= 1;
// da[i] = g·w[i]·2·a[i] where 0 < a[i] < 1, else 0.
func backOutput() {
	TEXT("backOutputAVX2", NOSPLIT, "func(dy float32, a, w, gw, da *float32, n int)")
	Doc("backOutputAVX2 is backOutputGo for n (a multiple of 32) values.")
	gx := Load(Param("dy"), XMM())
	a := Load(Param("a"), GP64())
	w := Load(Param("w"), GP64())
	gw := Load(Param("gw"), GP64())
	da := Load(Param("da"), GP64())
	n := Load(Param("n"), GP64()).(reg.GPVirtual)
	g := YMM()
	VBROADCASTSS(gx, g)
	zero, one := YMM(), broadcast(1)
	VXORPS(zero, zero, zero)
	blocks(n, func(off reg.GPVirtual, k int) {
		x, inside, above, t, u := YMM(), YMM(), YMM(), YMM(), YMM()
		VMOVUPS(at(a, off, k), x)
		VCMPPS(Imm(cmpGT), zero, x, inside) // x > 0
		VCMPPS(Imm(cmpLT), one, x, t)       // x < 1
		VANDPS(t, inside, inside)
		VCMPPS(Imm(cmpGE), one, x, above) // x >= 1
		// gw += inside ? (g·x)·x : above ? g : 0
		VMULPS(x, g, t)
		VMULPS(x, t, t)
		VANDPS(inside, t, t)
		VANDPS(above, g, u)
		VORPS(u, t, t)
		VADDPS(at(gw, off, k), t, t)
		VMOVUPS(t, at(gw, off, k))
		// da = inside ? ((g·w)·2)·x : 0
		VMULPS(at(w, off, k), g, u)
		VADDPS(u, u, u)
		VMULPS(x, u, u)
		VANDPS(inside, u, u)
		VMOVUPS(u, at(da, off, k))
	})
	VZEROUPPER()
	RET()
}

// screluDot emits Σ clamp(a[i], 0, 1)²·w[i], summed as screluDotGo says:
// four accumulators of 8 lanes (register k of each block into accumulator
// k), added 0+1, +2, +3; then lane j with lane j+4, then (0+2) + (1+3).
func screluDot() {
	TEXT("screluDotAVX2", NOSPLIT, "func(a, w *float32, n int) float32")
	Doc("screluDotAVX2 is screluDotGo for n (a multiple of 32) values.")
	a := Load(Param("a"), GP64())
	w := Load(Param("w"), GP64())
	n := Load(Param("n"), GP64()).(reg.GPVirtual)
	zero, one := YMM(), broadcast(1)
	VXORPS(zero, zero, zero)
	acc := make([]reg.VecVirtual, block)
	for k := range acc {
		acc[k] = YMM()
		VXORPS(acc[k], acc[k], acc[k])
	}
	blocks(n, func(off reg.GPVirtual, k int) {
		x := YMM()
		VMOVUPS(at(a, off, k), x)
		VMAXPS(zero, x, x)
		VMINPS(one, x, x)
		VMULPS(x, x, x)
		VMULPS(at(w, off, k), x, x)
		VADDPS(x, acc[k], acc[k])
	})
	for k := 1; k < block; k++ {
		VADDPS(acc[k], acc[0], acc[0])
	}
	lo, hi := XMM(), XMM()
	VEXTRACTF128(Imm(1), acc[0], hi)
	VADDPS(hi, acc[0].AsX(), lo) // lane j: j + (j+4)
	VMOVHLPS(lo, lo, hi)         // lanes 2, 3 down to 0, 1
	VADDPS(hi, lo, lo)           // lane 0: 0+2, lane 1: 1+3
	VMOVSHDUP(lo, hi)            // lane 1 down to 0
	VADDSS(hi, lo, lo)
	VZEROUPPER()
	Store(lo, ReturnIndex(0))
	RET()
}

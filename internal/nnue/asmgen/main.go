// Command asmgen generates package nnue's AVX2 kernels (kernels_amd64.s and
// their Go declarations, kernels_amd64_decl.go) with avo. Run it through
// "go generate ./internal/nnue".
//
// Every kernel works on int16 vectors whose length n is a multiple of 16 (one
// YMM register): a main loop handles four registers' worth per iteration, a
// tail loop one. The results equal the Go kernels in kernels_go.go bit for
// bit: int16 additions wrap in both, and the dot product's int32 sum wraps
// in both (a sum modulo 2^32 does not depend on the order of its terms).
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// unroll is the number of YMM registers the main loops handle per iteration.
const unroll = 4

// chunk is the number of bytes in one YMM register.
const chunk = 32

func main() {
	Package("github.com/outpost-chess/outpost/internal/nnue")
	ConstraintExpr("amd64")
	accumulate("addAVX2", 1, 0)
	accumulate("subAVX2", 0, 1)
	accumulate("addSubAVX2", 1, 1)
	accumulate("addSubSubAVX2", 1, 2)
	accumulate("addAddSubSubAVX2", 2, 2)
	screluDot()
	Generate()
}

// loops emits a loop over the n int16 values (n a multiple of 16), calling
// body(off, k) for each of the registers it handles per iteration, k from
// 0, with off the byte offset of the iteration's first register: unroll
// registers per iteration while at least that many remain, then one.
func loops(n reg.GPVirtual, body func(off reg.GPVirtual, k int)) {
	end, off := GP64(), GP64()
	MOVQ(n, end)
	SHLQ(Imm(1), end) // bytes
	XORQ(off, off)
	Label("wide")
	wideEnd := GP64()
	MOVQ(off, wideEnd)
	ADDQ(Imm(unroll*chunk), wideEnd)
	CMPQ(wideEnd, end)
	JA(LabelRef("narrow"))
	for k := range unroll {
		body(off, k)
	}
	ADDQ(Imm(unroll*chunk), off)
	JMP(LabelRef("wide"))
	Label("narrow")
	CMPQ(off, end)
	JAE(LabelRef("done"))
	body(off, 0)
	ADDQ(Imm(chunk), off)
	JMP(LabelRef("narrow"))
	Label("done")
}

// accumulate emits a kernel dst = src (+ a1 (+ a2)) (- s1 (- s2)), over n
// int16 values: the accumulator update of a move, fused with the copy from
// the parent's accumulator, or (one column) a step of a refresh.
func accumulate(name string, adds, subs int) {
	params := "dst, src"
	for i := 1; i <= adds; i++ {
		params += fmt.Sprintf(", a%d", i)
	}
	for i := 1; i <= subs; i++ {
		params += fmt.Sprintf(", s%d", i)
	}
	formula := "src[i]"
	for i := 1; i <= adds; i++ {
		formula += fmt.Sprintf(" + a%d[i]", i)
	}
	for i := 1; i <= subs; i++ {
		formula += fmt.Sprintf(" - s%d[i]", i)
	}
	TEXT(name, NOSPLIT, fmt.Sprintf("func(%s *int16, n int)", params))
	Doc(fmt.Sprintf("%s sets dst[i] = %s for i < n (a multiple of 16), in wrapping int16.", name, formula))
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	var add, sub []reg.Register
	for i := 1; i <= adds; i++ {
		add = append(add, Load(Param(fmt.Sprintf("a%d", i)), GP64()))
	}
	for i := 1; i <= subs; i++ {
		sub = append(sub, Load(Param(fmt.Sprintf("s%d", i)), GP64()))
	}
	n := Load(Param("n"), GP64()).(reg.GPVirtual)
	at := func(base reg.Register, off reg.GPVirtual, k int) Mem {
		return Mem{Base: base, Index: off, Scale: 1, Disp: k * chunk}
	}
	regs := make([]reg.VecVirtual, unroll)
	for k := range regs {
		regs[k] = YMM()
	}
	loops(n, func(off reg.GPVirtual, k int) {
		y := regs[k]
		VMOVDQU(at(src, off, k), y)
		for _, a := range add {
			VPADDW(at(a, off, k), y, y)
		}
		for _, s := range sub {
			VPSUBW(at(s, off, k), y, y)
		}
		VMOVDQU(y, at(dst, off, k))
	})
	VZEROUPPER()
	RET()
}

// screluDot emits the output layer's dot product over n int16 values:
// Σ v(x[i])·int16(v(x[i])·w[i]) with v(x) = min(max(x, 0), 255), in wrapping
// int32. VPMULLW keeps the low 16 bits of v·w, as Go's int16 product does;
// VPMADDWD multiplies v by it into int32 and adds neighbouring pairs (which
// cannot overflow: |v·t| < 2^23).
func screluDot() {
	TEXT("screluDotAVX2", NOSPLIT, "func(x, w *int16, n int) int32")
	Doc("screluDotAVX2 returns Σ v(x[i])·int16(v(x[i])·w[i]) for i < n (a multiple of 16), v(x) = min(max(x, 0), 255), in wrapping int32.")
	x := Load(Param("x"), GP64())
	w := Load(Param("w"), GP64())
	n := Load(Param("n"), GP64()).(reg.GPVirtual)

	zero, qa := YMM(), YMM()
	VPXOR(zero, zero, zero)
	q := GP32()
	MOVL(U32(255), q)
	VMOVD(q, qa.AsX())
	VPBROADCASTW(qa.AsX(), qa)

	acc := make([]reg.VecVirtual, unroll)
	for k := range acc {
		acc[k] = YMM()
		VPXOR(acc[k], acc[k], acc[k])
	}
	at := func(base reg.Register, off reg.GPVirtual, k int) Mem {
		return Mem{Base: base, Index: off, Scale: 1, Disp: k * chunk}
	}
	loops(n, func(off reg.GPVirtual, k int) {
		v, t := YMM(), YMM()
		VMOVDQU(at(x, off, k), v)
		VPMAXSW(zero, v, v)
		VPMINSW(qa, v, v)
		VPMULLW(at(w, off, k), v, t)
		VPMADDWD(t, v, t)
		VPADDD(t, acc[k], acc[k])
	})
	for k := 1; k < unroll; k++ {
		VPADDD(acc[k], acc[0], acc[0])
	}
	lo, hi := XMM(), XMM()
	VEXTRACTI128(Imm(1), acc[0], hi)
	VPADDD(hi, acc[0].AsX(), lo)
	VPSHUFD(Imm(0x4e), lo, hi) // swap the 64-bit halves
	VPADDD(hi, lo, lo)
	VPSHUFD(Imm(0xb1), lo, hi) // swap the 32-bit neighbours
	VPADDD(hi, lo, lo)
	sum := GP32()
	VMOVD(lo, sum)
	VZEROUPPER()
	Store(sum, ReturnIndex(0))
	RET()
}

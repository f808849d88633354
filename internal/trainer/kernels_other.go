//go:build !amd64

package trainer

// Without amd64 assembly every kernel is the Go one.

// useAVX2 is never read here; the tests set it on every architecture.
var useAVX2 = false

func add(dst, src []float32) { addGo(dst, src) }

func accumulate(acc, bias, w []float32, feats []int32) { accumulateGo(acc, bias, w, feats) }

func scatterAdd(g, d []float32, feats []int32) { scatterAddGo(g, d, feats) }

func backOutput(g float32, a, w, gw, da []float32) { backOutputGo(g, a, w, gw, da) }

func screluDot(a, w []float32) float32 { return screluDotGo(a, w) }

//go:build !amd64

package trainer

// Without amd64 assembly every kernel is the Go one.

// useAVX2 is never read here; the tests set it on every architecture.
var useAVX2 = false

func add(dst, src []float32) { addGo(dst, src) }

func backOutput(g float32, a, w, gw, da []float32) { backOutputGo(g, a, w, gw, da) }

func screluDot(a, w []float32) float32 { return screluDotGo(a, w) }

package trainer

import "math"

// Adam's constants: Kingma and Ba's defaults, which NNUE trainers keep.
const (
	beta1   = 0.9
	beta2   = 0.999
	epsilon = 1e-8
)

// adam is the Adam optimiser's state: the running means of each
// parameter's gradient (m) and squared gradient (v), and the steps taken.
type adam struct {
	m, v []float32
	step int64
}

func newAdam(n int) *adam { return &adam{m: make([]float32, n), v: make([]float32, n)} }

// stepSize returns the step's learning rate with Adam's bias correction,
// for step number t (from 1).
func stepSize(lr float64, t int64) float32 {
	return float32(lr * math.Sqrt(1-math.Pow(beta2, float64(t))) / (1 - math.Pow(beta1, float64(t))))
}

// update applies one step to params[lo:hi] given their gradient, with the
// bias-corrected step size a (see stepSize), then clips each parameter of
// [lo:min(hi, clipEnd)) to ±Clip. Disjoint ranges may be updated at once.
func (o *adam) update(params, grad []float32, lo, hi, clipEnd int, a float32) {
	p, g, m, v := params[lo:hi], grad[lo:hi], o.m[lo:hi], o.v[lo:hi]
	g, m, v = g[:len(p)], m[:len(p)], v[:len(p)]
	for i := range p {
		m[i] = beta1*m[i] + (1-beta1)*g[i]
		v[i] = beta2*v[i] + (1-beta2)*g[i]*g[i]
		p[i] -= a * m[i] / (float32(math.Sqrt(float64(v[i]))) + epsilon)
	}
	for i := lo; i < min(hi, clipEnd); i++ {
		params[i] = min(max(params[i], -Clip), Clip)
	}
}

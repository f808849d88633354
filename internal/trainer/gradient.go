package trainer

import (
	"github.com/outpost-chess/outpost/internal/datagen"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// worker computes the loss and its gradient over a share of each batch,
// into buffers of its own: one goroutine per worker, no allocation per
// position.
type worker struct {
	grad       *Model // the gradient, shaped as the model
	us, them   []float32
	dUs, dThem []float32
	f          features
	loss       float64 // the summed loss of the last call
}

func newWorker(s nnue.Shape) *worker {
	h := s.Hidden
	return &worker{
		grad: newModel(s),
		us:   make([]float32, h), them: make([]float32, h),
		dUs: make([]float32, h), dThem: make([]float32, h),
	}
}

// gradient sets w.grad to the gradient of weight × Σ loss over the records
// recs[i] for i in idx, each shown as in the given epoch (mirrored), and
// w.loss to Σ loss. The first layer is sparse:
// only the columns of a position's ~32 active features per perspective are
// read and written.
func (w *worker) gradient(m *Model, l *loss, recs []datagen.Record, idx []uint32, epoch int, weight float32) {
	clear(w.grad.Params)
	h := m.Hidden
	g := w.grad
	ys := l.yScale()
	var sum float64
	for _, i := range idx {
		r := &recs[i]
		w.f.set(r, mirrored(r, i, epoch), m.Shape)
		us, them := w.f.us(), w.f.them()
		m.accumulate(w.us, us)
		m.accumulate(w.them, them)
		b := w.f.bucket
		pred := sigmoid(m.output(w.us, w.them, b) * ys)
		diff := pred - l.target(r)
		sum += float64(diff * diff)

		// Backwards: ∂loss/∂y, then the output layer, then the
		// accumulators' columns.
		dy := weight * 2 * diff * pred * (1 - pred) * ys
		g.OB[b] += dy
		ow, gow := m.owq[b*2*h:(b+1)*2*h], g.OW[b*2*h:(b+1)*2*h]
		backOutput(dy, w.us, ow[:h], gow[:h], w.dUs)
		backOutput(dy, w.them, ow[h:], gow[h:], w.dThem)
		add(g.FB, w.dUs)
		add(g.FB, w.dThem)
		scatterAdd(g.FW, w.dUs, us)
		scatterAdd(g.FW, w.dThem, them)
	}
	w.loss = sum
}

// evaluate sets w.loss to Σ loss over the records recs[i] for i in idx,
// without a gradient.
func (w *worker) evaluate(m *Model, l *loss, recs []datagen.Record, idx []uint32) {
	ys := l.yScale()
	var sum float64
	for _, i := range idx {
		r := &recs[i]
		w.f.set(r, false, m.Shape)
		m.accumulate(w.us, w.f.us())
		m.accumulate(w.them, w.f.them())
		diff := sigmoid(m.output(w.us, w.them, w.f.bucket)*ys) - l.target(r)
		sum += float64(diff * diff)
	}
	w.loss = sum
}

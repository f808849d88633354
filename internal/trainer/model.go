package trainer

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/outpost-chess/outpost/internal/datagen"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// Model is the float network the trainer fits: the perspective network of
// an nnue.Shape (docs/nnue.md), in float32,
//
//	a_p  = FB + Σ over the active features f of perspective p: FW[f]
//	h_p  = clamp(a_p, 0, 1)²
//	y    = OW_b[0:H]·h_us + OW_b[H:2H]·h_them + OB[b]
//	eval = y × nnue.Scale centipawns, the side to move's view
//
// where the features are nnue.Shape.Feature's (with king buckets, one
// column set per bucket of the perspective's own king), b is the
// position's output bucket (nnue.Shape.OutputBucket) and OW_b its 2H output
// weights, taken as the engine will have them, rounded to multiples of
// 1/QB (see owq).
//
// All its parameters live in one slice, Params, so that the optimiser,
// the gradient sums and the checkpoint treat them as one vector. The views
// FW, FB, OW and OB are slices of it (OB its last M elements).
type Model struct {
	nnue.Shape
	Params []float32
	// FW holds N×Inputs×Hidden feature weights, feature f's column at
	// FW[f*Hidden : (f+1)*Hidden], as in nnue.Network.
	FW []float32
	FB []float32 // Hidden feature biases
	OW []float32 // M×2×Hidden output weights: per bucket, the side to move's, then the other side's
	OB []float32 // the M output biases

	// owq is OW as the engine's network has it, round(OW×QB)/QB: the
	// forward and backward passes use it, and the gradient it gets is
	// applied to OW (the straight-through estimator), so that the model
	// learns around the rounding of its output weights, the coarsest of
	// the quantisation (QB = 64 steps per unit). syncOutput keeps it.
	owq []float32
}

// paramCount returns the number of parameters of a model of shape s.
func paramCount(s nnue.Shape) int {
	h, m := s.Hidden, s.OutputBuckets
	return s.KingBucketCount()*nnue.Inputs*h + h + m*2*h + m
}

// newModel returns a model of shape s with every parameter zero.
func newModel(s nnue.Shape) *Model {
	m := &Model{Shape: s, Params: make([]float32, paramCount(s)), owq: make([]float32, s.OutputBuckets*2*s.Hidden)}
	m.bind()
	return m
}

// bind points the views at Params.
func (m *Model) bind() {
	h, p := m.Hidden, m.Params
	fw := m.KingBucketCount() * nnue.Inputs * h
	ow := m.OutputBuckets * 2 * h
	m.FW = p[:fw:fw]
	m.FB = p[fw : fw+h : fw+h]
	m.OW = p[fw+h : fw+h+ow : fw+h+ow]
	m.OB = p[fw+h+ow:]
}

// NewModel returns a model of shape s (one nnue.Network can have, see
// nnue.Shape.Validate) with small random weights drawn from seed: each
// layer's weights and biases uniform in ±1/√(its inputs), the usual start
// of a network with few active inputs.
func NewModel(s nnue.Shape, seed uint64) (*Model, error) {
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("trainer: %s", strings.TrimPrefix(err.Error(), "nnue: "))
	}
	m := newModel(s)
	h := s.Hidden
	rng := rand.New(rand.NewPCG(seed, 0x6d6f64656c))
	uniform := func(s []float32, bound float64) {
		for i := range s {
			s[i] = float32((2*rng.Float64() - 1) * bound)
		}
	}
	uniform(m.FW, 1/math.Sqrt(nnue.Inputs))
	uniform(m.FB, 1/math.Sqrt(nnue.Inputs))
	uniform(m.OW, 1/math.Sqrt(float64(2*h)))
	uniform(m.OB, 1/math.Sqrt(float64(2*h)))
	m.syncOutput()
	return m, nil
}

// syncOutput sets owq from OW, after any change of OW.
func (m *Model) syncOutput() {
	for i, w := range m.OW {
		m.owq[i] = float32(float64(quantiseWeight(w, nnue.QB)) / nnue.QB)
	}
}

// Clip is the bound of every weight and the feature biases after each
// step, as bullet does: ±1.98 keeps round(w×QA) within int16 even when a
// position sums 32 feature columns, and QB×1.98 times QA within int16 in
// the output's product.
const Clip = 1.98

// Evaluate returns the model's evaluation of r's position in centipawns,
// the side to move's view (float64, not rounded).
func (m *Model) Evaluate(r *datagen.Record) float64 {
	var f features
	f.set(r, false, m.Shape)
	h := m.Hidden
	us, them := make([]float32, h), make([]float32, h)
	m.accumulate(us, f.us())
	m.accumulate(them, f.them())
	return float64(m.output(us, them, f.bucket)) * nnue.Scale
}

// accumulate sets acc to the feature biases plus the columns of feats.
func (m *Model) accumulate(acc []float32, feats []int32) {
	accumulate(acc, m.FB, m.FW, feats)
}

// output returns y for the accumulators us (the side to move's) and them
// in output bucket b.
func (m *Model) output(us, them []float32, b int) float32 {
	h := m.Hidden
	ow := m.owq[b*2*h : (b+1)*2*h]
	return screluDot(us, ow[:h]) + screluDot(them, ow[h:]) + m.OB[b]
}

// Quantise returns the model as the engine's integer network: each
// parameter multiplied by its scale (QA for the feature weights and
// biases, QB for the output weights, QA×QB for the output bias) and
// rounded to the nearest integer. Clipped weights stay within int16; a
// value beyond it (a model never clipped) is saturated.
func (m *Model) Quantise() *nnue.Network {
	n := m.Shape.New()
	quantise16(n.FeatureWeights, m.FW, nnue.QA)
	quantise16(n.FeatureBias, m.FB, nnue.QA)
	quantise16(n.OutputWeights, m.OW, nnue.QB)
	for i, b := range m.OB {
		n.OutputBias[i] = int32(max(math.MinInt32, min(math.MaxInt32, math.Round(float64(b)*nnue.QA*nnue.QB))))
	}
	return n
}

func quantise16(dst []int16, src []float32, scale float64) {
	for i, v := range src {
		dst[i] = quantiseWeight(v, scale)
	}
}

// quantiseWeight returns round(v×scale), saturated to int16.
func quantiseWeight(v float32, scale float64) int16 {
	return int16(max(math.MinInt16, min(math.MaxInt16, math.Round(float64(v)*scale))))
}

// QuantisationError compares the quantised network n with the model on
// recs: the mean and the largest absolute difference of their evaluations,
// in centipawns, n evaluated by the engine's own code (nnue's Refresh and
// Evaluate).
func (m *Model) QuantisationError(n *nnue.Network, recs []datagen.Record) (mean, worst float64, err error) {
	acc := n.NewAccumulators(1)
	var sum float64
	for i := range recs {
		p, err := recs[i].Position()
		if err != nil {
			return 0, 0, err
		}
		n.Refresh(&acc[0], p)
		d := math.Abs(float64(n.Evaluate(&acc[0], p.SideToMove())) - m.Evaluate(&recs[i]))
		sum += d
		worst = max(worst, d)
	}
	return sum / float64(max(1, len(recs))), worst, nil
}

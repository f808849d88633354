package trainer

import (
	"math"

	"github.com/outpost-chess/outpost/internal/datagen"
	"github.com/outpost-chess/outpost/internal/nnue"
	"github.com/outpost-chess/outpost/internal/tuner"
)

// loss is the training objective of NNUE-SPEC.md for one position, with
// K fitted to the data rather than 400 (see FitK):
//
//	pred   = sigmoid(eval_cp / K)                       eval_cp = y × nnue.Scale
//	target = λ × result + (1 − λ) × sigmoid(score / K)  result 0, 0.5 or 1 for the side to move
//	loss   = (pred − target)²
//
// λ (WDL) blends the game's result, which is true but noisy (a position
// from a won game can be lost), with the search's score, which is precise
// but only as good as the engine that made it. K is the scale on which the
// data's scores predict its results (FitK): with it the two parts of the
// target agree, and the network's centipawns are the engine's.
type loss struct {
	wdl float32 // λ
	k   float32 // K, centipawns
}

// target returns the value the prediction of r is fitted to.
func (l *loss) target(r *datagen.Record) float32 {
	result := float32(r.Result()) / 2
	return l.wdl*result + (1-l.wdl)*sigmoid(float32(r.Score())/l.k)
}

// yScale is ∂(eval_cp / K)/∂y.
func (l *loss) yScale() float32 { return nnue.Scale / l.k }

func sigmoid(x float32) float32 { return float32(1 / (1 + math.Exp(-float64(x)))) }

// fitSample is the most positions FitK looks at: evenly spread, plenty to
// fix K to a centipawn.
const fitSample = 1 << 20

// FitK returns the scale K, in centipawns, for which sigmoid(score/K) best
// predicts the records' results (in mean squared error, as Texel tuning
// fits its K: tuner.FitK), over at most fitSample records spread evenly
// over recs. Outpost's self-play scores give about 150: a score of 150
// centipawns wins about 73% of the points.
func FitK(recs []datagen.Record) float64 {
	step := max(1, len(recs)/fitSample)
	var scores, results []float64
	for i := 0; i < len(recs); i += step {
		scores = append(scores, float64(recs[i].Score()))
		results = append(results, float64(recs[i].Result())/2)
	}
	return 1 / tuner.FitK(scores, results)
}

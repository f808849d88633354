package trainer

import (
	"math"

	"github.com/outpost-chess/outpost/internal/datagen"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// loss is the training objective of NNUE-SPEC.md for one position:
//
//	pred   = sigmoid(eval_cp / K)                       eval_cp = y × nnue.Scale
//	target = λ × result + (1 − λ) × sigmoid(score / K)  result 0, 0.5 or 1 for the side to move
//	loss   = (pred − target)²
//
// λ (WDL) blends the game's result, which is true but noisy (a position
// from a won game can be lost), with the search's score, which is precise
// but only as good as the engine that made it.
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

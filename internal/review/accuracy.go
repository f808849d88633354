package review

import (
	"math"

	"github.com/outpost-chess/outpost/chess"
)

// MoveAccuracy returns the accuracy in per cent of a move that took its
// side's win per cent from before to after (lichess's
// AccuracyPercent.fromWinPercents): 100 when it did not fall, else
// 103.1668·exp(-0.04354·drop)-3.1669 plus 1 (the analysis is not
// perfect), within 0..100.
func MoveAccuracy(before, after float64) float64 {
	if after >= before {
		return 100
	}
	drop := before - after
	raw := 103.1668100711649*math.Exp(-0.04354415386753951*drop) - 3.166924740191411
	return max(0, min(100, raw+1))
}

// GameAccuracy returns each side's accuracy in per cent (lichess's
// AccuracyPercent.gameAccuracy). whiteCP holds the evaluation of every
// position of the game from White's point of view in centipawns, capped
// at ±1000 with mates as ±1000: the start, then the position after each
// move; first is the side that made the first move. A side's accuracy is
// the mean of the volatility-weighted mean and the harmonic mean of its
// moves' accuracies (see the package doc). Both results are indexed by
// chess.Color; ok[c] is false for a side that made no move.
func GameAccuracy(whiteCP []int, first chess.Color) (acc [2]float64, ok [2]bool) {
	if len(whiteCP) < 2 {
		return acc, ok
	}
	win := make([]float64, len(whiteCP))
	for i, cp := range whiteCP {
		win[i] = WinPercent(cp)
	}
	moves := len(win) - 1
	weights := volatility(win, max(2, min(8, moves/10)))
	var sum, weight, inverse [2]float64
	var count [2]int
	for i := range moves {
		side := first
		if i%2 == 1 {
			side = first.Other()
		}
		before, after := win[i], win[i+1]
		if side == chess.Black {
			before, after = 100-before, 100-after
		}
		a := MoveAccuracy(before, after)
		sum[side] += a * weights[i]
		weight[side] += weights[i]
		inverse[side] += 1 / max(1, a)
		count[side]++
	}
	for c := range 2 {
		if count[c] == 0 {
			continue
		}
		weighted := sum[c] / weight[c]
		harmonic := float64(count[c]) / inverse[c]
		acc[c], ok[c] = (weighted+harmonic)/2, true
	}
	return acc, ok
}

// volatility returns the weight of each move (len(win)-1 of them): the
// standard deviation of the win per cents in a window of size positions
// around it, capped to 0.5..12. The first moves share the first window,
// as lichess pads its sliding windows.
func volatility(win []float64, size int) []float64 {
	size = min(size, len(win))
	weights := make([]float64, 0, len(win)-1)
	for range size - 2 {
		weights = append(weights, stdDev(win[:size]))
	}
	for i := 0; i+size <= len(win); i++ {
		weights = append(weights, stdDev(win[i:i+size]))
	}
	for i := range weights {
		weights[i] = max(0.5, min(12, weights[i]))
	}
	return weights[:len(win)-1]
}

// stdDev returns the population standard deviation of xs.
func stdDev(xs []float64) float64 {
	mean := 0.0
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	return math.Sqrt(v / float64(len(xs)))
}

// centipawnLoss returns how many centipawns a move by the side of sign
// (+1 White, -1 Black) lost, from the capped evaluations before and after
// it (White's point of view): never below 0.
func centipawnLoss(before, after, sign int) int {
	return max(0, sign*(before-after))
}

package review

import (
	"math"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

func TestMoveAccuracy(t *testing.T) {
	for _, tt := range []struct {
		before, after, want float64
	}{
		{50, 50, 100},
		{40, 60, 100},
		// A drop of 10: 103.1668·exp(-0.435442)-3.1669+1 = 66.746-2.167.
		{60, 50, 64.5798},
		{50, 40, 64.5798},
		// A drop of 50: 103.1668·exp(-2.177208) = 11.695, less 2.167.
		{70, 20, 9.5278},
		{90, 10, 1.0002},
		{100, 0, 0},
	} {
		if got := MoveAccuracy(tt.before, tt.after); math.Abs(got-tt.want) > 1e-3 {
			t.Errorf("MoveAccuracy(%v, %v) = %.4f, want %.4f", tt.before, tt.after, got, tt.want)
		}
	}
}

// TestGameAccuracy works lichess's formula by hand on five moves. The
// evaluations 15, 20, 10, -300, -250, -260 are the win per cents 51.380,
// 51.840, 50.920, 24.887, 28.485, 27.741. The window is 2 positions (5
// moves / 10, at least 2), so each move's weight is half the gap it made,
// capped to 0.5..12: 0.5, 0.5, 12 (13.02), 1.799, 0.5.
//
// White (moves 1, 3, 5): accuracies 100, 31.040 (a drop of 26.03), 97.711;
// weighted (50 + 372.48 + 48.86) / 13 = 36.257; harmonic 3 / (1/100 +
// 1/31.040 + 1/97.711) = 57.197; accuracy 46.727.
//
// Black (moves 2, 4): 100 (its win per cent rose), 86.040 (a drop of
// 3.598); weighted (50 + 154.78) / 2.299 = 89.080; harmonic 92.487;
// accuracy 90.786.
func TestGameAccuracy(t *testing.T) {
	cps := []int{15, 20, 10, -300, -250, -260}
	acc, ok := GameAccuracy(cps, chess.White)
	if !ok[chess.White] || !ok[chess.Black] || math.Abs(acc[chess.White]-46.727) > 1e-3 || math.Abs(acc[chess.Black]-90.786) > 1e-3 {
		t.Errorf("accuracy %v %v, want White 46.727, Black 90.786", acc, ok)
	}
	// The same evaluations with Black first: Black made moves 1, 3, 5.
	acc, ok = GameAccuracy(cps, chess.Black)
	if !ok[chess.White] || !ok[chess.Black] || acc[chess.Black] < 98 || acc[chess.White] < 98 {
		t.Errorf("Black first: %v %v; both sides gained in their own moves", acc, ok)
	}
	// One move: Black made none.
	acc, ok = GameAccuracy([]int{15, 20}, chess.White)
	if !ok[chess.White] || ok[chess.Black] || acc[chess.White] != 100 {
		t.Errorf("one move: %v %v", acc, ok)
	}
	if _, ok := GameAccuracy([]int{15}, chess.White); ok[chess.White] || ok[chess.Black] {
		t.Error("no move has an accuracy")
	}
}

func TestVolatilityWindows(t *testing.T) {
	// 40 moves: windows of 4 positions; the first two moves share the
	// first window (lichess pads the windows at the start).
	win := make([]float64, 41)
	for i := range win {
		win[i] = float64(i % 7 * 10)
	}
	w := volatility(win, 4)
	if len(w) != 40 {
		t.Fatalf("%d weights for 40 moves", len(w))
	}
	first := max(0.5, min(12, stdDev(win[:4])))
	if w[0] != first || w[1] != first || w[2] != first || w[3] != max(0.5, min(12, stdDev(win[1:5]))) {
		t.Errorf("weights %v", w[:4])
	}
	if stdDev([]float64{2, 4, 4, 4, 5, 5, 7, 9}) != 2 {
		t.Error("population standard deviation of the textbook example is 2")
	}
}

func TestCentipawnLoss(t *testing.T) {
	for _, tt := range []struct{ before, after, sign, want int }{
		{30, -70, 1, 100},
		{30, 80, 1, 0},
		{30, 80, -1, 50},
		{-1000, 1000, -1, 2000},
	} {
		if got := centipawnLoss(tt.before, tt.after, tt.sign); got != tt.want {
			t.Errorf("centipawnLoss(%d, %d, %d) = %d, want %d", tt.before, tt.after, tt.sign, got, tt.want)
		}
	}
}

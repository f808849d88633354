package puzzle

import (
	"math"
	"testing"
)

// TestGlickmanExample is the worked example of Glickman's "Example of the
// Glicko-2 system": a player of 1500 ± 200, volatility 0.06, beats a 1400
// ± 30 and loses to a 1550 ± 100 and a 1700 ± 300; with tau 0.5 the new
// rating is 1464.06 ± 151.52, volatility 0.05999.
func TestGlickmanExample(t *testing.T) {
	r := Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	got := r.Update([]Result{
		{Opponent: Rating{Rating: 1400, Deviation: 30}, Score: 1},
		{Opponent: Rating{Rating: 1550, Deviation: 100}, Score: 0},
		{Opponent: Rating{Rating: 1700, Deviation: 300}, Score: 0},
	})
	for _, c := range []struct {
		name      string
		got, want float64
		tolerance float64
	}{
		{"rating", got.Rating, 1464.06, 0.01},
		{"deviation", got.Deviation, 151.52, 0.01},
		{"volatility", got.Volatility, 0.05999, 0.00001},
	} {
		if math.Abs(c.got-c.want) > c.tolerance {
			t.Errorf("%s %.5f, want %.5f", c.name, c.got, c.want)
		}
	}
}

// TestRatingDirections: a win over a stronger opponent gains more than a
// win over a weaker one, a loss loses, a period without games only widens
// the deviation, and the deviation stays within its bounds.
func TestRatingDirections(t *testing.T) {
	r := NewRating()
	strong := r.Update([]Result{{Opponent: Rating{Rating: 1900, Deviation: 60}, Score: 1}})
	weak := r.Update([]Result{{Opponent: Rating{Rating: 1100, Deviation: 60}, Score: 1}})
	lost := r.Update([]Result{{Opponent: Rating{Rating: 1500, Deviation: 60}, Score: 0}})
	if !(strong.Rating > weak.Rating && weak.Rating > r.Rating && lost.Rating < r.Rating) {
		t.Errorf("after a strong win %.1f, a weak win %.1f, a loss %.1f, from %.1f", strong.Rating, weak.Rating, lost.Rating, r.Rating)
	}
	idle := Rating{Rating: 1600, Deviation: 100, Volatility: 0.06}.Update(nil)
	if idle.Rating != 1600 || idle.Deviation <= 100 {
		t.Errorf("idle: %+v", idle)
	}
	settled := r
	for range 200 {
		settled = settled.Update([]Result{{Opponent: settled, Score: 0.5}})
	}
	if settled.Deviation < minDeviation || settled.Deviation > maxDeviation {
		t.Errorf("deviation %.1f out of [%d, %d]", settled.Deviation, minDeviation, maxDeviation)
	}
}

// TestInitialRating: a move seen deeper, or a longer line, starts higher,
// within 600 to 2800.
func TestInitialRating(t *testing.T) {
	easy := InitialRating(Puzzle{Moves: []string{"a1a8"}, Effort: 1})
	deeper := InitialRating(Puzzle{Moves: []string{"a1a8"}, Effort: 6})
	longer := InitialRating(Puzzle{Moves: []string{"a1a8", "g8h8", "a8b8", "h8g8", "b8a8"}, Effort: 1})
	huge := InitialRating(Puzzle{Moves: []string{"a1a8"}, Effort: 99})
	if !(easy.Rating < deeper.Rating && easy.Rating < longer.Rating && huge.Rating == 2800 && easy.Rating >= 600) {
		t.Errorf("easy %.0f, deeper %.0f, longer %.0f, huge %.0f", easy.Rating, deeper.Rating, longer.Rating, huge.Rating)
	}
}

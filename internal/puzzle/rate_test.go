package puzzle

import "testing"

// TestRate: solving moves the solver up and the puzzle down, failing the
// reverse, and each by what one Update with the other as opponent gives.
func TestRate(t *testing.T) {
	solver := NewRating()
	pz := Entry{ID: "x", Rating: 1200}.StartRating()
	if pz.Rating != 1200 || pz.Deviation != initialDeviation {
		t.Fatalf("StartRating = %+v", pz)
	}
	for _, tt := range []struct {
		solved      bool
		solverScore float64
	}{{true, 1}, {false, 0}} {
		s, p := Rate(solver, pz, tt.solved)
		if want := solver.Update([]Result{{Opponent: pz, Score: tt.solverScore}}); s != want {
			t.Errorf("solved %v: solver %+v, want %+v", tt.solved, s, want)
		}
		if want := pz.Update([]Result{{Opponent: solver, Score: 1 - tt.solverScore}}); p != want {
			t.Errorf("solved %v: puzzle %+v, want %+v", tt.solved, p, want)
		}
		if up := s.Rating > solver.Rating; up != tt.solved || (p.Rating < pz.Rating) != tt.solved {
			t.Errorf("solved %v: solver %.0f → %.0f, puzzle %.0f → %.0f", tt.solved, solver.Rating, s.Rating, pz.Rating, p.Rating)
		}
	}
}

package puzzle

import (
	"math/rand/v2"
	"testing"
)

func TestStep(t *testing.T) {
	// White mates in two: 1. Qxh7+ Kf8 2. Qh8#, and 2. Qh8# is not the only mate.
	e := Entry{ID: "t", FEN: "6k1/5pp1/7p/8/8/8/5PPP/3Q2K1 w - - 0 1", Moves: []string{"d1d8", "g8h7", "d8d3"}}
	mate := Entry{ID: "m", FEN: "6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1", Moves: []string{"a1a8"}}
	tests := []struct {
		name string
		e    Entry
		ply  int
		move string
		want Verdict
		err  bool
	}{
		{"the solution's first move", e, 0, "d1d8", Verdict{Correct: true, Reply: "g8h7"}, false},
		{"a wrong move", e, 0, "d1d2", Verdict{}, false},
		{"the last move solves", e, 2, "d8d3", Verdict{Correct: true, Solved: true}, false},
		{"the listed mate", mate, 0, "a1a8", Verdict{Correct: true, Solved: true}, false},
		{"another mate solves too", mate, 0, "e1e8", Verdict{Correct: true, Solved: true}, false},
		{"an illegal move", e, 0, "d1e3", Verdict{}, true},
		{"not a move", e, 0, "xyz", Verdict{}, true},
		{"the opponent's ply", e, 1, "g8h7", Verdict{}, true},
		{"past the end", e, 4, "d8d3", Verdict{}, true},
	}
	for _, tt := range tests {
		got, err := Step(tt.e, tt.ply, tt.move)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("%s: Step(%d, %s) = %+v, %v; want %+v, error %v", tt.name, tt.ply, tt.move, got, err, tt.want, tt.err)
		}
	}
}

func TestNext(t *testing.T) {
	var set []Entry
	for r := 600; r <= 2800; r += 10 {
		set = append(set, Entry{ID: string(rune(r)), Rating: r, Themes: []string{map[bool]string{true: "fork", false: "mateIn1"}[r%20 == 0]}})
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		e, ok := Next(set, 1500, "", nil, rnd)
		if !ok || e.Rating < 1400 || e.Rating > 1600 {
			t.Fatalf("Next(1500) = %d, %v; want one of the 20 nearest", e.Rating, ok)
		}
		f, ok := Next(set, 1500, "fork", nil, rnd)
		if !ok || f.Themes[0] != "fork" {
			t.Fatalf("Next(fork) = %v, %v", f, ok)
		}
	}
	seen := func(string) bool { return true }
	if _, ok := Next(set, 1500, "", seen, rnd); ok {
		t.Error("Next offered a puzzle already seen")
	}
	if _, ok := Next(set, 1500, "smotheredMate", nil, rnd); ok {
		t.Error("Next offered a puzzle without the theme asked for")
	}
}

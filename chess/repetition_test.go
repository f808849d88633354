package chess

import (
	"math/rand/v2"
	"testing"
)

func TestRepeated(t *testing.T) {
	const a, b, c, d, e = 1, 2, 3, 4, 5
	tests := []struct {
		name   string
		hashes []uint64
		clock  int
		want   bool
	}{
		{"four plies back", []uint64{a, b, c, d, a}, 4, true},
		{"six plies back", []uint64{a, b, c, d, e, b, a}, 6, true},
		{"before the last capture or pawn move", []uint64{a, b, c, d, a}, 3, false},
		{"the other side to move", []uint64{a, b, c, a}, 3, false},
		{"two plies back cannot be a repetition", []uint64{d, a, b, a}, 4, false},
		{"no earlier position", []uint64{a}, 10, false},
		{"a clock longer than the line", []uint64{b, c, d, a}, 90, false},
		{"no positions", nil, 0, false},
	}
	for _, tt := range tests {
		if got := Repeated(tt.hashes, tt.clock); got != tt.want {
			t.Errorf("%s: Repeated(%v, %d) = %v, want %v", tt.name, tt.hashes, tt.clock, got, tt.want)
		}
	}
}

// TestRepeatedAgreesWithGame plays random games in which knights shuffle
// (so positions repeat) and checks, at every ply, that Repeated on the
// game's hashes says what Game's own repetition count says.
func TestRepeatedAgreesWithGame(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	repeats := 0
	for range 20 {
		g := NewGameFromPosition(MustParseFEN("n3k2n/4p3/8/8/8/8/4P3/N3K2N w - - 0 1"))
		for g.Len() < 120 && !g.Outcome().IsOver() {
			moves := g.Position().LegalMoves()
			if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
			got := Repeated(g.Hashes(), g.Position().HalfmoveClock())
			if want := g.repetitions() >= 2; got != want {
				t.Fatalf("after %v: Repeated = %v, the game counts %d occurrences", g.SANMoves(), got, g.repetitions())
			}
			if got {
				repeats++
			}
		}
	}
	if repeats < 10 {
		t.Errorf("only %d repeated positions in the games: the test shows little", repeats)
	}
}

func TestRepeatedDoesNotAllocate(t *testing.T) {
	hashes := []uint64{1, 2, 3, 4, 5, 6, 7, 8, 9, 1}
	if n := testing.AllocsPerRun(10, func() { Repeated(hashes, 20) }); n != 0 {
		t.Errorf("Repeated: %v allocations per run, want 0", n)
	}
}

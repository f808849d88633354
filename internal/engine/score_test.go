package engine

import (
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// TestScoreWhite checks a score turned to White's point of view: its sign,
// and its mate counted in the moves of the side that mates, whichever side
// is to move.
func TestScoreWhite(t *testing.T) {
	for _, tt := range []struct {
		name  string
		s     Score
		side  chess.Color
		white Score
		mate  int // White's MateMoves
	}{
		{"White better", 35, chess.White, 35, 0},
		{"Black to move, better", 35, chess.Black, -35, 0},
		{"White mates in 1", MateIn(1), chess.White, MateIn(1), 1},
		{"Black to move mates in 1", MateIn(1), chess.Black, -MateIn(1), -1},
		{"Black to move mates in 3", MateIn(5), chess.Black, -MateIn(5), -3},
		{"Black to move is mated in 2", MatedIn(4), chess.Black, -MatedIn(4), 2},
		{"White to move is mated in 2", MatedIn(4), chess.White, MatedIn(4), -2},
		{"White checkmated", MatedIn(0), chess.White, MatedIn(0), 0},
		{"draw", DrawScore, chess.Black, DrawScore, 0},
	} {
		w := tt.s.White(tt.side)
		if w != tt.white || w.MateMoves() != tt.mate {
			t.Errorf("%s: %d.White(%v) = %d, mate moves %d; want %d, %d", tt.name, tt.s, tt.side, w, w.MateMoves(), tt.white, tt.mate)
		}
	}
}

func TestMateMoves(t *testing.T) {
	for _, tt := range []struct {
		s    Score
		want int
	}{
		{MateIn(1), 1}, {MateIn(2), 1}, {MateIn(3), 2}, {MatedIn(0), 0}, {MatedIn(2), -1}, {MatedIn(1), -1}, {MatedIn(3), -2}, {100, 0}, {-100, 0},
	} {
		if got := tt.s.MateMoves(); got != tt.want {
			t.Errorf("%d.MateMoves() = %d, want %d", tt.s, got, tt.want)
		}
	}
}

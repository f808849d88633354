package eval

import "testing"

func TestKnownDraws(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		draw bool
	}{
		{"two knights", "8/8/3N4/7k/4N3/8/8/4K3 b - - 0 1", true},
		{"one knight", "8/8/3N4/7k/8/8/8/4K3 w - - 0 1", true},
		{"two knights against a pawn", "8/8/3N4/7k/4N3/8/p7/4K3 b - - 0 1", false},
		{"knight and bishop", "8/8/3N4/7k/4B3/8/8/4K3 b - - 0 1", false},
		{"wrong bishop, h-pawn, king on the queening square", "8/8/8/8/5b2/5k2/7p/7K w - - 0 1", true},
		{"wrong bishop, a-pawn, king next to the queening square", "8/8/8/8/2b5/k7/p7/1K6 w - - 0 1", true},
		{"wrong bishop, two a-pawns", "k7/P7/P1K5/8/8/8/5B2/8 b - - 0 1", true},
		{"right bishop", "k7/P7/2K5/8/8/8/8/5B2 b - - 0 1", false},
		{"wrong bishop, king far from the corner", "8/8/8/8/5b2/7p/5k2/3K4 w - - 0 1", false},
		{"wrong bishop, a b-pawn too", "k7/P7/1PK5/8/8/8/5B2/8 b - - 0 1", false},
		{"rook pawn alone, king in the corner", "7k/8/7P/6K1/8/8/8/8 w - - 0 1", true},
		{"rook pawn and a knight", "7k/8/7P/6K1/8/8/8/1N6 w - - 0 1", false},
		{"the defender has a pawn", "k7/P7/2K5/8/8/5p2/5B2/8 b - - 0 1", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, fen := range []string{tt.fen, flipFEN(t, tt.fen)} {
				got := Evaluate(position(t, fen))
				if tt.draw && got != 0 {
					t.Errorf("Evaluate(%q) = %d, want 0 (a known draw)", fen, got)
				}
				if !tt.draw && got == 0 {
					t.Errorf("Evaluate(%q) = 0, want the terms' score (not a known draw)", fen)
				}
			}
		})
	}
}

func TestMopUp(t *testing.T) {
	// Each pair: the same material, the bare king better placed for the
	// side mating in the first position (a corner of the bishop's colour,
	// the edge, the kings closer).
	tests := []struct {
		name          string
		better, worse string
	}{
		{"bishop and knight: the bishop's corner, not the other", "7k/8/6K1/8/8/8/8/3NB3 w - - 0 1", "k7/8/1K6/8/8/8/8/3NB3 w - - 0 1"},
		{"bishop and knight: the bishop's corner, not the centre", "7k/8/5K2/8/8/8/8/3NB3 w - - 0 1", "8/8/8/4k3/8/2K5/8/3NB3 w - - 0 1"},
		{"rook: the edge, not the centre", "4k3/8/4K3/8/8/8/8/R7 w - - 0 1", "8/8/8/4k3/8/4K3/8/R7 w - - 0 1"},
		{"queen: the kings closer", "8/8/8/4k3/8/4K3/8/1Q6 w - - 0 1", "8/8/8/4k3/8/8/8/1Q2K3 w - - 0 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			better, worse := Explain(position(t, tt.better)), Explain(position(t, tt.worse))
			if better.MopUp <= worse.MopUp {
				t.Errorf("mop-up %d for %q, not more than %d for %q", better.MopUp, tt.better, worse.MopUp, tt.worse)
			}
			for _, fen := range []string{tt.better, tt.worse} {
				if a, b := Evaluate(position(t, fen)), Evaluate(position(t, flipFEN(t, fen))); a != b {
					t.Errorf("Evaluate(%q) = %d, flipped %d", fen, a, b)
				}
			}
		})
	}
	if m := Explain(position(t, "8/8/8/4k3/8/4K3/8/N7 w - - 0 1")).MopUp; m != 0 {
		t.Errorf("mop-up with a lone knight = %d, want 0 (no mating material)", m)
	}
	if m := Explain(position(t, "8/8/8/4k3/8/4K3/p7/R7 w - - 0 1")).MopUp; m != 0 {
		t.Errorf("mop-up against a king with a pawn = %d, want 0", m)
	}
}

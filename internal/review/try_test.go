package review

import (
	"context"
	"errors"
	"testing"

	"github.com/outpost-chess/outpost/internal/engine"
)

// TestTry tries other moves in 1. e4 e5 2. Nf3 Nc6 3. Bc4 Qg5?? 4. Nxg5,
// reviewed by the engine: the game's move and the review's better move are
// judged without a search, any other by a search of the position after it.
func TestTry(t *testing.T) {
	e := engine.New(engine.Options{Seed: 1})
	g := gameOf(t, "", "e4 e5 Nf3 Nc6 Bc4 Qg5 Nxg5")
	r, err := Analyse(context.Background(), g, EngineSearcher(e), Options{Nodes: testNodes})
	if err != nil {
		t.Fatal(err)
	}
	best := r.Moves[5].Best
	tests := []struct {
		name                     string
		ply                      int
		move                     string
		played, isBest, accepted bool
		judgement                Judgement
	}{
		{"the game's blunder", 6, "d8g5", true, false, false, Blunder},
		{"the review's better move", 6, best, false, true, true, Good},
		{"another blunder: the queen to h4, hanging to the knight", 6, "d8h4", false, false, false, Blunder},
		{"a sound move", 6, "f8c5", false, false, true, Good},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := g.PositionAt(tt.ply - 1).ParseUCI(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			got, err := r.Try(context.Background(), g, tt.ply, m, EngineSearcher(e), Options{Nodes: testNodes})
			if err != nil {
				t.Fatal(err)
			}
			if got.Played != tt.played || got.Best != tt.isBest || got.Accepted != tt.accepted || got.Judgement != tt.judgement {
				t.Errorf("%+v, want played %v best %v accepted %v %v", got, tt.played, tt.isBest, tt.accepted, tt.judgement)
			}
		})
	}
	e4, _ := g.PositionAt(0).ParseUCI("e2e4")
	for _, ply := range []int{0, 8} {
		if _, err := r.Try(context.Background(), g, ply, e4, EngineSearcher(e), Options{}); !errors.Is(err, ErrPly) {
			t.Errorf("ply %d: %v, want ErrPly", ply, err)
		}
	}
}

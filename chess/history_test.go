package chess

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
	"unsafe"
)

// goingOn returns the legal moves that do not end g.
func goingOn(g *Game) []Move {
	var on []Move
	for _, m := range g.Position().LegalMoves() {
		if o, err := g.OutcomeAfter(m); err == nil && !o.IsOver() {
			on = append(on, m)
		}
	}
	return on
}

// TestLongHistory plays random games of a few hundred plies, keeping every
// position aside, and checks what the game gives back of its history
// against them: every PositionAt, the hashes, the SAN, clock readings, and
// the positions and outcomes while every move is taken back (across the
// game's checkpoints).
func TestLongHistory(t *testing.T) {
	rng := rand.New(rand.NewPCG(44, 2))
	long := 0
	for range 8 {
		g := NewGameFromPosition(MustParseFEN(randomGameStarts[rng.IntN(len(randomGameStarts))]))
		positions := []Position{*g.Position()}
		var sans []string
		for g.Len() < 300 {
			moves := goingOn(g)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			sans = append(sans, g.Position().SAN(m))
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			g.SetClock(g.Len(), time.Duration(g.Len())*time.Second)
			positions = append(positions, *g.Position())
		}
		if g.Len() >= 3*checkpointPlies {
			long++
		}
		hashes := g.Hashes()
		for ply, want := range positions {
			if got := g.PositionAt(ply); got == nil || *got != want {
				t.Fatalf("PositionAt(%d) of %d plies = %v, want %v", ply, g.Len(), got, want.FEN())
			}
			if hashes[ply] != want.Hash() {
				t.Fatalf("hash %d of %d plies differs", ply, g.Len())
			}
		}
		if g.PositionAt(g.Len()+1) != nil || g.PositionAt(-1) != nil {
			t.Error("PositionAt outside the game is not nil")
		}
		if !slices.Equal(g.SANMoves(), sans) {
			t.Errorf("SANMoves %q, want %q", g.SANMoves(), sans)
		}
		for g.Len() > 0 {
			n := g.Len()
			if d, ok := g.Clock(n); !ok || d != time.Duration(n)*time.Second {
				t.Fatalf("Clock(%d) = %v, %v", n, d, ok)
			}
			g.Undo()
			if *g.Position() != positions[n-1] || g.Outcome().IsOver() {
				t.Fatalf("after taking back ply %d: %s, %v; want %s", n, g.Position().FEN(), g.Outcome(), positions[n-1].FEN())
			}
			if _, ok := g.Clock(n); ok {
				t.Fatalf("the clock reading of ply %d outlived its move", n)
			}
			if n%37 == 0 { // play on from here and back, across a checkpoint
				m := g.Position().LegalMoves()[0]
				g.Play(m)
				g.Undo()
			}
		}
	}
	if long < 4 {
		t.Errorf("only %d games of %d plies or more: the test shows little", long, 3*checkpointPlies)
	}
}

// TestGameMemoryPerPly plays a long game and checks how much memory each ply
// holds: a move, a hash and a share of a checkpoint, not a position.
func TestGameMemoryPerPly(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	g := NewGame()
	for g.Len() < 400 {
		legal := goingOn(g)
		if len(legal) == 0 {
			break
		}
		g.Play(legal[rng.IntN(len(legal))])
		g.SetClock(g.Len(), time.Minute)
	}
	// What the game holds of its history: the arrays behind its slices.
	held := cap(g.moves)*int(unsafe.Sizeof(Move(0))) + cap(g.hashes)*8 +
		cap(g.checkpoints)*int(unsafe.Sizeof(Position{})) + cap(g.notes.clocks)*8
	perPly := float64(held) / float64(g.Len())
	if perPly > 48 {
		t.Errorf("%.0f bytes a ply (%d plies), want at most 48", perPly, g.Len())
	}
	t.Logf("%.1f bytes a ply over %d plies, a clock reading on each", perPly, g.Len())
}

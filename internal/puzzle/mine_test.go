package puzzle

import (
	"context"
	"slices"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// TestFind runs the miner on small known positions: one move alone wins
// (a puzzle, with its line), or two moves do (none).
func TestFind(t *testing.T) {
	eng := engine.New(engine.Options{HashMB: 16, Seed: 1})
	tests := []struct {
		name  string
		fen   string
		moves []string // nil: no puzzle
		mate  bool
	}{
		{"a back-rank mate in one", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", []string{"a1a8"}, true},
		{"the queen hangs: take it", "4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1", []string{"d1d5"}, false},
		{"two mates in one: no puzzle", "k7/8/1K6/8/8/8/8/6RR w - - 0 1", nil, false},
		{"a quiet, level position: no puzzle", chess.StartFEN, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := chess.MustParseFEN(tt.fen)
			pz, ok := Find(context.Background(), eng, p, nil, "", Options{Nodes: 100_000})
			switch {
			case tt.moves == nil && ok:
				t.Errorf("a puzzle: %+v", pz)
			case tt.moves != nil && (!ok || !slices.Equal(pz.Moves, tt.moves) || pz.Mate != tt.mate || pz.FEN != tt.fen):
				t.Errorf("got %+v, %v; want the line %q, mate %v", pz, ok, tt.moves, tt.mate)
			}
			t.Logf("%v %+v", ok, pz)
		})
	}
}

// TestMine mines 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6??: the one puzzle is after
// Black's blunder, Qxf7#, with the blunder as its last move.
func TestMine(t *testing.T) {
	g := chess.NewGame()
	for _, san := range []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"} {
		if err := g.PlayMove(san); err != nil {
			t.Fatal(err)
		}
	}
	eng := engine.New(engine.Options{HashMB: 16, Seed: 1})
	got := Mine(context.Background(), eng, g, Options{Nodes: 50_000})
	if len(got) != 1 || got[0].LastMove != "g8f6" || !slices.Equal(got[0].Moves, []string{"h5f7"}) || !got[0].Mate ||
		got[0].FEN != g.Position().FEN() {
		t.Errorf("mined %+v; want the one mate after Nf6", got)
	}
}

// TestCheck re-checks puzzles with a deeper search: a sound one passes, a
// line whose first move is not the winning one, or whose reply is not the
// best, is refused with the reason.
func TestCheck(t *testing.T) {
	eng := engine.New(engine.Options{HashMB: 16, Seed: 1})
	o := Options{Nodes: 200_000}
	sound := NewEntry(Puzzle{FEN: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", Moves: []string{"a1a8"}, Mate: true})
	if err := Check(context.Background(), eng, sound, o); err != nil {
		t.Errorf("sound puzzle: %v", err)
	}
	for _, bad := range []Entry{
		{ID: "wrong", FEN: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", Moves: []string{"a1a7"}},
		{ID: "twomates", FEN: "k7/8/1K6/8/8/8/8/6RR w - - 0 1", Moves: []string{"g1g8"}},
		{ID: "badfen", FEN: "8/8 w - - 0 1", Moves: []string{"a1a8"}},
	} {
		if err := Check(context.Background(), eng, bad, o); err == nil {
			t.Errorf("%s: passed", bad.ID)
		} else {
			t.Log(err)
		}
	}
}

package uci

import (
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// TestGoReadsWhatItCan checks that every go gets exactly one bestmove:
// what cannot be read is reported and ignored, 0 means the least search,
// and a go that asked for limits but has none left searches to depth 1.
// Before, each of these go commands was rejected and the GUI waited for a
// bestmove that never came.
func TestGoReadsWhatItCan(t *testing.T) {
	ms := time.Millisecond
	const noLimit = "info string warning: go: nothing read limits a search for white to move; searching to depth 1"
	e2e4 := moveOf(chess.StartingPosition(), "e2e4")
	tests := []struct {
		line     string
		warnings []string
		want     engine.Limits // MultiPV 1 is added
	}{
		{"go depth 0", []string{"info string warning: go depth 0: read as 1, the least search"}, engine.Limits{Depth: 1}},
		{"go depth -1", []string{"info string warning: go depth -1: read as 1, the least search"}, engine.Limits{Depth: 1}},
		{"go mate 0", []string{"info string warning: go mate 0: read as 1, the least search"}, engine.Limits{Depth: 1}},
		{"go nodes 0", []string{"info string warning: go nodes 0: read as 1, the least search"}, engine.Limits{Nodes: 1}},
		{"go movetime 0", []string{"info string warning: go movetime 0: read as 1, the least search"}, engine.Limits{MoveTime: ms}},
		{"go wtime abc btime 1000", []string{`info string warning: go wtime: "abc" is not a whole number; ignored`, noLimit},
			engine.Limits{Depth: 1, BTime: 970 * ms}},
		{"go btime 1000", []string{noLimit}, engine.Limits{Depth: 1, BTime: 970 * ms}},
		{"go foo 3", []string{`info string warning: go: "foo 3" is not a go parameter; ignored`, noLimit}, engine.Limits{Depth: 1}},
		{"go depth 2 fast", []string{`info string warning: go: "fast" is not a go parameter; ignored`}, engine.Limits{Depth: 2}},
		{"go depth", []string{"info string warning: go depth: no number; ignored", noLimit}, engine.Limits{Depth: 1}},
		{"go movetime 1.5", []string{`info string warning: go movetime: "1.5" is not a whole number; ignored`, noLimit}, engine.Limits{Depth: 1}},
		{"go depth nodes 5", []string{"info string warning: go depth: no number; ignored"}, engine.Limits{Nodes: 5}},
		{"go nodes 99999999999999999999", nil, engine.Limits{Nodes: math.MaxInt64}},
		{"go wtime 100 movestogo -1", []string{"info string warning: go movestogo -1: ignored"}, engine.Limits{WTime: 70 * ms}},
		{"go searchmoves depth 1", []string{"info string warning: go searchmoves: no moves listed; searching every move"}, engine.Limits{Depth: 1}},
		{"go depth 1 searchmoves e2e4 e2e5 e2e4", []string{
			`info string warning: go searchmoves: move "e2e5" is illegal in this position: the pawn on e2 cannot move to e5; ignored`},
			engine.Limits{Depth: 1, SearchMoves: []chess.Move{e2e4}}},
		{"go depth 3 perft 2", []string{`info string warning: go perft 2: perft goes alone, as "go perft N"; ignored`}, engine.Limits{Depth: 3}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			f := newFake()
			s := startSession(t, t.Context(), f)
			s.send(tt.line)
			s.expect(tt.warnings...)
			s.expect("info depth *", "bestmove *")
			s.quit()
			want := tt.want
			want.MultiPV = 1
			if got := f.last(t).Limits; !reflect.DeepEqual(got, want) {
				t.Errorf("Limits = %+v, want %+v", got, want)
			}
		})
	}
}

// TestGoNothingToSearch checks that a go whose searchmoves are all illegal
// answers bestmove 0000 (after stop for go infinite), without a search.
func TestGoNothingToSearch(t *testing.T) {
	const nothing = "info string error: go searchmoves: none of the moves listed is legal; nothing to search"
	f := newFake()
	s := startSession(t, t.Context(), f)
	s.send("go searchmoves e2e5 depth 1")
	s.expect(`info string warning: go searchmoves: move "e2e5" is illegal*`, nothing, "bestmove 0000")
	s.send("go infinite searchmoves a1a1")
	s.expect(`info string warning: go searchmoves: move "a1a1" *`, nothing, quiet)
	s.send("stop")
	s.expect("bestmove 0000")
	s.quit()
	if len(f.searches) != 0 {
		t.Errorf("%d searches, want none", len(f.searches))
	}
}

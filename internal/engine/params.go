package engine

import (
	"time"

	"github.com/outpost-chess/outpost/chess"
)

// Limits says when a search stops. Zero fields are unset; with no limit at
// all the search runs until its context is cancelled (UCI "go infinite").
type Limits struct {
	Depth int    // stop after completing this depth
	Nodes uint64 // stop after about this many nodes
	// MoveTime: think this long, stopping the last iteration when it is
	// up (but answer at once with a single legal move, and early once a
	// forced mate is found far deeper than its length).
	MoveTime time.Duration

	// Clock: remaining time and increment per side, and moves to the next
	// time control (0: sudden death). The time manager turns these into a
	// budget for this move.
	WTime, BTime time.Duration
	WInc, BInc   time.Duration
	MovesToGo    int

	// Ponder makes the search run without a time limit until PonderHit is
	// called on the engine, from which point the clock limits apply.
	Ponder bool

	// SearchMoves restricts the root to these moves (UCI "searchmoves").
	SearchMoves []chess.Move

	// MultiPV is the number of best lines to find and report (default 1).
	MultiPV int
}

// Params is one search request.
type Params struct {
	// Position is the root. It is not modified.
	Position *chess.Position
	// History holds the hashes of the positions played before the root, the
	// oldest first, so the search sees repetitions of earlier positions.
	History []uint64
	Limits  Limits
	// Level weakens the engine; the zero Level is full strength.
	Level Level
	// Progress, if set, receives an Info for each completed iteration (and
	// each MultiPV line), and, with one line, for a stopped iteration that
	// found a better move than the last completed one (whose move is then
	// the result's). It is called on the search goroutine.
	Progress func(Info)
}

// Info reports the progress of a search, as UCI "info" lines do.
type Info struct {
	Depth    int
	SelDepth int
	MultiPV  int   // 1-based index of this line
	Score    Score // from the side to move's point of view
	Bound    Bound // Exact; Lower or Upper only when a stopped iteration's move is reported
	Nodes    uint64
	NPS      uint64
	Time     time.Duration
	Hashfull int // per mille
	PV       []chess.Move
}

// Result is the outcome of a search.
type Result struct {
	BestMove   chess.Move // NoMove only when the root has no legal move
	PonderMove chess.Move // the expected reply, or NoMove
	Score      Score
	Depth      int
	Nodes      uint64        // the whole search's, an unfinished last iteration included
	Time       time.Duration // the whole search's, likewise
	PV         []chess.Move
}

// Bound says whether a score is exact or only a bound.
type Bound uint8

// The bounds.
const (
	Exact Bound = iota
	Lower       // the true score is at least this (fail high)
	Upper       // the true score is at most this (fail low)
)

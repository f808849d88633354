package sched

// Kind is what a job is. It sets the job's priority class, and whether
// the scheduler may take its engine back while it runs.
type Kind uint8

// The kinds of engine work, most urgent first.
const (
	// ClockedMove is the AI's move in a game with a clock: the AI's own
	// time runs while it waits.
	ClockedMove Kind = iota
	// Move is the AI's move in a game without a clock (and the loading of
	// a game at a restart, which queues its move).
	Move
	// Hint is a hint, or the judgement of a draw offer: a short search a
	// player waits for.
	Hint
	// Review is one position of a game's review.
	Review
	// Analysis is the analysis board's live analysis: up to 30 seconds.
	Analysis
	// Explain is the explorer's work: its trees and their pages.
	Explain
)

// class is a priority class: a waiting job of a lower class is served
// first.
type class uint8

const (
	clockedClass class = iota // ClockedMove
	moveClass                 // Move
	assistClass               // Hint, Review
	studyClass                // Analysis, Explain
	numClasses
)

func (k Kind) class() class {
	switch k {
	case ClockedMove:
		return clockedClass
	case Move:
		return moveClass
	case Hint, Review:
		return assistClass
	}
	return studyClass
}

// isGame reports whether the kind is a game's move, which a player (or a
// clock) is waiting for.
func (c class) isGame() bool { return c <= moveClass }

// String returns the kind's name, as /metrics and the logs show it.
func (k Kind) String() string {
	switch k {
	case ClockedMove:
		return "clocked-move"
	case Move:
		return "move"
	case Hint:
		return "hint"
	case Review:
		return "review"
	case Analysis:
		return "analysis"
	case Explain:
		return "explain"
	}
	return "unknown"
}

package tui

import "github.com/outpost-chess/outpost/internal/review"

// reviewText holds the words of the review (the review screen, the line
// mode's review command and the side panel's opening), in one place for
// the terminal's message catalogue (issue 46) to take over.
var reviewText = struct {
	title                                    string
	reviewing, ready, failed, noMoves, stale string
	keys, keysShort                          string
	moveOf, start, better, best, noReview    string
	judgement                                [4]string
	mateAllowed, mateMissed                  string
	summary                                  string
	noMistake, firstMistake, lastMistake     string
	plainStarting, plainOver                 string
	help                                     string
	words                                    review.Words
}{
	title:         "Review",
	reviewing:     "Reviewing the game: %d of %d positions searched…",
	ready:         "The review is ready: R shows it.",
	failed:        "The review failed: %s",
	noMoves:       "There is no move to review yet.",
	stale:         "The game has changed since: R reviews it again.",
	keys:          "←/→ move · Home/End · n/p next/previous mistake · Esc back to the game",
	keysShort:     "←/→ · n/p mistakes · Esc back",
	moveOf:        "Move %d of %d",
	start:         "The start position",
	better:        "Better: %s",
	best:          "The engine's move.",
	noReview:      "Not reviewed",
	judgement:     [4]string{"", "Inaccuracy", "Mistake", "Blunder"},
	mateAllowed:   "Checkmate is now unavoidable.",
	mateMissed:    "Lost forced checkmate sequence.",
	summary:       "%-5s %s  ?!%d ?%d ??%d  ACPL %d",
	noMistake:     "No inaccuracy, mistake or blunder in this game.",
	firstMistake:  "No mistake before this one.",
	lastMistake:   "No mistake after this one.",
	plainStarting: "Reviewing the game (%d positions)…",
	plainOver:     "Type review for the game's review, save FILE to keep it, quit to leave.",
	help:          "review the game: each move's evaluation, its mistakes, the better moves, the accuracy",
	words:         review.English,
}

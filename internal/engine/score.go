package engine

import (
	"fmt"

	"github.com/outpost-chess/outpost/chess"
)

// Score is a search score in centipawns from the side to move's point of
// view, or a mate score: MateScore-n means the side to move mates in n plies,
// -(MateScore-n) that it is mated in n plies. White turns it to White's
// point of view.
type Score int32

// Score bounds.
const (
	Infinite  Score = 32000
	MateScore Score = 31000
	// MaxMateScore: any score beyond this in absolute value is a mate.
	MaxMateScore Score = MateScore - 1000
	DrawScore    Score = 0
)

// MatedIn returns the score of being mated in ply plies.
func MatedIn(ply int) Score { return -MateScore + Score(ply) }

// MateIn returns the score of mating in ply plies.
func MateIn(ply int) Score { return MateScore - Score(ply) }

// IsMate reports whether s is a mate score (for either side).
func (s Score) IsMate() bool { return s > MaxMateScore || s < -MaxMateScore }

// MateMoves returns the number of moves (not plies) to mate, the moves of
// the side that mates: positive when the side whose point of view s is
// from mates, negative when it is mated. It counts the same whichever side
// is to move, so that it holds for a score turned to White's point of view
// (White) as for the side to move's. It is 0 for other scores.
func (s Score) MateMoves() int {
	switch {
	case s > MaxMateScore:
		return int(MateScore-s+1) / 2
	case s < -MaxMateScore:
		return -int(MateScore+s+1) / 2
	}
	return 0
}

// White returns s, a score from side's point of view, from White's: s when
// side is White, -s when it is Black. Its centipawns are then > 0 when White
// stands better, and its MateMoves > 0 when White mates, < 0 when Black
// does. Every front end shows scores this way.
func (s Score) White(side chess.Color) Score {
	if side == chess.Black {
		return -s
	}
	return s
}

// UCI returns the score as UCI writes it: "cp 35" or "mate -2".
func (s Score) UCI() string {
	if s.IsMate() {
		return fmt.Sprintf("mate %d", s.MateMoves())
	}
	return fmt.Sprintf("cp %d", s)
}

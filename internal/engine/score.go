package engine

import "fmt"

// Score is a search score in centipawns from the side to move's point of
// view, or a mate score: MateScore-n means the side to move mates in n plies,
// -(MateScore-n) that it is mated in n plies.
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

// MateMoves returns the number of moves (not plies) to mate: positive when
// the side to move mates, negative when it is mated. It is 0 for other scores.
func (s Score) MateMoves() int {
	switch {
	case s > MaxMateScore:
		return int(MateScore-s+1) / 2
	case s < -MaxMateScore:
		return -int(MateScore+s) / 2
	}
	return 0
}

// UCI returns the score as UCI writes it: "cp 35" or "mate -2".
func (s Score) UCI() string {
	if s.IsMate() {
		return fmt.Sprintf("mate %d", s.MateMoves())
	}
	return fmt.Sprintf("cp %d", s)
}

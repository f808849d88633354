package review

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/progress"
)

// Eval is the evaluation of a position from White's point of view:
// centipawns, or a forced mate. In JSON it is {"cp": 35} or {"mate": -2}.
type Eval struct {
	// CP is in centipawns, positive when White stands better; 0 for a
	// mate.
	CP int
	// Mate is set for a forced mate, in Moves moves: positive when White
	// mates, negative when Black does. Moves 0 is a checkmate on the board:
	// the side that just moved has won.
	Mate  bool
	Moves int
}

// CP returns an evaluation of cp centipawns (White's view).
func CP(cp int) Eval { return Eval{CP: cp} }

// MateIn returns a forced mate in n moves: n > 0 when White mates, n < 0
// when Black does, 0 for a checkmate on the board.
func MateIn(n int) Eval { return Eval{Mate: true, Moves: n} }

// evalOf returns the evaluation of a search score given from side's point
// of view.
func evalOf(s engine.Score, side chess.Color) Eval {
	w := s.White(side)
	if w.IsMate() {
		return MateIn(w.MateMoves())
	}
	return CP(int(w))
}

// String writes e as people read it: "+0.35", "-1.20", "0.00", "#3"
// (White mates in 3), "#-2" (Black mates in 2), "#" (checkmate).
func (e Eval) String() string {
	switch {
	case e.Mate && e.Moves == 0:
		return "#"
	case e.Mate:
		return fmt.Sprintf("#%d", e.Moves)
	}
	return progress.Pawns(e.CP)
}

// PGN writes e as the [%eval] command of a PGN comment does: pawns with
// two decimals ("0.35", "-1.20") or a mate ("#3", "#-2"). A checkmate on
// the board has none ("").
func (e Eval) PGN() string {
	switch {
	case e.Mate && e.Moves == 0:
		return ""
	case e.Mate:
		return fmt.Sprintf("#%d", e.Moves)
	}
	return fmt.Sprintf("%.2f", float64(e.CP)/100)
}

// evalJSON is Eval's JSON shape: exactly one field is set.
type evalJSON struct {
	CP   *int `json:"cp,omitempty"`
	Mate *int `json:"mate,omitempty"`
}

// MarshalJSON writes {"cp": N} or {"mate": N}.
func (e Eval) MarshalJSON() ([]byte, error) {
	if e.Mate {
		return json.Marshal(evalJSON{Mate: &e.Moves})
	}
	return json.Marshal(evalJSON{CP: &e.CP})
}

// UnmarshalJSON reads {"cp": N} or {"mate": N}.
func (e *Eval) UnmarshalJSON(b []byte) error {
	var v evalJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch {
	case v.CP != nil && v.Mate == nil:
		*e = CP(*v.CP)
	case v.Mate != nil && v.CP == nil:
		*e = MateIn(*v.Mate)
	default:
		return errors.New(`review: an evaluation has either "cp" or "mate"`)
	}
	return nil
}

// before returns the evaluation of the position before a move by mover
// whose position after it is evaluated e (the move was the only one): the
// same centipawns, or a mate one move longer for the side that makes it.
func (e Eval) before(mover chess.Color) Eval {
	switch {
	case !e.Mate:
		return e
	case e.Moves == 0 && mover == chess.White:
		return MateIn(1)
	case e.Moves == 0:
		return MateIn(-1)
	case e.Moves > 0 && mover == chess.White:
		return MateIn(e.Moves + 1)
	case e.Moves < 0 && mover == chess.Black:
		return MateIn(e.Moves - 1)
	}
	return e
}

// cpCeiling is where win per cents and centipawn losses stop counting:
// ±10 pawns, and a forced mate (lichess's Eval.Cp.CEILING).
const cpCeiling = 1000

// ceiled returns e as centipawns from White's point of view within
// ±cpCeiling, a forced mate counting as the ceiling. The evaluation is of
// the position after a move by mover, which is how a checkmate on the board
// (Moves 0) knows its winner.
func (e Eval) ceiled(mover chess.Color) int {
	if !e.Mate {
		return max(-cpCeiling, min(cpCeiling, e.CP))
	}
	switch {
	case e.Moves > 0, e.Moves == 0 && mover == chess.White:
		return cpCeiling
	}
	return -cpCeiling
}

// relative is an evaluation from one side's point of view.
type relative struct {
	cp   int
	mate int // moves to a forced mate: > 0 the side mates, < 0 it is mated; 0 with no mate
}

// from returns e, the evaluation of a position after a move by mover,
// from side's point of view. A checkmate on the board is a mate in 1 for
// the mover (it has mated).
func (e Eval) from(side, mover chess.Color) relative {
	sign := 1
	if side == chess.Black {
		sign = -1
	}
	if !e.Mate {
		return relative{cp: sign * e.CP}
	}
	if e.Moves == 0 {
		if side == mover {
			return relative{mate: 1}
		}
		return relative{mate: -1}
	}
	return relative{mate: sign * e.Moves}
}

// winningChancesMultiplier is lichess's fit of centipawns to results (lila
// pull request 11148).
const winningChancesMultiplier = -0.00368208

// WinningChances returns the winning chances of a side cp centipawns up,
// from -1 (lost) to +1 (won): 2/(1+exp(-0.00368208·cp))-1.
func WinningChances(cp int) float64 {
	c := 2/(1+math.Exp(winningChancesMultiplier*float64(cp))) - 1
	return max(-1, min(1, c))
}

// WinPercent returns the chance in per cent that a side cp centipawns up
// wins, cp capped at ±1000: 50+50·WinningChances.
func WinPercent(cp int) float64 {
	return 50 + 50*WinningChances(max(-cpCeiling, min(cpCeiling, cp)))
}

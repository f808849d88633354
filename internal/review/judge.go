package review

import (
	"encoding/json"
	"fmt"

	"github.com/outpost-chess/outpost/chess"
)

// Judgement is what a move was, as lichess judges it: nothing to say, an
// inaccuracy, a mistake or a blunder. In JSON it is "", "inaccuracy",
// "mistake" or "blunder".
type Judgement uint8

// The judgements, from the least to the worst.
const (
	Good Judgement = iota
	Inaccuracy
	Mistake
	Blunder
)

var judgementNames = [...]string{"", "inaccuracy", "mistake", "blunder"}

// String returns "", "inaccuracy", "mistake" or "blunder".
func (j Judgement) String() string {
	if int(j) < len(judgementNames) {
		return judgementNames[j]
	}
	return fmt.Sprintf("Judgement(%d)", uint8(j))
}

// Symbol returns the judgement's mark after a move: "", "?!", "?" or "??".
func (j Judgement) Symbol() string {
	return [...]string{"", "?!", "?", "??"}[j]
}

// NAG returns the PGN glyph of the judgement ($6 ?!, $2 ?, $4 ??), or 0
// for Good.
func (j Judgement) NAG() chess.NAG {
	return [...]chess.NAG{0, chess.DubiousMove, chess.Mistake, chess.Blunder}[j]
}

// MarshalJSON writes the judgement's name.
func (j Judgement) MarshalJSON() ([]byte, error) { return json.Marshal(j.String()) }

// UnmarshalJSON reads a judgement's name.
func (j *Judgement) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	for i, name := range judgementNames {
		if name == s {
			*j = Judgement(i)
			return nil
		}
	}
	return fmt.Errorf("review: unknown judgement %q", s)
}

// MateSwing says how a move changed a forced mate, when it was judged for
// it: "allowed" (it let the opponent force mate: "Checkmate is now
// unavoidable") or "missed" (it let a forced mate of its own slip: "Lost
// forced checkmate sequence"); "" otherwise.
type MateSwing string

// The swings of a forced mate that are judged.
const (
	NoSwing     MateSwing = ""
	MateAllowed MateSwing = "allowed"
	MateMissed  MateSwing = "missed"
)

// The drops in winning chances that make a judgement (lichess's
// CpAdvice.winningChanceJudgements).
const (
	blunderDrop    = 0.3
	mistakeDrop    = 0.2
	inaccuracyDrop = 0.1
)

// The centipawns from the mover's side beyond which a mate swing is judged
// more lightly (lichess's MateAdvice): already 7 or 10 pawns down when the
// mate was allowed, still 7 or 10 pawns up when it was missed.
const (
	mateMistakeCP    = 700
	mateInaccuracyCP = 999
)

// Judge judges a move by mover from the evaluations before and after it
// (White's point of view), as lichess does (see the package doc): by the
// drop of the mover's winning chances when neither is a forced mate, else
// by the mate it allowed or missed. It does not know whether the move was
// the engine's best; Analyse judges only the moves that were not.
func Judge(before, after Eval, mover chess.Color) (Judgement, MateSwing) {
	b, a := before.from(mover, mover.Other()), after.from(mover, mover)
	if b.mate == 0 && a.mate == 0 {
		drop := WinningChances(b.cp) - WinningChances(a.cp)
		switch {
		case drop >= blunderDrop:
			return Blunder, NoSwing
		case drop >= mistakeDrop:
			return Mistake, NoSwing
		case drop >= inaccuracyDrop:
			return Inaccuracy, NoSwing
		}
		return Good, NoSwing
	}
	switch {
	case b.mate == 0 && a.mate < 0: // a mate allowed
		return byMargin(-b.cp), MateAllowed
	case b.mate > 0 && a.mate <= 0: // a mate missed
		return byMargin(a.cp), MateMissed
	}
	return Good, NoSwing
}

// byMargin judges a mate swing by how far the game was decided anyway:
// margin is the centipawns by which the side that gains the swing was
// already behind (an allowed mate: the mover was down) or the mover is
// still ahead (a missed mate).
func byMargin(margin int) Judgement {
	switch {
	case margin > mateInaccuracyCP:
		return Inaccuracy
	case margin > mateMistakeCP:
		return Mistake
	}
	return Blunder
}

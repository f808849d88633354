package eval

// Score is a pair of evaluation values in centipawns: MG for the middlegame
// and EG for the endgame. Every term of the main evaluator is a Score; the
// evaluator sums them and blends the two halves by game phase only once, at
// the end (see taper). A plain struct rather than two halves packed in one
// integer: the compiler keeps it in registers all the same, and a tuner can
// take the address of each half (see Weights.Params).
type Score struct {
	MG, EG int32
}

// S returns the Score (mg, eg).
func S(mg, eg int32) Score { return Score{mg, eg} }

// Add returns s + o, half by half.
func (s Score) Add(o Score) Score { return Score{s.MG + o.MG, s.EG + o.EG} }

// Sub returns s - o, half by half.
func (s Score) Sub(o Score) Score { return Score{s.MG - o.MG, s.EG - o.EG} }

// Mul returns s * n, half by half.
func (s Score) Mul(n int) Score { return Score{s.MG * int32(n), s.EG * int32(n)} }

// Neg returns -s.
func (s Score) Neg() Score { return Score{-s.MG, -s.EG} }

// MaxPhase is the game phase of a position with all the starting pieces (or
// more, after promotions): the PeSTO weights, knight 1, bishop 1, rook 2,
// queen 4, summed over both sides and capped at 24. Phase 0 is a pawn (or
// bare king) ending.
const MaxPhase = 24

// taper blends a middlegame and an endgame value by phase (0..MaxPhase):
// (mg*phase + eg*(MaxPhase-phase)) / MaxPhase, truncated toward zero, so
// that taper(-mg, -eg) == -taper(mg, eg) (the evaluation's colour symmetry
// depends on it).
func taper(mg, eg, phase int) int {
	return (mg*phase + eg*(MaxPhase-phase)) / MaxPhase
}

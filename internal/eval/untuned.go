package eval

import "github.com/outpost-chess/outpost/chess"

// Untuned returns the weights before any tuning: the PeSTO piece values and
// tables (see pst.go), hand-set mobility ramps, and every other value
// hand-set in untunedHandSet. A tuning run can start from them ("outpost
// tune --untuned").
func Untuned() Weights {
	w := untunedHandSet
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		w.PieceValue[pt] = S(pestoValueMG[pt], pestoValueEG[pt])
		for s := range 64 {
			// Published layout is a8-first: White's square s is entry s^56.
			w.PST[pt][s] = S(pestoMG[pt][s^56], pestoEG[pt][s^56])
		}
	}

	// Mobility: hand-set linear ramps, zero at a typical count for the
	// piece (knight 4, bishop 6, rook 7, queen 13), so that mobility moves
	// scores around the PeSTO baseline rather than adding a constant. Per
	// square: knight 4/4, bishop 4/5, rook 2/4, queen 1/2 (mg/eg). To be
	// replaced by Texel tuning.
	ramp := func(table []Score, zero int, mg, eg int32) {
		for n := range table {
			d := int32(n - zero)
			table[n] = S(d*mg, d*eg)
		}
	}
	ramp(w.MobilityKnight[:], 4, 4, 4)
	ramp(w.MobilityBishop[:], 6, 4, 5)
	ramp(w.MobilityRook[:], 7, 2, 4)
	ramp(w.MobilityQueen[:], 13, 1, 2)
	return w
}

// untunedShelter and untunedStorm are the untuned KingShelter and KingStorm
// of every file (see untunedHandSet), by the pawn's rank from the king's
// side: a pawn on its second or third rank shields the king, an open file
// in front of it is a weakness; an enemy pawn on the king's third or
// fourth rank is a lever against the shelter.
var (
	untunedShelter = [8]Score{S(-20, 0), S(12, 0), S(8, 0), S(0, 0), S(-4, 0), S(-4, 0), S(-4, 0), {}}
	untunedStorm   = [8]Score{{}, S(-5, 0), S(-25, 0), S(-12, 0), S(-4, 0), {}, {}, {}}
)

// untunedHandSet is the hand-set part of Untuned: every weight but the
// piece values, the piece-square tables and mobility, which Untuned fills
// in.
var untunedHandSet = Weights{
	// Pawn structure: hand-set, in the range common to untuned engines;
	// PeSTO's pawn tables already reward advanced pawns, so the passed-pawn
	// bonus is modest.
	DoubledPawn:             S(-10, -20),
	IsolatedPawn:            S(-10, -10),
	BackwardPawn:            S(-8, -10),
	PassedPawn:              [8]Score{{}, S(0, 5), S(5, 10), S(10, 20), S(20, 40), S(35, 65), S(60, 100), {}},
	PassedOwnKingDistance:   S(0, -3),
	PassedEnemyKingDistance: S(0, 5),
	PassedBlocked:           S(-3, -8),
	PassedSafePath:          S(5, 20),
	PassedSafeStop:          S(2, 8),
	PassedUnstoppable:       S(0, 150),
	ConnectedPawn:           [8]Score{{}, S(3, 0), S(5, 2), S(8, 5), S(15, 12), S(25, 25), S(40, 40), {}},
	Outpost:                 [chess.King + 1]Score{chess.Knight: S(25, 10), chess.Bishop: S(15, 5)},
	MinorBehindPawn:         S(10, 0),
	BishopPawn:              S(-2, -5),

	// Added for the fourth tuning run, hand-set from the values of
	// Stockfish's classical evaluation, converted to centipawns
	// (its pawn is about 126 mg and 208 eg of its units): to be tuned.
	KnightPawn:       S(3, 3),
	RookPawn:         S(-6, -6),
	Space:            S(11, 0),
	KingPawnDistance: S(0, -8),
	PawnlessFlank:    S(-10, -45),
	ThreatByKing:     S(12, 40),
	Restricted:       S(4, 3),
	ReachableOutpost: S(18, 10),
	KingProtector:    S(-5, -4),
	TrappedRook:      S(-30, -6),

	// Threats: hand-set, in the range of published tuned values.
	ThreatByPawn: S(45, 35),
	ThreatByMinor: [chess.King + 1]Score{
		chess.Knight: S(10, 20), chess.Bishop: S(10, 20), chess.Rook: S(35, 25), chess.Queen: S(40, 20),
	},
	ThreatByRook:   S(40, 20),
	Hanging:        S(20, 15),
	ThreatPawnPush: S(15, 10),

	// King safety: hand-set, mostly middlegame.
	KingZoneAttack: [chess.King + 1]Score{
		chess.Knight: S(6, 1), chess.Bishop: S(5, 1), chess.Rook: S(7, 2), chess.Queen: S(10, 3),
	},
	KingAttackerScale: [8]int32{0, 16, 40, 56, 64, 72, 80, 88},
	KingWeakSquare:    S(6, 1),
	KingAttackNoQueen: 24,
	KingFlankAttack:   S(4, 0),
	KingShelter:       [4][8]Score{untunedShelter, untunedShelter, untunedShelter, untunedShelter},
	KingStorm:         [4][8]Score{untunedStorm, untunedStorm, untunedStorm, untunedStorm},
	KingStormBlocked:  [8]Score{{}, {}, S(-8, 0), S(-4, 0), {}, {}, {}, {}},
	SafeCheck: [chess.King + 1]Score{
		chess.Knight: S(40, 5), chess.Bishop: S(25, 5), chess.Rook: S(45, 5), chess.Queen: S(35, 5),
	},

	// Pieces: hand-set.
	BishopPair:       S(30, 50),
	RookOpenFile:     S(25, 10),
	RookHalfOpenFile: S(12, 8),
	RookOnSeventh:    S(10, 20),
	Tempo:            S(15, 5),

	// Complexity: about neutral with eight pawns on both wings, up to a
	// pawn towards a draw with two pawns left.
	ComplexityPawn:       10,
	ComplexityBothFlanks: 15,
	ComplexityPawnEnding: 30,
	ComplexityBase:       -100,

	// Drawish endgames: opposite bishops halve the score; a pawnless side
	// less than a rook up keeps a quarter of it. One to three pawns: 46,
	// 52, 58 (a single pawn is often not enough).
	ScaleOppositeBishops:  32,
	ScaleNoPawnsSmallEdge: 16,
	ScalePawnsBase:        40,
	ScalePerPawn:          6,
}

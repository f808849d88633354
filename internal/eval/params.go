package eval

import (
	"fmt"

	"github.com/outpost-chess/outpost/chess"
)

// Weights holds every number the main evaluator uses, so that a tuner can
// read and write them (through Params) without touching code. Evaluation
// reads them directly: changing a field changes the next Evaluate, with
// nothing to rebuild.
//
// Arrays indexed by chess.PieceType leave the unused entries (NoPieceType,
// and any type the term does not apply to) at zero. Every Score is from the
// point of view of the side it is credited to: a positive value is good for
// that side.
type Weights struct {
	// PieceValue is the material value of each piece type (King unused).
	PieceValue [chess.King + 1]Score
	// PST is the piece-square value of each piece type, indexed by
	// chess.Square (A1 = 0) from White's point of view; Black reads the
	// mirrored square (s^56). Pawn entries on ranks 1 and 8 are unused.
	PST [chess.King + 1][64]Score

	// Mobility by number of squares attacked in the mobility area (squares
	// not holding an own piece and not attacked by an enemy pawn).
	MobilityKnight [9]Score
	MobilityBishop [14]Score
	MobilityRook   [15]Score
	MobilityQueen  [28]Score

	// DoubledPawn is charged once per pawn with an own pawn ahead of it on
	// the same file (so a file with n pawns pays n-1 times).
	DoubledPawn Score
	// IsolatedPawn is charged per pawn with no own pawn on an adjacent file.
	IsolatedPawn Score
	// PassedPawn is credited per passed pawn (no enemy pawn ahead of it on
	// its own or an adjacent file, and no own pawn ahead on its own file),
	// by the pawn's rank relative to its side (index 1 = its second rank).
	PassedPawn [8]Score

	// PassedOwnKingDistance and PassedEnemyKingDistance are credited per
	// passed pawn, times the distance (in king moves) from each king to the
	// square in front of the pawn, times the pawn's rank beyond its third
	// (0 on ranks 2-3, 4 on the 7th): in endgames the pawn's own king
	// escorts it and the enemy king must catch it.
	PassedOwnKingDistance   Score
	PassedEnemyKingDistance Score
	// PassedBlocked is credited per passed pawn whose square in front is
	// occupied, times the same rank factor.
	PassedBlocked Score
	// ConnectedPawn is credited per pawn defended by an own pawn or with an
	// own pawn beside it, by the pawn's relative rank.
	ConnectedPawn [8]Score

	// Outpost is credited per knight or bishop (indexed by type) on an
	// outpost: the 4th to 6th rank, defended by an own pawn, on a square no
	// enemy pawn can ever attack.
	Outpost [chess.King + 1]Score

	// Threats, credited to the attacking side. ThreatByPawn is per enemy
	// knight, bishop, rook or queen attacked by a pawn; ThreatByMinor per
	// enemy piece (indexed by its type: knight to queen) attacked by a
	// knight or bishop; ThreatByRook per enemy queen attacked by a rook;
	// Hanging per enemy knight, bishop, rook or queen attacked and not
	// defended at all.
	ThreatByPawn  Score
	ThreatByMinor [chess.King + 1]Score
	ThreatByRook  Score
	Hanging       Score

	// KingZoneAttack is credited to a knight, bishop, rook or queen per
	// square of the enemy king zone (the king's square and its neighbours)
	// it attacks. The sum over a side's attackers is then scaled by
	// KingAttackerScale[n]/64, n the number of its pieces attacking the
	// zone (capped at 7): one lone attacker is little danger, several are.
	KingZoneAttack    [chess.King + 1]Score
	KingAttackerScale [8]int32
	// PawnShield is credited per own pawn in front of a castled king (a
	// king on its first two ranks, on files a-c or f-h), on the king's file
	// or an adjacent one: [0] one rank ahead of the king, [1] two ranks.
	PawnShield [2]Score
	// SafeCheck is credited when a piece of the type can give check next
	// move from a square the enemy does not defend (and not holding an own
	// piece).
	SafeCheck [chess.King + 1]Score

	// BishopPair is credited to a side with bishops on both square colours.
	BishopPair Score
	// RookOpenFile is credited per rook on a file with no pawns;
	// RookHalfOpenFile per rook on a file with enemy pawns but no own ones.
	RookOpenFile     Score
	RookHalfOpenFile Score

	// Tempo is credited to the side to move.
	Tempo Score

	// Drawish endgames: the final score is multiplied by Scale.../64.
	// ScaleOppositeBishops applies when each side's only pieces (besides
	// king and pawns) are one bishop, on squares of opposite colours.
	// ScaleNoPawnsSmallEdge applies when the side ahead has no pawns and its
	// non-pawn material (endgame piece values) exceeds the other side's by
	// less than a rook's endgame value.
	ScaleOppositeBishops  int32
	ScaleNoPawnsSmallEdge int32
}

// Default is the weights Evaluate and Explain use. It starts from the PeSTO
// piece values and tables (see pst.go); every other value is hand-set, not
// yet tuned, and documented in defaultWeights.
var Default = defaultWeights()

// defaultWeights returns the untuned starting weights.
func defaultWeights() Weights {
	var w Weights
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

	// Pawn structure: hand-set, in the range common to untuned engines;
	// PeSTO's pawn tables already reward advanced pawns, so the passed-pawn
	// bonus is modest.
	w.DoubledPawn = S(-10, -20)
	w.IsolatedPawn = S(-10, -10)
	w.PassedPawn = [8]Score{{}, S(0, 5), S(5, 10), S(10, 20), S(20, 40), S(35, 65), S(60, 100), {}}
	w.PassedOwnKingDistance = S(0, -3)
	w.PassedEnemyKingDistance = S(0, 5)
	w.PassedBlocked = S(-3, -8)
	w.ConnectedPawn = [8]Score{{}, S(3, 0), S(5, 2), S(8, 5), S(15, 12), S(25, 25), S(40, 40), {}}
	w.Outpost[chess.Knight] = S(25, 10)
	w.Outpost[chess.Bishop] = S(15, 5)

	// Threats: hand-set, in the range of published tuned values.
	w.ThreatByPawn = S(45, 35)
	w.ThreatByMinor[chess.Knight] = S(10, 20)
	w.ThreatByMinor[chess.Bishop] = S(10, 20)
	w.ThreatByMinor[chess.Rook] = S(35, 25)
	w.ThreatByMinor[chess.Queen] = S(40, 20)
	w.ThreatByRook = S(40, 20)
	w.Hanging = S(20, 15)

	// King safety: hand-set, mostly middlegame.
	w.KingZoneAttack[chess.Knight] = S(6, 1)
	w.KingZoneAttack[chess.Bishop] = S(5, 1)
	w.KingZoneAttack[chess.Rook] = S(7, 2)
	w.KingZoneAttack[chess.Queen] = S(10, 3)
	w.KingAttackerScale = [8]int32{0, 16, 40, 56, 64, 72, 80, 88}
	w.PawnShield = [2]Score{S(12, 0), S(6, 0)}
	w.SafeCheck[chess.Knight] = S(40, 5)
	w.SafeCheck[chess.Bishop] = S(25, 5)
	w.SafeCheck[chess.Rook] = S(45, 5)
	w.SafeCheck[chess.Queen] = S(35, 5)

	// Pieces: hand-set.
	w.BishopPair = S(30, 50)
	w.RookOpenFile = S(25, 10)
	w.RookHalfOpenFile = S(12, 8)
	w.Tempo = S(15, 5)

	// Drawish endgames: opposite bishops halve the score; a pawnless side
	// less than a rook up keeps a quarter of it.
	w.ScaleOppositeBishops = 32
	w.ScaleNoPawnsSmallEdge = 16
	return w
}

// Param is one tunable integer of a Weights value, named for a tuner's
// report (e.g. "PST[knight][e4].mg").
type Param struct {
	Name  string
	Value *int32
}

// Params lists every tunable integer of w, in a fixed order, as pointers
// into w: a tuner writes through them and calls Evaluate again. Entries that
// cannot change a score are left out: the king's value, pawn squares and
// passed-pawn bonuses on ranks 1 and 8, KingZoneAttack for pawns and kings,
// ThreatByMinor and SafeCheck for pawns and kings, ConnectedPawn on ranks
// 1 and 8, Outpost for other than knights and bishops,
// and KingAttackerScale[0] (it only ever scales zero). It allocates; it is
// for tuners and tests.
func (w *Weights) Params() []Param {
	var ps []Param
	score := func(name string, s *Score) {
		ps = append(ps, Param{name + ".mg", &s.MG}, Param{name + ".eg", &s.EG})
	}
	for pt := chess.Pawn; pt <= chess.Queen; pt++ {
		score(fmt.Sprintf("PieceValue[%s]", pieceName[pt]), &w.PieceValue[pt])
	}
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		for s := chess.A1; s <= chess.H8; s++ {
			if pt == chess.Pawn && (s.Rank() == chess.Rank1 || s.Rank() == chess.Rank8) {
				continue
			}
			score(fmt.Sprintf("PST[%s][%s]", pieceName[pt], s), &w.PST[pt][s])
		}
	}
	scores := func(name string, table []Score) {
		for i := range table {
			score(fmt.Sprintf("%s[%d]", name, i), &table[i])
		}
	}
	scores("MobilityKnight", w.MobilityKnight[:])
	scores("MobilityBishop", w.MobilityBishop[:])
	scores("MobilityRook", w.MobilityRook[:])
	scores("MobilityQueen", w.MobilityQueen[:])
	score("DoubledPawn", &w.DoubledPawn)
	score("IsolatedPawn", &w.IsolatedPawn)
	for r := chess.Rank2; r <= chess.Rank7; r++ {
		score(fmt.Sprintf("PassedPawn[rank%s]", r), &w.PassedPawn[r])
	}
	score("PassedOwnKingDistance", &w.PassedOwnKingDistance)
	score("PassedEnemyKingDistance", &w.PassedEnemyKingDistance)
	score("ThreatByPawn", &w.ThreatByPawn)
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		score(fmt.Sprintf("ThreatByMinor[%s]", pieceName[pt]), &w.ThreatByMinor[pt])
	}
	score("ThreatByRook", &w.ThreatByRook)
	score("Hanging", &w.Hanging)
	score("PassedBlocked", &w.PassedBlocked)
	for r := chess.Rank2; r <= chess.Rank7; r++ {
		score(fmt.Sprintf("ConnectedPawn[rank%s]", r), &w.ConnectedPawn[r])
	}
	score("Outpost[knight]", &w.Outpost[chess.Knight])
	score("Outpost[bishop]", &w.Outpost[chess.Bishop])
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		score(fmt.Sprintf("KingZoneAttack[%s]", pieceName[pt]), &w.KingZoneAttack[pt])
	}
	for i := 1; i < len(w.KingAttackerScale); i++ {
		ps = append(ps, Param{fmt.Sprintf("KingAttackerScale[%d]", i), &w.KingAttackerScale[i]})
	}
	scores("PawnShield", w.PawnShield[:])
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		score(fmt.Sprintf("SafeCheck[%s]", pieceName[pt]), &w.SafeCheck[pt])
	}
	score("BishopPair", &w.BishopPair)
	score("RookOpenFile", &w.RookOpenFile)
	score("RookHalfOpenFile", &w.RookHalfOpenFile)
	score("Tempo", &w.Tempo)
	ps = append(ps,
		Param{"ScaleOppositeBishops", &w.ScaleOppositeBishops},
		Param{"ScaleNoPawnsSmallEdge", &w.ScaleNoPawnsSmallEdge})
	return ps
}

// pieceName names piece types in parameter names.
var pieceName = [chess.King + 1]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king"}

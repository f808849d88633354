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
	// KnightPawn and RookPawn adjust the value of each knight and each
	// rook by the number of own pawns beyond five (negative with fewer):
	// knights gain in closed positions full of pawns, rooks on the open
	// lines of positions with few (Kaufman's material imbalance).
	KnightPawn Score
	RookPawn   Score
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
	// BackwardPawn is charged per pawn, not isolated, whose square in
	// front is attacked by an enemy pawn and that no own pawn on an
	// adjacent file can come to defend.
	BackwardPawn Score
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
	// PassedSafePath is credited per passed pawn, times the same rank
	// factor, when no enemy piece stands on or attacks a square between it
	// and promotion; PassedSafeStop, when that is not so but the square in
	// front of it is free of them.
	PassedSafePath Score
	PassedSafeStop Score
	// PassedUnstoppable is credited per passed pawn with a free path that
	// the enemy king cannot catch (the rule of the square) when the enemy
	// has nothing but pawns and its king.
	PassedUnstoppable Score
	// ConnectedPawn is credited per pawn defended by an own pawn or with an
	// own pawn beside it, by the pawn's relative rank.
	ConnectedPawn [8]Score

	// Outpost is credited per knight or bishop (indexed by type) on an
	// outpost: the 4th to 6th rank, defended by an own pawn, on a square no
	// enemy pawn can ever attack.
	Outpost [chess.King + 1]Score
	// MinorBehindPawn is credited per knight or bishop right behind a pawn
	// (of either colour), which shields it from the front.
	MinorBehindPawn Score
	// BishopPawn is charged per own pawn on a bishop's square colour, per
	// bishop.
	BishopPawn Score
	// ReachableOutpost is credited per knight, not on an outpost, that
	// attacks an outpost square free of own pieces (it can go there next
	// move). KingProtector is charged per knight or bishop, times its
	// distance in king moves from its own king.
	ReachableOutpost Score
	KingProtector    Score

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
	// ThreatPawnPush is credited per enemy knight, bishop, rook or queen
	// that a pawn could attack by a push to a square that no enemy pawn
	// attacks and that the enemy does not hold alone.
	ThreatPawnPush Score
	// ThreatByKing is credited per enemy piece or pawn the king attacks
	// that nothing defends. Restricted is credited per square both sides
	// attack where the enemy is not strongly placed (not attacked by an
	// enemy pawn, nor twice by the enemy and once by us): our attacks
	// there restrict its pieces.
	ThreatByKing Score
	Restricted   Score

	// Space is credited for the safe squares in the centre behind the
	// pawns: on files c-f, ranks 2-4 from the side's point of view, not
	// holding an own pawn and not attacked by an enemy pawn; those behind
	// an own pawn (up to three squares) count twice. The count is
	// multiplied by weight²/256, weight being the side's number of pieces
	// and pawns minus 3 plus the blocked pawns of both sides (at most 9):
	// space matters when there are pieces to use it and the position is
	// closed.
	Space Score

	// KingZoneAttack is credited to a knight, bishop, rook or queen per
	// square of the enemy king zone (the king's square and its neighbours)
	// it attacks. The sum over a side's attackers is then scaled by
	// KingAttackerScale[n]/64, n the number of its pieces attacking the
	// zone (capped at 7): one lone attacker is little danger, several are.
	KingZoneAttack    [chess.King + 1]Score
	KingAttackerScale [8]int32
	// KingWeakSquare is added to the zone attack, before the scaling, per
	// square of the enemy king zone attacked and defended by nothing but
	// the enemy king or queen. KingAttackNoQueen scales the attack (in
	// 64ths) of a side that has no queen.
	KingWeakSquare    Score
	KingAttackNoQueen int32
	// KingDangerSquare makes the scaled middlegame attack on a king grow
	// faster than linearly: a positive attack a adds a²·KingDangerSquare/4096.
	KingDangerSquare int32
	// KingFlankAttack is credited, unscaled, per square of the enemy king's
	// flank (its file's kingFlank files, on the enemy's first five ranks)
	// a side attacks, twice for a square it attacks twice or more.
	KingFlankAttack Score
	// King shelter and pawn storm, on the king's file and the two beside
	// it (see kingShelter), indexed by the file's distance to the nearer
	// edge (0 for a and h, 3 for d and e) and by a pawn's rank counted from
	// the king's side (1 = its second rank; 0 = no such pawn). KingShelter
	// is for the side's own rearmost pawn on or ahead of the king's rank;
	// KingStorm for the enemy's foremost one, or KingStormBlocked (by rank
	// only) when it stands right in front of the sheltering pawn.
	KingShelter      [4][8]Score
	KingStorm        [4][8]Score
	KingStormBlocked [8]Score
	// KingPawnDistance is charged per king move between a king and the
	// nearest pawn of either colour (a king must escort or stop pawns in
	// the endgame); PawnlessFlank per king on a flank with no pawns (files
	// a-d, c-f or e-h, by the king's file: where it can do nothing).
	KingPawnDistance Score
	PawnlessFlank    Score
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
	// RookOnSeventh is credited per rook on its seventh rank while enemy
	// pawns are on it or the enemy king is on the eighth.
	RookOnSeventh Score
	// TrappedRook is charged per rook with three mobility squares or fewer
	// on the far side of its own king from the centre (a rook in the
	// corner the king has not castled away from), twice when the side can
	// no longer castle.
	TrappedRook Score

	// Tempo is credited to the side to move.
	Tempo Score

	// Complexity (endgame half only, see evaluation.complexity): per pawn
	// on the board, for pawns on both wings, for a pawn ending, and a
	// constant.
	ComplexityPawn       int32
	ComplexityBothFlanks int32
	ComplexityPawnEnding int32
	ComplexityBase       int32

	// Drawish endgames: the endgame half of the score is multiplied by
	// Scale.../64.
	// ScaleOppositeBishops applies when each side's only pieces (besides
	// king and pawns) are one bishop, on squares of opposite colours.
	// ScaleNoPawnsSmallEdge applies when the side ahead has no pawns and its
	// non-pawn material (endgame piece values) exceeds the other side's by
	// less than a rook's endgame value. When the side ahead has one to
	// three pawns, the scale is at most ScalePawnsBase + ScalePerPawn per
	// pawn.
	ScaleOppositeBishops  int32
	ScaleNoPawnsSmallEdge int32
	ScalePawnsBase        int32
	ScalePerPawn          int32
}

// Default is the weights Evaluate and Explain use: the weights of the last
// Texel tuning run (tuned.go, written by "outpost tune --go"; docs/tuning.md
// says how to reproduce it), which started from Untuned.
var Default = tunedWeights()

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
	score("KnightPawn", &w.KnightPawn)
	score("RookPawn", &w.RookPawn)
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
	score("BackwardPawn", &w.BackwardPawn)
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
	score("ThreatPawnPush", &w.ThreatPawnPush)
	score("ThreatByKing", &w.ThreatByKing)
	score("Restricted", &w.Restricted)
	score("Space", &w.Space)
	score("PassedBlocked", &w.PassedBlocked)
	score("PassedSafePath", &w.PassedSafePath)
	score("PassedSafeStop", &w.PassedSafeStop)
	score("PassedUnstoppable", &w.PassedUnstoppable)
	for r := chess.Rank2; r <= chess.Rank7; r++ {
		score(fmt.Sprintf("ConnectedPawn[rank%s]", r), &w.ConnectedPawn[r])
	}
	score("Outpost[knight]", &w.Outpost[chess.Knight])
	score("Outpost[bishop]", &w.Outpost[chess.Bishop])
	score("MinorBehindPawn", &w.MinorBehindPawn)
	score("BishopPawn", &w.BishopPawn)
	score("ReachableOutpost", &w.ReachableOutpost)
	score("KingProtector", &w.KingProtector)
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		score(fmt.Sprintf("KingZoneAttack[%s]", pieceName[pt]), &w.KingZoneAttack[pt])
	}
	for i := 1; i < len(w.KingAttackerScale); i++ {
		ps = append(ps, Param{fmt.Sprintf("KingAttackerScale[%d]", i), &w.KingAttackerScale[i]})
	}
	score("KingWeakSquare", &w.KingWeakSquare)
	score("KingPawnDistance", &w.KingPawnDistance)
	score("PawnlessFlank", &w.PawnlessFlank)
	ps = append(ps, Param{"KingAttackNoQueen", &w.KingAttackNoQueen})
	ps = append(ps, Param{"KingDangerSquare", &w.KingDangerSquare})
	score("KingFlankAttack", &w.KingFlankAttack)
	for edge := range w.KingShelter {
		// Rank 8 (index 7) holds no pawn; nor does the king's side's
		// first rank (index 0 means none) for the storm.
		scores(fmt.Sprintf("KingShelter[%d]", edge), w.KingShelter[edge][:7])
		scores(fmt.Sprintf("KingStorm[%d]", edge), w.KingStorm[edge][:7])
	}
	for r := 2; r < 7; r++ { // a blocked storming pawn is on its side's third rank or beyond
		score(fmt.Sprintf("KingStormBlocked[%d]", r), &w.KingStormBlocked[r])
	}
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		score(fmt.Sprintf("SafeCheck[%s]", pieceName[pt]), &w.SafeCheck[pt])
	}
	score("BishopPair", &w.BishopPair)
	score("RookOpenFile", &w.RookOpenFile)
	score("RookHalfOpenFile", &w.RookHalfOpenFile)
	score("RookOnSeventh", &w.RookOnSeventh)
	score("TrappedRook", &w.TrappedRook)
	score("Tempo", &w.Tempo)
	ps = append(ps,
		Param{"ComplexityPawn", &w.ComplexityPawn},
		Param{"ComplexityBothFlanks", &w.ComplexityBothFlanks},
		Param{"ComplexityPawnEnding", &w.ComplexityPawnEnding},
		Param{"ComplexityBase", &w.ComplexityBase})
	ps = append(ps,
		Param{"ScaleOppositeBishops", &w.ScaleOppositeBishops},
		Param{"ScaleNoPawnsSmallEdge", &w.ScaleNoPawnsSmallEdge},
		Param{"ScalePawnsBase", &w.ScalePawnsBase},
		Param{"ScalePerPawn", &w.ScalePerPawn})
	return ps
}

// pieceName names piece types in parameter names.
var pieceName = [chess.King + 1]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king"}

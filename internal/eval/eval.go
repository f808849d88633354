package eval

import "github.com/outpost-chess/outpost/chess"

// Term names one term of the main evaluation, as Explain reports it.
type Term uint8

// The terms, in the order Explain lists them; the comment names the file
// that computes each.
const (
	TermMaterial       Term = iota // pst.go (with the knights' and rooks' pawn adjustments)
	TermPieceSquare                // pst.go
	TermMobility                   // pieces.go
	TermDoubledPawns               // pawns.go
	TermIsolatedPawns              // pawns.go
	TermBackwardPawns              // pawns.go
	TermPassedPawns                // pawns.go
	TermConnectedPawns             // pawns.go
	TermKingAttack                 // pieces.go (counting), king.go (weak squares, scaling, safe checks)
	TermKingShelter                // king.go (own pawns in front of the king, enemy pawns storming it)
	TermKingActivity               // king.go (distance to the pawns, a pawnless flank)
	TermBishopPair                 // pieces.go
	TermRooks                      // pieces.go (open files, seventh rank, trapped by the king)
	TermMinorPieces                // pieces.go (outposts, behind pawns, distance to the king, bishops' pawns)
	TermThreats                    // threats.go
	TermSpace                      // space.go
	TermTempo                      // eval.go
	TermComplexity                 // eval.go (after the others: it depends on their sum)
	NumTerms                       // the number of terms
)

var termNames = [NumTerms]string{
	"material", "piece-square", "mobility", "doubled pawns", "isolated pawns", "backward pawns",
	"passed pawns", "connected pawns", "king attack", "king shelter", "king activity", "bishop pair", "rooks",
	"minor pieces", "threats", "space", "tempo", "complexity",
}

// String returns the term's name for display ("passed pawns").
func (t Term) String() string {
	if t >= NumTerms {
		return "?"
	}
	return termNames[t]
}

// Evaluate returns Default.Evaluate(p).
func Evaluate(p *chess.Position) int { return Default.Evaluate(p) }

// Evaluate returns the static evaluation of p with weights w, in centipawns
// from the side to move's point of view. It is symmetric: the colour-flipped
// position (ranks mirrored, colours and side to move swapped) gets exactly
// the same score. It does not allocate.
//
// The steps: each side's terms are summed as Scores (mg, eg), White's minus
// Black's; the endgame half is scaled down in drawish endgames, the two
// halves are tapered by the game phase, and the result is negated if Black
// is to move.
func (w *Weights) Evaluate(p *chess.Position) int { return w.EvaluateCached(p, nil, nil) }

// EvaluateCached returns w.Evaluate(p), taking the terms that depend only on
// the pawns and kings from cache when it has them (and keeping them there
// when not), and the material, piece-square and phase sums from inc, which
// must then be w.IncrementalOf(p) (a search keeps it with UpdateIncremental).
// Either may be nil: those terms are then computed.
func (w *Weights) EvaluateCached(p *chess.Position, cache *PawnKingCache, inc *Incremental) int {
	var e evaluation
	white, _, _ := e.white(e.run(w, p, cache, inc))
	if p.SideToMove() == chess.Black {
		return -white
	}
	return white
}

// evaluation is the working state of one call: per-side terms and the
// bitboards several terms share. It lives on the caller's stack.
type evaluation struct {
	w *Weights
	p *chess.Position

	terms [NumTerms][chess.Black + 1]Score
	phase int

	pawns        [2]chess.Bitboard // each side's pawns
	pawnAttacks  [2]chess.Bitboard // squares each side's pawns attack
	mobilityArea [2]chess.Bitboard // squares that count for each side's mobility
	kingZone     [2]chess.Bitboard // each side's king and the squares around it
	passed       [2]chess.Bitboard // each side's passed pawns (pawns.go)
	spaceSquares [2]int            // each side's space count (space.go)
	blocked      int               // pawns of either side with a pawn right in front (space.go)

	// attacked2[c] is the squares c attacks at least twice.
	attacked2 [2]chess.Bitboard

	// Attacks on the enemy king zone, gathered with mobility: how many of
	// each side's pieces hit it and the sum of their KingZoneAttack weights.
	kingAttackers [2]int
	kingAttack    [2]Score

	// attackedBy[c][pt] is the squares c's pieces of type pt attack
	// (pawns and kings included); attackedBy[c][NoPieceType] is their
	// union. Filled by the piece pass, used by the threats.
	attackedBy [2][chess.King + 1]chess.Bitboard
}

// run computes every term of p for both sides into e.terms, through cache
// and from inc if they are not nil, and returns their sum (White's terms
// minus Black's) as separate mg and eg totals.
func (e *evaluation) run(w *Weights, p *chess.Position, cache *PawnKingCache, inc *Incremental) (mg, eg int) {
	e.w, e.p = w, p

	// Step 1. Shared bitboards.
	for c := chess.White; c <= chess.Black; c++ {
		e.pawns[c] = p.Pieces(c, chess.Pawn)
		e.pawnAttacks[c] = chess.PawnAttackSet(c, e.pawns[c])
		ksq := p.KingSquare(c)
		e.kingZone[c] = chess.KingAttacks(ksq) | ksq.Bitboard()
	}
	for c := chess.White; c <= chess.Black; c++ {
		e.mobilityArea[c] = ^p.ByColor(c) &^ e.pawnAttacks[c.Other()]
	}

	// Step 2. Material, piece-square tables and game phase (pst.go).
	e.materialAndPST(inc)

	// Step 3. Terms per side: pawn structure, king shelter and activity
	// and the space count (pawns.go, king.go, space.go, perhaps from the
	// cache: cache.go), then mobility, king-zone attacks, bishop pair,
	// rooks (pieces.go).
	e.pawnsAndKings(cache)
	for c := chess.White; c <= chess.Black; c++ {
		e.pieces(c)
	}
	// King attack, threats, passed pawns' paths and space need both
	// sides' attacks or pieces from step 3 (king.go, threats.go,
	// pawns.go, space.go).
	for c := chess.White; c <= chess.Black; c++ {
		e.kingAttackTerm(c)
		e.threats(c)
		e.passedPaths(c)
		e.space(c)
	}

	// Step 4. Tempo: a side to move is worth a little (it can improve first).
	e.terms[TermTempo][p.SideToMove()] = w.Tempo

	// Step 5. Complexity, last: it moves the endgame half of the sum.
	mg, eg = e.sum()
	return mg, e.complexity(eg)
}

// complexity sets the complexity term: the endgame half of the score is
// pushed away from zero in positions with many pawns on both wings, where
// an advantage tends to be real, and towards zero in simple ones, where it
// tends to melt (never past zero). The amount is ComplexityPawn per pawn,
// ComplexityBothFlanks when there are pawns on both wings,
// ComplexityPawnEnding when nothing but kings and pawns are left, plus
// ComplexityBase; it is credited to the side the endgame half favours.
// eg is the endgame half of the sum of the other terms; complexity returns
// it with the term added.
func (e *evaluation) complexity(eg int) int {
	w, p := e.w, e.p
	if eg == 0 {
		return 0
	}
	pawns := p.ByType(chess.Pawn)
	c := w.ComplexityBase + w.ComplexityPawn*int32(pawns.Count())
	if pawns&queensideFiles != 0 && pawns&kingsideFiles != 0 {
		c += w.ComplexityBothFlanks
	}
	if p.Occupied() == pawns|p.ByType(chess.King) {
		c += w.ComplexityPawnEnding
	}
	strong, sign := chess.White, 1
	if eg < 0 {
		strong, sign = chess.Black, -1
	}
	t := max(c, -int32(eg*sign))
	e.terms[TermComplexity][strong] = S(0, t)
	return eg + sign*int(t)
}

// The two wings: files a-d and e-h.
const (
	queensideFiles = chess.FileABB | chess.FileABB<<1 | chess.FileABB<<2 | chess.FileABB<<3
	kingsideFiles  = ^queensideFiles
)

// sum returns White's terms minus Black's, as separate mg and eg totals.
func (e *evaluation) sum() (mg, eg int) {
	var s Score
	// Two terms a step, which halves the loop's own instructions.
	t := &e.terms
	for i := 1; i < len(t); i += 2 {
		s = s.Add(t[i-1][chess.White]).Sub(t[i-1][chess.Black]).Add(t[i][chess.White]).Sub(t[i][chess.Black])
	}
	if len(t)%2 == 1 {
		s = s.Add(t[len(t)-1][chess.White]).Sub(t[len(t)-1][chess.Black])
	}
	return int(s.MG), int(s.EG)
}

// white returns the score from White's view for the term sums mg and eg,
// with the scale and the mop-up it used: 0 (and scale 0) in an ending the
// side ahead (by the sign of eg) cannot win; otherwise the endgame half
// scaled by scale, both halves tapered by the phase, and the mop-up
// against a bare king added (endgame.go).
func (e *evaluation) white(mg, eg int) (white, scale, mopUp int) {
	strong := chess.White
	if eg < 0 {
		strong = chess.Black
	}
	if e.knownDraw(strong) {
		return 0, 0, 0
	}
	scale, mopUp = e.scale(strong), e.mopUp()
	return taper(mg, eg*scale/64, e.phase) + mopUp, scale, mopUp
}

// scale returns the factor, in 64ths, by which the endgame half of the
// score is multiplied when strong is the side it favours (White when it is
// 0): less than 64 in endgames that are hard to win whatever the count
// says, 64 otherwise. The rules, the smallest factor applying: the only
// pieces besides kings and pawns are one bishop each, on squares of
// opposite colours (Weights.ScaleOppositeBishops); the side ahead has no
// pawns and less than a rook's worth of extra pieces
// (ScaleNoPawnsSmallEdge); the side ahead has one to three pawns
// (ScalePawnsBase + ScalePerPawn per pawn). It depends on the colours only
// through strong, so it keeps the evaluation symmetric.
func (e *evaluation) scale(strong chess.Color) int {
	p, w := e.p, e.w
	weak := strong.Other()

	sc := 64
	if p.ByType(chess.Knight)|p.ByType(chess.Rook)|p.ByType(chess.Queen) == 0 {
		wb, bb := p.Pieces(chess.White, chess.Bishop), p.Pieces(chess.Black, chess.Bishop)
		if wb.Count() == 1 && bb.Count() == 1 &&
			(wb&chess.LightSquares == 0) != (bb&chess.LightSquares == 0) {
			sc = min(sc, int(w.ScaleOppositeBishops))
		}
	}
	switch pawns := p.Pieces(strong, chess.Pawn).Count(); {
	case pawns == 0:
		if e.nonPawnMaterial(strong)-e.nonPawnMaterial(weak) < int(w.PieceValue[chess.Rook].EG) {
			sc = min(sc, int(w.ScaleNoPawnsSmallEdge))
		}
	case pawns <= 3:
		sc = min(sc, int(w.ScalePawnsBase+w.ScalePerPawn*int32(pawns)))
	}
	return max(sc, 0)
}

// nonPawnMaterial returns the endgame value of c's knights, bishops, rooks
// and queens.
func (e *evaluation) nonPawnMaterial(c chess.Color) int {
	v := 0
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		v += int(e.w.PieceValue[pt].EG) * e.p.Pieces(c, pt).Count()
	}
	return v
}

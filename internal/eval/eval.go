package eval

import "github.com/outpost-chess/outpost/chess"

// Term names one term of the main evaluation, as Explain reports it.
type Term uint8

// The terms, in the order Explain lists them; the comment names the file
// that computes each.
const (
	TermMaterial       Term = iota // pst.go
	TermPieceSquare                // pst.go
	TermMobility                   // pieces.go
	TermDoubledPawns               // pawns.go
	TermIsolatedPawns              // pawns.go
	TermPassedPawns                // pawns.go
	TermConnectedPawns             // pawns.go
	TermKingAttack                 // pieces.go (counting), king.go (scaling, safe checks)
	TermPawnShield                 // king.go
	TermBishopPair                 // pieces.go
	TermRookFiles                  // pieces.go
	TermOutposts                   // pieces.go
	TermThreats                    // threats.go
	TermTempo                      // eval.go
	NumTerms                       // the number of terms
)

var termNames = [NumTerms]string{
	"material", "piece-square", "mobility", "doubled pawns", "isolated pawns",
	"passed pawns", "connected pawns", "king attack", "pawn shield", "bishop pair", "rook files",
	"outposts", "threats", "tempo",
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
// Black's; the result is tapered by the game phase, scaled down in drawish
// endgames, and negated if Black is to move.
func (w *Weights) Evaluate(p *chess.Position) int {
	var e evaluation
	e.run(w, p)
	mg, eg := e.sum()
	tapered := taper(mg, eg, e.phase)
	white := tapered * e.scale(tapered) / 64
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

	// Attacks on the enemy king zone, gathered with mobility: how many of
	// each side's pieces hit it and the sum of their KingZoneAttack weights.
	kingAttackers [2]int
	kingAttack    [2]Score

	// attackedBy[c][pt] is the squares c's pieces of type pt attack
	// (pawns and kings included); attackedBy[c][NoPieceType] is their
	// union. Filled by the piece pass, used by the threats.
	attackedBy [2][chess.King + 1]chess.Bitboard
}

// run computes every term of p for both sides into e.terms.
func (e *evaluation) run(w *Weights, p *chess.Position) {
	e.w, e.p = w, p

	// Step 1. Shared bitboards.
	for c := chess.White; c <= chess.Black; c++ {
		e.pawns[c] = p.Pieces(c, chess.Pawn)
		e.pawnAttacks[c] = pawnAttackSet(c, e.pawns[c])
		ksq := p.KingSquare(c)
		e.kingZone[c] = chess.KingAttacks(ksq) | ksq.Bitboard()
	}
	for c := chess.White; c <= chess.Black; c++ {
		e.mobilityArea[c] = ^p.ByColor(c) &^ e.pawnAttacks[c.Other()]
	}

	// Step 2. Material, piece-square tables and game phase (pst.go).
	e.materialAndPST()

	// Step 3. Terms per side.
	for c := chess.White; c <= chess.Black; c++ {
		e.pawnStructure(c) // pawns.go
		e.pieces(c)        // pieces.go: mobility, king-zone attacks, bishop pair, rooks
		e.pawnShield(c)    // king.go
	}
	// King attack and threats need both sides' attacks from step 3
	// (king.go, threats.go).
	for c := chess.White; c <= chess.Black; c++ {
		e.kingAttackTerm(c)
		e.threats(c)
	}

	// Step 4. Tempo: a side to move is worth a little (it can improve first).
	e.terms[TermTempo][p.SideToMove()] = w.Tempo
}

// sum returns White's terms minus Black's, as separate mg and eg totals.
func (e *evaluation) sum() (mg, eg int) {
	var s Score
	for t := range e.terms {
		s = s.Add(e.terms[t][chess.White]).Sub(e.terms[t][chess.Black])
	}
	return int(s.MG), int(s.EG)
}

// scale returns the factor, in 64ths, by which the tapered score white (from
// White's view) is multiplied: less than 64 in endgames that are hard to win
// whatever the count says (see Weights.ScaleOppositeBishops and
// ScaleNoPawnsSmallEdge), 64 otherwise. It depends on the colours only
// through the sign of white, so it keeps the evaluation symmetric.
func (e *evaluation) scale(white int) int {
	p, w := e.p, e.w
	strong := chess.White
	if white < 0 {
		strong = chess.Black
	}
	weak := strong.Other()

	if p.ByType(chess.Knight)|p.ByType(chess.Rook)|p.ByType(chess.Queen) == 0 {
		wb, bb := p.Pieces(chess.White, chess.Bishop), p.Pieces(chess.Black, chess.Bishop)
		if wb.Count() == 1 && bb.Count() == 1 &&
			(wb&chess.LightSquares == 0) != (bb&chess.LightSquares == 0) {
			return int(w.ScaleOppositeBishops)
		}
	}
	if p.Pieces(strong, chess.Pawn) == 0 &&
		e.nonPawnMaterial(strong)-e.nonPawnMaterial(weak) < int(w.PieceValue[chess.Rook].EG) {
		return int(w.ScaleNoPawnsSmallEdge)
	}
	return 64
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

// pawnAttackSet returns the squares attacked by the pawns in pawns, of
// color c.
func pawnAttackSet(c chess.Color, pawns chess.Bitboard) chess.Bitboard {
	ahead := pawns.Forward(c)
	return ahead.East() | ahead.West()
}

package eval

import (
	"fmt"
	"strings"

	"github.com/outpost-chess/outpost/chess"
)

// TermScore is one term of a Breakdown. White and Black are each side's own
// contribution, from that side's point of view (a positive king-attack value
// for White is White's attack on Black's king). The tapered values are in
// centipawns at the position's phase, rounded so that the sum of
// WhiteTapered - BlackTapered over all terms is exactly Breakdown.Tapered
// (each is within a centipawn of its own tapered value).
type TermScore struct {
	Term                       Term
	White, Black               Score
	WhiteTapered, BlackTapered int
}

// Breakdown is the main evaluation of a position, term by term, for display
// ("outpost explain", the search explorer).
type Breakdown struct {
	Phase   int                 // game phase, 0 (pawn ending) to MaxPhase
	Terms   [NumTerms]TermScore // indexed by Term
	MG, EG  int                 // White minus Black, summed over the terms
	Tapered int                 // taper(MG, EG, Phase), from White's view
	Scale   int                 // drawish-endgame factor of EG in 64ths (64: none)
	MopUp   int                 // the mop-up against a bare king, from White's view (endgame.go)
	White   int                 // taper(MG, EG*Scale/64, Phase) + MopUp, or 0 in a known draw (Scale 0), from White's view
	Total   int                 // the score from the side to move's view: Evaluate's result
}

// Explain returns Default.Explain(p).
func Explain(p *chess.Position) Breakdown { return Default.Explain(p) }

// Explain returns the evaluation of p with weights w, term by term. Its
// Total is always exactly w.Evaluate(p): both run the same code.
func (w *Weights) Explain(p *chess.Position) Breakdown {
	var e evaluation
	var b Breakdown
	b.MG, b.EG = e.run(w, p, nil, nil)
	b.Phase = e.phase

	// Round the terms cumulatively: each tapered value is the change in
	// taper(prefix sum), so the column adds up exactly to the total.
	var acc Score
	prev := 0
	step := func(s Score) int {
		acc = acc.Add(s)
		v := taper(int(acc.MG), int(acc.EG), e.phase)
		d := v - prev
		prev = v
		return d
	}
	for t := range NumTerms {
		ts := TermScore{Term: t, White: e.terms[t][chess.White], Black: e.terms[t][chess.Black]}
		ts.WhiteTapered = step(ts.White)
		ts.BlackTapered = -step(ts.Black.Neg())
		b.Terms[t] = ts
	}

	b.Tapered = taper(b.MG, b.EG, e.phase)
	b.White, b.Scale, b.MopUp = e.white(b.MG, b.EG)
	b.Total = b.White
	if p.SideToMove() == chess.Black {
		b.Total = -b.White
	}
	return b
}

// String formats the breakdown as a table, one term per line, with each
// side's mg, eg and tapered values and the totals.
func (b Breakdown) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-15s %17s   %17s   %6s\n", "term", "white mg/eg/cp", "black mg/eg/cp", "net")
	for _, t := range b.Terms {
		fmt.Fprintf(&sb, "%-15s %5d %5d %5d   %5d %5d %5d   %6d\n", t.Term,
			t.White.MG, t.White.EG, t.WhiteTapered,
			t.Black.MG, t.Black.EG, t.BlackTapered,
			t.WhiteTapered-t.BlackTapered)
	}
	fmt.Fprintf(&sb, "phase %d/%d: mg %d, eg %d, tapered %d (White's view)\n", b.Phase, MaxPhase, b.MG, b.EG, b.Tapered)
	if b.Scale != 64 {
		fmt.Fprintf(&sb, "drawish endgame: eg scaled by %d/64\n", b.Scale)
	}
	if b.MopUp != 0 {
		fmt.Fprintf(&sb, "mop-up against a bare king: %+d\n", b.MopUp)
	}
	if b.White != b.Tapered {
		fmt.Fprintf(&sb, "endgame-adjusted %d (White's view)\n", b.White)
	}
	fmt.Fprintf(&sb, "total %d (side to move's view)\n", b.Total)
	return sb.String()
}

package puzzle

import "math"

// Rating is a Glicko-2 rating (Glickman, "Example of the Glicko-2 system",
// 2013): a rating on the Elo-like scale, its deviation (how uncertain it
// is) and its volatility (how erratic the results are). Puzzles and
// players both have one: a puzzle solved is a win for the player and a
// loss for the puzzle, as lichess rates them.
type Rating struct {
	Rating     float64
	Deviation  float64
	Volatility float64
}

// NewRating returns the rating everyone starts at: 1500 ± 350 (as
// lichess's puzzles do, a player's first puzzles move it far), volatility
// 0.06.
func NewRating() Rating { return Rating{Rating: 1500, Deviation: 350, Volatility: 0.06} }

// Result is one game of a rating period: the opponent's rating and the
// score, 1 for a win, 0 for a loss, 0.5 for a draw.
type Result struct {
	Opponent Rating
	Score    float64
}

// glickoScale converts between the Glicko scale and Glicko-2's (Step 2).
const glickoScale = 173.7178

// tau constrains the change of volatility over time; Glickman suggests
// 0.3 to 1.2. Puzzle ratings move with every attempt: a small tau.
const tau = 0.5

// minDeviation and maxDeviation bound a deviation: it never falls so low
// that a rating stops moving, nor rises past the starting uncertainty.
const (
	minDeviation = 45
	maxDeviation = 350
)

// Update returns r after a rating period with the results (Glickman's
// steps 2 to 8). With no results only the deviation grows, with the
// volatility.
func (r Rating) Update(results []Result) Rating {
	mu := (r.Rating - 1500) / glickoScale
	phi := r.Deviation / glickoScale
	sigma := r.Volatility
	if len(results) == 0 {
		phi = math.Sqrt(phi*phi + sigma*sigma)
		return Rating{Rating: r.Rating, Deviation: clampDeviation(phi * glickoScale), Volatility: sigma}
	}
	// Step 3: the estimated variance v; step 4: the improvement delta.
	var vInv, sum float64
	for _, res := range results {
		muJ := (res.Opponent.Rating - 1500) / glickoScale
		phiJ := res.Opponent.Deviation / glickoScale
		g := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-g*(mu-muJ)))
		vInv += g * g * e * (1 - e)
		sum += g * (res.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	sigma = newVolatility(sigma, phi, v, delta)
	// Steps 6 and 7: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phi = 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu += phi * phi * sum
	// Step 8: back to the Glicko scale.
	return Rating{Rating: mu*glickoScale + 1500, Deviation: clampDeviation(phi * glickoScale), Volatility: sigma}
}

// newVolatility is step 5 of Glicko-2: the root of f by the Illinois
// algorithm, to a tolerance of 1e-6.
func newVolatility(sigma, phi, v, delta float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-d)/(2*d*d) - (x-a)/(tau*tau)
	}
	const epsilon = 1e-6
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > epsilon {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

func clampDeviation(d float64) float64 { return min(max(d, minDeviation), maxDeviation) }

// initialDeviation is a new puzzle's deviation: wide, so that its first
// attempts move it most.
const initialDeviation = 250

// InitialRating is a puzzle's rating before anyone has tried it: from how
// deep the search went before it settled on the first move for good
// (Effort: a move seen at once is easy) and how many moves the solver must
// find, on roughly lichess's scale (a mate in one about 1000). The
// deviation is wide: the first attempts move it most (Update).
func InitialRating(pz Puzzle) Rating {
	solverMoves := (len(pz.Moves) + 1) / 2
	r := 900 + 110*float64(pz.Effort) + 150*float64(max(solverMoves-1, 0))
	return Rating{Rating: min(max(r, 600), 2800), Deviation: initialDeviation, Volatility: NewRating().Volatility}
}

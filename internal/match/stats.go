package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Tally counts finished games from engine 1's point of view.
type Tally struct {
	Wins, Draws, Losses int
}

// Games returns the number of games counted.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Score returns engine 1's mean score per game (win 1, draw ½, loss 0), or
// 0.5 when no game has been counted.
func (t Tally) Score() float64 {
	n := t.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(t.Wins) + 0.5*float64(t.Draws)) / float64(n)
}

// Variance returns the variance of a single game's score around the mean
// score, estimated from the trinomial result counts (the empirical variance
// of the scores 1, ½ and 0), or 0 when no game has been counted.
func (t Tally) Variance() float64 {
	n := float64(t.Games())
	if n == 0 {
		return 0
	}
	s := t.Score()
	w, d, l := float64(t.Wins)/n, float64(t.Draws)/n, float64(t.Losses)/n
	return w*(1-s)*(1-s) + d*(0.5-s)*(0.5-s) + l*s*s
}

// EloFromScore converts an expected score in [0,1] into a logistic Elo
// difference: the d with 1/(1+10^(-d/400)) = score. It returns ±Inf for a
// score of 1 or 0.
func EloFromScore(score float64) float64 {
	switch {
	case score <= 0:
		return math.Inf(-1)
	case score >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/score-1)
}

// ScoreFromElo is the inverse of EloFromScore: the expected score of a
// player rated elo points above its opponent under the logistic model.
func ScoreFromElo(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// Estimate is an Elo estimate with its 95% confidence interval.
type Estimate struct {
	Elo        float64 // logistic Elo difference of engine 1 over engine 2
	Low, High  float64 // the 95% confidence interval, Low <= Elo <= High
	LOS        float64 // likelihood of superiority of engine 1, in [0,1]
	Score      float64 // mean score of engine 1 per game
	StdErr     float64 // standard error of the mean score
	Games      int
	Infinities bool // true when Elo or a bound is infinite (score 0 or 1)
}

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Estimate returns the Elo difference implied by the tally under the
// logistic model, with a 95% confidence interval computed from the standard
// error of the mean score (the trinomial variance over the number of games)
// and mapped through the same model, and the likelihood of superiority
// LOS = Φ((W−L)/√(W+L)), which ignores draws.
func (t Tally) Estimate() Estimate {
	n := t.Games()
	s := t.Score()
	e := Estimate{Score: s, Games: n, LOS: t.LOS(), Elo: EloFromScore(s)}
	if n > 0 {
		e.StdErr = math.Sqrt(t.Variance() / float64(n))
	}
	e.Low = EloFromScore(s - z95*e.StdErr)
	e.High = EloFromScore(s + z95*e.StdErr)
	e.Infinities = math.IsInf(e.Elo, 0) || math.IsInf(e.Low, 0) || math.IsInf(e.High, 0)
	return e
}

// LOS returns the likelihood of superiority: the probability that engine 1
// is the stronger, Φ((W−L)/√(W+L)) with Φ the standard normal CDF. Draws
// carry no information about which engine is stronger in this model. With
// no decisive game it is 0.5.
func (t Tally) LOS() float64 {
	decisive := float64(t.Wins + t.Losses)
	if decisive == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(t.Wins-t.Losses)/math.Sqrt(2*decisive)))
}

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against
// H1: Elo = Elo1, with false-positive rate Alpha and false-negative rate
// Beta (see LLR for the model).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// SPRTStatus is the state of an SPRT after some games.
type SPRTStatus int

// The states of an SPRT.
const (
	SPRTContinue SPRTStatus = iota // neither bound crossed: play on
	SPRTAcceptH0                   // LLR <= lower bound: Elo0 is likelier (no gain of Elo1)
	SPRTAcceptH1                   // LLR >= upper bound: Elo1 is likelier
)

func (s SPRTStatus) String() string {
	switch s {
	case SPRTAcceptH0:
		return "H0 accepted"
	case SPRTAcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// ParseSPRT parses "elo0=0,elo1=10,alpha=0.05,beta=0.05". Keys may come in
// any order; alpha and beta default to 0.05; elo0 and elo1 are required and
// elo0 must be less than elo1.
func ParseSPRT(s string) (SPRT, error) {
	t := SPRT{Alpha: 0.05, Beta: 0.05}
	var have0, have1 bool
	for field := range strings.SplitSeq(s, ",") {
		field = strings.TrimSpace(field)
		if field == "" {
			continue
		}
		k, v, ok := strings.Cut(field, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok {
			return SPRT{}, fmt.Errorf("match: sprt: %q is not key=value", field)
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return SPRT{}, fmt.Errorf("match: sprt: %s=%q is not a number", k, v)
		}
		switch k {
		case "elo0":
			t.Elo0, have0 = x, true
		case "elo1":
			t.Elo1, have1 = x, true
		case "alpha":
			t.Alpha = x
		case "beta":
			t.Beta = x
		default:
			return SPRT{}, fmt.Errorf("match: sprt: unknown key %q (want elo0, elo1, alpha, beta)", k)
		}
	}
	switch {
	case !have0 || !have1:
		return SPRT{}, fmt.Errorf("match: sprt: %q needs elo0 and elo1", s)
	case t.Elo0 >= t.Elo1:
		return SPRT{}, fmt.Errorf("match: sprt: elo0 (%g) must be less than elo1 (%g)", t.Elo0, t.Elo1)
	case t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5:
		return SPRT{}, fmt.Errorf("match: sprt: alpha and beta must be in (0, 0.5)")
	}
	return t, nil
}

func (t SPRT) String() string {
	return fmt.Sprintf("elo0=%g elo1=%g alpha=%g beta=%g", t.Elo0, t.Elo1, t.Alpha, t.Beta)
}

// Bounds returns the log-likelihood-ratio bounds of Wald's test:
// lower = ln(β/(1−α)), upper = ln((1−β)/α).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of H1 over H0 for the tally, using
// the normal approximation to the trinomial model (the "GSPRT" of fishtest):
// the mean score of N games is taken as normal with the empirical per-game
// variance σ², and H0/H1 fix its mean at s0 = ScoreFromElo(Elo0) and
// s1 = ScoreFromElo(Elo1), so
//
//	LLR = N · (s1 − s0) · (2s − s0 − s1) / (2σ²).
//
// The Elo values are logistic, the same as Estimate's. While σ² is zero
// (no game, or every game with the same result) there is no estimate of the
// variance and LLR returns 0.
func (t SPRT) LLR(tally Tally) float64 {
	v := tally.Variance()
	if v <= 0 {
		return 0
	}
	s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	return float64(tally.Games()) * (s1 - s0) * (2*tally.Score() - s0 - s1) / (2 * v)
}

// Status reports whether the test has crossed a bound after the games in
// tally.
func (t SPRT) Status(tally Tally) SPRTStatus {
	llr := t.LLR(tally)
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return SPRTAcceptH1
	case llr <= lo:
		return SPRTAcceptH0
	}
	return SPRTContinue
}

package match

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= tol
}

// The expected values below are worked by hand: for W=60 D=20 L=20 the
// score is 0.7, the per-game variance 0.6·0.3² + 0.2·0.2² + 0.2·0.7² = 0.16,
// the standard error √(0.16/100) = 0.04, so the interval is
// 0.7 ± 1.96·0.04 in score, and Elo(s) = −400·log10(1/s − 1).
func TestEstimate(t *testing.T) {
	tests := []struct {
		name           string
		tally          Tally
		score, stderr  float64
		elo, low, high float64
		los            float64
	}{
		{"60-20-20", Tally{60, 20, 20}, 0.7, 0.04, 147.1907, 86.2250, 218.2518, 0.9999961},
		{"even", Tally{30, 40, 30}, 0.5, 0.0387298, 0, -53.1580, 53.1580, 0.5},
		// LOS = Φ((10−15)/√25) = Φ(−1).
		{"10-5-15", Tally{10, 5, 15}, 0.4166667, 0.0819327, -58.4512, -185.2588, 54.1134, 0.1586553},
		{"no games", Tally{}, 0.5, 0, 0, 0, 0, 0.5},
		{"all wins", Tally{4, 0, 0}, 1, 0, math.Inf(1), math.Inf(1), math.Inf(1), 0.9772499}, // Φ(4/√4) = Φ(2),
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := tt.tally.Estimate()
			if !near(e.Score, tt.score, 1e-6) || !near(e.StdErr, tt.stderr, 1e-6) {
				t.Errorf("score %.7f ± %.7f, want %.7f ± %.7f", e.Score, e.StdErr, tt.score, tt.stderr)
			}
			if !near(e.Elo, tt.elo, 1e-3) || !near(e.Low, tt.low, 1e-3) || !near(e.High, tt.high, 1e-3) {
				t.Errorf("Elo %.4f [%.4f, %.4f], want %.4f [%.4f, %.4f]", e.Elo, e.Low, e.High, tt.elo, tt.low, tt.high)
			}
			if !near(e.LOS, tt.los, 1e-6) {
				t.Errorf("LOS %.7f, want %.7f", e.LOS, tt.los)
			}
		})
	}
}

func TestEloScoreRoundTrip(t *testing.T) {
	tests := []struct{ elo, score float64 }{
		{0, 0.5},
		{400, 10.0 / 11},
		{-400, 1.0 / 11},
		{200, 1 / (1 + math.Pow(10, -0.5))},
	}
	for _, tt := range tests {
		if got := ScoreFromElo(tt.elo); !near(got, tt.score, 1e-12) {
			t.Errorf("ScoreFromElo(%g) = %g, want %g", tt.elo, got, tt.score)
		}
		if got := EloFromScore(tt.score); !near(got, tt.elo, 1e-9) {
			t.Errorf("EloFromScore(%g) = %g, want %g", tt.score, got, tt.elo)
		}
	}
	if !math.IsInf(EloFromScore(0), -1) || !math.IsInf(EloFromScore(1), 1) {
		t.Errorf("EloFromScore(0), (1) = %g, %g, want -Inf, +Inf", EloFromScore(0), EloFromScore(1))
	}
}

// For elo0=0, elo1=10: s0 = 0.5, s1 = 1/(1+10^(−1/40)) = 0.51439...
// For 60-20-20, LLR = 100·(s1−s0)·(1.4−s0−s1)/(2·0.16) = 1.73371.
func TestSPRT(t *testing.T) {
	sprt := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	lo, hi := sprt.Bounds()
	if !near(lo, -2.944439, 1e-6) || !near(hi, 2.944439, 1e-6) {
		t.Errorf("bounds %g, %g, want ±2.944439", lo, hi)
	}
	tests := []struct {
		tally  Tally
		llr    float64
		status SPRTStatus
	}{
		{Tally{60, 20, 20}, 1.733713, SPRTContinue},
		{Tally{30, 40, 30}, -0.068997, SPRTContinue},
		{Tally{120, 40, 40}, 3.467427, SPRTAcceptH1},    // twice the games, twice the LLR
		{Tally{300, 400, 300}, -0.689970, SPRTContinue}, // ten times
		{Tally{3000, 4000, 3000}, -6.899702, SPRTAcceptH0},
		{Tally{}, 0, SPRTContinue},
		{Tally{5, 0, 0}, 0, SPRTContinue}, // no variance yet
	}
	for _, tt := range tests {
		if got := sprt.LLR(tt.tally); !near(got, tt.llr, 1e-5) {
			t.Errorf("LLR(%v) = %.6f, want %.6f", tt.tally, got, tt.llr)
		}
		if got := sprt.Status(tt.tally); got != tt.status {
			t.Errorf("Status(%v) = %v, want %v", tt.tally, got, tt.status)
		}
	}
}

func TestParseSPRT(t *testing.T) {
	tests := []struct {
		in      string
		want    SPRT
		wantErr bool
	}{
		{"elo0=0,elo1=10,alpha=0.05,beta=0.05", SPRT{0, 10, 0.05, 0.05}, false},
		{"elo1=5, elo0=-5", SPRT{-5, 5, 0.05, 0.05}, false},
		{"elo0=0,elo1=10,alpha=0.1", SPRT{0, 10, 0.1, 0.05}, false},
		{"elo0=0", SPRT{}, true},
		{"elo0=10,elo1=0", SPRT{}, true},
		{"elo0=0,elo1=x", SPRT{}, true},
		{"elo0=0,elo1=10,gamma=1", SPRT{}, true},
		{"elo0=0,elo1=10,alpha=0.7", SPRT{}, true},
		{"elo0", SPRT{}, true},
		{"", SPRT{}, true},
	}
	for _, tt := range tests {
		got, err := ParseSPRT(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseSPRT(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

package review

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// The thresholds in centipawns from an even position, worked out by hand:
// WinningChances(cp) = 0.1 at cp = ln(1.1/0.9)/0.00368208 = 54.5, 0.2 at
// ln(1.2/0.8)/0.00368208 = 110.1, 0.3 at ln(1.3/0.7)/0.00368208 = 168.1.
func TestWinningChances(t *testing.T) {
	for _, tt := range []struct {
		cp   int
		want float64
	}{
		{0, 0}, {54, 0.09909}, {55, 0.10091}, {100, 0.18205}, {110, 0.19979}, {111, 0.20156},
		{168, 0.29980}, {169, 0.30147}, {-169, -0.30147}, {1000, 0.95089}, {100000, 1},
	} {
		if got := WinningChances(tt.cp); math.Abs(got-tt.want) > 5e-5 {
			t.Errorf("WinningChances(%d) = %.5f, want %.5f", tt.cp, got, tt.want)
		}
	}
	// Win per cents stop at ±1000 centipawns.
	if WinPercent(5000) != WinPercent(1000) || math.Abs(WinPercent(1000)-97.5447) > 1e-3 || WinPercent(0) != 50 {
		t.Errorf("WinPercent(5000) %.4f, (1000) %.4f, (0) %.4f", WinPercent(5000), WinPercent(1000), WinPercent(0))
	}
}

func TestJudge(t *testing.T) {
	for _, tt := range []struct {
		name          string
		before, after Eval
		mover         chess.Color
		want          Judgement
		swing         MateSwing
	}{
		{"even to -0.54: a drop of 0.0991", CP(0), CP(-54), chess.White, Good, NoSwing},
		{"even to -0.55: 0.1009", CP(0), CP(-55), chess.White, Inaccuracy, NoSwing},
		{"even to -1.10: 0.1998", CP(0), CP(-110), chess.White, Inaccuracy, NoSwing},
		{"even to -1.11: 0.2016", CP(0), CP(-111), chess.White, Mistake, NoSwing},
		{"even to -1.68: 0.2998", CP(0), CP(-168), chess.White, Mistake, NoSwing},
		{"even to -1.69: 0.3015", CP(0), CP(-169), chess.White, Blunder, NoSwing},
		{"Black: even to +1.69", CP(0), CP(169), chess.Black, Blunder, NoSwing},
		{"Black: even to -3.00 is a gain", CP(0), CP(-300), chess.Black, Good, NoSwing},
		// +1.00 to 0: 0.1821, an inaccuracy; far ahead, the same pawn
		// hardly matters: +8 to +7 is 0.9006 to 0.8591, 0.041.
		{"+1.00 to 0", CP(100), CP(0), chess.White, Inaccuracy, NoSwing},
		{"+8 to +7", CP(800), CP(700), chess.White, Good, NoSwing},
		// Mates allowed: by how far the mover was already down.
		{"mate allowed at +3", CP(300), MateIn(-3), chess.White, Blunder, MateAllowed},
		{"mate allowed at -7.00", CP(-700), MateIn(-3), chess.White, Blunder, MateAllowed},
		{"mate allowed at -7.01", CP(-701), MateIn(-3), chess.White, Mistake, MateAllowed},
		{"mate allowed at -9.99", CP(-999), MateIn(-3), chess.White, Mistake, MateAllowed},
		{"mate allowed at -10.00", CP(-1000), MateIn(-3), chess.White, Inaccuracy, MateAllowed},
		{"Black allows mate at -3 (White's view +3)", CP(300), MateIn(2), chess.Black, Blunder, MateAllowed},
		// Mates missed: by how far the mover is still ahead.
		{"mate missed for +5", MateIn(2), CP(500), chess.White, Blunder, MateMissed},
		{"mate missed for +7.01", MateIn(2), CP(701), chess.White, Mistake, MateMissed},
		{"mate missed for +10.00", MateIn(2), CP(1000), chess.White, Inaccuracy, MateMissed},
		{"mate missed and mated", MateIn(2), MateIn(-1), chess.White, Blunder, MateMissed},
		{"Black misses its mate", MateIn(-2), CP(-300), chess.Black, Blunder, MateMissed},
		// Not judged: a slower mate, a faster one, mate given, a lost
		// position staying lost.
		{"mate in 2 to mate in 4", MateIn(2), MateIn(4), chess.White, Good, NoSwing},
		{"mate in 2 given", MateIn(1), MateIn(0), chess.White, Good, NoSwing},
		{"Black mates", MateIn(-1), MateIn(0), chess.Black, Good, NoSwing},
		{"mated anyway", MateIn(-2), CP(-900), chess.White, Good, NoSwing},
		{"mated anyway, sooner", MateIn(-3), MateIn(-1), chess.White, Good, NoSwing},
	} {
		j, swing := Judge(tt.before, tt.after, tt.mover)
		if j != tt.want || swing != tt.swing {
			t.Errorf("%s: %v %q, want %v %q", tt.name, j, swing, tt.want, tt.swing)
		}
	}
}

func TestJudgementText(t *testing.T) {
	for _, tt := range []struct {
		j            Judgement
		name, symbol string
		nag          chess.NAG
	}{
		{Good, "", "", 0},
		{Inaccuracy, "inaccuracy", "?!", chess.DubiousMove},
		{Mistake, "mistake", "?", chess.Mistake},
		{Blunder, "blunder", "??", chess.Blunder},
	} {
		b, err := json.Marshal(tt.j)
		var back Judgement
		if err == nil {
			err = json.Unmarshal(b, &back)
		}
		if tt.j.String() != tt.name || tt.j.Symbol() != tt.symbol || tt.j.NAG() != tt.nag || err != nil || back != tt.j {
			t.Errorf("%d: %q %q %v, JSON %s back %v (%v)", tt.j, tt.j, tt.j.Symbol(), tt.j.NAG(), b, back, err)
		}
	}
	var j Judgement
	if err := json.Unmarshal([]byte(`"brilliant"`), &j); err == nil {
		t.Error("an unknown judgement was read")
	}
}

func TestEvalText(t *testing.T) {
	for _, tt := range []struct {
		e               Eval
		text, pgn, json string
	}{
		{CP(35), "+0.35", "0.35", `{"cp":35}`},
		{CP(-120), "-1.20", "-1.20", `{"cp":-120}`},
		{CP(0), "0.00", "0.00", `{"cp":0}`},
		{MateIn(3), "#3", "#3", `{"mate":3}`},
		{MateIn(-2), "#-2", "#-2", `{"mate":-2}`},
		{MateIn(0), "#", "", `{"mate":0}`},
	} {
		b, err := json.Marshal(tt.e)
		var back Eval
		if err == nil {
			err = json.Unmarshal(b, &back)
		}
		if tt.e.String() != tt.text || tt.e.PGN() != tt.pgn || string(b) != tt.json || err != nil || back != tt.e {
			t.Errorf("%+v: %q %q %s, back %+v (%v)", tt.e, tt.e.String(), tt.e.PGN(), b, back, err)
		}
	}
	for _, bad := range []string{`{}`, `{"cp":1,"mate":2}`, `3`} {
		var e Eval
		if err := json.Unmarshal([]byte(bad), &e); err == nil {
			t.Errorf("%s was read as %+v", bad, e)
		}
	}
}

func TestEvalBefore(t *testing.T) {
	for _, tt := range []struct {
		after, want Eval
		mover       chess.Color
	}{
		{CP(40), CP(40), chess.White},
		{MateIn(0), MateIn(1), chess.White},
		{MateIn(0), MateIn(-1), chess.Black},
		{MateIn(2), MateIn(3), chess.White},   // White mates, and moves first
		{MateIn(2), MateIn(2), chess.Black},   // Black's forced move changes nothing
		{MateIn(-2), MateIn(-3), chess.Black}, // Black mates, and moves first
		{MateIn(-2), MateIn(-2), chess.White},
	} {
		if got := tt.after.before(tt.mover); got != tt.want {
			t.Errorf("%v before a move by %v: %v, want %v", tt.after, tt.mover, got, tt.want)
		}
	}
}

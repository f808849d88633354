package match

import (
	"math"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

func TestProgress(t *testing.T) {
	p := Progress{
		Game:  GameRecord{Round: 3, White: "A", Black: "B", Result: chess.WhiteWins, Reason: "White mates"},
		Tally: Tally{Wins: 2, Draws: 1},
		Done:  3,
		Total: 10,
	}
	if got, want := ProgressLine(p), "Game 3/10  A vs B  1-0  White mates  | +2 =1 -0"; got != want {
		t.Errorf("ProgressLine = %q, want %q", got, want)
	}
	tests := []struct {
		done, total int
		want        string
	}{
		{3, 10, "[###.......] 3/10  +2 =1 -0"},
		{0, 10, "[..........] 0/10  +2 =1 -0"},
		{10, 10, "[##########] 10/10  +2 =1 -0"},
		{1, 3, "[###.......] 1/3  +2 =1 -0"},
	}
	for _, tt := range tests {
		p.Done, p.Total = tt.done, tt.total
		if got := ProgressBar(p, 10); got != tt.want {
			t.Errorf("ProgressBar(%d/%d) = %q, want %q", tt.done, tt.total, got, tt.want)
		}
	}
}

func TestWriteSummary(t *testing.T) {
	sprt := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	tally := Tally{60, 20, 20}
	s := Summary{
		Names:        [2]string{"New", "Old"},
		Tally:        tally,
		Estimate:     tally.Estimate(),
		Planned:      100,
		SPRT:         &sprt,
		LLR:          sprt.LLR(tally),
		Status:       sprt.Status(tally),
		Terminations: map[string]int{TermNormal: 90, TermTimeForfeit: 10},
	}
	var b strings.Builder
	if err := WriteSummary(&b, s); err != nil {
		t.Fatal(err)
	}
	want := `Engine 1: New
Engine 2: Old
Games:    100 of 100
W/D/L:    +60 =20 -20 (engine 1's)
Score:    70.0%
Elo:      +147.2, 95% interval [+86.2, +218.3] (±66.0)
LOS:      100.0%
SPRT:     elo0=0 elo1=10 alpha=0.05 beta=0.05: LLR 1.73 in [-2.94, 2.94], continue
Endings:  normal 90, time forfeit 10
`
	if b.String() != want {
		t.Errorf("WriteSummary:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestWriteSummaryOneSided(t *testing.T) {
	tests := []struct {
		tally Tally
		want  string
	}{
		{Tally{Wins: 2}, "Elo:      +inf, no interval: every game had the same result\n"},
		{Tally{Draws: 4}, "Elo:      +0.0, no interval: every game had the same result\n"},
		{Tally{Wins: 3, Draws: 1}, "Elo:      +338.0, 95% interval [+117.4, +inf]\n"},
	}
	for _, tt := range tests {
		var b strings.Builder
		if err := WriteSummary(&b, Summary{Tally: tt.tally, Estimate: tt.tally.Estimate(), Planned: 4}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("WriteSummary(%+v):\n%s\nwant a line %q", tt.tally, b.String(), tt.want)
		}
	}
}

func TestWriteSummaryNoGames(t *testing.T) {
	var b strings.Builder
	s := Summary{Names: [2]string{"a", "b"}, Planned: 10, Stopped: "interrupted"}
	if err := WriteSummary(&b, s); err != nil {
		t.Fatal(err)
	}
	want := "Engine 1: a\nEngine 2: b\nGames:    0 of 10\nW/D/L:    +0 =0 -0 (engine 1's)\nStopped:  interrupted\n"
	if b.String() != want {
		t.Errorf("WriteSummary:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestFormatElo(t *testing.T) {
	tests := []struct {
		x    float64
		want string
	}{
		{0, "+0.0"}, {math.Copysign(0, -1), "+0.0"}, {-0.04, "+0.0"}, {-12.34, "-12.3"}, {math.Inf(1), "+inf"}, {math.Inf(-1), "-inf"},
	}
	for _, tt := range tests {
		if got := formatElo(tt.x); got != tt.want {
			t.Errorf("formatElo(%g) = %q, want %q", tt.x, got, tt.want)
		}
	}
}

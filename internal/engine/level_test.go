package engine

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
)

// allLevels are the names Levels returns, in its order.
var allLevels = []string{"1", "2", "3", "4", "5", "6", "7", "2000", "2200", "2400", "2600", "8", "classic", "max"}

func TestParseLevel(t *testing.T) {
	for _, name := range append(allLevels, "800", "850", "1900", "2800") {
		l, err := ParseLevel(name)
		if err != nil {
			t.Errorf("ParseLevel(%q): %v", name, err)
			continue
		}
		if l.Name != name || l.String() != name {
			t.Errorf("ParseLevel(%q) = level named %q (String %q)", name, l.Name, l.String())
		}
		if l.Classic != (name == "classic") {
			t.Errorf("ParseLevel(%q).Classic = %v", name, l.Classic)
		}
	}
	tests := []struct{ name, want string }{
		{"", "unknown level"}, {"Max", "unknown level"}, {"CLASSIC", "unknown level"}, {" 1", "unknown level"},
		{"level 1", "unknown level"}, {"elo 1500", "unknown level"}, {"x", "unknown level"}, {"-1", "unknown level"},
		{"1 ", "not a number"}, {"0", "below 800"}, {"9", "below 800"}, {"10", "below 800"}, {"750", "below 800"},
		{"2850", "above 2800"}, {"2210", "not a multiple of 50"}, {"1e3", "not a number"},
	}
	for _, tc := range tests {
		l, err := ParseLevel(tc.name)
		if err == nil {
			t.Errorf("ParseLevel(%q) = %+v, want an error", tc.name, l)
		} else if !strings.HasPrefix(err.Error(), "engine: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseLevel(%q) error %q, want the package prefix and %q", tc.name, err, tc.want)
		}
	}
	if got := (Level{}).String(); got != "max" {
		t.Errorf("zero Level String = %q, want max", got)
	}
}

func TestCheckElo(t *testing.T) {
	tests := []struct {
		text string
		want string // in the error, or "" for none
	}{
		{"800", ""}, {"850", ""}, {"1400", ""}, {"2200", ""}, {"2800", ""},
		{"799", "strength 799 is below 800, the weakest (choose a number from 800 to 2800 in steps of 50)"},
		{"0", "strength 0 is below 800"}, {"-50", "not a number"},
		{"2801", "strength 2801 is above 2800, the strongest"}, {"2850", "above 2800"}, {"100000", "above 2800"},
		{"2210", "strength 2210 is not a multiple of 50 (choose a number from 800 to 2800 in steps of 50)"},
		{"825", "not a multiple of 50"},
		{"", `strength "" is not a number`}, {"abc", `strength "abc" is not a number`}, {"2200.0", "not a number"}, {"+2200", "not a number"},
	}
	for _, tc := range tests {
		elo, err := ParseElo(tc.text)
		if tc.want == "" {
			if err != nil || strconv.Itoa(elo) != tc.text {
				t.Errorf("ParseElo(%q) = %d, %v; want it accepted", tc.text, elo, err)
			}
			if err := CheckElo(elo); err != nil {
				t.Errorf("CheckElo(%d) = %v", elo, err)
			}
			continue
		}
		if err == nil || !strings.HasPrefix(err.Error(), "engine: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseElo(%q) error %v, want the package prefix and %q", tc.text, err, tc.want)
		}
		if n, convErr := strconv.Atoi(tc.text); convErr == nil && !strings.Contains(tc.want, "not a number") {
			if cerr := CheckElo(n); cerr == nil || cerr.Error() != err.Error() {
				t.Errorf("CheckElo(%d) = %v, want ParseElo's %v", n, cerr, err)
			}
			if l, lerr := EloLevel(n); lerr == nil || lerr.Error() != err.Error() {
				t.Errorf("EloLevel(%d) = %+v, %v, want ParseElo's error", n, l, lerr)
			}
		}
	}
}

func TestLevelsOrder(t *testing.T) {
	ls := Levels()
	if len(ls) != len(allLevels) {
		t.Fatalf("Levels() has %d levels, want %d", len(ls), len(allLevels))
	}
	for i, l := range ls {
		if l.Name != allLevels[i] {
			t.Errorf("Levels()[%d] = %q, want %q", i, l.Name, allLevels[i])
		}
	}
	ls[0].Name = "changed"
	if Levels()[0].Name != "1" {
		t.Errorf("Levels returns the table itself; want a copy")
	}
	// The presets are numbers on the scale, playing as their numbers do,
	// and grow stronger: Elo up, limits not tighter, randomness not
	// greater; full strength above them all.
	presets := ls[:len(allLevels)-3]
	for i, l := range presets {
		byNumber, err := EloLevel(l.Elo)
		if err != nil {
			t.Fatalf("preset %s: %v", l.Name, err)
		}
		byNumber.Name = l.Name
		if l != byNumber {
			t.Errorf("preset %s = %+v, want the limits of %d, %+v", l.Name, l, l.Elo, byNumber)
		}
		if l.ByNumber() != (l.Elo >= 2000) {
			t.Errorf("preset %s: ByNumber() = %v", l.Name, l.ByNumber())
		}
		if i > 0 {
			if l.Elo <= presets[i-1].Elo {
				t.Errorf("level %s Elo %d not above level %s Elo %d", l.Name, l.Elo, presets[i-1].Name, presets[i-1].Elo)
			}
			checkNotWeaker(t, presets[i-1], l)
		}
	}
	checkNotWeaker(t, presets[len(presets)-1], ls[len(ls)-3])
	// Every number: the mapping is monotone, from the weakest to full
	// strength.
	prev, _ := EloLevel(MinElo)
	for elo := MinElo; elo <= MaxElo; elo += EloStep {
		l, err := EloLevel(elo)
		if err != nil {
			t.Fatalf("EloLevel(%d): %v", elo, err)
		}
		if l.Elo != elo || l.Name != strconv.Itoa(elo) || !l.ByNumber() || l.Classic || l.FullStrength() {
			t.Errorf("EloLevel(%d) = %+v", elo, l)
		}
		if back, err := ParseLevel(l.Name); err != nil || back != l {
			t.Errorf("ParseLevel(%q) = %+v, %v, want %+v", l.Name, back, err, l)
		}
		checkNotWeaker(t, prev, l)
		prev = l
	}
	checkNotWeaker(t, prev, Level{Name: "max"})
	// The table's rows are themselves the numbers' limits.
	for _, row := range strengths {
		l, _ := EloLevel(row.Elo)
		l.Name = ""
		if l != row {
			t.Errorf("EloLevel(%d) = %+v, want its row %+v", row.Elo, l, row)
		}
	}
}

// checkNotWeaker reports if b limits the search more than a or chooses
// more widely. A zero limit means none.
func checkNotWeaker(t *testing.T, a, b Level) {
	t.Helper()
	unlimited := func(v int64) int64 {
		if v == 0 {
			return 1 << 62
		}
		return v
	}
	if unlimited(int64(b.Depth)) < unlimited(int64(a.Depth)) {
		t.Errorf("%s depth %d below %s depth %d", b.Name, b.Depth, a.Name, a.Depth)
	}
	if unlimited(int64(b.Nodes)) < unlimited(int64(a.Nodes)) {
		t.Errorf("%s nodes %d below %s nodes %d", b.Name, b.Nodes, a.Name, a.Nodes)
	}
	if unlimited(int64(b.MoveTime)) < unlimited(int64(a.MoveTime)) {
		t.Errorf("%s movetime %v below %s movetime %v", b.Name, b.MoveTime, a.Name, a.MoveTime)
	}
	if max(b.Candidates, 1) > max(a.Candidates, 1) {
		t.Errorf("%s candidates %d above %s candidates %d", b.Name, b.Candidates, a.Name, a.Candidates)
	}
	if b.Temperature > a.Temperature {
		t.Errorf("%s temperature %d above %s temperature %d", b.Name, b.Temperature, a.Name, a.Temperature)
	}
	if b.Candidates > 1 && a.Candidates > 1 && b.Spread > a.Spread {
		t.Errorf("%s spread %d above %s spread %d", b.Name, b.Spread, a.Name, a.Spread)
	}
}

func TestLevelRestrict(t *testing.T) {
	l := Level{Depth: 5, Nodes: 1000}
	tests := []struct {
		in, want Limits
	}{
		{Limits{}, Limits{Depth: 5, Nodes: 1000}},
		{Limits{Depth: 3, Nodes: 500}, Limits{Depth: 3, Nodes: 500}},
		{Limits{Depth: 9, Nodes: 5000}, Limits{Depth: 5, Nodes: 1000}},
		{Limits{Depth: 5, Nodes: 1000, MoveTime: time.Second, MultiPV: 2}, Limits{Depth: 5, Nodes: 1000, MoveTime: time.Second, MultiPV: 2}},
	}
	for _, tc := range tests {
		if got := l.restrict(tc.in); got.Depth != tc.want.Depth || got.Nodes != tc.want.Nodes || got.MoveTime != tc.want.MoveTime || got.MultiPV != tc.want.MultiPV {
			t.Errorf("restrict(%+v) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
	if got := (Level{}).restrict(Limits{Depth: 7}); got.Depth != 7 || got.Nodes != 0 {
		t.Errorf("zero level restrict = %+v, want unchanged", got)
	}
}

func TestLevelCapBudget(t *testing.T) {
	l := Level{MoveTime: 300 * ms}
	tests := []struct {
		in, want timeBudget
	}{
		{timeBudget{}, timeBudget{soft: 300 * ms, hard: 300 * ms}},
		{timeBudget{soft: 100 * ms, hard: 200 * ms, flexible: true}, timeBudget{soft: 100 * ms, hard: 200 * ms, flexible: true}},
		// A capped budget is the level's fixed move time: no longer
		// flexible, nor a promise to use it all.
		{timeBudget{soft: 200 * ms, hard: 800 * ms, flexible: true}, timeBudget{soft: 200 * ms, hard: 300 * ms}},
		{timeBudget{soft: time.Second, hard: 4 * time.Second, flexible: true}, timeBudget{soft: 300 * ms, hard: 300 * ms}},
		// A shorter "go movetime" stays a promise.
		{timeBudget{soft: 200 * ms, hard: 200 * ms, fixed: true}, timeBudget{soft: 200 * ms, hard: 200 * ms, fixed: true}},
		{timeBudget{soft: 500 * ms, hard: 500 * ms, fixed: true}, timeBudget{soft: 300 * ms, hard: 300 * ms}},
	}
	for _, tc := range tests {
		if got := l.capBudget(tc.in); got != tc.want {
			t.Errorf("capBudget(%+v) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
	if got := (Level{}).capBudget(timeBudget{soft: 1, hard: 2, flexible: true}); got != (timeBudget{soft: 1, hard: 2, flexible: true}) {
		t.Errorf("zero level capBudget = %+v, want unchanged", got)
	}
}

func TestLevelChoose(t *testing.T) {
	moves := chess.StartingPosition().LegalMoves()
	cands := func(scores ...Score) []rootMove {
		rms := make([]rootMove, len(scores))
		for i, s := range scores {
			rms[i] = rootMove{move: moves[i], score: s, pv: []chess.Move{moves[i], moves[10+i]}}
		}
		return rms
	}
	l := Level{Candidates: 4, Spread: 100, Temperature: 40}
	tests := []struct {
		name    string
		cands   []rootMove
		allowed int // candidates that may be chosen (a prefix)
	}{
		{"all within spread", cands(50, 40, 20, -40), 4},
		{"one beyond spread", cands(50, 30, -49, -51), 3},
		{"only the best", cands(50, -60, -100, -500), 1},
		{"not searched this iteration", cands(50, 45, -Infinite, -Infinite), 2},
		{"forced mate", cands(MateIn(3), MateIn(5), 900, 800), 1},
		{"single candidate", cands(50), 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, 6))
			c0 := tc.cands[0]
			best := Result{BestMove: c0.move, PV: c0.pv, PonderMove: c0.pv[1], Score: c0.score, Depth: 4}
			count := map[chess.Move]int{}
			const draws = 2000
			for range draws {
				r := l.choose(tc.cands, best, rng)
				count[r.BestMove]++
				i := indexOf(tc.cands, r.BestMove)
				if i < 0 {
					t.Fatalf("chose %v, not a candidate", r.BestMove)
				}
				if i >= tc.allowed {
					t.Fatalf("chose candidate %d (%v, score %d), want one of the first %d", i, r.BestMove, tc.cands[i].score, tc.allowed)
				}
				if c := tc.cands[i]; r.Score != c.score || len(r.PV) == 0 || r.PV[0] != r.BestMove || r.PonderMove != c.pv[1] {
					t.Fatalf("chose %v with score %d PV %v ponder %v, want its own score %d, PV and ponder move", r.BestMove, r.Score, r.PV, r.PonderMove, c.score)
				}
				if r.Depth != best.Depth {
					t.Fatalf("choose changed Depth to %d", r.Depth)
				}
			}
			top := tc.cands[0].move
			for m, n := range count {
				if m != top && n >= count[top] {
					t.Errorf("%v chosen %d times, the best %v only %d", m, n, top, count[top])
				}
			}
			if tc.allowed > 1 && count[top] == draws {
				t.Errorf("the best was chosen every time; want some variety")
			}
		})
	}
}

func indexOf(cands []rootMove, m chess.Move) int {
	for i, c := range cands {
		if c.move == m {
			return i
		}
	}
	return -1
}

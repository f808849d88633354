package engine

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
)

func TestParseLevel(t *testing.T) {
	names := []string{"1", "2", "3", "4", "5", "6", "7", "8", "classic", "max"}
	for _, name := range names {
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
	for _, bad := range []string{"", "0", "9", "10", "-1", "Max", "CLASSIC", " 1", "1 ", "level 1", "elo 1500", "x"} {
		if l, err := ParseLevel(bad); err == nil {
			t.Errorf("ParseLevel(%q) = %+v, want an error", bad, l)
		} else if !strings.HasPrefix(err.Error(), "engine: ") {
			t.Errorf("ParseLevel(%q) error %q, want the package prefix", bad, err)
		}
	}
	if got := (Level{}).String(); got != "max" {
		t.Errorf("zero Level String = %q, want max", got)
	}
}

func TestLevelsOrder(t *testing.T) {
	ls := Levels()
	want := []string{"1", "2", "3", "4", "5", "6", "7", "8", "classic", "max"}
	if len(ls) != len(want) {
		t.Fatalf("Levels() has %d levels, want %d", len(ls), len(want))
	}
	for i, l := range ls {
		if l.Name != want[i] {
			t.Errorf("Levels()[%d] = %q, want %q", i, l.Name, want[i])
		}
	}
	ls[0].Name = "changed"
	if Levels()[0].Name != "1" {
		t.Errorf("Levels returns the table itself; want a copy")
	}
	// The numbered levels grow stronger: Elo up, limits not tighter,
	// randomness not greater.
	for i := 1; i < 8; i++ {
		a, b := ls[i-1], ls[i]
		if b.Elo <= a.Elo {
			t.Errorf("level %s Elo %d not above level %s Elo %d", b.Name, b.Elo, a.Name, a.Elo)
		}
		checkNotWeaker(t, a, b)
	}
}

// checkNotWeaker reports if b limits the search more than a or chooses
// more randomly. A zero limit means none.
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
	if b.Temperature > a.Temperature {
		t.Errorf("%s temperature %d above %s temperature %d", b.Name, b.Temperature, a.Name, a.Temperature)
	}
	if b.Candidates > 1 && a.Candidates > 1 && b.Spread > a.Spread {
		t.Errorf("%s spread %d above %s spread %d", b.Name, b.Spread, a.Name, a.Spread)
	}
}

func TestLevelForElo(t *testing.T) {
	lo, hi := LevelForElo(MinElo), LevelForElo(MaxElo)
	for _, elo := range []int{-100, 0, MinElo - 1} {
		if l := LevelForElo(elo); l.Elo != MinElo || l.Depth != lo.Depth || l.Nodes != lo.Nodes {
			t.Errorf("LevelForElo(%d) = %+v, want clamped to %+v", elo, l, lo)
		}
	}
	for _, elo := range []int{MaxElo + 1, 5000} {
		if l := LevelForElo(elo); l.Elo != MaxElo || l.Depth != hi.Depth || l.Nodes != hi.Nodes {
			t.Errorf("LevelForElo(%d) = %+v, want clamped to %+v", elo, l, hi)
		}
	}
	// At a numbered level's Elo, its settings.
	for _, name := range []string{"1", "3", "5", "7"} {
		want, _ := ParseLevel(name)
		got := LevelForElo(want.Elo)
		if got.Depth != want.Depth || got.Nodes != want.Nodes || got.MoveTime != want.MoveTime ||
			got.Candidates != want.Candidates || got.Spread != want.Spread || got.Temperature != want.Temperature {
			t.Errorf("LevelForElo(%d) = %+v, want the settings of level %s %+v", want.Elo, got, name, want)
		}
	}
	if l := LevelForElo(2600); l.Depth != 0 || l.Nodes != 0 || l.Candidates > 1 {
		t.Errorf("LevelForElo(2600) = %+v, want full strength", l)
	}
	prev := LevelForElo(MinElo)
	for elo := MinElo + 25; elo <= MaxElo; elo += 25 {
		l := LevelForElo(elo)
		if l.Elo != elo || l.Name != "elo "+strconv.Itoa(elo) {
			t.Errorf("LevelForElo(%d): Elo %d name %q", elo, l.Elo, l.Name)
		}
		if l.Classic {
			t.Errorf("LevelForElo(%d) is classic", elo)
		}
		checkNotWeaker(t, prev, l)
		prev = l
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

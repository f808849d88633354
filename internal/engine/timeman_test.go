package engine

import (
	"context"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
)

const ms = time.Millisecond

func TestBudgetFor(t *testing.T) {
	tests := []struct {
		name       string
		l          Limits
		side       chess.Color
		soft, hard time.Duration
	}{
		{"no clock", Limits{}, chess.White, 0, 0},
		{"depth only", Limits{Depth: 8, Nodes: 1000}, chess.Black, 0, 0},
		{"other side's clock only", Limits{BTime: 60_000 * ms, BInc: ms}, chess.White, 0, 0},
		{"movetime", Limits{MoveTime: 1500 * ms, WTime: 10 * ms}, chess.White, 1500 * ms, 1500 * ms},
		// 60 s sudden death: 60/40 = 1.5 s soft, hard min(6 s, 15 s).
		{"sudden death", Limits{WTime: 60_000 * ms}, chess.White, 1500 * ms, 6000 * ms},
		{"sudden death black", Limits{WTime: 1 * ms, BTime: 60_000 * ms}, chess.Black, 1500 * ms, 6000 * ms},
		// 60 s + 1 s: soft 3 s + 0.75 s, hard min(15 s, 15 s + 0.5 s).
		{"increment", Limits{WTime: 60_000 * ms, WInc: 1000 * ms}, chess.White, 3750 * ms, 15000 * ms},
		// 20 moves to go: 60/20 = 3 s, hard min(12 s, 15 s).
		{"movestogo", Limits{WTime: 60_000 * ms, MovesToGo: 20}, chess.White, 3000 * ms, 12000 * ms},
		// movestogo above the default horizon is treated as the default.
		{"movestogo large", Limits{WTime: 60_000 * ms, MovesToGo: 80}, chess.White, 3000 * ms, 12000 * ms},
		// One move to go: soft 4 s is capped by hard = a quarter of the clock.
		{"last move before control", Limits{WTime: 4000 * ms, MovesToGo: 1}, chess.White, 1000 * ms, 1000 * ms},
		// 1.2 s left, no increment: soft 30 ms, hard min(120 ms, 300 ms).
		{"short clock", Limits{WTime: 1200 * ms}, chess.White, 30 * ms, 120 * ms},
		// 1 s left, 2 s increment: the increment comes only after the move,
		// so hard is half the clock (not 0.25 s + 1 s) and soft is capped by it.
		{"increment above the clock", Limits{WTime: 1000 * ms, WInc: 2000 * ms}, chess.White, 500 * ms, 500 * ms},
		// 30 ms left: soft 0.75 ms and hard 3 ms, raised to minThink.
		{"tiny clock", Limits{WTime: 30 * ms}, chess.White, minThink, minThink},
		// 100 ms left: soft 2.5 ms raised to minThink, hard 10 ms.
		{"small clock", Limits{WTime: 100 * ms}, chess.White, minThink, 10 * ms},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := budgetFor(tc.l, tc.side)
			if b.soft != tc.soft || b.hard != tc.hard {
				t.Errorf("budgetFor(%+v, %v) = soft %v hard %v, want soft %v hard %v", tc.l, tc.side, b.soft, b.hard, tc.soft, tc.hard)
			}
		})
	}
}

// TestBudgetForInvariants checks, over a grid of clocks, that a budget never
// thinks longer than the clock allows, that hard >= soft, and that both are
// at least minThink.
func TestBudgetForInvariants(t *testing.T) {
	clocks := []time.Duration{minThink, 6 * ms, 10 * ms, 50 * ms, 200 * ms, time.Second, 10 * time.Second, 5 * time.Minute, 3 * time.Hour}
	incs := []time.Duration{0, ms, 100 * ms, 2 * time.Second}
	for _, left := range clocks {
		for _, inc := range incs {
			for _, mtg := range []int{0, 1, 2, 5, 40, 100} {
				l := Limits{WTime: left, WInc: inc, BTime: time.Hour, MovesToGo: mtg}
				b := budgetFor(l, chess.White)
				if b.hard < b.soft {
					t.Errorf("%+v: hard %v < soft %v", l, b.hard, b.soft)
				}
				if b.soft < minThink || b.hard < minThink {
					t.Errorf("%+v: soft %v hard %v, want at least minThink %v", l, b.soft, b.hard, minThink)
				}
				if b.hard > max(left, minThink) {
					t.Errorf("%+v: hard %v exceeds the %v left on the clock", l, b.hard, left)
				}
			}
		}
	}
}

// TestTimeScale checks the direction of the soft budget's scaling: a new or
// contested best move earns more time than a settled one.
func TestTimeScale(t *testing.T) {
	if a, b := timeScale(0, 0.8), timeScale(5, 0.8); a <= b {
		t.Errorf("a new best move scales by %v, a settled one by %v: want more for the new one", a, b)
	}
	if a, b := timeScale(3, 0.4), timeScale(3, 0.95); a <= b {
		t.Errorf("effort spread over moves scales by %v, on the best move by %v: want more when spread", a, b)
	}
	if s := timeScale(10, 1); s < 0.5 || s > 1 {
		t.Errorf("the most settled choice scales by %v, want within [0.5, 1]", s)
	}
}

func TestFallingEvalScale(t *testing.T) {
	tests := []struct {
		name      string
		prev, cur Score
		want      float64
	}{
		{"no previous search", -Infinite, 30, 1},
		{"unchanged", 40, 40, 1},
		{"fell 25", 40, 15, 1.2},
		{"fell a pawn: capped", 40, -60, 1.4},
		{"rose 5", 0, 5, 0.96},
		{"rose a pawn: capped", 0, 100, 0.9},
		{"previous mate", MateIn(5), 300, 1},
		{"now mated", 0, MatedIn(8), 1},
	}
	for _, tc := range tests {
		got := fallingEvalScale(tc.prev, tc.cur)
		if diff := got - tc.want; diff > 1e-9 || diff < -1e-9 {
			t.Errorf("%s: fallingEvalScale(%d, %d) = %v, want %v", tc.name, tc.prev, tc.cur, got, tc.want)
		}
	}
}

// TestPrevScoreFromLastSearch checks that a search knows the score of the
// engine's search two plies earlier in the same game, and only then.
func TestPrevScoreFromLastSearch(t *testing.T) {
	e := New(Options{HashMB: 1, Seed: 1})
	ctx := context.Background()
	start := chess.MustParseFEN(chess.StartFEN)
	r := e.Search(ctx, Params{Position: start, Limits: Limits{Depth: 5}})

	// twoPliesOn plays two moves from from and returns the position and
	// the game's history before it.
	twoPliesOn := func(from *chess.Position, moves ...string) (*chess.Position, []uint64) {
		p := *from
		var history []uint64
		for _, uci := range moves {
			m, err := p.ParseUCI(uci)
			if err != nil {
				t.Fatal(err)
			}
			history = append(history, p.Hash())
			p.MakeMove(m)
		}
		return &p, history
	}
	p, history := twoPliesOn(start, "e2e4", "e7e5")
	if s := e.newSearcher(ctx, &Params{Position: p, History: history}, e.workers[0]); s.prevScore != r.Score {
		t.Errorf("two plies after the last search: prevScore %d, want its score %d", s.prevScore, r.Score)
	}
	if s := e.newSearcher(ctx, &Params{Position: p}, e.workers[0]); s.prevScore != -Infinite {
		t.Errorf("without the game's history: prevScore %d, want -Infinite", s.prevScore)
	}
	other, otherHistory := twoPliesOn(p, "g1f3", "b8c6") // two plies after a root the engine did not search
	if s := e.newSearcher(ctx, &Params{Position: other, History: append(history, otherHistory...)}, e.workers[0]); s.prevScore != -Infinite {
		t.Errorf("two plies after another root: prevScore %d, want -Infinite", s.prevScore)
	}
	e.Clear()
	if s := e.newSearcher(ctx, &Params{Position: p, History: history}, e.workers[0]); s.prevScore != -Infinite {
		t.Errorf("after Clear: prevScore %d, want -Infinite", s.prevScore)
	}
}

// TestTimeForAnotherIteration checks when a new iteration may start: a
// fixed move time ("go movetime") lets one start until its end, where the
// hard limit stops it (before, none started after 60% of it, so "go
// movetime 1000" answered after 0.6 s); a clock budget or a level's cap
// stops starting them at iterationDeadline.
func TestTimeForAnotherIteration(t *testing.T) {
	second := time.Second
	tests := []struct {
		name      string
		budget    timeBudget
		pondering bool
		elapsed   time.Duration
		want      bool
	}{
		{"no budget", timeBudget{}, false, time.Hour, true},
		{"movetime, early", budgetFor(Limits{MoveTime: second}, chess.White), false, 100 * ms, true},
		{"movetime, past 60%", budgetFor(Limits{MoveTime: second}, chess.White), false, 700 * ms, true},
		{"movetime, nearly over", budgetFor(Limits{MoveTime: second}, chess.White), false, 990 * ms, true},
		{"level cap, early", Level{MoveTime: second}.capBudget(timeBudget{}), false, 0, true},
		{"level cap, past 60%", Level{MoveTime: second}.capBudget(timeBudget{}), false, 700 * ms, false},
		{"movetime above the level's cap", Level{MoveTime: second}.capBudget(budgetFor(Limits{MoveTime: 2 * second}, chess.White)), false, 700 * ms, false},
		{"clock, early", budgetFor(Limits{WTime: 60 * second}, chess.White), false, 0, true},
		{"clock, past the deadline", budgetFor(Limits{WTime: 60 * second}, chess.White), false, 2 * second, false},
		{"clock, pondering", budgetFor(Limits{WTime: 60 * second}, chess.White), true, 10 * second, true},
	}
	for _, tt := range tests {
		s := &searcher{budget: tt.budget, pondering: tt.pondering, start: time.Now().Add(-tt.elapsed), prevScore: -Infinite}
		if got := s.timeForAnotherIteration(0); got != tt.want {
			t.Errorf("%s: timeForAnotherIteration after %v of %+v = %v, want %v", tt.name, tt.elapsed, tt.budget, got, tt.want)
		}
	}
}

package play

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

const sec = time.Second

// wantClock fails the test unless the clocks show white and black, with
// the side to move's running or not.
func (f *fixture) wantClock(what string, white, black time.Duration, running bool) {
	f.t.Helper()
	st := f.g.Clock()
	if st.Remaining[chess.White] != white || st.Remaining[chess.Black] != black || st.Running != running {
		f.t.Errorf("%s: clocks %v / %v running %v, want %v / %v running %v", what,
			st.Remaining[chess.White], st.Remaining[chess.Black], st.Running, white, black, running)
	}
}

// TestClockCharges plays 3+2 between two people: no clock runs before a
// side's first move (lichess), which is charged nothing and earns no
// increment; then each move costs its time and earns the increment, and
// each move's reading is its player's time after it.
func TestClockCharges(t *testing.T) {
	f := start(t, Human, Human, TimeControl{3 * time.Minute, 2 * sec}, "")
	f.wantClock("at the start", 180*sec, 180*sec, false)
	if st := f.g.Clock(); st.ToMove != chess.White || st.TimeControl.String() != "3+2" {
		t.Errorf("state %+v", st)
	}
	f.clock.advance(10 * sec)
	f.wantClock("White over its first move", 180*sec, 180*sec, false)
	f.play("e4")
	f.wantClock("after 1. e4", 180*sec, 180*sec, false)
	f.clock.advance(5500 * time.Millisecond)
	f.play("e5")
	f.wantClock("after 1... e5", 180*sec, 180*sec, true)
	f.clock.advance(10 * sec)
	f.wantClock("White thinking", 170*sec, 180*sec, true)
	if d, ok := f.g.FlagIn(); !ok || d != 170*sec {
		t.Errorf("FlagIn = %v, %v", d, ok)
	}
	f.play("Nf3")
	f.clock.advance(5500 * time.Millisecond)
	f.play("Nc6")
	f.wantClock("after 2... Nc6", 172*sec, 176500*time.Millisecond, true)
	for ply, want := range map[int]time.Duration{1: 180 * sec, 2: 180 * sec, 3: 172 * sec, 4: 176500 * time.Millisecond} {
		if got, ok := f.g.Chess().Clock(ply); !ok || got != want {
			t.Errorf("reading after ply %d: %v, %v; want %v", ply, got, ok, want)
		}
	}
	// The game ends: the clock stops where it was.
	f.clock.advance(3 * sec)
	if err := f.g.Resign(ctx, chess.White); err != nil {
		t.Fatal(err)
	}
	f.clock.advance(time.Hour)
	f.wantClock("after resigning", 169*sec, 176500*time.Millisecond, false)
	if _, ok := f.g.FlagIn(); ok {
		t.Error("FlagIn after the end")
	}
}

// TestFlagFall lets time run out: by CheckFlag with nobody acting, and on a
// move made too late; a loss, or a draw when the winner could never mate.
func TestFlagFall(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		first string // each side's first move (White's clock then runs)
		late  bool   // the move comes after the time ran out
		want  chess.Outcome
	}{
		{"nobody acts", "", "Nf3 Nf6", false, chess.Outcome{Result: chess.BlackWins, Reason: chess.TimeForfeit}},
		{"a late move", "", "Nf3 Nf6", true, chess.Outcome{Result: chess.BlackWins, Reason: chess.TimeForfeit}},
		{"the winner has a bare king", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "Kd1 Kd8", false, chess.Outcome{Result: chess.Draw, Reason: chess.TimeForfeit}},
		{"the winner has a lone knight against a queen", "4kn2/8/8/8/8/8/8/3QK3 w - - 0 1", "Kf1 Ke7", true, chess.Outcome{Result: chess.Draw, Reason: chess.TimeForfeit}},
		{"the winner has a rook", "4k2r/8/8/8/8/8/8/4K3 w - - 0 1", "Kd1 Kd8", false, chess.Outcome{Result: chess.BlackWins, Reason: chess.TimeForfeit}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := start(t, Human, Human, TimeControl{Limit: time.Minute}, tt.fen)
			f.play(strings.Fields(tt.first)...)
			f.clock.advance(time.Minute - time.Millisecond)
			if flagged, err := f.g.CheckFlag(ctx); flagged || err != nil {
				t.Fatalf("CheckFlag with 1 ms left: %v, %v", flagged, err)
			}
			f.clock.advance(time.Millisecond)
			if tt.late {
				m := f.g.Chess().Position().LegalMoves()[0]
				refused(t, "a move after the flag", f.g.Move(ctx, m), "time is up")
			} else if flagged, err := f.g.CheckFlag(ctx); !flagged || err != nil {
				t.Fatalf("CheckFlag at 0: %v, %v", flagged, err)
			}
			f.checkKept()
			if got := f.g.Outcome(); got != tt.want {
				t.Errorf("outcome %v, want %v", got, tt.want)
			}
			f.wantClock("after the flag", 0, time.Minute, false)
			if f.g.Chess().Len() != 2 {
				t.Error("the late move was played")
			}
		})
	}
}

// TestClockPauses: no clock runs while the game is paused; a person may
// still move, and the move is charged only the time before the pause.
func TestClockPauses(t *testing.T) {
	f := start(t, Human, ai, TimeControl{Limit: time.Minute}, "")
	f.play("e4", "e5")
	f.clock.advance(10 * sec)
	if err := f.g.SetPaused(ctx, true); err != nil {
		t.Fatal(err)
	}
	f.checkKept()
	f.clock.advance(time.Hour)
	f.wantClock("paused", 50*sec, 60*sec, false)
	f.play("Nf3")
	f.wantClock("a move while paused", 50*sec, 60*sec, false)
	if f.g.AIDue() {
		t.Error("the AI is due while paused")
	}
	if err := f.g.SetPaused(ctx, false); err != nil {
		t.Fatal(err)
	}
	f.clock.advance(5 * sec)
	f.wantClock("going on", 50*sec, 55*sec, true)
}

// TestClockTakebackAndRedo: a takeback sets the clocks back to what they
// showed in the position it returns to, and redo to what they showed after
// the moves it plays again.
func TestClockTakebackAndRedo(t *testing.T) {
	f := start(t, Human, ai, TimeControl{3 * time.Minute, 2 * sec}, "")
	f.play("e4", "e5")
	f.clock.advance(10 * sec)
	f.play("Nf3")
	f.clock.advance(3 * sec)
	f.play("Nc6")
	f.wantClock("after 2... Nc6", 172*sec, 179*sec, true)
	f.clock.advance(20 * sec)
	f.play("Bb5")
	f.clock.advance(time.Second)
	f.play("a6")
	f.wantClock("after 3... a6", 154*sec, 180*sec, true)
	f.clock.advance(7 * sec)
	if _, err := f.g.Takeback(ctx); err != nil {
		t.Fatal(err)
	}
	f.checkKept()
	f.wantClock("after the takeback", 172*sec, 179*sec, true)
	f.clock.advance(time.Second)
	if _, err := f.g.Redo(ctx); err != nil {
		t.Fatal(err)
	}
	f.checkKept()
	f.wantClock("after redo", 154*sec, 180*sec, true)
	if d, _ := f.g.Chess().Clock(6); d != 180*sec {
		t.Errorf("reading of 2... Nc6 after redo: %v", d)
	}
}

// TestClockStart: a limit of 0 starts each side with the increment, but
// at least 3 seconds.
func TestClockStart(t *testing.T) {
	for _, tt := range []struct {
		tc   TimeControl
		want time.Duration
	}{
		{TimeControl{Increment: 1 * sec}, 3 * sec},
		{TimeControl{Increment: 5 * sec}, 5 * sec},
		{TimeControl{Limit: time.Minute}, time.Minute},
	} {
		f := start(t, Human, Human, tt.tc, "")
		f.wantClock(tt.tc.String(), tt.want, tt.want, false) // no clock runs before the first move
	}
	f := start(t, Human, Human, TimeControl{}, "")
	if st := f.g.Clock(); st != (ClockState{}) {
		t.Errorf("untimed game: clock %+v", st)
	}
}

// TestSuspendAndResume: the time a program is stopped is charged to
// nobody, whether it stopped cleanly (Suspend) or crashed.
func TestSuspendAndResume(t *testing.T) {
	f := start(t, Human, Human, TimeControl{Limit: 3 * time.Minute}, "")
	f.play("e4", "e5")
	f.clock.advance(10 * sec)
	f.play("Nf3")
	f.clock.advance(4 * sec)
	crashed := f.keep.last() // the record as a crash would leave it
	if err := f.g.Suspend(ctx); err != nil {
		t.Fatal(err)
	}
	f.checkKept()
	suspended := f.keep.last()
	if !suspended.Since.IsZero() || suspended.Spent != 4*sec {
		t.Errorf("suspended record: spent %v since %v", suspended.Spent, suspended.Since)
	}

	for _, tt := range []struct {
		name  string
		r     *Record
		black time.Duration // Black's time once resumed
	}{
		{"after a shutdown", suspended, 176 * sec},
		{"after a crash", crashed, 180 * sec},
	} {
		later := newTestClock()
		later.advance(time.Hour)
		observed, err := Restore(tt.r, Options{Now: later.now})
		if err != nil {
			t.Fatal(err)
		}
		keep := &memKeeper{}
		g, _ := Restore(tt.r, Options{Now: later.now, Keeper: keep})
		if err := g.Resume(ctx); err != nil {
			t.Fatal(err)
		}
		st := g.Clock()
		if st.Remaining[chess.Black] != tt.black || st.Remaining[chess.White] != 170*sec || !st.Running {
			t.Errorf("%s: resumed at %v / %v running %v; want 170s / %v", tt.name, st.Remaining[chess.White], st.Remaining[chess.Black], st.Running, tt.black)
		}
		if len(keep.kept) != 1 || !keep.last().Since.Equal(later.now()) {
			t.Errorf("%s: the resumed clock was not kept", tt.name)
		}
		// Restored without Resume, the game is as the record left it: a
		// crashed program's clock ran on.
		wantRunning := tt.r == crashed
		if st := observed.Clock(); st.Running != wantRunning || (wantRunning && st.Remaining[chess.Black] != 0) {
			t.Errorf("%s: restored without Resume: %+v", tt.name, st)
		}
	}
}

// TestAISearchOnTheClock: the AI's search gets both clocks (its own less
// MoveOverhead) and the increment; untimed, a move time; and PlayAI refuses
// a move found for another version of the game, or found too late.
func TestAISearchOnTheClock(t *testing.T) {
	f := start(t, Human, ai, TimeControl{3 * time.Minute, 2 * sec}, "")
	if _, _, ok := f.g.AISearch(time.Second); ok {
		t.Error("AISearch on the person's turn")
	}
	f.play("e4", "e5")
	f.clock.advance(8 * sec)
	f.play("Nf3")
	f.clock.advance(time.Second) // waiting for a worker
	p, v, ok := f.g.AISearch(time.Second)
	want := engine.Limits{WTime: 174 * sec, BTime: 179*sec - MoveOverhead, WInc: 2 * sec, BInc: 2 * sec}
	if !ok || p.Limits.WTime != want.WTime || p.Limits.BTime != want.BTime || p.Limits.WInc != want.WInc ||
		p.Limits.BInc != want.BInc || p.Limits.MoveTime != 0 || p.Level != level1 || len(p.History) != 3 {
		t.Errorf("AISearch = %+v, %v; want limits %+v at level 1", p, ok, want)
	}
	m := p.Position.LegalMoves()[0]
	if err := f.g.PlayAI(ctx, v+1, m); err == nil {
		t.Error("PlayAI at another version succeeded")
	}
	if err := f.g.PlayAI(ctx, v, m); err != nil {
		t.Fatal(err)
	}
	if err := f.g.PlayAI(ctx, f.g.Version(), m); err == nil {
		t.Error("PlayAI on the person's turn succeeded")
	}

	// The AI's time runs out before its move arrives: it loses on time.
	f.play("d4")
	_, v, _ = f.g.AISearch(time.Second)
	f.clock.advance(10 * time.Minute)
	m = f.g.Chess().Position().LegalMoves()[0]
	refused(t, "a move after the AI's flag", f.g.PlayAI(ctx, v, m), "time is up")
	if o := f.g.Outcome(); o != (chess.Outcome{Result: chess.WhiteWins, Reason: chess.TimeForfeit}) {
		t.Errorf("outcome %v", o)
	}

	// Without increment the AI keeps MoveOverhead in hand for each of the
	// next reserveMoves moves; with too little left, it plans with 1 ms.
	sd := start(t, Human, ai, TimeControl{Limit: time.Minute}, "")
	sd.play("e4", "e5", "Nf3")
	if p, _, _ := sd.g.AISearch(time.Second); p.Limits.BTime != time.Minute-reserveMoves*MoveOverhead || p.Limits.BInc != 0 {
		t.Errorf("sudden death: AISearch limits %+v", p.Limits)
	}
	sd.clock.advance(time.Minute - time.Second)
	if p, _, _ := sd.g.AISearch(time.Second); p.Limits.BTime != time.Millisecond {
		t.Errorf("sudden death, 1 s left: AISearch limits %+v", p.Limits)
	}

	untimed := start(t, ai, Human, TimeControl{}, "")
	if p, _, ok := untimed.g.AISearch(700 * time.Millisecond); !ok || p.Limits.MoveTime != 700*time.Millisecond || p.Limits.WTime != 0 {
		t.Errorf("untimed AISearch = %+v, %v", p.Limits, ok)
	}
	paused := start(t, ai, Human, TimeControl{}, "")
	_ = paused.g.SetPaused(ctx, true)
	if _, _, ok := paused.g.AISearch(time.Second); ok {
		t.Error("AISearch while paused")
	}
}

// TestKeepFirst: when keeping fails, no change is made, whatever it was.
func TestKeepFirst(t *testing.T) {
	boom := errors.New("disk full")
	changes := []struct {
		name string
		do   func(f *fixture) error
	}{
		{"move", func(f *fixture) error { return f.g.MoveText(ctx, "Nf3") }},
		{"takeback", takeback},
		{"resign", resign(chess.White)},
		{"claim", claim},
		{"offer", func(f *fixture) error { return f.g.OfferDraw(ctx, chess.White) }},
		{"pause", func(f *fixture) error { return f.g.SetPaused(ctx, true) }},
		{"flag", flagFalls},
		{"suspend", func(f *fixture) error { return f.g.Suspend(ctx) }},
	}
	for _, c := range changes {
		f := start(t, Human, Human, TimeControl{Limit: time.Minute}, "")
		f.play(strings.Fields(threefold)...)
		f.keep.fail = boom
		before, version := f.g.record(), f.g.Version()
		if err := c.do(f); !errors.Is(err, boom) {
			t.Errorf("%s: %v, want the keeper's error", c.name, err)
		}
		if !sameRecord(before, f.g.record()) || f.g.Version() != version {
			t.Errorf("%s: the game changed though it was not kept", c.name)
		}
		f.keep.fail = nil
	}
	f := start(t, Human, Human, TimeControl{}, "")
	f.play("e4", "e5")
	if _, err := f.g.Takeback(ctx); err != nil {
		t.Fatal(err)
	}
	f.keep.fail = boom
	if _, err := f.g.Redo(ctx); !errors.Is(err, boom) || f.sans() != "e4" || !f.g.CanRedo() {
		t.Errorf("redo not kept: %v, moves %q, can redo %v", err, f.sans(), f.g.CanRedo())
	}
	if _, err := New(ctx, Setup{}, Options{Keeper: f.keep}); !errors.Is(err, boom) {
		t.Errorf("New not kept: %v", err)
	}
}

// TestSetLevel changes the AI's level; a person has none.
func TestSetLevel(t *testing.T) {
	f := start(t, Human, ai, TimeControl{}, "")
	if err := f.g.SetLevel(ctx, chess.Black, AI(mustLevel("max"))); err != nil {
		t.Fatal(err)
	}
	f.checkKept()
	if p := f.g.Players()[chess.Black]; p.LevelName() != "max" {
		t.Errorf("Black is %v", p)
	}
	refused(t, "a level for a person", f.g.SetLevel(ctx, chess.White, ai), "played by a person")
}

// slowKeeper keeps in memory, and its keeping takes d on the test clock.
type slowKeeper struct {
	memKeeper
	clock *testClock
	d     time.Duration
}

func (k *slowKeeper) Keep(ctx context.Context, r *Record) error {
	k.clock.advance(k.d)
	return k.memKeeper.Keep(ctx, r)
}

// TestKeepingIsNotCharged: the time a move takes to keep (a slow disk) is
// charged neither to its player nor to the next.
func TestKeepingIsNotCharged(t *testing.T) {
	clock := newTestClock()
	k := &slowKeeper{clock: clock, d: 3 * sec}
	g, err := New(ctx, Setup{Players: [2]Player{Human, Human}, Clock: TimeControl{Limit: time.Minute}}, Options{Keeper: k, Now: clock.now})
	if err != nil {
		t.Fatal(err)
	}
	for _, first := range []string{"e4", "e5"} {
		if err := g.MoveText(ctx, first); err != nil {
			t.Fatal(err)
		}
	}
	clock.advance(10 * sec)
	if err := g.MoveText(ctx, "Nf3"); err != nil {
		t.Fatal(err)
	}
	if st := g.Clock(); st.Remaining[chess.White] != 50*sec || st.Remaining[chess.Black] != 60*sec {
		t.Errorf("after 10 s and a move kept in 3 s: %v / %v, want 50s / 60s", st.Remaining[chess.White], st.Remaining[chess.Black])
	}
}

// TestRecordDeadline: the record kept after each change says when the side
// to move's time runs out, the moment FlagIn counts down to; nothing when
// no clock runs.
func TestRecordDeadline(t *testing.T) {
	f := start(t, Human, Human, TimeControl{3 * time.Minute, 2 * sec}, "")
	steps := []struct {
		name    string
		do      func()
		running bool
	}{
		{"at the start", func() {}, true},
		{"White used 10 s", func() { f.clock.advance(10 * sec); f.play("e4") }, true},
		{"Black used 5.5 s", func() { f.clock.advance(5500 * time.Millisecond); f.play("e5") }, true},
		{"paused", func() { f.clock.advance(3 * sec); must(t, f.g.SetPaused(ctx, true)) }, false},
		{"going on", func() { f.clock.advance(time.Hour); must(t, f.g.SetPaused(ctx, false)) }, true},
		{"taken back", func() { f.clock.advance(sec); _, err := f.g.Takeback(ctx); must(t, err) }, true},
		{"suspended", func() { f.clock.advance(sec); must(t, f.g.Suspend(ctx)) }, false},
		{"resumed", func() { f.clock.advance(time.Minute); must(t, f.g.Resume(ctx)) }, true},
		{"flagged", func() { f.clock.advance(time.Hour); _, err := f.g.CheckFlag(ctx); must(t, err) }, false},
	}
	for _, st := range steps {
		st.do()
		f.checkKept()
		got := f.keep.last().Deadline()
		left, running := f.g.FlagIn()
		switch {
		case running != st.running:
			t.Errorf("%s: clock running %v, want %v", st.name, running, st.running)
		case running && !got.Equal(f.clock.now().Add(left)):
			t.Errorf("%s: deadline %v, want %v (now and %v left)", st.name, got, f.clock.now().Add(left), left)
		case !running && !got.IsZero():
			t.Errorf("%s: deadline %v with no clock running", st.name, got)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestFirstMoves: as on lichess, no side's clock runs before its first
// move, and a person whose first move does not come within FirstMoveLimit
// (FirstMoveLimitAI against the AI) has the game aborted: by CheckFlag
// with nobody acting, or refusing a move too late. The AI's first move has
// no limit; neither has an untimed or paused game.
func TestFirstMoves(t *testing.T) {
	aborted := chess.Outcome{Reason: chess.Aborted}
	tests := []struct {
		name         string
		white, black Player
		tc           TimeControl
		first        string        // moves played before the wait
		pause        bool          // paused before the wait
		limit        time.Duration // the time before the abort; 0: none
		late         bool          // a move comes after it, rather than CheckFlag
	}{
		{"White never moves", Human, Human, TimeControl{Limit: 3 * time.Minute}, "", false, FirstMoveLimit, false},
		{"White's first move too late", Human, Human, TimeControl{Limit: 3 * time.Minute}, "", false, FirstMoveLimit, true},
		{"Black never moves", Human, Human, TimeControl{3 * time.Minute, 2 * sec}, "e4", false, FirstMoveLimit, false},
		{"a person against the AI", Human, ai, TimeControl{Limit: time.Minute}, "", false, FirstMoveLimitAI, false},
		{"a person after the AI's first move", ai, Human, TimeControl{Limit: time.Minute}, "e4", false, FirstMoveLimitAI, true},
		{"a limit longer than the clock", Human, Human, TimeControl{Increment: sec}, "e4", false, FirstMoveLimit, false},
		{"the AI's first move", ai, Human, TimeControl{Limit: time.Minute}, "", false, 0, false},
		{"untimed", Human, Human, TimeControl{}, "", false, 0, false},
		{"paused", Human, ai, TimeControl{Limit: time.Minute}, "", true, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := start(t, tt.white, tt.black, tt.tc, "")
			f.play(strings.Fields(tt.first)...)
			if tt.pause {
				must(t, f.g.SetPaused(ctx, true))
			}
			start := tt.tc.Start()
			if tt.limit == 0 {
				f.clock.advance(time.Hour)
				if flagged, err := f.g.CheckFlag(ctx); flagged || err != nil {
					t.Fatalf("CheckFlag after an hour: %v, %v", flagged, err)
				}
				if left, ok := f.g.FlagIn(); ok || !f.keep.last().Deadline().IsZero() {
					t.Errorf("FlagIn = %v, %v; deadline %v; want none", left, ok, f.keep.last().Deadline())
				}
				f.wantClock("after an hour", start, start, false)
				return
			}
			f.clock.advance(tt.limit - time.Millisecond)
			if flagged, err := f.g.CheckFlag(ctx); flagged || err != nil {
				t.Fatalf("CheckFlag with 1 ms left: %v, %v", flagged, err)
			}
			f.wantClock("with 1 ms left", start, start, false)
			if left, ok := f.g.FlagIn(); !ok || left != time.Millisecond {
				t.Errorf("FlagIn = %v, %v; want 1ms", left, ok)
			}
			if d := f.keep.last().Deadline(); !d.Equal(f.clock.now().Add(time.Millisecond)) {
				t.Errorf("deadline %v, want in 1 ms", d)
			}
			f.clock.advance(time.Millisecond)
			if tt.late {
				refused(t, "a first move too late", f.g.MoveText(ctx, "d5"), "made no first move within")
			} else if flagged, err := f.g.CheckFlag(ctx); !flagged || err != nil {
				t.Fatalf("CheckFlag at the limit: %v, %v", flagged, err)
			}
			f.checkKept()
			if got := f.g.Outcome(); got != aborted {
				t.Errorf("outcome %v, want aborted", got)
			}
			if f.sans() != tt.first {
				t.Errorf("moves %q, want %q", f.sans(), tt.first)
			}
			f.wantClock("aborted", start, start, false)
			if _, ok := f.g.FlagIn(); ok || !f.keep.last().Deadline().IsZero() {
				t.Error("a timer runs after the abort")
			}
			g, err := Restore(f.keep.last(), Options{})
			if err != nil || g.Outcome() != aborted {
				t.Errorf("restored: %v, %v", g, err)
			}
		})
	}
}

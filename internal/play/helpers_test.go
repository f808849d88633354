package play

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

var ctx = context.Background()

// testClock is a fake time source: time moves only when a test says.
type testClock struct{ t time.Time }

func newTestClock() *testClock {
	return &testClock{time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *testClock) now() time.Time          { return c.t }
func (c *testClock) advance(d time.Duration) { c.t = c.t.Add(d) }

// memKeeper keeps records in memory; Keep fails with fail when it is set.
type memKeeper struct {
	kept []*Record
	fail error
}

func (k *memKeeper) Keep(_ context.Context, r *Record) error {
	if k.fail != nil {
		return k.fail
	}
	c := *r
	c.Moves = slices.Clone(r.Moves)
	c.Clocks = slices.Clone(r.Clocks)
	k.kept = append(k.kept, &c)
	return nil
}

// last returns the record kept last.
func (k *memKeeper) last() *Record { return k.kept[len(k.kept)-1] }

var (
	level1 = mustLevel("1")
	ai     = AI(level1)
)

func mustLevel(name string) engine.Level {
	l, err := engine.ParseLevel(name)
	if err != nil {
		panic(err)
	}
	return l
}

// fixture is a game under test with its fake clock and keeper.
type fixture struct {
	t     *testing.T
	g     *Game
	clock *testClock
	keep  *memKeeper
}

// start begins a game between white and black from fen ("" for the
// standard position) on clock tc.
func start(t *testing.T, white, black Player, tc TimeControl, fen string) *fixture {
	t.Helper()
	f := &fixture{t: t, clock: newTestClock(), keep: &memKeeper{}}
	var cg *chess.Game
	if fen != "" {
		cg = chess.NewGameFromPosition(chess.MustParseFEN(fen))
	}
	g, err := New(ctx, Setup{Game: cg, Players: [2]Player{white, black}, Clock: tc}, Options{Keeper: f.keep, Now: f.clock.now})
	if err != nil {
		t.Fatal(err)
	}
	f.g = g
	f.checkKept()
	return f
}

// play plays moves in SAN, each by whoever is to move: a person's with
// Move, the AI's with PlayAI.
func (f *fixture) play(sans ...string) {
	f.t.Helper()
	for _, san := range sans {
		m, err := f.g.Chess().Position().ParseMove(san)
		if err != nil {
			f.t.Fatalf("%s: %v", san, err)
		}
		if f.g.AIToMove() {
			err = f.g.PlayAI(ctx, f.g.Version(), m)
		} else {
			err = f.g.Move(ctx, m)
		}
		if err != nil {
			f.t.Fatalf("playing %s: %v", san, err)
		}
		f.checkKept()
	}
}

// checkKept fails the test unless the last record kept is the game as it
// is: memory never runs ahead of (or behind) what was kept.
func (f *fixture) checkKept() {
	f.t.Helper()
	if f.g.keeper == nil {
		return
	}
	got, want := f.g.record(), f.keep.last()
	if got.Start.FEN() != want.Start.FEN() || !slices.Equal(got.Moves, want.Moves) || !slices.Equal(got.Clocks, want.Clocks) ||
		got.Outcome != want.Outcome || got.Players != want.Players || got.Paused != want.Paused ||
		got.TimeControl != want.TimeControl || got.Spent != want.Spent || !got.Since.Equal(want.Since) {
		f.t.Fatalf("the game is not what was kept:\ngame %+v\nkept %+v", got, want)
	}
}

// sans returns the game's moves in SAN, space-separated.
func (f *fixture) sans() string { return strings.Join(f.g.Chess().SANMoves(), " ") }

// refused fails the test unless err is a RuleError whose text holds want.
func refused(t *testing.T, what string, err error, want string) {
	t.Helper()
	var re *RuleError
	switch {
	case err == nil:
		t.Errorf("%s: allowed, want refused (%q)", what, want)
	case !errors.As(err, &re):
		t.Errorf("%s: %v, want a RuleError", what, err)
	case !strings.Contains(re.Text, want):
		t.Errorf("%s: refused with %q, want %q in it", what, re.Text, want)
	}
}

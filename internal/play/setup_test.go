package play

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/store"
)

func TestParseTimeControl(t *testing.T) {
	tests := []struct {
		in        string
		want      TimeControl
		str, pgn  string
		errSubstr string
	}{
		{"3+2", TimeControl{3 * time.Minute, 2 * sec}, "3+2", "180+2", ""},
		{" 1+0 ", TimeControl{Limit: time.Minute}, "1+0", "60+0", ""},
		{"0.5+0", TimeControl{Limit: 30 * sec}, "0.5+0", "30+0", ""},
		{"0.25+1", TimeControl{15 * sec, sec}, "0.25+1", "15+1", ""},
		{"0+1", TimeControl{Increment: sec}, "0+1", "0+1", ""},
		{"180+180", TimeControl{3 * time.Hour, 3 * time.Minute}, "180+180", "10800+180", ""},
		{"untimed", TimeControl{}, "untimed", "-", ""},
		{"-", TimeControl{}, "untimed", "-", ""},
		{"0+0", TimeControl{}, "", "", "both are 0"},
		{"3", TimeControl{}, "", "", "no \"+\""},
		{"181+0", TimeControl{}, "", "", "minutes from 0 to 180"},
		{"3+181", TimeControl{}, "", "", "seconds from 0 to 180"},
		{"0.01+0", TimeControl{}, "", "", "not a whole number of seconds"},
		{"x+2", TimeControl{}, "", "", "not a number of minutes"},
		{"3+1.5", TimeControl{}, "", "", "not a number of seconds"},
		{"-1+2", TimeControl{}, "", "", "not a number of minutes"},
		{"NaN+2", TimeControl{}, "", "", "not a number of minutes"},
	}
	for _, tt := range tests {
		tc, err := ParseTimeControl(tt.in)
		if tt.errSubstr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.errSubstr) || !strings.HasPrefix(err.Error(), "play: ") {
				t.Errorf("ParseTimeControl(%q) = %v, %v; want an error with %q", tt.in, tc, err, tt.errSubstr)
			}
			continue
		}
		if err != nil || tc != tt.want || tc.String() != tt.str || tc.PGN() != tt.pgn || tc.Check() != nil {
			t.Errorf("ParseTimeControl(%q) = %+v (%s, %s), %v; want %+v (%s, %s)", tt.in, tc, tc, tc.PGN(), err, tt.want, tt.str, tt.pgn)
		}
	}
	for _, bad := range []TimeControl{{Limit: -sec}, {Limit: 3*time.Hour + sec}, {Limit: 1500 * time.Millisecond}, {Increment: 181 * sec}, {Increment: -sec}} {
		if bad.Check() == nil {
			t.Errorf("%+v passes Check", bad)
		}
		if _, err := New(ctx, Setup{Clock: bad}, Options{}); err == nil {
			t.Errorf("New with clock %+v succeeded", bad)
		}
	}
}

func TestParsePlayer(t *testing.T) {
	tests := []struct {
		kind, level string
		want        string
		err         bool
	}{
		{"human", "", "human", false},
		{"human", "4", "human", false}, // the level of a person plays no part
		{"ai", "4", "ai:4", false},
		{"ai", "max", "ai:max", false},
		{"ai", "classic", "ai:classic", false},
		{"ai", "2200", "ai:2200", false},
		{"ai", "800", "ai:800", false},
		{"ai", "9", "", true}, // never silently full strength
		{"ai", "2210", "", true},
		{"ai", "2850", "", true},
		{"ai", "", "", true},
		{"robot", "4", "", true},
	}
	for _, tt := range tests {
		p, err := ParsePlayer(tt.kind, tt.level)
		if (err != nil) != tt.err || (!tt.err && p.String() != tt.want) {
			t.Errorf("ParsePlayer(%q, %q) = %v, %v; want %s (error %v)", tt.kind, tt.level, p, err, tt.want, tt.err)
		}
		if !tt.err && (p.Kind() != tt.kind || (p.AI && p.LevelName() != tt.level) || (!p.AI && p.LevelName() != "")) {
			t.Errorf("ParsePlayer(%q, %q): kind %q level %q", tt.kind, tt.level, p.Kind(), p.LevelName())
		}
	}
}

// TestStoreKeeper keeps a game in a real store and brings it back: the
// same record, at every kind of change; a lazy keeper stores nothing
// before the first move; a second program on the same game cannot
// overwrite the first one's moves.
func TestStoreKeeper(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "outpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	clock := newTestClock()
	k := NewStoreKeeper(st, store.Game{Source: store.SourceTerminal}, true)
	// The AI plays at a strength by number: the store keeps the number.
	g, err := New(ctx, Setup{Players: [2]Player{Human, AI(mustLevel("2250"))}, Clock: TimeControl{5 * time.Minute, 3 * sec}},
		Options{Keeper: k, Now: clock.now})
	if err != nil {
		t.Fatal(err)
	}
	if k.ID() != "" {
		t.Fatal("a lazy keeper stored a game before its first move")
	}
	same := func(what string) {
		t.Helper()
		sg, err := st.Get(ctx, k.ID())
		if err != nil {
			t.Fatal(err)
		}
		r, err := RecordOf(sg)
		if err != nil {
			t.Fatal(err)
		}
		if want := g.record(); !sameRecord(r, want) || r.Start.FEN() != want.Start.FEN() || r.TimeControl != want.TimeControl {
			t.Errorf("%s: stored %+v\nwant %+v", what, r, want)
		}
	}
	clock.advance(4 * sec)
	if err := g.MoveText(ctx, "e4"); err != nil {
		t.Fatal(err)
	}
	same("after the first move")
	_, v, _ := g.AISearch(time.Second)
	clock.advance(sec)
	if err := g.PlayAI(ctx, v, g.Chess().Position().LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	same("after the AI's move")
	if _, err := g.Takeback(ctx); err != nil {
		t.Fatal(err)
	}
	same("after a takeback")
	if err := g.SetPaused(ctx, true); err != nil {
		t.Fatal(err)
	}
	same("paused")
	if err := g.Resign(ctx, chess.White); err != nil {
		t.Fatal(err)
	}
	same("after resigning")

	// Restored from the store, the game goes on being kept where it was.
	sg, _ := st.Get(ctx, k.ID())
	r, _ := RecordOf(sg)
	back, err := Restore(r, Options{Keeper: NewStoreKeeper(st, sg, false), Now: clock.now})
	if err != nil {
		t.Fatal(err)
	}
	if back.Outcome() != (chess.Outcome{Result: chess.BlackWins, Reason: chess.Resignation}) || back.Chess().Len() != 0 || !back.Paused() {
		t.Errorf("restored: %v, %d moves, paused %v", back.Outcome(), back.Chess().Len(), back.Paused())
	}
	if sg.BlackLevel != "2250" || back.Players()[chess.Black] != AI(mustLevel("2250")) {
		t.Errorf("restored Black %+v from level %q, want the AI at 2250", back.Players()[chess.Black], sg.BlackLevel)
	}

	// Two programs on one stored game: the second one's save is refused.
	h := store.Game{Source: store.SourceTerminal}
	first, _ := New(ctx, Setup{Players: [2]Player{Human, Human}}, Options{Keeper: NewStoreKeeper(st, h, false)})
	_ = first.MoveText(ctx, "d4")
	id := first.keeper.(*StoreKeeper).ID()
	sg, _ = st.Get(ctx, id)
	r, _ = RecordOf(sg)
	second, _ := Restore(r, Options{Keeper: NewStoreKeeper(st, sg, false)})
	if err := first.MoveText(ctx, "d5"); err != nil {
		t.Fatal(err)
	}
	if err := second.MoveText(ctx, "Nf6"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("the second program's move: %v, want store.ErrConflict", err)
	}
	if sg, _ := st.Get(ctx, id); strings.Join(sg.Moves, " ") != "d2d4 d7d5" {
		t.Errorf("stored %q", sg.Moves)
	}
}

// TestStoredAbort: an aborted game is stored as "*" with the reason
// "aborted", and read back as aborted.
func TestStoredAbort(t *testing.T) {
	r := &Record{Start: chess.StartingPosition(), Outcome: chess.Outcome{Reason: chess.Aborted}, Players: [2]Player{Human, Human}}
	var sg store.Game
	fill(&sg, r)
	if sg.Result != "*" || sg.Reason != "aborted" {
		t.Errorf("stored result %q, reason %q", sg.Result, sg.Reason)
	}
	back, err := RecordOf(sg)
	if err != nil || back.Outcome != r.Outcome {
		t.Errorf("read back: %+v, %v", back, err)
	}
}

// TestRecordOfRefuses reads stored games this version cannot play.
func TestRecordOfRefuses(t *testing.T) {
	good := store.Game{ID: "g", White: "human", Black: "ai", BlackLevel: "4", StartFEN: chess.StartFEN, Moves: []string{"e2e4"}, Result: "*"}
	if _, err := RecordOf(good); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		change func(sg *store.Game)
		want   string
	}{
		{"unknown level", func(sg *store.Game) { sg.BlackLevel = "11" }, "level \"11\""},
		{"unknown player", func(sg *store.Game) { sg.White = "robot" }, "neither"},
		{"bad start", func(sg *store.Game) { sg.StartFEN = "8/8 w" }, "start position"},
		{"illegal move", func(sg *store.Game) { sg.Moves = []string{"e2e5"} }, "move 1 \"e2e5\""},
		{"bad result", func(sg *store.Game) { sg.Result = "2-0" }, "not a result"},
	} {
		sg := good
		tt.change(&sg)
		if _, err := RecordOf(sg); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error with %q", tt.name, err, tt.want)
		}
	}
}

// TestRestoreEnds brings back each kind of end; one that cannot be
// replayed is kept as an adjudication with its result.
func TestRestoreEnds(t *testing.T) {
	tests := []struct {
		moves string
		end   chess.Outcome
		want  chess.Outcome
	}{
		{foolsMate, chess.Outcome{}, chess.Outcome{Result: chess.BlackWins, Reason: chess.Checkmate}},
		{"e4", chess.Outcome{Result: chess.WhiteWins, Reason: chess.Resignation}, chess.Outcome{Result: chess.WhiteWins, Reason: chess.Resignation}},
		{"e4", chess.Outcome{Result: chess.WhiteWins, Reason: chess.TimeForfeit}, chess.Outcome{Result: chess.WhiteWins, Reason: chess.TimeForfeit}},
		{"e4", chess.Outcome{Result: chess.Draw, Reason: chess.DrawAgreement}, chess.Outcome{Result: chess.Draw, Reason: chess.DrawAgreement}},
		{threefold, chess.Outcome{Result: chess.Draw, Reason: chess.ThreefoldRepetition}, chess.Outcome{Result: chess.Draw, Reason: chess.ThreefoldRepetition}},
		{"e4", chess.Outcome{Result: chess.Draw, Reason: chess.ThreefoldRepetition}, chess.Outcome{Result: chess.Draw, Reason: chess.Adjudication}},
		{"e4", chess.Outcome{Result: chess.BlackWins}, chess.Outcome{Result: chess.BlackWins, Reason: chess.Adjudication}},
		{"e4", chess.Outcome{Reason: chess.Aborted}, chess.Outcome{Reason: chess.Aborted}},
	}
	for _, tt := range tests {
		r := &Record{Start: chess.StartingPosition(), Outcome: tt.end, Players: [2]Player{Human, Human}}
		pos := chess.StartingPosition()
		for _, san := range strings.Fields(tt.moves) {
			m, _ := pos.ParseMove(san)
			pos.MakeMove(m)
			r.Moves = append(r.Moves, m)
		}
		g, err := Restore(r, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if g.Outcome() != tt.want {
			t.Errorf("%s ending %v: restored %v, want %v", tt.moves, tt.end, g.Outcome(), tt.want)
		}
	}
}

// TestPGNWithClock exports a game on a clock: TimeControl and each move's
// [%clk] reading (each side's first move charged nothing), besides the
// tags given and the opening's ECO and Opening.
func TestPGNWithClock(t *testing.T) {
	f := start(t, Human, Human, TimeControl{3 * time.Minute, 2 * sec}, "")
	f.clock.advance(2 * sec)
	f.play("e4")
	f.clock.advance(20 * sec)
	f.play("e5")
	f.clock.advance(61500 * time.Millisecond)
	f.play("Nf3")
	pgn := f.g.PGN(chess.Tag{Name: "White", Value: "Ann"}, chess.Tag{Name: "Event", Value: "Club"})
	for _, want := range []string{`[Event "Club"]`, `[White "Ann"]`, `[TimeControl "180+2"]`, `[ECO "C40"]`, `[Opening "King's Knight Opening"]`,
		"1. e4 {[%clk 0:03:00]} 1... e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:02:00.5]} *"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("PGN lacks %q:\n%s", want, pgn)
		}
	}
	untimed := start(t, Human, Human, TimeControl{}, "")
	untimed.play("e4")
	if pgn := untimed.g.PGN(); strings.Contains(pgn, "TimeControl") || strings.Contains(pgn, "%clk") {
		t.Errorf("untimed PGN:\n%s", pgn)
	}
	// A game out of any opening of the list has no ECO or Opening.
	odd := start(t, Human, Human, TimeControl{}, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	odd.play("e4")
	if pgn := odd.g.PGN(); strings.Contains(pgn, "ECO") || strings.Contains(pgn, "Opening") {
		t.Errorf("an endgame's PGN:\n%s", pgn)
	}
}

// savedGames is a Store that keeps what it is given, in memory.
type savedGames struct{ saved []store.Game }

func (s *savedGames) CreateGame(_ context.Context, g *store.Game) error {
	g.ID = "abcdefghijkl"
	s.saved = append(s.saved, *g)
	return nil
}

func (s *savedGames) Save(_ context.Context, g *store.Game) error {
	g.Rev++
	s.saved = append(s.saved, *g)
	return nil
}

// TestStoreKeeperAIDue: the keeper tells the store when the AI is to move
// (for a store that queues its searches), as Game.AIDue says, and after
// what pause: the speed, between two AIs after a move.
func TestStoreKeeperAIDue(t *testing.T) {
	tests := []struct {
		name    string
		players [2]Player
		change  func(g *Game) error
		due     bool
		delay   time.Duration
	}{
		{"person to move", [2]Player{Human, ai}, func(*Game) error { return nil }, false, 0},
		{"AI to move at the start", [2]Player{ai, Human}, func(*Game) error { return nil }, true, 0},
		{"after the person's move", [2]Player{Human, ai}, func(g *Game) error { return g.MoveText(ctx, "e4") }, true, 0},
		{"paused", [2]Player{ai, ai}, func(g *Game) error { return g.SetPaused(ctx, true) }, false, 0},
		{"between two AIs, after a move", [2]Player{ai, ai}, func(g *Game) error {
			_, v, _ := g.AISearch(time.Second)
			return g.PlayAI(ctx, v, g.Chess().Position().LegalMoves()[0])
		}, true, 700 * time.Millisecond},
		{"resigned", [2]Player{Human, ai}, func(g *Game) error {
			if err := g.MoveText(ctx, "e4"); err != nil {
				return err
			}
			return g.Resign(ctx, chess.White)
		}, false, 0},
	}
	for _, tt := range tests {
		st := &savedGames{}
		g, err := New(ctx, Setup{Players: tt.players}, Options{Keeper: NewStoreKeeper(st, store.Game{SpeedMs: 700}, false)})
		if err != nil {
			t.Fatal(err)
		}
		if err := tt.change(g); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		last := st.saved[len(st.saved)-1]
		if last.AIDue != tt.due || last.AIDue != g.AIDue() || last.AIDelay != tt.delay {
			t.Errorf("%s: AIDue %v (the game says %v) delay %v; want %v, %v", tt.name, last.AIDue, g.AIDue(), last.AIDelay, tt.due, tt.delay)
		}
	}
}

// TestStoreKeeperRedoAndOffer: what redo would play and a standing draw
// offer are kept, so that another program going on with the game (another
// server on a shared database) redoes and answers the offer as this one
// would.
func TestStoreKeeperRedoAndOffer(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "outpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	clock := newTestClock()
	k := NewStoreKeeper(st, store.Game{Source: store.SourceWeb}, false)
	g, err := New(ctx, Setup{Clock: TimeControl{5 * time.Minute, 3 * sec}}, Options{Keeper: k, Now: clock.now})
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"e4", "e5", "Nf3", "Nc6"} {
		clock.advance(sec)
		if err := g.MoveText(ctx, mv); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 {
		if _, err := g.Takeback(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.OfferDraw(ctx, chess.White); err != nil {
		t.Fatal(err)
	}
	other := func() *Game {
		t.Helper()
		sg, err := st.Get(ctx, k.ID())
		if err != nil {
			t.Fatal(err)
		}
		r, err := RecordOf(sg)
		if err != nil {
			t.Fatal(err)
		}
		if want := g.record(); !sameRecord(r, want) {
			t.Fatalf("stored %+v\nwant %+v", r, want)
		}
		o, err := Restore(r, Options{Keeper: NewStoreKeeper(st, sg, false), Now: clock.now})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	o := other()
	if c, ok := o.DrawOffer(); !ok || c != chess.White || !o.CanRedo() {
		t.Fatalf("restored: offer %v %v, can redo %v", c, ok, o.CanRedo())
	}
	if err := o.DeclineDraw(ctx, chess.Black); err != nil {
		t.Fatal(err)
	}
	moves, err := o.Redo(ctx)
	if err != nil || len(moves) != 1 || moves[0].String() != "g1f3" {
		t.Fatalf("redo on the other: %v, %v", moves, err)
	}
	g = o
	o = other()
	if _, ok := o.DrawOffer(); ok || !o.CanRedo() || o.Chess().Len() != 3 {
		t.Errorf("after the decline and one redo: offer %v, can redo %v, %d plies", ok, o.CanRedo(), o.Chess().Len())
	}
	if _, err := o.Redo(ctx); err != nil || o.Chess().Len() != 4 || o.CanRedo() {
		t.Errorf("the second redo: %v, %d plies, can redo %v", err, o.Chess().Len(), o.CanRedo())
	}
}

package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/store"
)

// StartFEN is the standard start position, the games' start in the suite.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Backend opens stores of one kind for the suite.
type Backend struct {
	// Open opens a store on a new, empty database, closed at the end of
	// the test, and returns with it a function that opens a second store
	// on the same database (as another program would), also closed at
	// the end of the test.
	Open func(t *testing.T) (st store.Store, again func() store.Store)
}

// Run runs the shared suite of the store contracts (see store.Store)
// against b: every implementation must pass it.
func Run(t *testing.T, b Backend) {
	tests := []struct {
		name string
		fn   func(t *testing.T, b Backend)
	}{
		{"CreateAndGet", testCreateAndGet},
		{"Save", testSave},
		{"SetSpeed", testSetSpeed},
		{"Delete", testDelete},
		{"ListAndLatest", testListAndLatest},
		{"ConcurrentWriters", testConcurrentWriters},
		{"Ping", testPing},
		{"Review", testReview},
		{"ListIDs", testListIDs},
		{"Puzzles", testPuzzles},
		{"Chess960", testChess960},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, b) })
	}
}

// NewGame creates a human-against-AI web game with the given moves.
func NewGame(t testing.TB, s store.Store, moves ...string) store.Game {
	t.Helper()
	g := store.Game{White: store.Human, Black: store.AI, WhiteLevel: "4", BlackLevel: "4", StartFEN: StartFEN,
		Moves: moves, TokenHash: []byte{1, 2, 3}, SpeedMs: 500}
	if err := s.CreateGame(context.Background(), &g); err != nil {
		t.Fatal(err)
	}
	return g
}

// MustGet returns game id or fails the test.
func MustGet(t testing.TB, s store.Store, id string) store.Game {
	t.Helper()
	g, err := s.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// addMoves saves game id with moves appended, at its current revision.
func addMoves(t *testing.T, s store.Store, id string, moves ...string) store.Game {
	t.Helper()
	g := MustGet(t, s, id)
	g.Moves = append(g.Moves, moves...)
	if err := s.Save(context.Background(), &g); err != nil {
		t.Fatal(err)
	}
	return g
}

// tick lets the stores' millisecond clock move on, so that the next
// change is later than the last.
func tick() { time.Sleep(3 * time.Millisecond) }

func testCreateAndGet(t *testing.T, b Backend) {
	s, _ := b.Open(t)
	ctx := context.Background()
	g := NewGame(t, s, "e2e4", "e7e5")
	if !store.ValidID(g.ID) || g.Rev != 0 {
		t.Fatalf("id %q (valid: %v), rev %d", g.ID, store.ValidID(g.ID), g.Rev)
	}
	got := MustGet(t, s, g.ID)
	if got.Source != store.SourceWeb || got.Result != "*" || got.Reason != "" {
		t.Errorf("defaults: source %q result %q reason %q", got.Source, got.Result, got.Reason)
	}
	if !slices.Equal(got.Moves, []string{"e2e4", "e7e5"}) || got.StartFEN != StartFEN {
		t.Errorf("moves %q start %q", got.Moves, got.StartFEN)
	}
	if string(got.TokenHash) != "\x01\x02\x03" || got.White != store.Human || got.Black != store.AI ||
		got.WhiteLevel != "4" || got.BlackLevel != "4" || got.SpeedMs != 500 || got.Paused || got.Rev != 0 {
		t.Errorf("got %+v", got)
	}
	if !got.CreatedAt.Equal(g.CreatedAt) || !got.UpdatedAt.Equal(g.CreatedAt) || got.CreatedAt.IsZero() {
		t.Errorf("times %v %v, want %v", got.CreatedAt, got.UpdatedAt, g.CreatedAt)
	}
	// A strength by number is a level like any other: it comes back.
	byNumber := store.Game{White: store.AI, Black: store.Human, WhiteLevel: "2250", StartFEN: StartFEN}
	if err := s.CreateGame(ctx, &byNumber); err != nil {
		t.Fatal(err)
	}
	if got := MustGet(t, s, byNumber.ID); got.White != store.AI || got.WhiteLevel != "2250" || got.BlackLevel != "" {
		t.Errorf("a game at strength 2250 came back as %q at %q", got.White, got.WhiteLevel)
	}

	timed := store.Game{Source: store.SourceTerminal, White: store.Human, Black: store.Human, StartFEN: StartFEN,
		TimeLimit: 5 * time.Minute, TimeIncrement: 3 * time.Second, ClockSince: time.Now().UTC().Truncate(time.Millisecond)}
	if err := s.CreateGame(ctx, &timed); err != nil {
		t.Fatal(err)
	}
	got = MustGet(t, s, timed.ID)
	if got.Moves == nil || len(got.Moves) != 0 || got.TokenHash != nil || got.Clocks != nil {
		t.Errorf("empty game: moves %#v token %#v clocks %#v", got.Moves, got.TokenHash, got.Clocks)
	}
	if got.TimeLimit != timed.TimeLimit || got.TimeIncrement != timed.TimeIncrement || !got.ClockSince.Equal(timed.ClockSince) {
		t.Errorf("clock: %v+%v since %v, want %v+%v since %v", got.TimeLimit, got.TimeIncrement, got.ClockSince,
			timed.TimeLimit, timed.TimeIncrement, timed.ClockSince)
	}
	if _, err := s.Get(ctx, "nosuchgame00"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get unknown: %v, want ErrNotFound", err)
	}
	dup := store.Game{ID: g.ID, White: store.Human, Black: store.AI, StartFEN: StartFEN}
	if err := s.CreateGame(ctx, &dup); err == nil {
		t.Error("CreateGame with an existing id succeeded")
	}
	bad := store.Game{White: store.Human, Black: store.AI, StartFEN: StartFEN, Moves: []string{"e2e4 e7e5"}}
	if err := s.CreateGame(ctx, &bad); err == nil {
		t.Error("CreateGame with a move holding a space succeeded")
	}
}

// testSave saves a game over its revisions: everything play keeps comes
// back, the rest stays, and a stale revision or an unknown game changes
// nothing.
func testSave(t *testing.T, b Backend) {
	s, _ := b.Open(t)
	ctx := context.Background()
	since := time.Now().UTC().Truncate(time.Millisecond)
	g := store.Game{White: store.Human, Black: store.AI, WhiteLevel: "4", BlackLevel: "4", StartFEN: StartFEN,
		TimeLimit: 3 * time.Minute, TimeIncrement: 2 * time.Second, ClockSince: since, SpeedMs: 500, TokenHash: []byte{7},
		ImportPGN: "[Event \"Casual\"]\n\n1. e4 {best by test} *\n"}
	if err := s.CreateGame(ctx, &g); err != nil {
		t.Fatal(err)
	}
	other := NewGame(t, s, "d2d4")
	tick()

	saved := g
	saved.Moves = []string{"e2e4", "e7e5", "g1f3"}
	saved.Clocks = []time.Duration{181500 * time.Millisecond, store.NoClock, 179 * time.Second}
	saved.ClockSpent, saved.ClockSince = 1200*time.Millisecond, time.Time{}
	saved.Black, saved.BlackLevel, saved.Paused = store.Human, "", true
	saved.Result, saved.Reason = "1-0", "time forfeit"
	saved.Redo, saved.DrawOffer = "d2d4 d7d5|-|*|", "black"
	if err := s.Save(ctx, &saved); err != nil {
		t.Fatal(err)
	}
	if saved.Rev != 1 || !saved.UpdatedAt.After(g.UpdatedAt) {
		t.Errorf("after saving: rev %d updated %v (created %v)", saved.Rev, saved.UpdatedAt, g.CreatedAt)
	}
	got := MustGet(t, s, g.ID)
	if !slices.Equal(got.Moves, saved.Moves) || !slices.Equal(got.Clocks, saved.Clocks) ||
		got.ClockSpent != saved.ClockSpent || !got.ClockSince.IsZero() || got.Black != store.Human || got.BlackLevel != "" ||
		!got.Paused || got.Result != "1-0" || got.Reason != "time forfeit" || got.Rev != 1 || !got.UpdatedAt.Equal(saved.UpdatedAt) ||
		got.Redo != saved.Redo || got.DrawOffer != "black" {
		t.Errorf("saved %+v\ngot   %+v", saved, got)
	}
	if got.TimeLimit != 3*time.Minute || got.TimeIncrement != 2*time.Second || got.SpeedMs != 500 ||
		string(got.TokenHash) != "\x07" || got.StartFEN != StartFEN || !got.CreatedAt.Equal(g.CreatedAt) ||
		got.ImportPGN != g.ImportPGN {
		t.Errorf("Save changed what it does not own: %+v", got)
	}
	if l, _ := s.List(ctx, store.ListOptions{}); len(l) != 2 || l[1].ID != g.ID || l[1].Plies != 3 || l[1].Result != "1-0" {
		t.Errorf("summaries after Save: %+v", l)
	}

	// A program still at revision 0 cannot overwrite revision 1.
	stale := g
	stale.Moves = []string{"d2d4"}
	if err := s.Save(ctx, &stale); !errors.Is(err, store.ErrConflict) {
		t.Errorf("Save at a stale revision: %v, want ErrConflict", err)
	}
	if got := MustGet(t, s, g.ID); len(got.Moves) != 3 || stale.Rev != 0 {
		t.Errorf("a refused save changed the game: %q (rev %d)", got.Moves, stale.Rev)
	}
	unknown := store.Game{ID: "nosuchgame00", Result: "*"}
	if err := s.Save(ctx, &unknown); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Save of an unknown game: %v, want ErrNotFound", err)
	}
	for _, bad := range []store.Game{
		{ID: g.ID, Rev: 1, Result: "?"},
		{ID: g.ID, Rev: 1, Result: "*", Moves: []string{"e2 e4"}},
		{ID: g.ID, Rev: 1, Result: "*", Clocks: []time.Duration{time.Second}},
	} {
		if err := s.Save(ctx, &bad); err == nil || errors.Is(err, store.ErrConflict) {
			t.Errorf("Save(%+v): %v, want a refusal", bad, err)
		}
	}
	// Back to no clock readings: the column empties.
	saved.Clocks = []time.Duration{store.NoClock, store.NoClock, store.NoClock}
	if err := s.Save(ctx, &saved); err != nil {
		t.Fatal(err)
	}
	if got := MustGet(t, s, g.ID); got.Clocks != nil || got.Rev != 2 {
		t.Errorf("clocks %v rev %d, want none and 2", got.Clocks, got.Rev)
	}
	if got := MustGet(t, s, other.ID); !slices.Equal(got.Moves, []string{"d2d4"}) || got.Rev != 0 {
		t.Errorf("the other game changed: %+v", got)
	}
}

func testSetSpeed(t *testing.T, b Backend) {
	s, _ := b.Open(t)
	ctx := context.Background()
	g := addMoves(t, s, NewGame(t, s).ID, "e2e4")
	if err := s.SetSpeed(ctx, g.ID, 1500); err != nil {
		t.Fatal(err)
	}
	if got := MustGet(t, s, g.ID); got.SpeedMs != 1500 || got.Rev != g.Rev {
		t.Errorf("SetSpeed: speed %d rev %d, want 1500 and %d", got.SpeedMs, got.Rev, g.Rev)
	}
	if err := s.SetSpeed(ctx, "nosuchgame00", 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetSpeed unknown: %v", err)
	}
}

func testDelete(t *testing.T, b Backend) {
	s, _ := b.Open(t)
	ctx := context.Background()
	g := NewGame(t, s)
	kept := NewGame(t, s)
	if err := s.Delete(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, g.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get after Delete: %v", err)
	}
	if err := s.Delete(ctx, g.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Delete twice: %v", err)
	}
	MustGet(t, s, kept.ID)
}

func testListAndLatest(t *testing.T, b Backend) {
	s, _ := b.Open(t)
	ctx := context.Background()
	if _, err := s.LatestUnfinished(ctx, ""); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("LatestUnfinished of an empty store: %v", err)
	}
	var ids []string // in creation order
	for i, src := range []string{store.SourceWeb, store.SourceTerminal, store.SourceWeb, store.SourceTerminal} {
		g := store.Game{Source: src, White: store.Human, Black: store.AI, StartFEN: StartFEN, Moves: []string{"e2e4"}[:i%2]}
		if err := s.CreateGame(ctx, &g); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	tick()
	// Game 1 (terminal) is played last; game 3 (terminal) finishes.
	over := MustGet(t, s, ids[3])
	over.Result, over.Reason = "1-0", "checkmate"
	if err := s.Save(ctx, &over); err != nil {
		t.Fatal(err)
	}
	// Game 0 (web) is aborted: "*", but not unfinished.
	aborted := MustGet(t, s, ids[0])
	aborted.Reason = store.Aborted
	if err := s.Save(ctx, &aborted); err != nil {
		t.Fatal(err)
	}
	tick()
	addMoves(t, s, ids[1], "e7e5")

	tests := []struct {
		opts store.ListOptions
		want []string
	}{
		{store.ListOptions{}, []string{ids[3], ids[2], ids[1], ids[0]}},
		{store.ListOptions{Limit: 2}, []string{ids[3], ids[2]}},
		{store.ListOptions{Source: store.SourceWeb}, []string{ids[2], ids[0]}},
		{store.ListOptions{Source: store.SourceTerminal, Unfinished: true}, []string{ids[1]}},
		{store.ListOptions{Unfinished: true}, []string{ids[2], ids[1]}},
		{store.ListOptions{Source: store.SourceWeb, Unfinished: true}, []string{ids[2]}},
		{store.ListOptions{Source: "nobody"}, []string{}},
	}
	for _, tt := range tests {
		list, err := s.List(ctx, tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		got := []string{}
		for _, m := range list {
			got = append(got, m.ID)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("List(%+v) = %q, want %q", tt.opts, got, tt.want)
		}
	}
	list, _ := s.List(ctx, store.ListOptions{Source: store.SourceTerminal})
	if m := list[0]; m.Result != "1-0" || m.Reason != "checkmate" || m.Plies != 1 || m.Source != store.SourceTerminal {
		t.Errorf("summary %+v", m)
	}
	if m := list[1]; m.Plies != 2 || !m.UpdatedAt.After(m.CreatedAt) {
		t.Errorf("summary %+v", m)
	}

	latest := []struct{ source, want string }{
		{store.SourceTerminal, ids[1]}, {store.SourceWeb, ids[2]}, {"", ids[1]},
	}
	for _, tt := range latest {
		g, err := s.LatestUnfinished(ctx, tt.source)
		if err != nil || g.ID != tt.want {
			t.Errorf("LatestUnfinished(%q) = %q, %v; want %q", tt.source, g.ID, err, tt.want)
		}
	}
}

// testConcurrentWriters races writers on one game (exactly one wins each
// revision) and on many games (none lost), from two stores on one
// database, as two programs would.
func testConcurrentWriters(t *testing.T, b Backend) {
	s1, again := b.Open(t)
	s2 := again()
	ctx := context.Background()
	shared := NewGame(t, s1)

	const plies, racers = 20, 4
	var wg sync.WaitGroup
	wins := make([][]int, racers)
	for r := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := []store.Store{s1, s2}[r%2]
			for ply := 0; ply < plies; {
				g, err := st.Get(ctx, shared.ID)
				if err != nil {
					t.Error(err)
					return
				}
				if len(g.Moves) >= plies {
					return
				}
				ply = len(g.Moves)
				g.Moves = append(g.Moves, fmt.Sprintf("r%dp%d", r, ply))
				switch err := st.Save(ctx, &g); {
				case err == nil:
					wins[r] = append(wins[r], ply)
				case !errors.Is(err, store.ErrConflict):
					t.Errorf("racer %d ply %d: %v", r, ply, err)
					return
				}
			}
		}()
	}
	games := make([]store.Game, 8)
	for i := range games {
		games[i] = NewGame(t, s1)
	}
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := []store.Store{s1, s2}[i%2]
			g := games[i]
			for ply := range 10 {
				g.Moves = append(g.Moves, fmt.Sprintf("m%d", ply))
				if err := st.Save(ctx, &g); err != nil {
					t.Errorf("game %d ply %d: %v", i, ply, err)
					return
				}
			}
		}()
	}
	wg.Wait()

	got := MustGet(t, s2, shared.ID).Moves
	won := 0
	for r := range racers {
		won += len(wins[r])
		for _, ply := range wins[r] {
			if want := fmt.Sprintf("r%dp%d", r, ply); ply >= len(got) || got[ply] != want {
				t.Errorf("ply %d: stored %q, racer %d won it", ply, got, r)
			}
		}
	}
	if won != len(got) || len(got) != plies {
		t.Errorf("%d saves succeeded, %d moves stored, want %d", won, len(got), plies)
	}
	for i, g := range games {
		if n := len(MustGet(t, s1, g.ID).Moves); n != 10 {
			t.Errorf("game %d has %d moves, want 10", i, n)
		}
	}
}

func testPing(t *testing.T, b Backend) {
	s, _ := b.Open(t)
	if err := s.Ping(context.Background()); err != nil {
		t.Errorf("Ping: %v", err)
	}
}

// testReview saves, replaces and reads a game's review; a bad review or
// one of an unknown game changes nothing; deleting the game deletes it.
func testReview(t *testing.T, b Backend) {
	s, again := b.Open(t)
	ctx := context.Background()
	g := NewGame(t, s, "e2e4", "e7e5")
	if _, err := s.GetReview(ctx, g.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a game without review: %v", err)
	}
	r := store.Review{GameID: g.ID, Moves: g.Moves, Data: []byte(`{"moves":[1,2]}`)}
	if err := s.SaveReview(ctx, &r); err != nil {
		t.Fatal(err)
	}
	if r.CreatedAt.IsZero() {
		t.Error("CreatedAt not set")
	}
	got, err := s.GetReview(ctx, g.ID)
	if err != nil || got.GameID != g.ID || string(got.Data) != `{"moves":[1,2]}` || len(got.Moves) != 2 || got.Moves[1] != "e7e5" || !got.CreatedAt.Equal(r.CreatedAt) {
		t.Fatalf("read back %+v, %v", got, err)
	}

	// A new review replaces the old one; the game is not changed.
	addMoves(t, s, g.ID, "g1f3")
	r2 := store.Review{GameID: g.ID, Moves: []string{"e2e4", "e7e5", "g1f3"}, Data: []byte(`{"new":true}`)}
	if err := s.SaveReview(ctx, &r2); err != nil {
		t.Fatal(err)
	}
	if got, err := again().GetReview(ctx, g.ID); err != nil || string(got.Data) != `{"new":true}` || len(got.Moves) != 3 {
		t.Errorf("replaced: %+v, %v", got, err)
	}
	if MustGet(t, s, g.ID).Rev != 1 {
		t.Error("saving a review changed the game's revision")
	}

	// Bad reviews and unknown games change nothing.
	for _, bad := range []store.Review{
		{GameID: "nosuchgame00", Moves: []string{"e2e4"}, Data: []byte(`{}`)},
		{GameID: g.ID, Moves: []string{"e2 e4"}, Data: []byte(`{}`)},
		{GameID: g.ID, Moves: []string{"e2e4"}},
	} {
		if err := s.SaveReview(ctx, &bad); err == nil {
			t.Errorf("%+v was saved", bad)
		}
	}
	if err := s.SaveReview(ctx, &store.Review{GameID: "nosuchgame00", Moves: []string{}, Data: []byte(`{}`)}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the review of an unknown game: %v", err)
	}

	// Deleting the game deletes its review, and a new game with the same
	// id does not inherit it.
	if err := s.Delete(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetReview(ctx, g.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the review of a deleted game: %v", err)
	}
	same := store.Game{ID: g.ID, White: store.Human, Black: store.AI, StartFEN: StartFEN, Moves: []string{}}
	if err := s.CreateGame(ctx, &same); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetReview(ctx, g.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a new game inherited a review: %v", err)
	}
}

// testListIDs lists only the games asked for, those that exist, in List's
// order.
func testListIDs(t *testing.T, b Backend) {
	s, _ := b.Open(t)
	var ids []string
	for range 4 {
		ids = append(ids, NewGame(t, s).ID)
	}
	list, err := s.List(context.Background(), store.ListOptions{IDs: []string{ids[0], "nosuchgame00", ids[2]}})
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, m := range list {
		got = append(got, m.ID)
	}
	if want := []string{ids[2], ids[0]}; !slices.Equal(got, want) {
		t.Errorf("List of ids = %q, want %q", got, want)
	}
}

// testChess960: a Chess960 game's start (the variant and the position, as
// package play writes it) and its castling moves (the king taking its
// rook) are kept as they were written, at creation and at a save.
func testChess960(t *testing.T, b Backend) {
	ctx := context.Background()
	s, _ := b.Open(t)
	const start = "chess960 1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1"
	g := store.Game{Source: store.SourceTerminal, White: store.Human, Black: store.Human, StartFEN: start, Moves: []string{"g1h1"}}
	if err := s.CreateGame(ctx, &g); err != nil {
		t.Fatal(err)
	}
	g.Moves = []string{"g1h1", "g8b8"}
	if err := s.Save(ctx, &g); err != nil {
		t.Fatal(err)
	}
	if got := MustGet(t, s, g.ID); got.StartFEN != start || !slices.Equal(got.Moves, g.Moves) {
		t.Errorf("start %q, moves %q; want %q, %q", got.StartFEN, got.Moves, start, g.Moves)
	}
}

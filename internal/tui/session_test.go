package tui

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/store"
)

func TestParsePlayer(t *testing.T) {
	tests := []struct {
		in, want string
		err      bool
	}{
		{"human", "human", false},
		{"ai", "ai:" + DefaultLevel, false},
		{"ai:1", "ai:1", false},
		{"ai:8", "ai:8", false},
		{"ai:classic", "ai:classic", false},
		{"ai:max", "ai:max", false},
		{"ai:9", "", true},
		{"ai:", "", true},
		{"robot", "", true},
		{"", "", true},
		{"Human", "", true},
	}
	for _, tc := range tests {
		p, err := ParsePlayer(tc.in)
		switch {
		case tc.err && err == nil:
			t.Errorf("ParsePlayer(%q) = %v, want an error", tc.in, p)
		case !tc.err && err != nil:
			t.Errorf("ParsePlayer(%q): %v", tc.in, err)
		case !tc.err && p.String() != tc.want:
			t.Errorf("ParsePlayer(%q) = %s, want %s", tc.in, p, tc.want)
		case tc.err && !strings.HasPrefix(err.Error(), "tui: "):
			t.Errorf("ParsePlayer(%q) error %q lacks the package prefix", tc.in, err)
		}
	}
}

// TestTakeback checks how many plies a takeback removes, by who plays.
func TestTakeback(t *testing.T) {
	ai := AIPlayer(engine.Level{Name: "1"})
	tests := []struct {
		name         string
		white, black Player
		moves        string
		wantLeft     string
	}{
		{"your move and the reply", Human, ai, "e4 e5 Nf3 Nc6", "e4 e5"},
		{"your move while the AI thinks", Human, ai, "e4 e5 Nf3", "e4 e5"},
		{"as Black", ai, Human, "e4 e5 Nf3", "e4"},
		{"as Black, only the AI has moved", ai, Human, "e4", "e4"},
		{"nothing played", Human, ai, "", ""},
		{"two people: one ply", Human, Human, "e4 e5 Nf3", "e4 e5"},
		{"two AIs: one ply", ai, ai, "e4 e5", "e4"},
		{"a finished game resumes", Human, Human, "f3 e5 g4 Qh4#", "f3 e5 g4"},
	}
	for _, tc := range tests {
		g := gameFromMoves(t, strings.Fields(tc.moves)...)
		s := newSession(g, [2]Player{tc.white, tc.black}, nil, "")
		n := s.takeback()
		if got := strings.Join(g.SANMoves(), " "); got != tc.wantLeft {
			t.Errorf("%s: left %q, want %q", tc.name, got, tc.wantLeft)
		}
		if want := len(strings.Fields(tc.moves)) - len(strings.Fields(tc.wantLeft)); n != want {
			t.Errorf("%s: took back %d, want %d", tc.name, n, want)
		}
		if g.Outcome().IsOver() {
			t.Errorf("%s: still over after the takeback", tc.name)
		}
	}
}

func TestFormat(t *testing.T) {
	black := chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	g := gameFromMoves(t, "e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "c6", "Nf3", "Bg4", "Bc4", "e6", "O-O")
	pos := g.Position()
	if d := material(pos); d != 0 {
		t.Errorf("material %d, want 0", d)
	}
	if got, black := surplus(pos, chess.White), surplus(pos, chess.Black); len(got) != 0 || len(black) != 0 {
		t.Errorf("surplus %v and %v, want none after a pawn for a pawn", got, black)
	}
	lines := moveListLines(chess.NewGameFromPosition(black))
	if len(lines) != 0 {
		t.Errorf("no moves: %q", lines)
	}
	fromBlack := chess.NewGameFromPosition(black)
	if err := fromBlack.PlayMove("e5"); err != nil {
		t.Fatal(err)
	}
	if err := fromBlack.PlayMove("Nf3"); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(moveListLines(fromBlack), "|"); got != "  1. ...      e5|  2. Nf3" {
		t.Errorf("move list from Black: %q", got)
	}
}

// TestStoreKeeper keeps a game in a real store and resumes it.
func TestStoreKeeper(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, _, _, err := ResumeLatest(ctx, st); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("ResumeLatest in an empty store: %v, want ErrNotFound", err)
	}

	ai := mustPlayer(t, "ai:4")
	start := chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	s := newSession(chess.NewGameFromPosition(start), [2]Player{ai, Human}, StoreKeeper{st}, "")
	for _, m := range []string{"e5", "Nf3", "Nc6", "Bb5"} {
		if err := s.playText(m); err != nil {
			t.Fatal(err)
		}
	}
	s.takeback() // Bb5 and Nc6
	if err := s.takeKeepError(); err != nil {
		t.Fatal(err)
	}

	g, players, id, err := ResumeLatest(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	if id != s.id || players != s.players || strings.Join(g.SANMoves(), " ") != "e5 Nf3" || g.StartPosition().FEN() != start.FEN() {
		t.Errorf("resumed %s %v %q from %s; want %s %v \"e5 Nf3\" from %s",
			id, players, g.SANMoves(), g.StartPosition().FEN(), s.id, s.players, start.FEN())
	}
	stored, err := st.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Source != store.SourceTerminal || stored.White != store.AI || stored.WhiteLevel != "4" || stored.Black != store.Human {
		t.Errorf("stored %+v", stored)
	}

	// Continue the resumed game to its end: it is no longer resumable.
	s = newSession(g, players, StoreKeeper{st}, id)
	if err := s.resign(); err != nil {
		t.Fatal(err)
	}
	if err := s.takeKeepError(); err != nil {
		t.Fatal(err)
	}
	if stored, _ := st.Get(ctx, id); stored.Result != "1-0" || stored.Reason != "resignation" {
		t.Errorf("finished game stored as %q %q", stored.Result, stored.Reason)
	}
	if _, _, _, err := ResumeLatest(ctx, st); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ResumeLatest after the end: %v, want ErrNotFound", err)
	}
}

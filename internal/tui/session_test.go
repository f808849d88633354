package tui

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/play"
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
		{"elo:2200", "ai:2200", false},
		{"elo:800", "ai:800", false},
		{"ai:2250", "ai:2250", false},
		{"elo:", "", true},
		{"elo:max", "", true},
		{"elo:4", "", true},
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

// TestParsePlayerRefusesStrengths: a number the engine refuses is refused
// in its words, as the web app and UCI refuse it.
func TestParsePlayerRefusesStrengths(t *testing.T) {
	for _, elo := range []int{750, 0, 2850, 2210, 825} {
		s := "elo:" + strconv.Itoa(elo)
		_, err := ParsePlayer(s)
		if want := engine.CheckElo(elo); err == nil || want == nil || !strings.Contains(err.Error(), want.Error()) {
			t.Errorf("ParsePlayer(%q) = %v, want %v", s, err, want)
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

// TestResume keeps a game in a real store and resumes it with its
// players, moves and clock; a finished game is no longer resumable.
func TestResume(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := ResumeLatest(ctx, st); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("ResumeLatest in an empty store: %v, want ErrNotFound", err)
	}

	ai := mustPlayer(t, "ai:4")
	start := chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	cfg := Config{Store: st, Start: start}
	s, err := startSession(&cfg, nil, [2]play.Player{ai, play.Human}, play.TimeControl{Limit: 5 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"e5"} {
		if err := s.g.MoveText(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	p, v, _ := s.g.AISearch(time.Second)
	if err := s.g.PlayAI(ctx, v, p.Position.LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	if err := s.g.MoveText(ctx, "Nc6"); err != nil {
		t.Fatal(err)
	}
	s.suspend()
	if err := s.takeKeepError(); err != nil {
		t.Fatal(err)
	}

	r, err := ResumeLatest(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	back, err := resumeSession(&cfg, r)
	if err != nil {
		t.Fatal(err)
	}
	if back.players() != s.players() || movesText(back.game()) != movesText(s.game()) || back.game().StartPosition().FEN() != start.FEN() ||
		back.g.TimeControl() != s.g.TimeControl() || !back.g.Clock().Running {
		t.Errorf("resumed %v %q from %s (clock %+v); want %v %q from %s",
			back.players(), movesText(back.game()), back.game().StartPosition().FEN(), back.g.Clock(), s.players(), movesText(s.game()), start.FEN())
	}
	stored, err := st.Get(ctx, back.keep.store.ID())
	if err != nil {
		t.Fatal(err)
	}
	if stored.Source != store.SourceTerminal || stored.White != store.AI || stored.WhiteLevel != "4" || stored.Black != store.Human {
		t.Errorf("stored %+v", stored)
	}

	// Continue the resumed game to its end: it is no longer resumable.
	if err := back.resign(); err != nil {
		t.Fatal(err)
	}
	if stored, _ := st.Get(ctx, stored.ID); stored.Result != "1-0" || stored.Reason != "resignation" {
		t.Errorf("finished game stored as %q %q", stored.Result, stored.Reason)
	}
	if _, err := ResumeLatest(ctx, st); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ResumeLatest after the end: %v, want ErrNotFound", err)
	}
}

package datagen

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/opening"
)

// run runs Run and returns the games sunk; it fails the test on an error.
func run(t *testing.T, cfg Config) ([]Game, Stats) {
	t.Helper()
	var games []Game
	st, err := Run(context.Background(), cfg, func(g *Game) error {
		games = append(games, *g)
		return nil
	}, nil)
	if err != nil {
		t.Fatalf("Run(%+v): %v", cfg, err)
	}
	return games, st
}

func TestRun(t *testing.T) {
	book := opening.Playable(opening.Lichess())
	for _, cfg := range []Config{
		{Games: 2, Nodes: 300, RandomPlies: 8, Seed: 7},
		{Games: 2, Nodes: 300, RandomPlies: 2, Seed: 7, Book: book},
	} {
		games, st := run(t, cfg)
		if st.Games != 2 || len(games) != 2 || st.WhiteWins+st.Draws+st.BlackWins != 2 || st.Plies < 2*cfg.RandomPlies {
			t.Errorf("stats %+v: want 2 games with results", st)
		}
		positions := 0
		for _, g := range games {
			if g.Result == chess.NoResult {
				t.Errorf("a game without a result")
			}
			positions += len(g.Positions)
			for _, p := range g.Positions {
				if p.Pos.InCheck() {
					t.Errorf("%s: in check", p.Pos.FEN())
				}
				if p.Score.IsMate() {
					t.Errorf("%s: mate score %v kept", p.Pos.FEN(), p.Score)
				}
				if ply := 2*(p.Pos.FullmoveNumber()-1) + int(p.Pos.SideToMove()); ply < cfg.RandomPlies {
					t.Errorf("%s: ply %d is one of the opening's", p.Pos.FEN(), ply)
				}
			}
		}
		if positions != st.Positions || positions == 0 {
			t.Errorf("%d positions in the games, stats say %d", positions, st.Positions)
		}
	}
}

// fens returns the FEN of every position kept in games, in order.
func fens(games []Game) []string {
	var out []string
	for _, g := range games {
		for _, p := range g.Positions {
			out = append(out, p.Pos.FEN())
		}
	}
	return out
}

// TestRunIsDeterministic checks that the games depend only on the
// configuration: not on the run, the threads, or playing the games in
// parts; and that the seed matters.
func TestRunIsDeterministic(t *testing.T) {
	cfg := Config{Games: 2, Nodes: 300, RandomPlies: 8, Seed: 7}
	games, _ := run(t, cfg)
	want := fens(games)
	if again, _ := run(t, cfg); !slices.Equal(fens(again), want) {
		t.Error("two runs with the same seed differ")
	}
	cfg.Threads = 2
	if par, _ := run(t, cfg); !slices.Equal(fens(par), want) {
		t.Error("the games with 2 threads differ from 1 thread's")
	}
	cfg.Threads, cfg.Games = 1, 1
	first, _ := run(t, cfg)
	cfg.First = 1
	second, _ := run(t, cfg)
	if !slices.Equal(append(fens(first), fens(second)...), want) {
		t.Error("games 0 and 1 played in two runs differ from one run of both")
	}
	cfg = Config{Games: 2, Nodes: 300, RandomPlies: 8, Seed: 8}
	if other, _ := run(t, cfg); slices.Equal(fens(other), want) {
		t.Error("seeds 7 and 8 gave the same games")
	}
}

func TestRunStops(t *testing.T) {
	// Games 0 plays until the sink's error stops the run.
	stop := errors.New("enough")
	n := 0
	st, err := Run(context.Background(), Config{Nodes: 100, Threads: 2}, func(*Game) error {
		n++
		if n == 3 {
			return stop
		}
		return nil
	}, nil)
	if err != stop || n != 3 || st.Games != 2 {
		t.Errorf("sink failing at its third game: %d games sunk, stats %+v, error %v; want 3, 2 counted and its error", n, st, err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, err = Run(ctx, Config{Games: 3, Nodes: 100}, func(*Game) error {
		t.Error("a game was sunk after the context was cancelled")
		return nil
	}, nil)
	if err != context.Canceled || st.Games != 0 {
		t.Errorf("cancelled: %+v, error %v; want nothing and context.Canceled", st, err)
	}
}

func TestRunErrors(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
	}{
		{"negative games", Config{Games: -1, Nodes: 100}},
		{"no budget", Config{Games: 1}},
		{"negative random plies", Config{Games: 1, Nodes: 100, RandomPlies: -1}},
		{"negative first game", Config{Games: 1, Nodes: 100, First: -1}},
	}
	for _, tt := range tests {
		_, err := Run(context.Background(), tt.cfg, func(*Game) error { return nil }, nil)
		if err == nil || err.Error()[:9] != "datagen: " {
			t.Errorf("%s: error %v, want a datagen error", tt.name, err)
		}
	}
}

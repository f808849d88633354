package tuner

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// generate runs Generate and fails the test on an error.
func generate(t *testing.T, cfg GenConfig) (string, GenStats) {
	t.Helper()
	var buf bytes.Buffer
	st, err := Generate(context.Background(), cfg, &buf, nil)
	if err != nil {
		t.Fatalf("Generate(%+v): %v", cfg, err)
	}
	return buf.String(), st
}

func TestGenerate(t *testing.T) {
	cfg := GenConfig{Games: 2, Nodes: 300, RandomPlies: 8, Seed: 7}
	out, st := generate(t, cfg)

	if st.Games != 2 || st.WhiteWins+st.Draws+st.BlackWins != 2 || st.Plies < 2*cfg.RandomPlies {
		t.Errorf("stats %+v: want 2 games with results", st)
	}
	samples, err := ReadSamples(strings.NewReader(out))
	if err != nil {
		t.Fatalf("the output does not parse: %v", err)
	}
	if len(samples) != st.Positions || len(samples) == 0 {
		t.Fatalf("%d samples read, stats say %d", len(samples), st.Positions)
	}
	for _, s := range samples {
		p := &s.Pos
		if p.InCheck() {
			t.Errorf("%s: in check", p.FEN())
		}
		if ply := 2*(p.FullmoveNumber()-1) + int(p.SideToMove()); ply < cfg.RandomPlies {
			t.Errorf("%s: ply %d is one of the random opening's", p.FEN(), ply)
		}
		if s.Result != 0 && s.Result != 0.5 && s.Result != 1 {
			t.Errorf("%s: result %v", p.FEN(), s.Result)
		}
	}
	if got := FormatSample(&samples[0].Pos, samples[0].Result); !strings.HasPrefix(out, got+"\n") {
		t.Errorf("first line %q is not FormatSample's %q", strings.SplitN(out, "\n", 2)[0], got)
	}
}

// TestGenerateIsDeterministic checks that the output depends only on the
// configuration: not on the run, the concurrency, or playing the games in
// parts; and that the seed matters.
func TestGenerateIsDeterministic(t *testing.T) {
	cfg := GenConfig{Games: 2, Nodes: 300, RandomPlies: 8, Seed: 7}
	want, _ := generate(t, cfg)
	if again, _ := generate(t, cfg); again != want {
		t.Error("two runs with the same seed differ")
	}
	cfg.Concurrency = 2
	if par, _ := generate(t, cfg); par != want {
		t.Error("the output with concurrency 2 differs from concurrency 1")
	}
	cfg.Concurrency, cfg.Games = 1, 1
	first, _ := generate(t, cfg)
	cfg.First = 1
	second, _ := generate(t, cfg)
	if first+second != want {
		t.Error("games 0 and 1 played in two runs differ from one run of both")
	}
	cfg = GenConfig{Games: 2, Nodes: 300, RandomPlies: 8, Seed: 8}
	if other, _ := generate(t, cfg); other == want {
		t.Error("seeds 7 and 8 gave the same output")
	}
}

func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		name string
		cfg  GenConfig
	}{
		{"no games", GenConfig{Nodes: 100}},
		{"no budget", GenConfig{Games: 1}},
		{"negative random plies", GenConfig{Games: 1, Nodes: 100, RandomPlies: -1}},
		{"negative first game", GenConfig{Games: 1, Nodes: 100, First: -1}},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if _, err := Generate(context.Background(), tt.cfg, &buf, nil); err == nil || !strings.HasPrefix(err.Error(), "tuner: ") {
			t.Errorf("%s: error %v, want a tuner error", tt.name, err)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var buf bytes.Buffer
	st, err := Generate(ctx, GenConfig{Games: 3, Nodes: 100}, &buf, nil)
	if err != context.Canceled || st.Games != 0 || buf.Len() != 0 {
		t.Errorf("cancelled: %+v, %d bytes, error %v; want nothing written and context.Canceled", st, buf.Len(), err)
	}
}

package match

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
)

const testTimeout = 5 * time.Second

func startFake(t *testing.T, script string, opts ...Option) *Engine {
	t.Helper()
	e, err := StartEngine(EngineSpec{Command: fake(script), Options: opts}, testTimeout)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e
}

func TestEngineSearch(t *testing.T) {
	tests := []struct {
		script  string
		opts    []Option
		want    string
		score   Score
		last    string // the LastOutput wanted
		wantErr error
	}{
		{"first score:37", nil, "b1a3", Score{Valid: true, CP: 37}, "info depth 1 score cp 37 nodes 1 pv b1a3", nil},
		{"first garbage name:Junk", []Option{{"Hash", "16"}, {"skill level", "3"}}, "b1a3", Score{Valid: true}, "%%% garbage ☃ info score cp notanumber depth x", nil},
		{"illegal", nil, "a1a1", Score{}, "", nil},
		{"none", nil, "(none)", Score{}, "", nil},
		{"crash", nil, "", Score{}, "", ErrEngineExited},
		{"hang", nil, "", Score{}, "", ErrEngineTimeout},
	}
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			e := startFake(t, tt.script, tt.opts...)
			if err := e.NewGame(testTimeout); err != nil {
				t.Fatal(err)
			}
			res, err := e.Search(chess.StartFEN, nil, "go movetime 10", 300*time.Millisecond)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Search error %v, want %v", err, tt.wantErr)
			}
			if res.BestMove != tt.want || res.Score != tt.score || res.LastOutput != tt.last {
				t.Errorf("Search = %q %+v after %q, want %q %+v after %q", res.BestMove, res.Score, res.LastOutput, tt.want, tt.score, tt.last)
			}
		})
	}
}

func TestEngineName(t *testing.T) {
	if got := startFake(t, "name:Sparring").Name(); got != "Sparring" {
		t.Errorf("Name() = %q, want the id name", got)
	}
	e, err := StartEngine(EngineSpec{Name: "Mine", Command: fake("")}, testTimeout)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if got := e.Name(); got != "Mine" {
		t.Errorf("Name() = %q, want the spec's name", got)
	}
}

func TestStartEngineErrors(t *testing.T) {
	tests := []struct {
		name    string
		spec    EngineSpec
		timeout time.Duration
		wantErr string
	}{
		{"no command", EngineSpec{}, testTimeout, "no engine command"},
		{"missing program", EngineSpec{Command: []string{"/nonexistent/engine"}}, testTimeout, "cannot start"},
		{"silent", EngineSpec{Command: fake("silent")}, 300 * time.Millisecond, `waiting for "uciok"`},
		{"crash at once", EngineSpec{Command: []string{"/bin/false"}}, testTimeout, "engine exited"},
		{"unknown option", EngineSpec{Command: fake(""), Options: []Option{{"Level", "4"}}}, testTimeout, `no option "Level"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			e, err := startEngine(tt.spec, tt.timeout, nil, "engine2", nil)
			if err == nil {
				e.Close()
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tt.wantErr) || !strings.HasPrefix(err.Error(), "match: engine2") {
				t.Errorf("error %q, want it to start with %q and mention %q", err, "match: engine2", tt.wantErr)
			}
			if d := time.Since(start); d > testTimeout {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestEngineCloseKillsHungEngine checks that Close ends an engine that
// ignores "stop" and "quit".
func TestEngineCloseKillsHungEngine(t *testing.T) {
	e := startFake(t, "hang")
	if _, err := e.Search(chess.StartFEN, nil, "go infinite", 50*time.Millisecond); !errors.Is(err, ErrEngineTimeout) {
		t.Fatalf("Search error %v, want timeout", err)
	}
	e.Close()
	if e.Alive() {
		t.Error("engine alive after Close")
	}
}

func TestParseInfo(t *testing.T) {
	tests := []struct {
		line  string
		depth int
		score Score
	}{
		{"depth 12 seldepth 15 score cp -23 nodes 1000 pv e2e4", 12, Score{Valid: true, CP: -23}},
		{"depth 20 score mate 3", 20, Score{Valid: true, Mate: 3}},
		{"depth 20 score mate -2 upperbound", 20, Score{Valid: true, Mate: -2}},
		{"depth 1 score mate 0", 1, Score{Valid: true, Mate: -1}},
		{"depth x score cp y", 0, Score{}},
		{"string depth 5 score cp 1", 0, Score{}},
		{"score", 0, Score{}},
	}
	for _, tt := range tests {
		var res SearchResult
		parseInfo(strings.Fields(tt.line), &res)
		if res.Depth != tt.depth || res.Score != tt.score {
			t.Errorf("parseInfo(%q) = depth %d score %+v, want %d %+v", tt.line, res.Depth, res.Score, tt.depth, tt.score)
		}
	}
}

func TestScore(t *testing.T) {
	tests := []struct {
		s    Score
		str  string
		cent int
	}{
		{Score{}, "", 0},
		{Score{Valid: true, CP: 23}, "+0.23", 23},
		{Score{Valid: true, CP: -150}, "-1.50", -150},
		{Score{Valid: true}, "+0.00", 0},
		{Score{Valid: true, Mate: 3}, "+M3", mateValue - 3},
		{Score{Valid: true, Mate: -2}, "-M2", -mateValue + 2},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.str {
			t.Errorf("%+v.String() = %q, want %q", tt.s, got, tt.str)
		}
		if got := tt.s.Centipawns(); got != tt.cent {
			t.Errorf("%+v.Centipawns() = %d, want %d", tt.s, got, tt.cent)
		}
	}
}

func TestParseOption(t *testing.T) {
	tests := []struct {
		in      string
		want    Option
		wantErr bool
	}{
		{"Hash=16", Option{"Hash", "16"}, false},
		{"Skill Level=3", Option{"Skill Level", "3"}, false},
		{"UCI_Chess960=", Option{"UCI_Chess960", ""}, false},
		{"Hash", Option{}, true},
		{"=3", Option{}, true},
	}
	for _, tt := range tests {
		got, err := ParseOption(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseOption(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

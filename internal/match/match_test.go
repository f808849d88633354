package match

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/opening"
)

// testOpenings are two short, different openings.
var testOpenings = []opening.Opening{
	{FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", Name: "King's pawn"},
	{FEN: "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", Name: "Queen's pawn"},
}

// runFake runs a match between two fake engines and returns the summary,
// the records of the games in the order they finished, and the PGN.
func runFake(t *testing.T, cfg Config) (Summary, []GameRecord, string, error) {
	t.Helper()
	var (
		recs []GameRecord
		pgn  bytes.Buffer
	)
	if cfg.Openings == nil {
		cfg.Openings = testOpenings
	}
	if cfg.Limits == (Limits{}) {
		cfg.Limits = Limits{MoveTime: 20 * time.Millisecond}
	}
	cfg.TimeMargin = max(cfg.TimeMargin, time.Second) // fake engines answer at once; the machine may be busy
	cfg.StartTimeout = testTimeout
	cfg.PGN = &pgn
	cfg.Progress = func(p Progress) { recs = append(recs, p.Game) }
	sum, err := Run(context.Background(), cfg)
	return sum, recs, pgn.String(), err
}

func TestRun(t *testing.T) {
	cfg := Config{
		Engines: [2]EngineSpec{
			{Command: fake("name:One")},
			{Command: fake("name:Two")},
		},
		Games: 3, // rounded up to 4
	}
	sum, recs, pgn, err := runFake(t, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Planned != 4 || sum.Tally.Games() != 4 || len(recs) != 4 || sum.Stopped != "" {
		t.Fatalf("planned %d, played %d, %d records, stopped %q; want 4, 4, 4, \"\"", sum.Planned, sum.Tally.Games(), len(recs), sum.Stopped)
	}
	if sum.Names != [2]string{"One", "Two"} {
		t.Errorf("names %q", sum.Names)
	}
	for _, r := range recs {
		wantWhite := r.Round%2 == 1 // engine 1 is white in games 1 and 3
		if r.Engine1White != wantWhite || (r.White == "One") != wantWhite {
			t.Errorf("game %d: engine 1 white %v, white %q", r.Round, r.Engine1White, r.White)
		}
		if want := testOpenings[(r.Round-1)/2]; r.Opening.FEN != want.FEN || r.Opening.Name != want.Name {
			t.Errorf("game %d: opening %v, want %v", r.Round, r.Opening, want)
		}
		if r.Result == chess.NoResult || r.Termination != TermNormal || r.Adjudicated || r.Game.Len() == 0 {
			t.Errorf("game %d: %v %q %q after %d plies", r.Round, r.Result, r.Termination, r.Reason, r.Game.Len())
		}
	}
	for _, want := range []string{`[Round "1"]`, `[Round "4"]`, `[White "One"]`, `[White "Two"]`,
		`[TimeControl "-"]`, `[Termination "normal"]`, `[SetUp "1"]`, `[Opening "Queen's pawn"]`, "/1 0.0"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("PGN lacks %s", want)
		}
	}
	if n := strings.Count(pgn, "[Event "); n != 4 {
		t.Errorf("PGN has %d games, want 4", n)
	}
}

// TestAdjudication plays two games (one with each colour) against a
// misbehaving engine 2 and checks how the runner ends them.
func TestAdjudication(t *testing.T) {
	const ms = time.Millisecond
	tests := []struct {
		name    string
		engine1 string
		engine2 string
		limits  Limits
		margin  time.Duration
		resign  ResignRule
		draw    DrawRule
		tally   Tally
		term    string
		reason  string
		faulty  int
	}{
		{"illegal move", "", "illegal", Limits{}, 0, ResignRule{}, DrawRule{}, Tally{Wins: 2}, TermIllegalMove, `illegal move: chess: move "a1a1"`, 0},
		{"no move", "", "none", Limits{}, 0, ResignRule{}, DrawRule{}, Tally{Wins: 2}, TermIllegalMove, "illegal move", 0},
		{"crash", "", "crash", Limits{}, 0, ResignRule{}, DrawRule{}, Tally{Wins: 2}, TermAbandoned, "engine crashed (engine exited); error output: panic: fake crash at move 1 | goroutine 1 [running]: | main.frame0() | main.frame1() | (4 more lines) | main.frame6() | main.frame7() | main.frame8() | main.frame9()", 2},
		{"crash mid-game", "", "crashafter:3", Limits{}, 0, ResignRule{}, DrawRule{}, Tally{Wins: 2}, TermAbandoned, "engine crashed (engine exited); error output: panic: fake crash at move 4", 2},
		{"move time overrun", "", "hang", Limits{MoveTime: 20 * ms}, 100 * ms, ResignRule{}, DrawRule{}, Tally{Wins: 2}, TermTimeForfeit, "loses on time", 0},
		{"clock overrun", "", "slow:400", Limits{Base: 200 * ms}, 50 * ms, ResignRule{}, DrawRule{}, Tally{Wins: 2}, TermTimeForfeit, "loses on time", 0},
		{"stall", "", "hang", Limits{Depth: 3}, 0, ResignRule{}, DrawRule{}, Tally{Wins: 2}, TermAbandoned, "; nothing written after go); error output: fake: thinking forever", 2},
		{"resign", "score:500", "score:-700", Limits{}, 0, ResignRule{Score: 400, Moves: 3}, DrawRule{}, Tally{Wins: 2}, TermAdjudicated, "resigns", 0},
		{"no resign without agreement", "score:500", "score:0", Limits{}, 0, ResignRule{Score: 400, Moves: 3}, DrawRule{Score: 10, Moves: 2, After: 4}, Tally{}, "", "", 0},
		{"draw", "score:5", "score:-3", Limits{}, 0, ResignRule{}, DrawRule{Score: 10, Moves: 2, After: 4}, Tally{Draws: 2}, TermAdjudicated, "draw: both engines", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := Config{
				Engines:      [2]EngineSpec{{Command: fake(tt.engine1)}, {Command: fake(tt.engine2)}},
				Games:        2,
				Limits:       tt.limits,
				Resign:       tt.resign,
				Draw:         tt.draw,
				StallTimeout: 300 * ms,
			}
			var (
				recs []GameRecord
				pgn  bytes.Buffer
			)
			cfg.Openings = testOpenings
			if cfg.Limits == (Limits{}) {
				cfg.Limits = Limits{MoveTime: 20 * ms}
				tt.margin = time.Second
			}
			cfg.TimeMargin = tt.margin
			cfg.StartTimeout = testTimeout
			cfg.PGN = &pgn
			cfg.Progress = func(p Progress) { recs = append(recs, p.Game) }
			sum, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if sum.Tally.Games() != 2 {
				t.Fatalf("%d games played, want 2", sum.Tally.Games())
			}
			if tt.term == "" { // only check that the rule did not fire
				for _, r := range recs {
					if r.Termination == TermAdjudicated {
						t.Errorf("game %d adjudicated: %s", r.Round, r.Reason)
					}
				}
				return
			}
			if sum.Tally != tt.tally {
				t.Errorf("tally %+v, want %+v", sum.Tally, tt.tally)
			}
			for _, r := range recs {
				if r.Termination != tt.term || !strings.Contains(r.Reason, tt.reason) || !r.Adjudicated || r.Faulty != tt.faulty {
					t.Errorf("game %d: termination %q, reason %q, adjudicated %v, faulty %d; want %q, %q, true, %d",
						r.Round, r.Termination, r.Reason, r.Adjudicated, r.Faulty, tt.term, tt.reason, tt.faulty)
				}
			}
			// The PGN writer wraps long comments: compare words.
			words := strings.Join(strings.Fields(pgn.String()), " ")
			if !strings.Contains(pgn.String(), `[Termination "`+tt.term+`"]`) || !strings.Contains(words, tt.reason) {
				t.Errorf("PGN lacks the termination or the reason:\n%s", pgn.String())
			}
		})
	}
}

func TestRunSPRTStopsEarly(t *testing.T) {
	sprt := SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}
	cfg := Config{
		Engines: [2]EngineSpec{{Command: fake("")}, {Command: fake("illegalevery:2")}},
		Games:   200,
		SPRT:    &sprt,
	}
	sum, _, _, err := runFake(t, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Status != SPRTAcceptH1 || sum.Stopped != "SPRT: H1 accepted" || sum.Tally.Games() >= 200 {
		t.Errorf("after %d games (%+v): status %v, stopped %q; want H1 accepted early", sum.Tally.Games(), sum.Tally, sum.Status, sum.Stopped)
	}
}

func TestRunSameNames(t *testing.T) {
	cfg := Config{Engines: [2]EngineSpec{{Command: fake("name:Twin")}, {Command: fake("name:Twin")}}, Games: 2}
	sum, recs, _, err := runFake(t, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Names != [2]string{"Twin (1)", "Twin (2)"} || recs[0].White == recs[0].Black {
		t.Errorf("names %q, game 1 %q vs %q; want them told apart", sum.Names, recs[0].White, recs[0].Black)
	}
}

func TestRunConcurrent(t *testing.T) {
	cfg := Config{
		Engines:     [2]EngineSpec{{Command: fake("")}, {Command: fake("illegal")}},
		Games:       6,
		Concurrency: 3,
	}
	sum, recs, _, err := runFake(t, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Tally != (Tally{Wins: 6}) {
		t.Errorf("tally %+v, want 6 wins", sum.Tally)
	}
	seen := map[int]bool{}
	for _, r := range recs {
		seen[r.Round] = true
	}
	if len(seen) != 6 {
		t.Errorf("rounds %v, want 1..6 once each", seen)
	}
}

// TestRunRestartFails checks that a match ends, with the games so far and an
// error, when an engine that crashed cannot be started again.
func TestRunRestartFails(t *testing.T) {
	once := filepath.Join(t.TempDir(), "started")
	cfg := Config{
		Engines:      [2]EngineSpec{{Command: fake("")}, {Command: fake("crash once:" + once)}},
		Openings:     testOpenings,
		Games:        4,
		Limits:       Limits{Depth: 1},
		StartTimeout: time.Second,
	}
	sum, err := Run(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "restarting it before game 2") || !strings.Contains(err.Error(), "engine2") {
		t.Errorf("error %v, want one about restarting engine2 before game 2", err)
	}
	if sum.Tally != (Tally{Wins: 1}) || !strings.Contains(sum.Stopped, "engine2") {
		t.Errorf("tally %+v, stopped %q; want the one game won and why it stopped", sum.Tally, sum.Stopped)
	}
}

func TestRunErrors(t *testing.T) {
	good := EngineSpec{Command: fake("")}
	tests := []struct {
		name    string
		cfg     Config
		wantErr string
	}{
		{"silent engine", Config{Engines: [2]EngineSpec{good, {Command: fake("silent")}}, Games: 2, StartTimeout: 2 * time.Second},
			`engine2`},
		{"no command", Config{Engines: [2]EngineSpec{good, {}}, Games: 2}, "engine 2 has no command"},
		{"no games", Config{Engines: [2]EngineSpec{good, good}}, "number of games"},
		{"no limits", Config{Engines: [2]EngineSpec{good, good}, Games: 2, Limits: Limits{Nodes: -1}}, "negative"},
		{"no openings", Config{Engines: [2]EngineSpec{good, good}, Games: 2, Openings: []opening.Opening{}}, "no openings"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			if cfg.Openings == nil {
				cfg.Openings = testOpenings
			}
			if cfg.Limits == (Limits{}) {
				cfg.Limits = Limits{Depth: 1}
			}
			start := time.Now()
			_, err := Run(context.Background(), cfg)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error %v, want one mentioning %q", err, tt.wantErr)
			}
			if d := time.Since(start); d > testTimeout {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestConfigValidate checks each of Validate's errors, and the defaults it
// fills in.
func TestConfigValidate(t *testing.T) {
	good := EngineSpec{Command: []string{"engine"}}
	valid := func(change func(*Config)) Config {
		c := Config{Engines: [2]EngineSpec{good, good}, Limits: Limits{Depth: 1}, Games: 3, Openings: testOpenings}
		change(&c)
		return c
	}
	tests := []struct {
		name string
		cfg  Config
		want string // the error, "" for none
	}{
		{"valid", valid(func(*Config) {}), ""},
		{"no engine 1", valid(func(c *Config) { c.Engines[0] = EngineSpec{} }), "match: engine 1 has no command"},
		{"no limit", valid(func(c *Config) { c.Limits = Limits{} }), "match: no limit: give a time control, move time, nodes or depth"},
		{"no games", valid(func(c *Config) { c.Games = 0 }), "match: the number of games must be at least 1, not 0"},
		{"negative concurrency", valid(func(c *Config) { c.Concurrency = -2 }), "match: the number of games at once must be at least 1, not -2"},
		{"no openings", valid(func(c *Config) { c.Openings = nil }), "match: no openings"},
		{"negative resign moves", valid(func(c *Config) { c.Resign = ResignRule{Score: 500, Moves: -1} }), "match: resign adjudication after -1 moves: the number of moves must not be negative"},
		{"resign without a score", valid(func(c *Config) { c.Resign = ResignRule{Moves: 3} }), "match: resign adjudication at a score of 0: the score must be positive (centipawns)"},
		{"resign off, any score", valid(func(c *Config) { c.Resign = ResignRule{Score: -5} }), ""},
		{"negative draw score", valid(func(c *Config) { c.Draw = DrawRule{Score: -1} }), "match: draw adjudication: the number of moves, the score and the move it starts at must not be negative"},
		{"negative timeout", valid(func(c *Config) { c.StartTimeout = -time.Second }), "match: the start and stall timeouts must not be negative"},
	}
	for _, tt := range tests {
		err := tt.cfg.Validate()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || err.Error() != tt.want):
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
	c := valid(func(*Config) {})
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if c.Games != 4 || c.Concurrency != 1 || c.TimeMargin != DefaultTimeMargin || c.StartTimeout != DefaultStartTimeout || c.StallTimeout != DefaultStallTimeout {
		t.Errorf("defaults: games %d, concurrency %d, margin %v, timeouts %v %v", c.Games, c.Concurrency, c.TimeMargin, c.StartTimeout, c.StallTimeout)
	}
}

// TestRunCancelWhileStarting checks that cancelling stops engines that are
// still in their handshake at once, not after the start timeout.
func TestRunCancelWhileStarting(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := Config{
		Engines:      [2]EngineSpec{{Command: fake("")}, {Command: fake("silent")}},
		Openings:     testOpenings,
		Games:        2,
		Limits:       Limits{Depth: 1},
		StartTimeout: time.Minute,
	}
	time.AfterFunc(500*time.Millisecond, cancel)
	start := time.Now()
	sum, err := Run(ctx, cfg)
	if err == nil || sum.Tally.Games() != 0 {
		t.Errorf("error %v, %d games; want an error and no game", err, sum.Tally.Games())
	}
	if d := time.Since(start); d > testTimeout {
		t.Errorf("took %v to stop", d)
	}
}

// TestRunCancel checks that cancelling the context stops a match whose
// engines are thinking, promptly, without counting the abandoned games.
func TestRunCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := Config{
		Engines:      [2]EngineSpec{{Command: fake("hang")}, {Command: fake("hang")}},
		Openings:     testOpenings,
		Games:        2,
		Concurrency:  2,
		Limits:       Limits{Depth: 5},
		StartTimeout: testTimeout,
		StallTimeout: time.Minute,
	}
	time.AfterFunc(500*time.Millisecond, cancel)
	start := time.Now()
	sum, err := Run(ctx, cfg)
	if err == nil || sum.Stopped != "interrupted" || sum.Tally.Games() != 0 {
		t.Errorf("error %v, stopped %q, %d games; want an error, interrupted, 0 games", err, sum.Stopped, sum.Tally.Games())
	}
	if d := time.Since(start); d > testTimeout {
		t.Errorf("took %v to stop", d)
	}
}

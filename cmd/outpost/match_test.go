package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/match"
	"github.com/outpost-chess/outpost/internal/opening"
)

func TestParseMatchFlags(t *testing.T) {
	const ms = time.Millisecond
	openings := filepath.Join(t.TempDir(), "two.epd")
	if err := os.WriteFile(openings, []byte("# two\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\nrnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		args  []string
		check func(t *testing.T, r matchRun)
	}{
		{"defaults", []string{"--engine1", "a -x", "--engine2", "b", "--movetime", "50"}, func(t *testing.T, r matchRun) {
			c := r.cfg
			if !slices.Equal(c.Engines[0].Command, []string{"a", "-x"}) || !slices.Equal(c.Engines[1].Command, []string{"b"}) {
				t.Errorf("commands %q, %q", c.Engines[0].Command, c.Engines[1].Command)
			}
			if c.Limits != (match.Limits{MoveTime: 50 * ms}) || c.TimeMargin != 100*ms {
				t.Errorf("limits %+v, margin %v", c.Limits, c.TimeMargin)
			}
			if c.Games != 100 || c.Concurrency != 1 || c.SPRT != nil || c.Resign.Moves != 0 || c.Draw.Moves != 0 {
				t.Errorf("games %d, concurrency %d, sprt %v, resign %+v, draw %+v", c.Games, c.Concurrency, c.SPRT, c.Resign, c.Draw)
			}
			if len(c.Openings) < 100 || r.quiet || r.pgnPath != "" {
				t.Errorf("%d openings, quiet %v, pgn %q", len(c.Openings), r.quiet, r.pgnPath)
			}
		}},
		{"everything", []string{"--engine1", "a", "--engine2", "b", "--option1", "Hash=16", "--option1", "Skill Level=3",
			"--option2", "UCI_Elo=1500", "--name1", "A", "--name2", "B", "--tc", "10+0.1", "--nodes", "1000", "--timemargin", "0",
			"--games", "7", "--concurrency", "2", "--openings", openings, "--pgn", "out.pgn", "--quiet",
			"--sprt", "elo0=0,elo1=5", "--resign-moves", "4", "--resign-score", "900",
			"--draw-moves", "6", "--draw-score", "5", "--draw-after", "30", "--stall-timeout", "5s"}, func(t *testing.T, r matchRun) {
			c := r.cfg
			if !slices.Equal(c.Engines[0].Options, []match.Option{{Name: "Hash", Value: "16"}, {Name: "Skill Level", Value: "3"}}) ||
				!slices.Equal(c.Engines[1].Options, []match.Option{{Name: "UCI_Elo", Value: "1500"}}) {
				t.Errorf("options %v, %v", c.Engines[0].Options, c.Engines[1].Options)
			}
			if c.Engines[0].Name != "A" || c.Engines[1].Name != "B" {
				t.Errorf("names %q, %q", c.Engines[0].Name, c.Engines[1].Name)
			}
			if c.Limits != (match.Limits{Base: 10 * time.Second, Increment: 100 * ms, Nodes: 1000}) || c.TimeMargin >= 0 {
				t.Errorf("limits %+v, margin %v (want none)", c.Limits, c.TimeMargin)
			}
			if c.Games != 8 || c.Concurrency != 2 || len(c.Openings) != 2 || r.pgnPath != "out.pgn" || !r.quiet {
				t.Errorf("games %d, concurrency %d, %d openings, pgn %q, quiet %v", c.Games, c.Concurrency, len(c.Openings), r.pgnPath, r.quiet)
			}
			if c.SPRT == nil || *c.SPRT != (match.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}) {
				t.Errorf("sprt %v", c.SPRT)
			}
			if c.Resign != (match.ResignRule{Score: 900, Moves: 4}) || c.Draw != (match.DrawRule{Score: 5, Moves: 6, After: 30}) {
				t.Errorf("resign %+v, draw %+v", c.Resign, c.Draw)
			}
			if c.StallTimeout != 5*time.Second {
				t.Errorf("stall timeout %v", c.StallTimeout)
			}
		}},
		{"outpost", []string{"--outpost", "max", "--option1", "Hash=8", "--engine2", "b", "--depth", "3"}, func(t *testing.T, r matchRun) {
			e := r.cfg.Engines[0]
			if !slices.Equal(e.Command, []string{exe, "uci"}) || e.Name != "Outpost max" ||
				!slices.Equal(e.Options, []match.Option{{Name: "Level", Value: "max"}, {Name: "Hash", Value: "8"}}) {
				t.Errorf("engine 1 %+v", e)
			}
		}},
		{"outpost level", []string{"--outpost", "4", "--engine2", "b", "--depth", "3"}, func(t *testing.T, r matchRun) {
			e := r.cfg.Engines[0]
			if e.Name != "Outpost 4" || !slices.Equal(e.Options, []match.Option{{Name: "Level", Value: "4"}}) {
				t.Errorf("engine 1 %+v", e)
			}
		}},
		{"outpost by number", []string{"--outpost", "2250", "--engine2", "b", "--depth", "3"}, func(t *testing.T, r matchRun) {
			e := r.cfg.Engines[0]
			if e.Name != "Outpost 2250" || !slices.Equal(e.Options, []match.Option{{Name: "UCI_LimitStrength", Value: "true"}, {Name: "UCI_Elo", Value: "2250"}}) {
				t.Errorf("engine 1 %+v", e)
			}
		}},
		{"random openings", []string{"--engine1", "a", "--engine2", "b", "--depth", "1", "--random-openings", "--seed", "3"}, func(t *testing.T, r matchRun) {
			if want := opening.Shuffle(opening.Balanced(), 3); !slices.EqualFunc(r.cfg.Openings, want, func(a, b opening.Opening) bool { return a.FEN == b.FEN }) {
				t.Error("openings not shuffled by the seed")
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := parseMatchFlags(tt.args)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, r)
		})
	}
}

func TestParseMatchFlagsErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.epd")
	if err := os.WriteFile(bad, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nnot a position\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	both := []string{"--engine1", "a", "--engine2", "b"}
	tests := []struct {
		name  string
		args  []string
		want  string
		usage bool
	}{
		{"no engine 1", []string{"--engine2", "b", "--depth", "1"}, "--engine1 CMD or --outpost", true},
		{"no engine 2", []string{"--engine1", "a", "--depth", "1"}, "--engine2", true},
		{"outpost and engine1", append([]string{"--outpost", "max", "--depth", "1"}, both...), "--outpost and --engine1", true},
		{"bad level", []string{"--outpost", "11", "--engine2", "b", "--depth", "1"}, "--outpost", true},
		{"bad strength", []string{"--outpost", "2210", "--engine2", "b", "--depth", "1"}, engine.CheckElo(2210).Error(), true},
		{"no limit", both, "no limit: give a time control, move time, nodes or depth", true},
		{"bad tc", append([]string{"--tc", "ten"}, both...), "--tc", true},
		{"tc and movetime", append([]string{"--tc", "10", "--movetime", "5"}, both...), "give either a time control or a move time, not both", true},
		{"negative depth", append([]string{"--depth", "-1"}, both...), "negative", true},
		{"no games", append([]string{"--depth", "1", "--games", "0"}, both...), "the number of games must be at least 1, not 0", true},
		{"negative concurrency", append([]string{"--depth", "1", "--concurrency", "-1"}, both...), "the number of games at once must be at least 1, not -1", true},
		{"negative resign moves", append([]string{"--depth", "1", "--resign-moves", "-1"}, both...), "resign adjudication after -1 moves", true},
		{"no resign score", append([]string{"--depth", "1", "--resign-moves", "3", "--resign-score", "0"}, both...), "resign adjudication at a score of 0", true},
		{"negative draw score", append([]string{"--depth", "1", "--draw-score", "-1"}, both...), "draw adjudication", true},
		{"negative timeout", append([]string{"--depth", "1", "--stall-timeout", "-1s"}, both...), "timeouts must not be negative", true},
		{"bad option", append([]string{"--depth", "1", "--option1", "Hash"}, both...), "Name=Value", true},
		{"bad sprt", append([]string{"--depth", "1", "--sprt", "elo0=5,elo1=0"}, both...), "--sprt", true},
		{"seed alone", append([]string{"--depth", "1", "--seed", "4"}, both...), "--random-openings", true},
		{"negative margin", append([]string{"--depth", "1", "--timemargin", "-5"}, both...), "--timemargin", true},
		{"unknown flag", append([]string{"--depth", "1", "--hash", "4"}, both...), "hash", true},
		{"argument", append([]string{"--depth", "1", "extra"}, both...), "unexpected argument", true},
		{"missing openings", append([]string{"--depth", "1", "--openings", "/nonexistent.epd"}, both...), "nonexistent.epd", false},
		{"bad openings", append([]string{"--depth", "1", "--openings", bad}, both...), "bad.epd: chess: EPD line 2:", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseMatchFlags(tt.args)
			if err == nil {
				t.Fatal("no error")
			}
			var ue *usageError
			if !strings.Contains(err.Error(), tt.want) || errors.As(err, &ue) != tt.usage {
				t.Errorf("error %q (usage error: %v), want one mentioning %q (usage error: %v)", err, errors.As(err, &ue), tt.want, tt.usage)
			}
		})
	}
}

// TestMatchCommand runs "outpost match" in a separate process against an
// engine that cannot start, checking the exit status and that the error
// names the engine.
func TestMatchCommand(t *testing.T) {
	_, stderr, code := runOutpost(t, "match", "--engine1", "/nonexistent/engine", "--engine2", "/nonexistent/other", "--depth", "1", "--games", "2")
	if code != 1 || !strings.Contains(stderr, "outpost match: engine1") || !strings.Contains(stderr, "cannot start") {
		t.Errorf("exit %d, stderr %q; want 1 and an error about engine1", code, stderr)
	}
	_, stderr, code = runOutpost(t, "match", "--engine1", "a")
	if code != 2 || !strings.Contains(stderr, "usage: outpost match") {
		t.Errorf("exit %d, stderr %q; want 2 and the usage", code, stderr)
	}
}

// TestMatchReportsCrashes plays a quiet match between two engines that
// crash when asked to move, printing a panic to standard error: each game's
// line, with the crash and what the engine wrote, must be printed anyway.
func TestMatchReportsCrashes(t *testing.T) {
	script := filepath.Join(t.TempDir(), "crasher")
	const crasher = `while read -r cmd rest; do
	case $cmd in
	uci) echo "id name Crasher"; echo uciok ;;
	isready) echo readyok ;;
	go) echo "panic: cannot think" >&2; exit 2 ;;
	esac
done
`
	if err := os.WriteFile(script, []byte(crasher), 0o644); err != nil {
		t.Fatal(err)
	}
	// Quietly, and behind a progress bar.
	for _, tty := range []bool{false, true} {
		args := []string{"--engine1", "sh " + script, "--engine2", "sh " + script, "--depth", "1", "--games", "2"}
		if !tty {
			args = append(args, "--quiet")
		}
		var out strings.Builder
		if err := playMatch(context.Background(), args, &out, tty); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{
			"Game 1/2  Crasher (1) vs Crasher (2)  0-1  White's engine crashed (engine exited); error output: panic: cannot think  | +0 =0 -1\n",
			"Game 2/2  Crasher (2) vs Crasher (1)  0-1  White's engine crashed (engine exited); error output: panic: cannot think  | +1 =0 -1\n",
			"W/D/L:    +1 =0 -1",
		} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("tty %v: output lacks %q:\n%s", tty, want, out.String())
			}
		}
	}
}

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain lets a test run the real command: when OUTPOST_TEST_MAIN is set,
// the test binary runs main with the arguments after "--" instead of the
// tests (see runOutpost).
func TestMain(m *testing.M) {
	if os.Getenv("OUTPOST_TEST_MAIN") == "1" {
		for i, a := range os.Args {
			if a == "--" {
				os.Args = append([]string{"outpost"}, os.Args[i+1:]...)
				break
			}
		}
		main()
		os.Exit(0) // main exits itself; this is never reached
	}
	code := m.Run()
	removeBuiltOutpost()
	os.Exit(code)
}

// runOutpost runs "outpost args..." as a separate process (the test binary
// in main mode) and returns its standard output, standard error and exit
// status.
func runOutpost(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), "OUTPOST_TEST_MAIN=1")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		t.Fatalf("running outpost %q: %v", args, err)
	}
	return out.String(), errOut.String(), code
}

func TestCommandTable(t *testing.T) {
	seen := map[string]bool{"help": true}
	for _, c := range commands {
		if c.name == "" || strings.ContainsAny(c.name, " \t-") {
			t.Errorf("command name %q: want one word", c.name)
		}
		if seen[c.name] {
			t.Errorf("command %q listed twice (or clashes with help)", c.name)
		}
		seen[c.name] = true
		if c.summary == "" || strings.Contains(c.summary, "\n") {
			t.Errorf("command %q: summary %q, want one line", c.name, c.summary)
		}
		if c.run == nil {
			t.Errorf("command %q has no run function", c.name)
		}
	}
}

// TestEveryCommandExplainsItsFlags checks the convention every subcommand
// follows: "outpost help CMD", "outpost CMD -h" and "outpost CMD --help"
// print its synopsis and each of its flags on stdout and exit 0.
func TestEveryCommandExplainsItsFlags(t *testing.T) {
	for _, c := range commands {
		for _, args := range [][]string{{"help", c.name}, {c.name, "-h"}, {c.name, "--help"}} {
			var stdout, stderr bytes.Buffer
			if code := dispatch(args, &stdout, &stderr); code != 0 {
				t.Errorf("outpost %s: exit %d, want 0 (stderr %q)", strings.Join(args, " "), code, stderr.String())
			}
			out := stdout.String()
			if !strings.HasPrefix(out, "usage: outpost "+c.name) {
				t.Errorf("outpost %s: output does not start with the synopsis:\n%s", strings.Join(args, " "), out)
			}
			if !strings.Contains(out, "\nflags:") {
				t.Errorf("outpost %s: output lists no flags:\n%s", strings.Join(args, " "), out)
			}
		}
	}
}

func TestDispatch(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		code       int
		stdout     []string // substrings of stdout
		stderr     []string // substrings of stderr
		wantStdout bool     // whether stdout may be non-empty
	}{
		{"no command", nil, 2, nil, []string{"usage: outpost <command>", "perft"}, false},
		{"unknown command", []string{"frobnicate"}, 2, nil, []string{`outpost: unknown command "frobnicate"`, "commands:"}, false},
		{"help", []string{"help"}, 0, []string{"usage: outpost <command>", "  perft ", "  help "}, nil, true},
		{"--help", []string{"--help"}, 0, []string{"commands:"}, nil, true},
		{"help unknown", []string{"help", "frobnicate"}, 2, nil, []string{`unknown command "frobnicate"`}, false},
		{"help two names", []string{"help", "perft", "perft"}, 2, nil, []string{"at most one command"}, false},
		{"help perft", []string{"help", "perft"}, 0,
			[]string{"--depth N", "--fen FEN", "--divide", "--no-bulk", "--epd FILE", "--max-depth N", "(default \"rnbqkbnr/"}, nil, true},
		{"unknown flag", []string{"perft", "--bogus"}, 2, nil,
			[]string{"outpost perft: flag provided but not defined: -bogus", "usage: outpost perft", `Run "outpost help perft"`}, false},
		{"bad flag value", []string{"perft", "--depth", "three"}, 2, nil, []string{"outpost perft: invalid value \"three\""}, false},
		{"missing depth", []string{"perft"}, 2, nil, []string{"outpost perft: --depth or --epd is required"}, false},
		{"depth zero", []string{"perft", "--depth", "0"}, 2, nil, []string{"--depth 0 is out of range"}, false},
		{"depth too deep", []string{"perft", "--depth", "21"}, 2, nil, []string{"--depth 21 is out of range"}, false},
		{"positional argument", []string{"perft", "--depth", "1", "e2e4"}, 2, nil, []string{`unexpected argument "e2e4"`}, false},
		{"epd with depth", []string{"perft", "--epd", "x.epd", "--depth", "3"}, 2, nil, []string{"--depth cannot be used with --epd"}, false},
		{"epd with divide", []string{"perft", "--epd", "x.epd", "--divide"}, 2, nil, []string{"--divide cannot be used with --epd"}, false},
		{"max-depth without epd", []string{"perft", "--depth", "1", "--max-depth", "3"}, 2, nil, []string{"--max-depth needs --epd"}, false},
		{"bad FEN", []string{"perft", "--depth", "1", "--fen", "8/8/8 w - -"}, 1, nil,
			[]string{"outpost perft: chess: FEN board has 3 ranks, want 8\n"}, false},
		{"missing EPD file", []string{"perft", "--epd", filepath.Join(t.TempDir(), "none.epd")}, 1, nil,
			[]string{"outpost perft: open ", "no such file"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := dispatch(tt.args, &stdout, &stderr)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, stderr.String())
			}
			for _, s := range tt.stdout {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout.String())
				}
			}
			for _, s := range tt.stderr {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
				}
			}
			if !tt.wantStdout && stdout.Len() > 0 {
				t.Errorf("unexpected stdout:\n%s", stdout.String())
			}
		})
	}
}

// TestExitStatus runs the command as a process, to check what a shell sees.
func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.epd")
	bad := filepath.Join(dir, "bad.epd")
	writeFile(t, good, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n")
	writeFile(t, bad, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n")

	tests := []struct {
		args   []string
		code   int
		stdout string // a substring of stdout
		stderr string // a substring of stderr
	}{
		{[]string{"perft", "--depth", "2"}, 0, "nodes 400 time ", ""},
		{[]string{"perft", "--epd", good}, 0, "positions 1 passed 1 failed 0 ", ""},
		{[]string{"perft", "--epd", bad}, 1, "positions 1 passed 0 failed 1 ", "outpost perft: 1 of 1 positions failed\n"},
		{[]string{"perft", "--fen", "nonsense", "--depth", "1"}, 1, "", "outpost perft: chess: FEN"},
		{[]string{"perft", "--depth"}, 2, "", "flag needs an argument: -depth"},
		{[]string{"nonsense"}, 2, "", `unknown command "nonsense"`},
		{[]string{"help", "perft"}, 0, "usage: outpost perft", ""},
	}
	for _, tt := range tests {
		stdout, stderr, code := runOutpost(t, tt.args...)
		if code != tt.code {
			t.Errorf("outpost %q: exit %d, want %d (stderr %q)", tt.args, code, tt.code, stderr)
		}
		if !strings.Contains(stdout, tt.stdout) {
			t.Errorf("outpost %q: stdout lacks %q:\n%s", tt.args, tt.stdout, stdout)
		}
		if !strings.Contains(stderr, tt.stderr) {
			t.Errorf("outpost %q: stderr lacks %q:\n%s", tt.args, tt.stderr, stderr)
		}
		if strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine ") {
			t.Errorf("outpost %q panicked:\n%s", tt.args, stderr)
		}
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

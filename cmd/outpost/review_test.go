package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// blunderPGN holds two games; the second has a blunder at ply 6 (3...
// Qg5?? hangs the queen).
const blunderPGN = `[Event "one"]

1. d4 d5 *

[Event "two"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Qg5 4. Nxg5 1-0
`

// tempFile writes text to a new file called name and returns its path.
func tempFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	writeFile(t, path, text)
	return path
}

func TestReviewCommand(t *testing.T) {
	path := tempFile(t, "games.pgn", blunderPGN)
	var out bytes.Buffer
	if err := reviewGame(context.Background(), []string{path, "--game", "2", "--nodes", "20000"}, &out, nil); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		"Opening: Italian Game (C50), out of the book after 3... Qg5",
		"move ", "eval", "judgement", "better",
		"3... Qg5", "?? blunder",
		"accuracy", "blunders", "average centipawn loss",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the table lacks %q:\n%s", want, text)
		}
	}

	// --json: the API's shape, flags after the file or before it.
	out.Reset()
	if err := reviewGame(context.Background(), []string{"--json", "--game=2", "--nodes", "20000", path}, &out, nil); err != nil {
		t.Fatal(err)
	}
	var v struct {
		White, Black struct {
			Accuracy                               *float64
			Inaccuracies, Mistakes, Blunders, ACPL int
		}
		Opening struct{ ECO, Name string }
		Moves   []struct {
			Ply       int
			SAN, Best string
			BestSan   string `json:"bestSan"`
			Eval      map[string]int
			Judgement string
		}
	}
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatalf("%v:\n%s", err, out.String())
	}
	if len(v.Moves) != 7 || v.Moves[5].Ply != 6 || v.Moves[5].Judgement != "blunder" || v.Moves[5].BestSan == "" ||
		v.Moves[5].Eval["cp"] < 500 || v.Black.Blunders != 1 || v.White.Accuracy == nil || v.Opening.ECO != "C50" {
		t.Errorf("JSON:\n%s", out.String())
	}

	// --pgn: the annotated game.
	out.Reset()
	if err := reviewGame(context.Background(), []string{path, "--game", "2", "--movetime", "20", "--pgn"}, &out, nil); err != nil {
		t.Fatal(err)
	}
	if pgn := out.String(); !strings.Contains(pgn, "3... Qg5 $4 {[%eval") || !strings.Contains(pgn, `[Event "two"]`) || !strings.HasSuffix(pgn, "1-0\n\n") {
		t.Errorf("--pgn:\n%s", pgn)
	}
}

// TestReviewCommandErrors: each mistake is told in words, exits non-zero
// and prints nothing on standard output.
func TestReviewCommandErrors(t *testing.T) {
	good := tempFile(t, "games.pgn", blunderPGN)
	broken := tempFile(t, "broken.pgn", "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n1. d4 *\n")
	empty := tempFile(t, "empty.pgn", "[Event \"none\"]\n\n*\n")
	nothing := tempFile(t, "nothing.pgn", "\n")
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"review"}, 2, "no PGN file given"},
		{[]string{"review", good, good}, 2, "one PGN file at a time"},
		{[]string{"review", filepath.Join(t.TempDir(), "missing.pgn")}, 1, "cannot read"},
		{[]string{"review", broken}, 1, "game 1 is broken at line 3: illegal move 2. Ke3"},
		{[]string{"review", good, "--game", "3"}, 1, "has 2 games, not 3"},
		{[]string{"review", good, "--game", "0"}, 2, "games are numbered from 1"},
		{[]string{"review", empty}, 1, "has no moves to review"},
		{[]string{"review", nothing}, 1, "has no game in it"},
		{[]string{"review", good, "--nodes", "5", "--movetime", "5"}, 2, "cannot be used together"},
		{[]string{"review", good, "--json", "--pgn"}, 2, "cannot be used together"},
		{[]string{"review", good, "--depth", "3"}, 2, "flag provided but not defined: -depth"},
	} {
		stdout, stderr, code := runOutpost(t, tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) || stdout != "" {
			t.Errorf("outpost %s: exit %d, stderr %q, stdout %q; want exit %d saying %q", strings.Join(tt.args, " "), code, stderr, stdout, tt.code, tt.want)
		}
	}
	// The second game of a file whose first is broken is still read.
	stdout, stderr, code := runOutpost(t, "review", broken, "--game", "2", "--nodes", "1000")
	if code != 0 || !strings.Contains(stdout, "1. d4") {
		t.Errorf("the good game after a broken one: exit %d, %q %q", code, stdout, stderr)
	}
}

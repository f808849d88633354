package main

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

func TestNewEPDEntry(t *testing.T) {
	tests := []struct {
		line    string
		id      string
		bm, am  int
		dm      int
		wantErr string
	}{
		{`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`, "WAC.001", 1, 0, 0, ""},
		{`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; dm 2; id "WAC.001";`, "WAC.001", 1, 0, 2, ""},
		{`k7/4P3/1K6/8/8/8/8/8 w - - bm e8=Q# e8=R#; dm 1; id "two; moves";`, "two; moves", 2, 0, 1, ""},
		{`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - am f3 g4; c0 "comment";`, "line 0", 0, 2, 0, ""},
		{`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - dm 1`, "line 0", 0, 0, 1, ""},
		{`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Re8;`, "", 0, 0, 0, "bm Re8"},
		{`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - dm x;`, "", 0, 0, 0, `dm "x"`},
		{`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - id "no solution";`, "", 0, 0, 0, "nothing to solve"},
		{`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - dm 1 2;`, "", 0, 0, 0, `dm "1 2"`},
		{`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm;`, "", 0, 0, 0, `chess: EPD operation bm has no move`},
	}
	for _, tc := range tests {
		epd, err := chess.ParseEPD(tc.line)
		if err != nil {
			t.Fatalf("chess.ParseEPD(%q): %v", tc.line, err)
		}
		e, err := newEPDEntry(epd)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("newEPDEntry(%q) error %v, want one containing %q", tc.line, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("newEPDEntry(%q): %v", tc.line, err)
			continue
		}
		if e.id != tc.id || len(e.bm) != tc.bm || len(e.am) != tc.am || e.dm != tc.dm {
			t.Errorf("newEPDEntry(%q) = id %q bm %v am %v dm %d, want id %q, %d bm, %d am, dm %d", tc.line, e.id, e.bm, e.am, e.dm, tc.id, tc.bm, tc.am, tc.dm)
		}
	}
}

func TestSolve(t *testing.T) {
	dir := t.TempDir()
	suite := filepath.Join(dir, "suite.epd")
	writeFile(t, suite, `# a tiny suite
6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; dm 1; id "back rank";
2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; dm 2; id "WAC.001";

k7/4P3/1K6/8/8/8/8/8 w - - bm e8=Q e8=R; id "two answers";
2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - am Qg6; id "avoid the mate";
`)
	var out bytes.Buffer
	if err := solve([]string{"--file", suite, "--depth", "12", "--hash", "1"}, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := []string{
		"1/4 ok   back rank",
		"2/4 ok   WAC.001",
		"3/4 ok   two answers",
		"4/4 FAIL avoid the mate",
		"mate in 1: 1/1  mate in 2: 1/1",
		"solved 3/4",
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d = %q, want it to start %q", i+1, lines[i], w)
		}
	}
	if !strings.Contains(lines[1], "got Qg6 #2 (White mates in 2)") || !strings.Contains(lines[1], "found at depth ") {
		t.Errorf("line 2 = %q, want the move, the mate and when it was found", lines[1])
	}

	out.Reset()
	if err := solve([]string{"--file", suite, "--nodes", "20000", "--hash", "1"}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(out.String(), "solved 3/4\n") {
		t.Errorf("with --nodes 20000:\n%s\nwant solved 3/4", out.String())
	}

	out.Reset()
	if err := solve([]string{"--file", suite, "--depth", "12", "--hash", "1", "--threads", "2"}, &out); err != nil {
		t.Fatal(err)
	}
	// Two threads do not search deterministically: what one thread stores
	// in the shared table changes the other's tree. One thread finds
	// WAC.001's mate only at depth 11, so with two it can come a depth or
	// more later, past this run's 12, and "avoid the mate" can go either
	// way. Only the answers any search of depth 1 or more finds (a mate in
	// 1, a promotion) and the report's shape are checked.
	report := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(report) != len(want) {
		t.Fatalf("with --threads 2: got %d lines, want %d:\n%s", len(report), len(want), out.String())
	}
	for _, i := range []int{0, 2} { // the back rank mate, the promotion
		if !strings.HasPrefix(report[i], want[i]) {
			t.Errorf("with --threads 2, line %d = %q, want it to start %q", i+1, report[i], want[i])
		}
	}
	if !regexp.MustCompile(`^solved [234]/4$`).MatchString(report[len(report)-1]) {
		t.Errorf("with --threads 2:\n%s\nwant it to end with solved 2/4, 3/4 or 4/4", out.String())
	}
}

func TestSolveErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.epd")
	writeFile(t, bad, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#;\n6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Re8;\n")
	broken := filepath.Join(dir, "broken.epd")
	writeFile(t, broken, "# a comment\n6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#;\n6k1/5ppp/8/8 w - - bm Rd8;\n")
	empty := filepath.Join(dir, "empty.epd")
	writeFile(t, empty, "# nothing\n\n")
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"solve"}, 2, "--file is required"},
		{[]string{"solve", "--file", bad, "--depth", "2", "--movetime", "10"}, 2, "--depth and --movetime cannot be used together: give one"},
		{[]string{"solve", "--file", bad, "--nodes", "2000", "--movetime", "10", "--depth", "3"}, 2, "--depth, --nodes and --movetime cannot be used together: give one"},
		{[]string{"solve", "--file", bad, "--depth", "101"}, 2, "--depth 101 is out of range 1..100"},
		{[]string{"solve", "--file", bad, "--hash", "0"}, 2, "--hash 0 is out of range"},
		{[]string{"solve", "--file", bad, "--nodes", "0"}, 2, "--nodes 0"},
		{[]string{"solve", "--file", bad, "--movetime", "0"}, 2, "--movetime 0"},
		{[]string{"solve", "--file", bad, "--threads", "257"}, 2, "--threads 257 is out of range"},
		{[]string{"solve", "--file", bad}, 1, "bad.epd: chess: EPD line 2: EPD bm Re8: \"Re8\" is illegal"},
		{[]string{"solve", "--file", broken}, 1, "broken.epd: chess: EPD line 3: FEN board has 4 ranks, want 8"},
		{[]string{"solve", "--file", empty}, 1, "no positions"},
		{[]string{"solve", "--file", filepath.Join(dir, "none.epd")}, 1, "no such file"},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		if code := dispatch(tc.args, &stdout, &stderr); code != tc.code {
			t.Errorf("outpost %q: exit %d, want %d (stderr %q)", tc.args, code, tc.code, stderr.String())
		}
		if !strings.Contains(stderr.String(), tc.msg) {
			t.Errorf("outpost %q: stderr %q lacks %q", tc.args, stderr.String(), tc.msg)
		}
	}
}

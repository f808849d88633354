package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/explain"
)

func TestExplainText(t *testing.T) {
	var out bytes.Buffer
	fen := "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	if err := explainCmd([]string{"--fen", fen, "--depth", "2", "--method", "ordered", "--multipv", "3"}, &out); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{
		"position " + fen + " (white to move)",
		"tree: alpha-beta, captures first (MVV-LVA), depth 2,",
		"  (root) ",
		"    * 4. ",
		"✂ cut at α=",
		"saved ",
		"comparison (same position and depth):",
		"  minimax (no pruning) ",
		"  alpha-beta, random order ",
		"  full engine ",
		"classic evaluation (white's view)",
		"hand-crafted evaluation (the engine plays with the network; white's view",
		"candidates (full engine, MultiPV):",
		"  3. ",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
}

func TestExplainJSON(t *testing.T) {
	var out bytes.Buffer
	if err := explainCmd([]string{"--depth", "2", "--json", "--method", "minimax"}, &out); err != nil {
		t.Fatal(err)
	}
	var r explain.Report
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("%v:\n%s", err, out.String())
	}
	if r.Depth != 2 || r.Method != explain.Minimax || len(r.Root.Children) != 20 || r.Root.Size != 421 ||
		len(r.Comparison) != 5 || r.Comparison[0].Nodes != 421 || len(r.Candidates) != 4 {
		t.Errorf("report: depth %d method %s, %d root children, size %d, %d rows, %d candidates",
			r.Depth, r.Method, len(r.Root.Children), r.Root.Size, len(r.Comparison), len(r.Candidates))
	}
}

// TestExplainWidth: --width 3 at depth 2 is the tutorials' toy tree, 13
// positions for minimax, each cut named by the move that bound it; a width
// out of range is refused in words.
func TestExplainWidth(t *testing.T) {
	var out bytes.Buffer
	if err := explainCmd([]string{"--depth", "2", "--width", "3", "--method", "minimax"}, &out); err != nil {
		t.Fatal(err)
	}
	if s := out.String(); !strings.Contains(s, "tree: minimax (no pruning), depth 2, 13 nodes") || !strings.Contains(s, "(root) 0.00  13 nodes, 3 moves") {
		t.Errorf("output:\n%s", s)
	}
	out.Reset()
	if err := explainCmd([]string{"--depth", "3", "--width", "3", "--method", "ordered"}, &out); err != nil {
		t.Fatal(err)
	}
	if s := out.String(); !strings.Contains(s, ", bound by ") {
		t.Errorf("no cut named its cause:\n%s", s)
	}
	if err := explainCmd([]string{"--width", "11"}, &out); err == nil || !strings.Contains(err.Error(), "--width 11 is out of range 1..10") {
		t.Errorf("--width 11: %v", err)
	}
}

// TestExplainVisits: --json --visits lists every node in visit order.
func TestExplainVisits(t *testing.T) {
	var out bytes.Buffer
	if err := explainCmd([]string{"--depth", "2", "--json", "--visits", "--method", "engine-order", "--quiescence"}, &out); err != nil {
		t.Fatal(err)
	}
	var r struct {
		explain.Report
		Visits []explain.VisitView `json:"visits"`
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("%v:\n%s", err, out.String())
	}
	if !r.Quiescence || r.Method != explain.EngineOrder || len(r.Visits) != int(r.TreeNodes) || r.Root.Visit != 0 {
		t.Fatalf("quiescence %v, method %s, %d visits of %d", r.Quiescence, r.Method, len(r.Visits), r.TreeNodes)
	}
	for i, v := range r.Visits {
		if v.Visit != i || (i > 0 && (v.Parent < 0 || v.Parent >= i || v.WhiteAlpha == "")) {
			t.Fatalf("visit %d: %+v", i, v)
		}
	}
}

func TestExplainLesson(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  string
		want string
	}{
		{[]string{"--lesson"}, "", "2. The evaluation: a score for a position"},
		{[]string{"--lesson", "--lang", "zh"}, "", "2. 评估函数：给局面打分"},
		{[]string{"--lesson"}, "zh_CN.UTF-8", "3. 极小极大"},
		{[]string{"--lesson", "--lang", "en"}, "zh_CN.UTF-8", "3. Minimax"},
	} {
		t.Setenv("LC_ALL", tc.env)
		var out bytes.Buffer
		if err := explainCmd(tc.args, &out); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), tc.want) {
			t.Errorf("%q with LC_ALL=%q: no %q in\n%s", tc.args, tc.env, tc.want, out.String())
		}
	}
}

func TestExplainBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"explain", "--depth", "0"}, 2, "--depth 0 is out of range 1..4"},
		{[]string{"explain", "--depth", "5"}, 2, "--depth 5 is out of range 1..4"},
		{[]string{"explain", "--method", "negascout"}, 2, `--method "negascout"`},
		{[]string{"explain", "--multipv", "9"}, 2, "--multipv 9 is out of range 1..5"},
		{[]string{"explain", "extra"}, 2, `unexpected argument "extra"`},
		{[]string{"explain", "--lesson", "--lang", "fr"}, 2, `--lang "fr": want en or zh`},
		{[]string{"explain", "--visits"}, 2, "--visits goes with --json"},
		{[]string{"explain", "--method", "minimax", "--quiescence"}, 1, "quiescence needs alpha-beta"},
		{[]string{"explain", "--fen", "8/8/8 w - - 0 1"}, 1, "outpost explain: chess: "},
	} {
		var stdout, stderr bytes.Buffer
		code := dispatch(tc.args, &stdout, &stderr)
		if code != tc.code || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.want)
		}
	}
}

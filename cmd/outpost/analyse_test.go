package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

func TestFormatScore(t *testing.T) {
	tests := []struct {
		s    engine.Score
		side chess.Color
		want string
	}{
		{35, chess.White, "+0.35"},
		{35, chess.Black, "-0.35"},
		{-120, chess.White, "-1.20"},
		{-120, chess.Black, "+1.20"},
		{0, chess.Black, "0.00"},
		{5, chess.White, "+0.05"},
		{-1005, chess.White, "-10.05"},
		{engine.MateIn(5), chess.White, "#3 (White mates in 3)"},
		{engine.MateIn(5), chess.Black, "#-3 (Black mates in 3)"},
		{engine.MatedIn(4), chess.White, "#-2 (Black mates in 2)"},
		{engine.MatedIn(4), chess.Black, "#2 (White mates in 2)"},
		{engine.MateIn(1), chess.Black, "#-1 (Black mates in 1)"},
	}
	for _, tc := range tests {
		if got := formatScore(tc.s, tc.side); got != tc.want {
			t.Errorf("formatScore(%d, %v) = %q, want %q", tc.s, tc.side, got, tc.want)
		}
	}
}

func TestFormatPV(t *testing.T) {
	tests := []struct {
		fen  string
		pv   []string // UCI
		want string
	}{
		{chess.StartFEN, []string{"e2e4", "e7e5", "g1f3"}, "1. e4 e5 2. Nf3"},
		{"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12",
			[]string{"g8f6", "b1c3", "f8c5", "f1c4", "e8g8"}, "12... Nf6 13. Nc3 Bc5 14. Bc4 O-O"},
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30", []string{"d1d8"}, "30. Rd8#"},
		{"3qk3/8/8/8/8/8/5PPP/6K1 b - - 0 7", []string{"d8d1"}, "7... Qd1#"},
		{chess.StartFEN, nil, ""},
		// A move that is not legal ends the line, marked.
		{chess.StartFEN, []string{"e2e4", "e2e4", "e7e5"}, "1. e4 e2e4?"},
	}
	for _, tc := range tests {
		p := chess.MustParseFEN(tc.fen)
		q := *p
		var line []chess.Move
		for _, s := range tc.pv {
			m, err := q.ParseUCI(s)
			if err != nil {
				m = line[len(line)-1] // the illegal repeat
			} else {
				q.MakeMove(m)
			}
			line = append(line, m)
		}
		if got := formatPV(p, line); got != tc.want {
			t.Errorf("formatPV(%s, %v) = %q, want %q", tc.fen, tc.pv, got, tc.want)
		}
	}
}

func TestFormatInfo(t *testing.T) {
	p := chess.MustParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12")
	nf6, _ := p.ParseUCI("g8f6")
	info := engine.Info{Depth: 12, MultiPV: 2, Score: -35, Nodes: 1234567, NPS: 2_100_000, Time: 540 * time.Millisecond, PV: []chess.Move{nf6}}
	want := "depth 12  score +0.35  nodes 1,234,567  nps 2.1M  time 0.54s  pv 12... Nf6"
	if got := formatInfo(p, info, false); got != want {
		t.Errorf("formatInfo = %q\nwant          %q", got, want)
	}
	want = "depth 12  line 2  score +0.35  nodes 1,234,567  nps 2.1M  time 0.54s  pv 12... Nf6"
	if got := formatInfo(p, info, true); got != want {
		t.Errorf("formatInfo (multipv) = %q\nwant          %q", got, want)
	}
	info.Bound = engine.Lower
	if got := formatInfo(p, info, false); !strings.Contains(got, "score +0.35 (lower bound)") {
		t.Errorf("formatInfo with a lower bound = %q, want it marked", got)
	}
}

func TestFormatBestMove(t *testing.T) {
	p := chess.StartingPosition()
	m, _ := p.ParseUCI("g1f3")
	if got, want := formatBestMove(p, engine.Result{BestMove: m}), "bestmove Nf3 (g1f3)"; got != want {
		t.Errorf("formatBestMove = %q, want %q", got, want)
	}
	mated := chess.MustParseFEN("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1")
	if got, want := formatBestMove(mated, engine.Result{}), "bestmove (none): checkmate"; got != want {
		t.Errorf("formatBestMove (mated) = %q, want %q", got, want)
	}
	stale := chess.MustParseFEN("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	if got, want := formatBestMove(stale, engine.Result{}), "bestmove (none): stalemate"; got != want {
		t.Errorf("formatBestMove (stalemate) = %q, want %q", got, want)
	}
}

func TestAnalyse(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string // substrings of the output, in order
	}{
		{"mate in 2 by depth", []string{"--fen", "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", "--depth", "12"},
			[]string{"depth 1  score ", "depth 12  score #2 (White mates in 2)", "pv 1. Qg6", "bestmove Qg6 (g3g6)\n"}},
		{"black to move, multipv", []string{"--fen", "3qk3/8/8/8/8/8/5PPP/6K1 b - - 0 7", "--depth", "2", "--multipv", "2", "--hash", "1"},
			[]string{"depth 1  line 1  score #-1 (Black mates in 1)", "pv 7... Qd1#", "depth 1  line 2  ", "depth 2  line 2  ", "bestmove Qd1# (d8d1)\n"}},
		{"movetime", []string{"--fen", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "--movetime", "50"},
			[]string{"score #1 (White mates in 1)", "bestmove Rd8# (d1d8)\n"}},
		// Not WAC.001 as above: one thread finds its mate only at depth
		// 11, and two, whose shared table changes each other's trees, can
		// find it later than 12. Every search of depth 1 or more finds a
		// mate in 1.
		{"two threads", []string{"--fen", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "--depth", "10", "--threads", "2"},
			[]string{"depth 1  score #1 (White mates in 1)", "depth 10  score #1 (White mates in 1)", "bestmove Rd8# (d1d8)\n"}},
		{"checkmated", []string{"--fen", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", "--depth", "3"},
			[]string{"bestmove (none): checkmate\n"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := analyse(tc.args, &out); err != nil {
				t.Fatal(err)
			}
			rest := out.String()
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order):\n%s", w, out.String())
				}
				rest = rest[i+len(w):]
			}
			if !strings.HasSuffix(out.String(), "\n") || strings.Count(out.String(), "bestmove") != 1 {
				t.Errorf("want one bestmove line at the end:\n%s", out.String())
			}
		})
	}
}

func TestAnalyseErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"analyse", "--fen", "8/8/8 w - -"}, 1, "outpost analyse: chess: FEN"},
		{[]string{"analyse", "--depth", "3", "--movetime", "100"}, 2, "--depth and --movetime cannot be used together"},
		{[]string{"analyse", "--depth", "0"}, 2, "--depth 0 is out of range"},
		{[]string{"analyse", "--movetime", "-5"}, 2, "--movetime -5"},
		{[]string{"analyse", "--multipv", "0"}, 2, "--multipv 0 is out of range"},
		{[]string{"analyse", "--hash", "0"}, 2, "--hash 0 is out of range"},
		{[]string{"analyse", "--threads", "0"}, 2, "--threads 0 is out of range"},
		{[]string{"analyse", "e2e4"}, 2, `unexpected argument "e2e4"`},
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

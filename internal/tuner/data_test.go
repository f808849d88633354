package tuner

import (
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

func TestParseSample(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	const epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
	tests := []struct {
		line   string
		fen    string
		result float64
	}{
		{start + " [1.0]", start, 1},
		{start + " [0.5]", start, 0.5},
		{start + " [0.0]", start, 0},
		{start + " [1]", start, 1},
		{start + " [0]", start, 0},
		{start + " [0.75]", start, 0.75},
		{start + " [1-0]", start, 1},
		{start + " [1/2-1/2]", start, 0.5},
		{start + " [0-1]", start, 0},
		{"  " + start + "   [0.5]  ", start, 0.5},
		{epd + " [0.5]", start, 0.5},
		{epd + " c9 \"1-0\";", start, 1},       // zurichess quiet-labeled.epd
		{epd + " c9 \"0-1\";", start, 0},       // zurichess quiet-labeled.epd
		{epd + " c9 \"1/2-1/2\";", start, 0.5}, // zurichess quiet-labeled.epd
		{"8/8/4k3/8/8/4K3/4P3/8 b - - 12 40 [0.5]", "8/8/4k3/8/8/4K3/4P3/8 b - - 12 40", 0.5},
	}
	for _, tt := range tests {
		s, err := ParseSample(tt.line)
		if err != nil {
			t.Errorf("ParseSample(%q): %v", tt.line, err)
			continue
		}
		if got := s.Pos.FEN(); got != tt.fen || s.Result != tt.result {
			t.Errorf("ParseSample(%q) = %q, %v; want %q, %v", tt.line, got, s.Result, tt.fen, tt.result)
		}
	}
}

func TestParseSampleErrors(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	tests := []struct {
		line string
		want string // a substring of the error
	}{
		{start, "no result"},
		{start + " [2]", `result "2" is not a number from 0 to 1`},
		{start + " [-0.5]", `result "-0.5" is not`},
		{start + " [draw]", `result "draw" is not`},
		{start + " 1-0\";", `chess: EPD operation "1-0\""`},
		{start + ` c9 "1-0`, "chess: EPD operation c9: the string \"1-0 has no closing quote"},
		{start + ` c0 "1-0";`, "no result"},
		{"8/8/8 w - - [0.5]", "chess: FEN"},
		{"[0.5]", "chess: EPD"},
	}
	for _, tt := range tests {
		_, err := ParseSample(tt.line)
		if err == nil || !strings.HasPrefix(err.Error(), "tuner: ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseSample(%q) error %v, want one starting \"tuner: \" containing %q", tt.line, err, tt.want)
		}
	}
}

func TestFormatSampleRoundTrip(t *testing.T) {
	p := chess.MustParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	for _, res := range []float64{0, 0.5, 1} {
		line := FormatSample(p, res)
		s, err := ParseSample(line)
		if err != nil {
			t.Fatalf("ParseSample(%q): %v", line, err)
		}
		if s.Pos != *p || s.Result != res {
			t.Errorf("round trip of %q gave %q %v", line, s.Pos.FEN(), s.Result)
		}
	}
	if got, want := FormatSample(p, 0.5), p.FEN()+" [0.5]"; got != want {
		t.Errorf("FormatSample = %q, want %q", got, want)
	}
}

func TestReadSamples(t *testing.T) {
	in := "# a comment\n\n" +
		"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 [1.0]\n" +
		"4k3/4p3/8/8/8/8/8/4K3 b - - 0 1 [0.0]\n"
	s, err := ReadSamples(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(s) != 2 || s[0].Result != 1 || s[1].Result != 0 || s[1].Pos.SideToMove() != chess.Black {
		t.Errorf("ReadSamples = %+v", s)
	}

	_, err = ReadSamples(strings.NewReader(in + "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "tuner: line 5: no result") {
		t.Errorf("ReadSamples with a bad line 5: error %v, want \"tuner: line 5: no result ...\"", err)
	}
}

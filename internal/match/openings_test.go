package match

import (
	"slices"
	"strings"
	"testing"
)

func TestParseOpenings(t *testing.T) {
	const input = `# a comment
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1

rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id "Alekhine"; c0 "other";
rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 hmvc 0; fmvn 2; c0 "Sicilian; open";
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 # trailing comment
`
	got, err := ParseOpenings(strings.NewReader(input), "test.epd")
	if err != nil {
		t.Fatal(err)
	}
	want := []Opening{
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "", 2},
		{"rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", "Alekhine", 4},
		// The en-passant square is dropped: no capture onto c6 is possible.
		{"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Sicilian; open", 5},
		{"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "", 6},
	}
	if !slices.Equal(got, want) {
		t.Errorf("ParseOpenings:\n got %v\nwant %v", got, want)
	}
}

func TestParseOpeningsErrors(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []string // substrings of the error
	}{
		{"empty", "# nothing\n\n", []string{"test.epd: no opening positions"}},
		{"bad lines", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nhello\n\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\n",
			[]string{"match: test.epd: chess: EPD line 2: ", "\nchess: EPD line 4: FEN rank 1 has invalid character"}},
		{"mated", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n", []string{"match: test.epd: chess: EPD line 1: position \"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\" has no legal move"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseOpenings(strings.NewReader(tt.input), "test.epd")
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestShuffleOpenings(t *testing.T) {
	var ops []Opening
	for i := range 20 {
		ops = append(ops, Opening{Line: i})
	}
	a, b := ShuffleOpenings(ops, 7), ShuffleOpenings(ops, 7)
	if !slices.Equal(a, b) {
		t.Error("same seed, different orders")
	}
	if slices.Equal(a, ops) {
		t.Error("not shuffled")
	}
	if slices.Equal(a, ShuffleOpenings(ops, 8)) {
		t.Error("different seeds, same order")
	}
	if ops[0].Line != 0 || ops[19].Line != 19 {
		t.Error("input modified")
	}
}

func TestDefaultOpenings(t *testing.T) {
	ops, err := DefaultOpenings()
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) < 100 {
		t.Errorf("%d default openings, want at least 100", len(ops))
	}
	seen := map[string]bool{}
	for _, o := range ops {
		if o.Name == "" || seen[o.FEN] {
			t.Errorf("line %d: name %q, FEN seen before: %v", o.Line, o.Name, seen[o.FEN])
		}
		seen[o.FEN] = true
	}
}

package opening

import (
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

func FuzzParsePositions(f *testing.F) {
	f.Add("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n")
	f.Add("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 hmvc 0; fmvn 2; id \"x;y\";\n# c\n")
	f.Add("8/8/8/8/8/8/8/8 w - -\nbad line\n")
	f.Fuzz(func(t *testing.T, s string) {
		ops, err := ParsePositions(strings.NewReader(s), "fuzz")
		if err != nil {
			return
		}
		for _, o := range ops {
			p, err := chess.ParseFEN(o.FEN)
			if err != nil || !p.HasLegalMoves() || p.FEN() != o.FEN {
				t.Errorf("opening %+v from %q: %v", o, s, err)
			}
		}
	})
}

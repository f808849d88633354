package chess

import (
	"slices"
	"strings"
	"testing"
)

// fuzzPositions are the positions the move-parser fuzz targets parse in,
// chosen by the first fuzz argument.
var fuzzPositions = []string{
	StartFEN,
	fenTwoKnights,
	fenThreeQueens,
	fenPinnedKnight,
	fenPromotion,
	fenCastling,
	fenFoolsMate,
	fenEnPassant,
	fenPawnBishop,
	fenLoneBishop,
	fenInCheck,
	fenBlackPromo,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
}

func fuzzPosition(i uint8) *Position {
	return MustParseFEN(fuzzPositions[int(i)%len(fuzzPositions)])
}

// fuzzPositionIndex returns the index of fen in fuzzPositions, adding it if
// it is not there yet (seeding happens before fuzzing starts).
func fuzzPositionIndex(fen string) uint8 {
	i := slices.Index(fuzzPositions, fen)
	if i < 0 {
		fuzzPositions = append(fuzzPositions, fen)
		i = len(fuzzPositions) - 1
	}
	return uint8(i)
}

// FuzzParseSAN checks that ParseSAN never panics, that its errors carry the
// package prefix, and that a move it accepts is legal and its SAN parses
// back to the same move.
func FuzzParseSAN(f *testing.F) {
	for _, c := range parseSANCases {
		f.Add(fuzzPositionIndex(c.fen), c.san)
	}
	for _, c := range parseSANErrorCases {
		f.Add(fuzzPositionIndex(c.fen), c.san)
	}
	f.Fuzz(func(t *testing.T, i uint8, s string) {
		p := fuzzPosition(i)
		m, err := p.ParseSAN(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "chess: ") || m != NoMove {
				t.Fatalf("ParseSAN(%q) = %v, %q", s, m, err)
			}
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("ParseSAN(%q) = %v, which is illegal", s, m)
		}
		san := p.SAN(m)
		if back, err := p.ParseSAN(san); back != m {
			t.Fatalf("ParseSAN(%q) = %v, but its SAN %q parses as %v, %v", s, m, san, back, err)
		}
		if back, err := p.ParseMove(san); back != m {
			t.Fatalf("ParseMove(%q) = %v, %v; want %v", san, back, err, m)
		}
	})
}

// FuzzParseUCI checks that ParseUCI never panics, that its errors carry the
// package prefix, and that a move it accepts is legal and prints as UCI
// text that parses back to it.
func FuzzParseUCI(f *testing.F) {
	for _, c := range parseUCICases {
		f.Add(fuzzPositionIndex(c.fen), c.uci)
	}
	for _, c := range parseUCIErrorCases {
		f.Add(fuzzPositionIndex(c.fen), c.uci)
	}
	f.Fuzz(func(t *testing.T, i uint8, s string) {
		p := fuzzPosition(i)
		m, err := p.ParseUCI(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "chess: ") || m != NoMove {
				t.Fatalf("ParseUCI(%q) = %v, %q", s, m, err)
			}
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("ParseUCI(%q) = %v, which is illegal", s, m)
		}
		if back, err := p.ParseUCI(m.String()); back != m {
			t.Fatalf("ParseUCI(%q) = %v, but %q parses as %v, %v", s, m, m.String(), back, err)
		}
		if back, err := p.ParseMove(m.String()); back != m {
			t.Fatalf("ParseMove(%q) = %v, %v; want %v", m.String(), back, err, m)
		}
	})
}

// FuzzReadPGN checks that ReadPGN never panics, and that every game it reads
// writes as PGN that reads back, alone and with the others, to the same
// game.
func FuzzReadPGN(f *testing.F) {
	for _, s := range pgnSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		games, _ := ReadPGN(strings.NewReader(data))
		var file strings.Builder
		for _, g := range games {
			text := g.PGN()
			again, err := ReadPGN(strings.NewReader(text))
			if err != nil || len(again) != 1 {
				t.Fatalf("written game does not read back (%d games, %v):\n%s", len(again), err, text)
			}
			if msg := sameGame(g, again[0]); msg != "" {
				t.Fatalf("game changed in the round trip: %s\n%s", msg, text)
			}
			if again[0].PGN() != text {
				t.Fatalf("PGN changed in the round trip:\n%s\nbecame\n%s", text, again[0].PGN())
			}
			if err := g.WritePGN(&file); err != nil {
				t.Fatal(err)
			}
		}
		again, err := ReadPGN(strings.NewReader(file.String()))
		if err != nil || len(again) != len(games) {
			t.Fatalf("written file reads back as %d games, %v; want %d", len(again), err, len(games))
		}
	})
}

package match

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/outpost-chess/outpost/chess"
)

// Opening is a starting position for a pair of games.
type Opening struct {
	FEN  string // a full six-field FEN
	Name string // from the EPD "id" or "c0" operation, or ""
	Line int    // line number in the file it came from, or 0
}

// ParseOpenings reads opening positions, one a line, as EPD (chess.ParseEPD:
// four fields, then operations such as `id "Sicilian";` or `hmvc 0;`) or
// FEN (six fields). Blank lines and lines starting with '#' are skipped, as
// is a comment after the position. Every position must have a legal move.
// An opening is named by its id operation, or else its c0. All bad lines
// are reported (chess.EPDError), after "match: name: "; name is used only
// in those messages. An input with no position at all is an error.
func ParseOpenings(r io.Reader, name string) ([]Opening, error) {
	epds, err := chess.ReadEPD(r)
	errs := []error{err}
	var out []Opening
	for _, e := range epds {
		if !e.Position.HasLegalMoves() {
			errs = append(errs, &chess.EPDError{Line: e.Line, Err: fmt.Errorf("position %q has no legal move", e.Position.FEN())})
			continue
		}
		out = append(out, Opening{FEN: e.Position.FEN(), Name: openingName(e), Line: e.Line})
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("match: %s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("match: %s: no opening positions", name)
	}
	return out, nil
}

// LoadOpenings reads the openings file at path (see ParseOpenings).
func LoadOpenings(path string) ([]Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("match: openings: %v", err)
	}
	defer f.Close()
	return ParseOpenings(f, path)
}

// openingName is an opening's name: its id operation, or else its c0.
func openingName(e *chess.EPD) string {
	if id := e.Operand("id"); id != "" {
		return id
	}
	return e.Operand("c0")
}

// balancedEPD is the default set of openings: see testdata/balanced.epd
// for how it was made.
//
//go:embed testdata/balanced.epd
var balancedEPD string

// DefaultOpenings returns the openings shipped with Outpost: about a hundred
// varied, roughly balanced positions a few moves into well-known openings.
func DefaultOpenings() ([]Opening, error) {
	return ParseOpenings(strings.NewReader(balancedEPD), "balanced.epd")
}

// ShuffleOpenings returns a copy of openings in an order fixed by seed, so
// a match with --random-openings can be replayed.
func ShuffleOpenings(openings []Opening, seed uint64) []Opening {
	out := append([]Opening(nil), openings...)
	r := rand.New(rand.NewPCG(seed, 0x6f7574706f7374)) // "outpost"
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

package opening

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"sync"

	"github.com/outpost-chess/outpost/chess"
)

// Game returns a new game at the end of the opening: its moves played from
// the standard start, or, for a book's position (no moves), a game that
// starts there. It fails when the opening is neither (an Opening not made
// by this package's readers, with a FEN that is not a position or moves
// that are not legal).
func (o Opening) Game() (*chess.Game, error) {
	if len(o.Moves) == 0 {
		p, err := chess.ParseFEN(o.FEN)
		if err != nil {
			return nil, fmt.Errorf("opening: %q: %v", o.Name, err)
		}
		return chess.NewGameFromPosition(p), nil
	}
	g := chess.NewGame()
	for _, m := range o.Moves {
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("opening: %q: %v", o.Name, err)
		}
	}
	return g, nil
}

// ParsePositions reads a book of positions, one a line, as EPD
// (chess.ParseEPD: four fields, then operations such as `id "Sicilian";`
// or `hmvc 0;`) or FEN (six fields). Blank lines and lines starting with
// '#' are skipped, as is a comment after the position. Every position must
// have a legal move. An opening is named by its id operation, or else its
// c0; it has no moves (see Opening). All bad lines are reported
// (chess.EPDError), after "opening: name: "; name is used only in those
// messages. An input with no position at all is an error.
func ParsePositions(r io.Reader, name string) ([]Opening, error) {
	epds, err := chess.ReadEPD(r)
	errs := []error{err}
	var out []Opening
	for _, e := range epds {
		if !e.Position.HasLegalMoves() {
			errs = append(errs, &chess.EPDError{Line: e.Line, Err: fmt.Errorf("position %q has no legal move", e.Position.FEN())})
			continue
		}
		out = append(out, Opening{FEN: e.Position.FEN(), Name: epdName(e)})
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("opening: %s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("opening: %s: no opening positions", name)
	}
	return out, nil
}

// epdName is a position's name: its id operation, or else its c0.
func epdName(e *chess.EPD) string {
	if id := e.Operand("id"); id != "" {
		return id
	}
	return e.Operand("c0")
}

// Load reads the book of openings in the file at path: lichess's
// tab-separated format when the name ends in ".tsv" (ParseTSV; the lines
// that end the game are left out, see Playable), else positions one a line
// as FEN or EPD (ParsePositions). It is the one reader of outpost match's
// --openings and outpost datagen's --book.
func Load(path string) ([]Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening: %v", err)
	}
	defer f.Close()
	if !strings.HasSuffix(path, ".tsv") {
		return ParsePositions(f, path)
	}
	list, err := ParseTSV(f, path)
	if err != nil {
		return nil, err
	}
	out := Playable(list)
	if len(out) == 0 {
		return nil, fmt.Errorf("opening: %s: no opening that does not end the game", path)
	}
	return out, nil
}

// Playable returns the openings of list whose games have not ended at
// their end (a trap such as Fool's Mate leaves nothing to play), in their
// order: Playable(Lichess()) is the book of lichess's 3,805 lines that
// outpost datagen starts from by default.
func Playable(list []Opening) []Opening {
	out := make([]Opening, 0, len(list))
	for _, o := range list {
		if g, err := o.Game(); err == nil && !g.Outcome().IsOver() {
			out = append(out, o)
		}
	}
	return out
}

// balancedEPD is the built-in book of balanced positions (see the
// package's doc and the file's header for how it was made).
//
//go:embed balanced/balanced.epd
var balancedEPD string

// Balanced returns the built-in book of outpost match: 118 varied,
// roughly balanced positions a few moves into well-known openings, in
// the file's order, parsed once. Callers must not change it.
var Balanced = sync.OnceValue(func() []Opening {
	list, err := ParsePositions(strings.NewReader(balancedEPD), "balanced.epd")
	if err != nil {
		panic(err) // the embedded book is checked by the tests
	}
	return list
})

// Shuffle returns a copy of list in an order fixed by seed, so that a
// match with --random-openings can be replayed.
func Shuffle(list []Opening, seed uint64) []Opening {
	out := append([]Opening(nil), list...)
	r := rand.New(rand.NewPCG(seed, 0x6f7574706f7374)) // "outpost"
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

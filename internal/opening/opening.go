// Package opening names chess openings. Its list is lichess's
// (github.com/lichess-org/chess-openings, commit 51b8862): 3,807 named
// openings, each an ECO code, a name ("Sicilian Defense: Najdorf
// Variation") and the moves that reach it from the standard start. The
// list is in the public domain (CC0 1.0, lichess/COPYING.txt) and is
// embedded in the binary as lichess publishes it.
//
// A Book looks openings up by position, not by move order, so a game that
// reaches a named position by a transposition gets its name, as on
// lichess. Book.Find names a game's opening: the last named position it
// reached, and the move where it left the book (the first position on no
// line of the list).
//
// Every front end names openings through this package: the review
// (internal/review), the web server's game state and analysis, the PGN
// tags ECO and Opening (internal/play).
//
// It also holds the books games start from (starts.go): outpost match's
// and outpost datagen's, read from a file (Load: lichess's format, or
// positions as FEN or EPD), lichess's lines (Playable(Lichess())), or the
// built-in book of balanced positions (Balanced: balanced/balanced.epd,
// 118 positions a few moves into well-known openings, each kept when
// Stockfish 15.1 scores it within ±60 cp at depth 12; made by
// scripts/make-openings, whose header says how, and Outpost's own).
//
// Families have Chinese names (zh.go, zh.tsv): 101 of lichess's 149, the
// largest, as Chinese players name them; Opening.FamilyZh carries
// it to the front ends, and NameIn says an opening's name in a language.
//
// Files: opening.go (Opening, lichess's list and format), book.go (Book:
// openings looked up by position), starts.go (the books games start from),
// zh.go (the Chinese family names).
package opening

import (
	"bufio"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"sync"

	"github.com/outpost-chess/outpost/chess"
)

// Opening is a named opening: its ECO code ("B90"), its name ("Sicilian
// Defense: Najdorf Variation") and the moves that reach it from the
// standard start, in SAN with move numbers as the list writes them
// ("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6").
//
// An Opening is also where games start (outpost match's and outpost
// datagen's books): its FEN is the position it ends in. An opening read
// from a book of positions (ParsePositions) has that position and no moves
// (and no ECO code or PGN).
type Opening struct {
	ECO  string `json:"eco"`
	Name string `json:"name"`
	PGN  string `json:"pgn"`
	// FamilyZh is the Chinese name of the opening's family (see
	// ChineseFamily), "" when it has none: the pages and the terminal
	// show it in Chinese in place of the English family name.
	FamilyZh string `json:"familyZh,omitempty"`
	// Moves are the moves of PGN, from the standard start; none for a
	// book's position.
	Moves []chess.Move `json:"-"`
	// FEN is the position the opening ends in, where its games start.
	FEN string `json:"-"`
}

// Family returns the opening's name without its variation: "Sicilian
// Defense" for "Sicilian Defense: Najdorf Variation".
func (o Opening) Family() string {
	family, _, _ := strings.Cut(o.Name, ":")
	return family
}

// NameIn returns the opening's name in language lang ("en" or "zh"): in
// Chinese its family's Chinese name and the variation as lichess names it
// ("西西里防御：Najdorf Variation"), in English (or with no Chinese family
// name) lichess's name.
func (o Opening) NameIn(lang string) string {
	if lang != "zh" || o.FamilyZh == "" {
		return o.Name
	}
	if _, variation, ok := strings.Cut(o.Name, ":"); ok {
		return o.FamilyZh + "：" + strings.TrimSpace(variation)
	}
	return o.FamilyZh
}

// lichessTSV is lichess's list of named openings, as published.
//
//go:embed lichess/*.tsv
var lichessTSV embed.FS

// Lichess returns lichess's list of named openings, in the order of its
// files (a.tsv to e.tsv, by ECO code), parsed once. Callers must not
// change it.
var Lichess = sync.OnceValue(func() []Opening {
	list, err := readEmbedded()
	if err != nil {
		panic(err) // the embedded list is checked by the tests
	}
	return list
})

func readEmbedded() ([]Opening, error) {
	files, err := fs.Glob(lichessTSV, "lichess/*.tsv")
	if err != nil {
		return nil, err
	}
	var out []Opening
	for _, name := range files {
		f, err := lichessTSV.Open(name)
		if err != nil {
			return nil, err
		}
		list, err := ParseTSV(f, name)
		f.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, list...)
	}
	return out, nil
}

// ParseTSV reads openings in lichess's format: a header line ("eco",
// "name", "pgn"), then one opening a line, tab-separated ECO code, name and
// the moves from the standard start in SAN, with or without move numbers
// ("1. e4 e5 2. Nf3"). Blank lines are skipped. Every bad line is reported
// as "name:line: problem" (name is used only in those messages); an input
// with no opening is an error.
func ParseTSV(r io.Reader, name string) ([]Opening, error) {
	var (
		out  []Opening
		errs []error
	)
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if n == 1 && strings.HasPrefix(line, "eco\t") || strings.TrimSpace(line) == "" {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) < 3 {
			errs = append(errs, fmt.Errorf("opening: %s:%d: want eco, name and moves separated by tabs", name, n))
			continue
		}
		o := Opening{ECO: fields[0], Name: fields[1], PGN: fields[2]}
		o.FamilyZh = ChineseFamily(o.Family())
		g, err := parseLine(o.PGN)
		if err != nil {
			errs = append(errs, fmt.Errorf("opening: %s:%d: %s: %v", name, n, o.Name, err))
			continue
		}
		o.Moves, o.FEN = g.Moves(), g.Position().FEN()
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Errorf("opening: %s: %v", name, err))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("opening: %s: no openings", name)
	}
	return out, nil
}

// parseLine reads moves in SAN from the standard start, with or without
// move numbers, and returns the game they make.
func parseLine(line string) (*chess.Game, error) {
	g := chess.NewGame()
	for _, tok := range strings.Fields(line) {
		if strings.HasSuffix(tok, ".") {
			continue // a move number: "1." or "3..."
		}
		if err := g.PlayMove(tok); err != nil {
			return nil, errors.New(strings.TrimPrefix(err.Error(), "chess: "))
		}
	}
	if g.Len() == 0 {
		return nil, errors.New("no moves")
	}
	return g, nil
}

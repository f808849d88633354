package puzzle

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
)

// Entry is a puzzle as a set keeps and exports it: `outpost puzzle export
// --json` prints {"puzzles": [Entry, ...]}.
type Entry struct {
	ID       string   `json:"id"`
	FEN      string   `json:"fen"`                // the position the solver faces
	LastMove string   `json:"lastMove,omitempty"` // the opponent's move that led there (UCI)
	Moves    []string `json:"moves"`              // the solution: solver, reply, solver, ...
	Rating   int      `json:"rating"`
	Themes   []string `json:"themes"`
}

// NewEntry returns pz as an entry, with its themes, its initial rating and
// an id made from its position and line (the same puzzle mined twice has
// one id).
func NewEntry(pz Puzzle) Entry {
	sum := sha256.Sum256([]byte(pz.FEN + " " + strings.Join(pz.Moves, " ")))
	themes := Themes(pz)
	if themes == nil {
		themes = []string{}
	}
	return Entry{
		ID: hex.EncodeToString(sum[:5]), FEN: pz.FEN, LastMove: pz.LastMove, Moves: pz.Moves,
		Rating: int(math.Round(InitialRating(pz).Rating)), Themes: themes,
	}
}

// ReadSet reads a set: one Entry in JSON a line (what WriteEntry writes).
// A line that does not read is an error naming it.
func ReadSet(r io.Reader) ([]Entry, error) {
	var set []Entry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var e Entry
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			return nil, fmt.Errorf("puzzle: line %d: %v", n, err)
		}
		set = append(set, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("puzzle: %w", err)
	}
	return set, nil
}

// WriteEntry writes e as one line of a set.
func WriteEntry(w io.Writer, e Entry) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

package opening

import (
	"strings"
	"sync"

	"github.com/outpost-chess/outpost/chess"
)

// Book looks openings up by position. Positions are compared as the rules
// compare them for repetition (the pieces, the side to move, castling
// rights and an en-passant capture that is possible), so move counters and
// move order do not matter. A Book is safe for concurrent use.
type Book struct {
	list []Opening
	// named maps a position's hash to the index in list of the first
	// opening that ends there.
	named map[uint64]int
	// known holds the hash of every position on a line of the list (each
	// line's start and every position along it).
	known map[uint64]struct{}
}

// NewBook returns a book of the openings in list. When two openings end
// in the same position, the first one names it.
func NewBook(list []Opening) *Book {
	b := &Book{list: list, named: map[uint64]int{}, known: map[uint64]struct{}{}}
	for i, o := range list {
		p := *chess.StartingPosition()
		b.known[p.Hash()] = struct{}{}
		for _, m := range o.Moves {
			p.MakeMove(m)
			b.known[p.Hash()] = struct{}{}
		}
		if _, ok := b.named[p.Hash()]; !ok {
			b.named[p.Hash()] = i
		}
	}
	return b
}

// LichessBook returns the book of lichess's list (see Lichess), built once.
var LichessBook = sync.OnceValue(func() *Book { return NewBook(Lichess()) })

// Lookup returns the opening named after position p, if any.
func (b *Book) Lookup(p *chess.Position) (Opening, bool) {
	i, ok := b.named[p.Hash()]
	if !ok {
		return Opening{}, false
	}
	return b.list[i], true
}

// LookupFEN returns the opening named after the position of fen, a FEN or
// an EPD's first four fields (the move counters are not needed). It
// returns an error when fen is not a position.
func (b *Book) LookupFEN(fen string) (Opening, bool, error) {
	fields := strings.Fields(fen)
	if len(fields) == 4 {
		fields = append(fields, "0", "1")
	}
	p, err := chess.ParseFEN(strings.Join(fields, " "))
	if err != nil {
		return Opening{}, false, err
	}
	o, ok := b.Lookup(p)
	return o, ok, nil
}

// InBook reports whether p is on a line of the book: the start of a line
// or any position along one.
func (b *Book) InBook(p *chess.Position) bool {
	_, ok := b.known[p.Hash()]
	return ok
}

// Match is the opening of a game. In JSON it is {"eco", "name", "pgn",
// "ply", "leftBook"}.
type Match struct {
	// Opening is the last named position the game reached; its zero value
	// (Name "") when it reached none.
	Opening
	// Ply is the number of plies after which the game reached it (0 with
	// no opening, or when the game started there).
	Ply int `json:"ply"`
	// LeftBook is the ply (from 1) of the move that left the book for
	// good: the move after the last position of the game on a line of
	// the list. It is 0 when the game ends in the book or was never in it.
	LeftBook int `json:"leftBook"`
}

// Named reports whether the game reached a named position.
func (m Match) Named() bool { return m.Name != "" }

// Find returns the opening of g: the last named position among all of its
// positions (the start included), and the move that left the book. A game
// that leaves the book and comes back to it by a transposition has left it
// only after its last book position.
func (b *Book) Find(g *chess.Game) Match {
	var m Match
	last := -1 // the last ply whose position is in the book
	for ply := 0; ply <= g.Len(); ply++ {
		p := g.PositionAt(ply)
		if o, ok := b.Lookup(p); ok {
			m.Opening, m.Ply = o, ply
		}
		if b.InBook(p) {
			last = ply
		}
	}
	if last >= 0 && last < g.Len() {
		m.LeftBook = last + 1
	}
	return m
}

package datagen

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// RecordSize is the size of a Record in bytes.
const RecordSize = 32

// Record is one training position in 32 bytes: the whole position (FEN's
// six fields), the search's score and the game's result. Its layout, all
// integers little-endian:
//
//	bytes  0-7   occupancy: bit s set when square s (a1 = 0, b1 = 1, ..., h8 = 63) holds a piece
//	bytes  8-23  the pieces, one 4-bit code each, in the order of the occupied squares from a1 up;
//	             piece i is the low nibble of byte 8+i/2 when i is even, the high nibble when odd;
//	             code = colour*8 + kind (white 0, black 1; pawn 0, knight 1, bishop 2, rook 3,
//	             queen 4, king 5); unused nibbles are 0
//	bytes 24-25  score: int16, the search's score in centipawns from the side to move's view
//	byte  26     result from the side to move's view: 0 loss, 1 draw, 2 win
//	byte  27     bit 0: the side to move (0 white, 1 black); bits 4-7: castling rights
//	             (bit 4 white kingside, 5 white queenside, 6 black kingside, 7 black queenside)
//	byte  28     en-passant square (0-63) when an en-passant capture is legal, else 64
//	byte  29     halfmove clock (capped at 255)
//	bytes 30-31  fullmove number (uint16, capped at 65535)
//
// A chess position has at most 32 pieces, so they always fit. The file
// format of the data (see Store) is these records end to end.
type Record [RecordSize]byte

// Results from the side to move's point of view, as a Record stores them.
const (
	Loss = 0
	Draw = 1
	Win  = 2
)

// NewRecord returns the record of p with its search score (centipawns, the
// side to move's view, clamped to the int16 range) and the game's result
// (Loss, Draw or Win, the side to move's view). p must hold at most 32
// pieces, as every legal position does.
func NewRecord(p *chess.Position, score engine.Score, result uint8) Record {
	var r Record
	occ := p.Occupied()
	binary.LittleEndian.PutUint64(r[0:], uint64(occ))
	for i := 0; occ != 0 && i < 32; i++ {
		pc := p.PieceAt(occ.PopFirst())
		code := byte(pc.Color())<<3 | byte(pc.Type()-chess.Pawn)
		r[8+i/2] |= code << (4 * (i & 1))
	}
	binary.LittleEndian.PutUint16(r[24:], uint16(int16(max(-32768, min(32767, score)))))
	r[26] = result
	r[27] = byte(p.SideToMove()) | byte(p.CastlingRights())<<4
	r[28] = byte(p.EnPassant())
	r[29] = byte(min(p.HalfmoveClock(), 255))
	binary.LittleEndian.PutUint16(r[30:], uint16(min(p.FullmoveNumber(), 65535)))
	return r
}

// Occupancy returns the squares that hold a piece.
func (r *Record) Occupancy() chess.Bitboard {
	return chess.Bitboard(binary.LittleEndian.Uint64(r[0:]))
}

// Piece returns the i-th piece in the order of the occupied squares from
// a1 up (0 <= i < Occupancy().Count()).
func (r *Record) Piece(i int) chess.Piece {
	code := r[8+i/2] >> (4 * (i & 1)) & 15
	return chess.NewPiece(chess.Color(code>>3), chess.Pawn+chess.PieceType(code&7))
}

// Score returns the search's score in centipawns, the side to move's view.
func (r *Record) Score() int { return int(int16(binary.LittleEndian.Uint16(r[24:]))) }

// Result returns the game's result from the side to move's view: Loss,
// Draw or Win.
func (r *Record) Result() uint8 { return r[26] }

// SideToMove returns the side to move.
func (r *Record) SideToMove() chess.Color { return chess.Color(r[27] & 1) }

// CastlingRights returns the castling rights.
func (r *Record) CastlingRights() chess.CastlingRights { return chess.CastlingRights(r[27] >> 4) }

// Check returns an error saying what is wrong if r is not a record that
// NewRecord could have written: too many pieces, a piece code out of range,
// not one king each, a result or en-passant square out of range.
func (r *Record) Check() error {
	occ := r.Occupancy()
	n := occ.Count()
	if n > 32 {
		return fmt.Errorf("datagen: record has %d pieces, at most 32 fit", n)
	}
	var kings [2]int
	for i := range n {
		code := r[8+i/2] >> (4 * (i & 1)) & 15
		if code&7 > 5 {
			return fmt.Errorf("datagen: record has piece code %d, want 0-5 or 8-13", code)
		}
		if code&7 == 5 {
			kings[code>>3]++
		}
	}
	for i := n; i < 32; i++ {
		if r[8+i/2]>>(4*(i&1))&15 != 0 {
			return errors.New("datagen: record has a piece code beyond its pieces")
		}
	}
	switch {
	case kings != [2]int{1, 1}:
		return fmt.Errorf("datagen: record has %d white and %d black kings, want one each", kings[0], kings[1])
	case r[26] > Win:
		return fmt.Errorf("datagen: record has result %d, want 0 (loss), 1 (draw) or 2 (win)", r[26])
	case r[27]&0x0e != 0:
		return fmt.Errorf("datagen: record has unused flag bits set (%#x)", r[27])
	case r[28] > byte(chess.NoSquare):
		return fmt.Errorf("datagen: record has en-passant square %d, want 0-64", r[28])
	}
	return nil
}

// Position returns the position r holds. It returns an error when r is not
// a valid record or not a legal position.
func (r *Record) Position() (*chess.Position, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	// A FEN for chess.ParseFEN to check and build the position from, each
	// empty square a "1" (which FEN allows, if no writer does).
	var board [64]chess.Piece
	occ := r.Occupancy()
	for i := 0; occ != 0; i++ {
		board[occ.PopFirst()] = r.Piece(i)
	}
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		for _, pc := range board[8*rank : 8*rank+8] {
			if pc != chess.NoPiece {
				b.WriteString(pc.String())
			} else {
				b.WriteByte('1')
			}
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	fmt.Fprintf(&b, " %c %v %v %d %d", "wb"[r.SideToMove()], r.CastlingRights(), chess.Square(r[28]),
		r[29], binary.LittleEndian.Uint16(r[30:]))
	return chess.ParseFEN(b.String())
}

// Records returns the records of g's positions, each with the game's result
// from its side to move's point of view.
func (g *Game) Records() []Record {
	recs := make([]Record, len(g.Positions))
	for i := range g.Positions {
		p := &g.Positions[i]
		recs[i] = NewRecord(&p.Pos, p.Score, resultFor(g.Result, p.Pos.SideToMove()))
	}
	return recs
}

// resultFor returns a game's result from side's point of view.
func resultFor(r chess.Result, side chess.Color) uint8 {
	switch {
	case r == chess.WhiteWins && side == chess.White, r == chess.BlackWins && side == chess.Black:
		return Win
	case r == chess.WhiteWins, r == chess.BlackWins:
		return Loss
	}
	return Draw
}

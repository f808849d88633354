package chess

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseFEN parses a position in Forsyth-Edwards Notation. The halfmove clock
// and fullmove number may be omitted (as in EPD); they default to 0 and 1.
//
// Every field is checked, and so is the position: each side has exactly one
// king, no pawn stands on the first or last rank, no side has more than 16
// pieces or 8 pawns, the side not to move is not in check, castling rights
// match kings and rooks on their home squares, and the en-passant square
// follows a double pawn push. The error says which field is wrong.
//
// An en-passant square is kept only when an en-passant capture is legal, so
// FEN (and Hash) describe positions by the moves they allow.
func ParseFEN(fen string) (*Position, error) {
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return nil, fmt.Errorf("chess: FEN %q has %d fields, want 4 to 6", fen, len(fields))
	}
	p := &Position{epSquare: NoSquare, fullmoves: 1}
	if err := p.parseBoard(fields[0]); err != nil {
		return nil, err
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return nil, fmt.Errorf("chess: FEN side to move is %q, want \"w\" or \"b\"", fields[1])
	}
	if err := p.parseCastling(fields[2]); err != nil {
		return nil, err
	}
	ep, err := p.parseEnPassant(fields[3])
	if err != nil {
		return nil, err
	}
	if len(fields) > 4 {
		n, err := strconv.ParseUint(fields[4], 10, 16)
		if err != nil {
			return nil, fmt.Errorf("chess: FEN halfmove clock %q is not a number from 0 to 65535", fields[4])
		}
		p.halfmoves = uint16(n)
	}
	if len(fields) > 5 {
		n, err := strconv.ParseUint(fields[5], 10, 16)
		if err != nil || n == 0 {
			return nil, fmt.Errorf("chess: FEN fullmove number %q is not a number from 1 to 65535", fields[5])
		}
		p.fullmoves = uint16(n)
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	p.checkers = p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.byColor[p.side.Other()]
	if ep != NoSquare {
		p.setEnPassant(ep)
	}
	p.hash = p.computeHash()
	return p, nil
}

// MustParseFEN is ParseFEN for positions known to be valid (constants in
// programs and tests); it panics on error.
func MustParseFEN(fen string) *Position {
	p, err := ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

func (p *Position) parseBoard(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("chess: FEN board has %d ranks, want 8", len(ranks))
	}
	for i, row := range ranks {
		r := Rank8 - Rank(i)
		f := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			switch {
			case ch >= '1' && ch <= '8':
				f += int(ch - '0')
			case pieceFromChar(ch) != NoPiece:
				if f < 8 {
					p.put(pieceFromChar(ch), NewSquare(File(f), r))
				}
				f++
			default:
				return fmt.Errorf("chess: FEN rank %v has invalid character %q", r, ch)
			}
			if f > 8 {
				return fmt.Errorf("chess: FEN rank %v has more than 8 squares", r)
			}
		}
		if f < 8 {
			return fmt.Errorf("chess: FEN rank %v has %d squares, want 8", r, f)
		}
	}
	return nil
}

func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		idx := strings.IndexByte("KQkq", s[i])
		if idx < 0 {
			return fmt.Errorf("chess: FEN castling field %q has invalid character %q", s, s[i])
		}
		right := CastlingRights(1 << idx)
		if p.castling&right != 0 {
			return fmt.Errorf("chess: FEN castling field %q repeats %q", s, s[i])
		}
		c := &castles[idx]
		color := Color(idx / 2)
		if p.board[c.kingFrom] != NewPiece(color, King) {
			return fmt.Errorf("chess: FEN castling right %q but no %v king on %v", s[i], color, c.kingFrom)
		}
		if p.board[c.rookFrom] != NewPiece(color, Rook) {
			return fmt.Errorf("chess: FEN castling right %q but no %v rook on %v", s[i], color, c.rookFrom)
		}
		p.castling |= right
	}
	return nil
}

// parseEnPassant checks the en-passant field and returns its square (or
// NoSquare); whether a capture is legal is decided once the position is
// complete.
func (p *Position) parseEnPassant(s string) (Square, error) {
	if s == "-" {
		return NoSquare, nil
	}
	ep, err := ParseSquare(s)
	if err != nil {
		return NoSquare, fmt.Errorf("chess: FEN en-passant square %q is not a square or \"-\"", s)
	}
	// White to move: ep e6, Black's pawn on e5, started on e7 (and mirrored).
	wantRank, pawnSq, startSq := Rank6, ep-8, ep+8
	if p.side == Black {
		wantRank, pawnSq, startSq = Rank3, ep+8, ep-8
	}
	if ep.Rank() != wantRank {
		return NoSquare, fmt.Errorf("chess: FEN en-passant square %v is not on rank %v", ep, wantRank)
	}
	them := p.side.Other()
	if p.board[pawnSq] != NewPiece(them, Pawn) || p.board[ep] != NoPiece || p.board[startSq] != NoPiece {
		return NoSquare, fmt.Errorf("chess: FEN en-passant square %v does not follow a double pawn push", ep)
	}
	return ep, nil
}

// validate rejects positions that cannot arise in a game.
func (p *Position) validate() error {
	for c := White; c <= Black; c++ {
		if n := p.Pieces(c, King).Count(); n != 1 {
			return fmt.Errorf("chess: FEN has %d %v kings, want 1", n, c)
		}
		if n := p.byColor[c].Count(); n > 16 {
			return fmt.Errorf("chess: FEN has %d %v pieces, more than 16", n, c)
		}
		if n := p.Pieces(c, Pawn).Count(); n > 8 {
			return fmt.Errorf("chess: FEN has %d %v pawns, more than 8", n, c)
		}
	}
	if p.byType[Pawn]&(Rank1BB|Rank8BB) != 0 {
		return fmt.Errorf("chess: FEN has a pawn on the first or last rank")
	}
	them := p.side.Other()
	if p.IsAttacked(p.KingSquare(them), p.side) {
		return fmt.Errorf("chess: FEN has the side not to move (%v) in check", them)
	}
	return nil
}

// FEN returns the position in Forsyth-Edwards Notation.
func (p *Position) FEN() string {
	var sb strings.Builder
	for r := Rank8; ; r-- {
		empty := 0
		for f := FileA; f <= FileH; f++ {
			pc := p.board[NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteString(pc.String())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r == Rank1 {
			break
		}
		sb.WriteByte('/')
	}
	side := " w "
	if p.side == Black {
		side = " b "
	}
	sb.WriteString(side)
	sb.WriteString(p.castling.String())
	sb.WriteByte(' ')
	sb.WriteString(p.epSquare.String())
	fmt.Fprintf(&sb, " %d %d", p.halfmoves, p.fullmoves)
	return sb.String()
}

// String draws the board as text, rank 8 at the top, followed by the FEN.
func (p *Position) String() string {
	var sb strings.Builder
	for r := Rank8; ; r-- {
		sb.WriteString(r.String())
		for f := FileA; f <= FileH; f++ {
			sb.WriteByte(' ')
			if pc := p.board[NewSquare(f, r)]; pc != NoPiece {
				sb.WriteString(pc.String())
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
		if r == Rank1 {
			break
		}
	}
	sb.WriteString("  a b c d e f g h\n")
	sb.WriteString(p.FEN())
	return sb.String()
}

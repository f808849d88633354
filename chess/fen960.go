package chess

import "strings"

// rookFile reports whether ch names a file in a Chess960 castling field:
// "A" to "H" for White's rooks, "a" to "h" for Black's.
func rookFile(ch byte) bool { return ch >= 'A' && ch <= 'H' || ch >= 'a' && ch <= 'h' }

// parseCastling960 reads a Chess960 castling field (Shredder-FEN or X-FEN)
// into p, whose board is set: each right's rook square, and the right on
// the side of the king the rook stands.
func (r *fenReader) parseCastling960(p *Position, s string) error {
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if strings.IndexByte("KQkq", ch) < 0 && !rookFile(ch) {
			return parseErrorf("castling_char", map[string]any{"char": string(rune(ch))}, "chess: FEN castling field %q has invalid character %q", s, ch)
		}
		color := White
		if ch >= 'a' {
			color = Black
		}
		rook, err := castlingRookOf(p, s, ch, color)
		if err == nil {
			err = p.addCastlingRight960(s, ch, color, rook)
		}
		if err != nil {
			if err := r.fix(err, "right dropped"); err != nil {
				return err
			}
		}
	}
	return nil
}

// castlingRookOf returns the square of the rook that castling character ch
// of color names: for K or Q (k or q) the outermost rook on that side of the
// king, for a file letter the rook on that file, both on color's back rank
// with the king.
func castlingRookOf(p *Position, field string, ch byte, color Color) (Square, error) {
	rank := Rank1
	if color == Black {
		rank = Rank8
	}
	ksq := p.KingSquare(color)
	name := string(rune(ch))
	if p.Pieces(color, King) == 0 || ksq.Rank() != rank {
		return NoSquare, parseErrorf("castling_king", map[string]any{"char": name, "color": color.String(), "square": "rank " + rank.String()},
			"chess: FEN castling right %q but no %v king on rank %v", ch, color, rank)
	}
	rooks := p.Pieces(color, Rook)
	noRook := func(where string) error {
		return parseErrorf("castling_rook", map[string]any{"char": name, "color": color.String(), "square": where},
			"chess: FEN castling right %q but no %v rook %s", ch, color, where)
	}
	switch lower := ch | 0x20; lower {
	case 'k':
		for f := FileH; f > ksq.File(); f-- {
			if s := NewSquare(f, rank); rooks.Has(s) {
				return s, nil
			}
		}
		return NoSquare, noRook("right of the king on rank " + rank.String())
	case 'q':
		for f := FileA; f < ksq.File(); f++ {
			if s := NewSquare(f, rank); rooks.Has(s) {
				return s, nil
			}
		}
		return NoSquare, noRook("left of the king on rank " + rank.String())
	default:
		s := NewSquare(File(lower-'a'), rank)
		if !rooks.Has(s) {
			return NoSquare, noRook("on " + s.String())
		}
		return s, nil
	}
}

// addCastlingRight960 gives p the right of color to castle with the rook on
// rook, kingside when it stands right of the king: an error if p holds that
// right already (with this rook or another).
func (p *Position) addCastlingRight960(field string, ch byte, color Color, rook Square) error {
	queenside := rook.File() < p.KingSquare(color).File()
	i := castleIndex(color, queenside)
	if p.castling&(1<<i) != 0 {
		if p.castleRooks[i] == rook {
			return parseErrorf("castling_repeat", map[string]any{"char": string(rune(ch))}, "chess: FEN castling field %q repeats %q", field, ch)
		}
		side := "kingside"
		if queenside {
			side = "queenside"
		}
		return parseErrorf("castling_side", map[string]any{"char": string(rune(ch)), "color": color.String(), "side": side},
			"chess: FEN castling field %q gives %v two %s rooks (%q is the second)", field, color, side, ch)
	}
	p.castling |= 1 << i
	p.castleRooks[i] = rook
	return nil
}

// castlingField returns p's castling field as FEN writes it: KQkq in
// standard chess; in Chess960 X-FEN, K or Q (k or q) for a right whose rook
// is the outermost on its side of the king, the rook's file otherwise (as
// Shredder-FEN writes every right).
func (p *Position) castlingField() string {
	if !p.chess960 || p.castling == NoCastling {
		return p.castling.String()
	}
	var sb strings.Builder
	for i := range 4 {
		if p.castling&(1<<i) == 0 {
			continue
		}
		color := Color(i >> 1)
		rook := p.castleRooks[i]
		letter := "KQ"[i&1]
		if !p.outermostRook(color, rook) {
			letter = 'A' + byte(rook.File())
		}
		if color == Black {
			letter |= 0x20
		}
		sb.WriteByte(letter)
	}
	return sb.String()
}

// outermostRook reports whether no other rook of color stands between rook
// and the edge of the board on its rank.
func (p *Position) outermostRook(color Color, rook Square) bool {
	beyond := rankSpan(NewSquare(FileA, rook.Rank()), rook)
	if rook.File() > p.KingSquare(color).File() {
		beyond = rankSpan(rook, NewSquare(FileH, rook.Rank()))
	}
	return (beyond & p.Pieces(color, Rook)).Count() == 1
}

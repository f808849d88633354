package chess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ParseFEN parses a position in Forsyth-Edwards Notation. The halfmove clock
// and fullmove number may be omitted (as in EPD); they default to 0 and 1.
//
// Every field is checked, and so is the position: each side has exactly one
// king, no pawn stands on the first or last rank, no side has more than 16
// pieces or 8 pawns, the side not to move is not in check, the side to
// move's checks are ones a legal move can give (at most two, not on one
// line through the king, at least one of two from a bishop, rook or queen:
// see impossiblecheck.go), castling rights match kings and rooks on their
// home squares, and the en-passant square follows a double pawn push that
// could have given the checks there are. The error says which field is
// wrong, or why no legal move leads to the position.
//
// An en-passant square is kept only when an en-passant capture is legal, so
// FEN (and Hash) describe positions by the moves they allow.
func ParseFEN(fen string) (*Position, error) {
	p, _, err := (&fenReader{}).read(fen)
	return p, err
}

// ParseFENLenient parses a FEN as lichess and python-chess read one, for
// FENs written by other programs (a chess GUI's "position fen"). Where
// ParseFEN would reject a FEN that can be read without guessing, it reads
// it and says what it fixed, one sentence per fix:
//
//   - the fields after the board may be left out: the side to move is then
//     White (a fix), castling and en passant "-", the clocks 0 and 1;
//   - a castling right whose king or rook is not on its home square is
//     dropped, and a right given twice counts once;
//   - an en-passant square that no double pawn push explains, or whose
//     push cannot have given the checks there are, is dropped;
//   - a fullmove number of 0 reads as 1, and a counter above
//     MaxMoveCounter as MaxMoveCounter.
//
// A position that cannot arise in a game is an error, as in ParseFEN: not
// exactly one king a side, a pawn on the first or last rank, more than 16
// pieces or 8 pawns a side, the side not to move in check, checks no legal
// move gives. So is text that
// is not a FEN (a malformed board, side, castling field, en-passant square
// or counter). A FEN that ParseFEN accepts gives the same position and no
// fixes.
func ParseFENLenient(fen string) (p *Position, fixes []string, err error) {
	return (&fenReader{lenient: true}).read(fen)
}

// fenReader reads one FEN, strictly (ParseFEN) or leniently
// (ParseFENLenient): the two differ only in what fix does.
type fenReader struct {
	lenient  bool
	chess960 bool
	fixes    []string
}

// fix handles a problem that the lenient reading repairs as repair says:
// leniently it records the fix and returns nil, strictly it returns err.
func (r *fenReader) fix(err error, repair string) error {
	if !r.lenient {
		return err
	}
	r.fixes = append(r.fixes, strings.TrimPrefix(err.Error(), "chess: ")+": "+repair)
	return nil
}

func (r *fenReader) read(fen string) (*Position, []string, error) {
	fields := strings.Fields(fen)
	minFields := 4
	if r.lenient {
		minFields = 1
	}
	if len(fields) < minFields || len(fields) > 6 {
		return nil, nil, parseErrorf("fen_fields", map[string]any{"n": len(fields), "least": minFields}, "chess: FEN %q has %d fields, want %d to 6", fen, len(fields), minFields)
	}
	if len(fields) == 1 { // only when lenient
		r.fixes = append(r.fixes, "FEN has no side to move: White to move")
		fields = append(fields, "w")
	}
	for len(fields) < 4 {
		fields = append(fields, "-")
	}
	p := &Position{epSquare: NoSquare, fullmoves: 1, chess960: r.chess960,
		castleRooks: [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}}
	if err := p.parseBoard(fields[0]); err != nil {
		return nil, nil, err
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return nil, nil, parseErrorf("side", map[string]any{"value": fields[1]}, "chess: FEN side to move is %q, want \"w\" or \"b\"", fields[1])
	}
	if err := r.parseCastling(p, fields[2]); err != nil {
		return nil, nil, err
	}
	ep, err := r.parseEnPassant(p, fields[3])
	if err != nil {
		return nil, nil, err
	}
	if len(fields) > 4 {
		n, err := r.parseCounter(fields[4], "halfmove clock", 0)
		if err != nil {
			return nil, nil, err
		}
		p.halfmoves = n
	}
	if len(fields) > 5 {
		n, err := r.parseCounter(fields[5], "fullmove number", 1)
		if err != nil {
			return nil, nil, err
		}
		p.fullmoves = n
	}
	if err := p.validate(); err != nil {
		return nil, nil, err
	}
	p.checkers = p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.byColor[p.side.Other()]
	if err := p.checkError(); err != nil {
		return nil, nil, err
	}
	if ep != NoSquare {
		if err := p.enPassantError(ep); err == nil {
			p.setEnPassant(ep)
		} else if err := r.fix(err, "square dropped"); err != nil {
			return nil, nil, err
		}
	}
	p.hash = p.computeHash()
	return p, r.fixes, nil
}

// parseCounter reads the halfmove clock or the fullmove number (what), a
// number from least to MaxMoveCounter.
func (r *fenReader) parseCounter(s, what string, least uint64) (uint16, error) {
	check := strings.ReplaceAll(what, " ", "_")
	outOfRange := parseErrorf(check, map[string]any{"value": s, "least": least, "most": MaxMoveCounter},
		"chess: FEN %s %q is not a number from %d to %d", what, s, least, MaxMoveCounter)
	n, err := strconv.ParseUint(s, 10, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return 0, outOfRange
	case n < least:
		if err := r.fix(outOfRange, fmt.Sprintf("read as %d", least)); err != nil {
			return 0, err
		}
		return uint16(least), nil
	case err != nil || n > MaxMoveCounter:
		if err := r.fix(outOfRange, fmt.Sprintf("read as %d", MaxMoveCounter)); err != nil {
			return 0, err
		}
		return MaxMoveCounter, nil
	}
	return uint16(n), nil
}

// ParseFEN960 parses a Chess960 position in FEN, as ParseFEN does, with
// its castling field in either of the two forms of Chess960: Shredder-FEN,
// which names the rooks' files ("HAha"; upper case for White), or X-FEN,
// where K and Q (k and q) stand for the outermost rook on each side of the
// king and a file letter for any other. A right needs the king and its rook
// on their side's back rank. The position's Chess960 reports true.
func ParseFEN960(fen string) (*Position, error) {
	p, _, err := (&fenReader{chess960: true}).read(fen)
	return p, err
}

// ParseFEN960Lenient is ParseFENLenient for a Chess960 position, with the
// castling field of ParseFEN960.
func ParseFEN960Lenient(fen string) (p *Position, fixes []string, err error) {
	return (&fenReader{lenient: true, chess960: true}).read(fen)
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
		return parseErrorf("board_ranks", map[string]any{"n": len(ranks)}, "chess: FEN board has %d ranks, want 8", len(ranks))
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
				return parseErrorf("board_char", map[string]any{"rank": r.String(), "char": string(rune(ch))}, "chess: FEN rank %v has invalid character %q", r, ch)
			}
			if f > 8 {
				return parseErrorf("rank_long", map[string]any{"rank": r.String()}, "chess: FEN rank %v has more than 8 squares", r)
			}
		}
		if f < 8 {
			return parseErrorf("rank_short", map[string]any{"rank": r.String(), "n": f}, "chess: FEN rank %v has %d squares, want 8", r, f)
		}
	}
	return nil
}

// parseCastling reads the castling field into p, whose board is set.
func (r *fenReader) parseCastling(p *Position, s string) error {
	if r.chess960 {
		return r.parseCastling960(p, s)
	}
	if s == "-" {
		return nil
	}
	var seen CastlingRights
	for i := 0; i < len(s); i++ {
		idx := strings.IndexByte("KQkq", s[i])
		if idx < 0 {
			if rookFile(s[i]) && strings.Trim(s, "KQkqABCDEFGHabcdefgh") == "" {
				return parseErrorf("castling_char", map[string]any{"char": string(rune(s[i]))}, "chess: FEN castling field %q names a rook's file (%q), as Chess960 FENs do: read it as Chess960", s, s[i])
			}
			return parseErrorf("castling_char", map[string]any{"char": string(rune(s[i]))}, "chess: FEN castling field %q has invalid character %q", s, s[i])
		}
		right := CastlingRights(1 << idx)
		if seen&right != 0 {
			if err := r.fix(parseErrorf("castling_repeat", map[string]any{"char": string(rune(s[i]))}, "chess: FEN castling field %q repeats %q", s, s[i]), "counted once"); err != nil {
				return err
			}
			continue
		}
		seen |= right
		c := &castles[idx]
		color := Color(idx / 2)
		var missing error
		switch {
		case p.board[c.kingFrom] != NewPiece(color, King):
			missing = parseErrorf("castling_king", map[string]any{"char": string(rune(s[i])), "color": color.String(), "square": c.kingFrom.String()}, "chess: FEN castling right %q but no %v king on %v", s[i], color, c.kingFrom)
		case p.board[c.rookFrom] != NewPiece(color, Rook):
			missing = parseErrorf("castling_rook", map[string]any{"char": string(rune(s[i])), "color": color.String(), "square": c.rookFrom.String()}, "chess: FEN castling right %q but no %v rook on %v", s[i], color, c.rookFrom)
		}
		if missing != nil {
			if err := r.fix(missing, "right dropped"); err != nil {
				return err
			}
			continue
		}
		p.castling |= right
	}
	return nil
}

// parseEnPassant checks the en-passant field against p, whose board and
// side to move are set, and returns its square (or NoSquare); whether a
// capture is legal is decided once the position is complete.
func (r *fenReader) parseEnPassant(p *Position, s string) (Square, error) {
	if s == "-" {
		return NoSquare, nil
	}
	ep, err := ParseSquare(s)
	if err != nil {
		return NoSquare, parseErrorf("ep_square", map[string]any{"value": s}, "chess: FEN en-passant square %q is not a square or \"-\"", s)
	}
	// White to move: ep e6, Black's pawn on e5, started on e7 (and mirrored).
	wantRank, pawnSq, startSq := Rank6, ep-8, ep+8
	if p.side == Black {
		wantRank, pawnSq, startSq = Rank3, ep+8, ep-8
	}
	var impossible error
	them := p.side.Other()
	switch {
	case ep.Rank() != wantRank:
		impossible = parseErrorf("ep_rank", map[string]any{"square": ep.String(), "rank": wantRank.String()}, "chess: FEN en-passant square %v is not on rank %v", ep, wantRank)
	case p.board[pawnSq] != NewPiece(them, Pawn) || p.board[ep] != NoPiece || p.board[startSq] != NoPiece:
		impossible = parseErrorf("ep_push", map[string]any{"square": ep.String()}, "chess: FEN en-passant square %v does not follow a double pawn push", ep)
	default:
		return ep, nil
	}
	return NoSquare, r.fix(impossible, "square dropped")
}

// validate rejects positions that cannot arise in a game.
func (p *Position) validate() error {
	for c := White; c <= Black; c++ {
		if n := p.Pieces(c, King).Count(); n != 1 {
			return parseErrorf("kings", map[string]any{"color": c.String(), "n": n}, "chess: FEN has %d %v kings, want 1", n, c)
		}
		if n := p.byColor[c].Count(); n > 16 {
			return parseErrorf("pieces", map[string]any{"color": c.String(), "n": n}, "chess: FEN has %d %v pieces, more than 16", n, c)
		}
		if n := p.Pieces(c, Pawn).Count(); n > 8 {
			return parseErrorf("pawns", map[string]any{"color": c.String(), "n": n}, "chess: FEN has %d %v pawns, more than 8", n, c)
		}
	}
	if p.byType[Pawn]&(Rank1BB|Rank8BB) != 0 {
		return parseErrorf("pawn_rank", nil, "chess: FEN has a pawn on the first or last rank")
	}
	them := p.side.Other()
	if p.IsAttacked(p.KingSquare(them), p.side) {
		return parseErrorf("opponent_check", map[string]any{"color": them.String()}, "chess: FEN has the side not to move (%v) in check", them)
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
	sb.WriteString(p.castlingField())
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

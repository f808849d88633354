package chess

import (
	"fmt"
	"strings"
)

// SAN returns m in Standard Algebraic Notation as played in p: the piece
// letter (none for pawns), the from-file, from-rank or both only when another
// piece of the same type could move to the same square, "x" for captures
// (a pawn capture names its file: "exd5"), the destination, "=Q" for
// promotions, "O-O" or "O-O-O" for castling, and "+" for check or "#" for
// checkmate.
//
// m must be legal in p. If it is not, SAN returns m.String(), its UCI form.
func (p *Position) SAN(m Move) string {
	var ml MoveList
	p.GenerateMoves(&ml, AllMoves)
	if !ml.Contains(m) {
		return m.String()
	}
	return p.san(m, &ml)
}

// san is SAN for a move known to be in ml, the legal moves of p.
func (p *Position) san(m Move, ml *MoveList) string {
	var sb strings.Builder
	from, to := m.From(), m.To()
	t := p.board[from].Type()
	switch {
	case m.kind() == kindKingCastle:
		sb.WriteString("O-O")
	case m.IsCastle():
		sb.WriteString("O-O-O")
	case t == Pawn:
		if m.IsCapture() {
			sb.WriteString(from.File().String())
			sb.WriteByte('x')
		}
		sb.WriteString(to.String())
		if m.IsPromotion() {
			sb.WriteByte('=')
			sb.WriteString(strings.ToUpper(m.Promotion().String()))
		}
	default:
		sb.WriteString(strings.ToUpper(t.String()))
		sb.WriteString(p.disambiguation(m, ml))
		if m.IsCapture() {
			sb.WriteByte('x')
		}
		sb.WriteString(to.String())
	}
	child := *p
	child.MakeMove(m)
	if child.InCheck() {
		if child.HasLegalMoves() {
			sb.WriteByte('+')
		} else {
			sb.WriteByte('#')
		}
	}
	return sb.String()
}

// disambiguation returns what SAN adds after the piece letter of m so that
// no other legal move in ml reads the same: nothing, the from-file, the
// from-rank, or both (file first, as the standard prefers).
func (p *Position) disambiguation(m Move, ml *MoveList) string {
	from, to := m.From(), m.To()
	t := p.board[from].Type()
	rivals, sameFile, sameRank := false, false, false
	for _, o := range ml.Slice() {
		if o.To() != to || o.From() == from || p.board[o.From()].Type() != t {
			continue
		}
		rivals = true
		sameFile = sameFile || o.From().File() == from.File()
		sameRank = sameRank || o.From().Rank() == from.Rank()
	}
	switch {
	case !rivals:
		return ""
	case !sameFile:
		return from.File().String()
	case !sameRank:
		return from.Rank().String()
	default:
		return from.String()
	}
}

// sanParts is what a SAN string says about a move, before matching it
// against the legal moves.
type sanParts struct {
	piece    PieceType
	fromFile int // -1 when not given
	fromRank int // -1 when not given
	to       Square
	capture  bool // an "x" or ":" was written
	promo    PieceType
}

// ParseSAN parses a move in Standard Algebraic Notation and returns the legal
// move of p it names. It accepts what people type as well as strict SAN:
//
//   - check, mate and annotation suffixes may be missing or extra: "Nf3+",
//     "Nf3#", "e4!?", "Qh5??" ("e.p." after an en-passant capture, too);
//   - castling as "O-O", "0-0" or "o-o" (and the queenside forms), or as the
//     king's move ("Kg1");
//   - a promotion as "e8=Q", "e8Q", "e8=q", "e8/Q" or "e8(Q)";
//   - the capture marker ("x" or ":") may be missing or extra on piece moves,
//     and from-squares may be over-specified ("Ng1f3", "Ng1-f3", "e2-e4");
//   - piece letters are upper case; "n", "r", "q" and "k" are also read as
//     pieces, but a lower-case "b" is the b-file ("bxc3" is a pawn capture)
//     unless no pawn move fits and a bishop move does ("bc4" with no pawn on
//     the b-file able to reach c4 is Bc4).
//
// A pawn move without a from-file is a push unless it has a capture marker
// ("d5" never means "exd5"). A promoting pawn move must name its piece.
//
// Errors say why: text that is not a move, a move that is illegal (and what
// rule it breaks), or an ambiguous one, naming the candidates
// ("chess: \"Nd2\" is ambiguous: Nbd2, Nfd2").
func (p *Position) ParseSAN(s string) (Move, error) {
	orig := s
	s = trimSANSuffixes(strings.TrimSpace(s))
	if s == "" {
		return NoMove, &MoveError{Move: orig, Why: WhyNotAMove}
	}
	if kingside, ok := castlingText(s); ok {
		return p.parseCastlingSAN(orig, kingside)
	}
	parts, ok := splitSAN(s)
	if !ok {
		return NoMove, &MoveError{Move: orig, Why: WhyNotSAN}
	}
	var ml MoveList
	p.GenerateMoves(&ml, AllMoves)
	if s[0] == 'b' && parts.piece == Pawn && len(p.sanCandidates(parts, &ml)) == 0 {
		// A lower-case b reads as the b-file; when no pawn move fits,
		// try it as a bishop.
		if bp, ok := splitSAN("B" + s[1:]); ok && len(p.sanCandidates(bp, &ml)) > 0 {
			parts = bp
		}
	}
	return p.matchSAN(orig, parts, &ml)
}

// trimSANSuffixes removes check, mate and annotation marks and an
// en-passant note from the end of s.
func trimSANSuffixes(s string) string {
	for {
		t := strings.TrimRight(s, "+#!? ")
		t = strings.TrimSuffix(t, "e.p.")
		t = strings.TrimSuffix(t, "ep")
		t = strings.TrimRight(t, " ")
		if t == s {
			return s
		}
		s = t
	}
}

// castlingText reports whether s is written as castling, and which side.
func castlingText(s string) (kingside, ok bool) {
	switch s {
	case "O-O", "0-0", "o-o":
		return true, true
	case "O-O-O", "0-0-0", "o-o-o":
		return false, true
	}
	return false, false
}

// parseCastlingSAN returns the castling move of the side to move.
func (p *Position) parseCastlingSAN(orig string, kingside bool) (Move, error) {
	i := castleIndex(p.side, !kingside)
	var ml MoveList
	p.GenerateMoves(&ml, QuietMoves)
	for _, m := range ml.Slice() {
		if m.kind() == kindKingCastle+moveKind(i&1) {
			return m, nil
		}
	}
	e := p.whyNoCastle(i)
	e.Move = orig
	return NoMove, &e
}

// splitSAN reads the parts of a (non-castling) SAN move, with suffixes
// already removed. It reports false when s does not have the shape of one.
func splitSAN(s string) (sanParts, bool) {
	parts := sanParts{piece: Pawn, fromFile: -1, fromRank: -1}
	switch c := s[0]; {
	case c == 'P':
		s = s[1:]
	case strings.IndexByte("NBRQK", c) >= 0:
		parts.piece = promotionPiece(c)
		if c == 'K' {
			parts.piece = King
		}
		s = s[1:]
	case strings.IndexByte("nrqk", c) >= 0:
		parts.piece = promotionPiece(c)
		if c == 'k' {
			parts.piece = King
		}
		s = s[1:]
	}

	// Promotion: a piece letter after the destination square, possibly
	// introduced by "=" or "/" or wrapped in parentheses.
	if n := len(s); n >= 4 && s[n-1] == ')' && s[n-3] == '(' {
		s = s[:n-3] + s[n-2:n-1]
	}
	if n := len(s); n >= 3 && promotionPiece(s[n-1]) != NoPieceType {
		body := strings.TrimRight(s[:n-1], "=/")
		if len(body) >= 2 && isDigit(body[len(body)-1]) {
			parts.promo = promotionPiece(s[n-1])
			s = body
		}
	}

	// Destination square, last.
	if len(s) < 2 {
		return parts, false
	}
	to, err := ParseSquare(s[len(s)-2:])
	if err != nil {
		return parts, false
	}
	parts.to = to
	s = s[:len(s)-2]

	// Capture marker or dash, then from-file and from-rank.
	if n := len(s); n > 0 && strings.IndexByte("x:-", s[n-1]) >= 0 {
		parts.capture = s[n-1] != '-'
		s = s[:n-1]
	}
	if len(s) > 0 && s[0] >= 'a' && s[0] <= 'h' {
		parts.fromFile = int(s[0] - 'a')
		s = s[1:]
	}
	if len(s) > 0 && s[0] >= '1' && s[0] <= '8' {
		parts.fromRank = int(s[0] - '1')
		s = s[1:]
	}
	return parts, s == ""
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// sanCandidates returns the moves in ml (the legal moves of p) that fit
// parts, promotion aside.
func (p *Position) sanCandidates(parts sanParts, ml *MoveList) []Move {
	var found []Move
	for _, m := range ml.Slice() {
		from := m.From()
		switch {
		case m.To() != parts.to || p.board[from].Type() != parts.piece:
		case p.chess960 && m.IsCastle(): // written only as O-O or O-O-O
		case parts.fromFile >= 0 && int(from.File()) != parts.fromFile:
		case parts.fromRank >= 0 && int(from.Rank()) != parts.fromRank:
		case parts.piece == Pawn && parts.fromFile < 0 && m.IsCapture() != parts.capture:
		default:
			found = append(found, m)
		}
	}
	return found
}

// matchSAN finds the one move in ml (the legal moves of p) that fits parts.
func (p *Position) matchSAN(orig string, parts sanParts, ml *MoveList) (Move, error) {
	found := p.sanCandidates(parts, ml)
	if len(found) == 0 {
		e := p.whyNoSAN(parts)
		e.Move = orig
		return NoMove, &e
	}

	// Promotion: the piece must be named, and only for promotions.
	if found[0].IsPromotion() && parts.promo == NoPieceType {
		return NoMove, &MoveError{Move: orig, Why: WhyIncomplete, Color: p.side, Piece: Pawn, To: parts.to}
	}
	if !found[0].IsPromotion() && parts.promo != NoPieceType {
		return NoMove, &MoveError{Move: orig, Why: WhyOnlyPawnsPromote, Color: p.side, Piece: parts.piece, To: parts.to}
	}
	kept := found[:0]
	for _, m := range found {
		if m.Promotion() == parts.promo {
			kept = append(kept, m)
		}
	}
	found = kept

	switch len(found) {
	case 0: // promotion to an unavailable piece cannot happen: all four are generated
		return NoMove, &MoveError{Move: orig, Why: WhyNoSuchPromotion, Color: p.side, Piece: parts.promo, To: parts.to}
	case 1:
		return found[0], nil
	}
	names := make([]string, len(found))
	for i, m := range found {
		names[i] = p.san(m, ml)
	}
	return NoMove, &MoveError{Move: orig, Why: WhyAmbiguous, Color: p.side, Piece: parts.piece, To: parts.to, Options: names}
}

// whyNoSAN explains why no legal move fits parts: a MoveError without its
// Move.
func (p *Position) whyNoSAN(parts sanParts) MoveError {
	us := p.side
	if parts.piece == Pawn && parts.fromFile < 0 && parts.capture {
		return MoveError{Why: WhyNoPawnCapture, Color: us, Piece: Pawn, To: parts.to}
	}
	// Pieces of the right kind that could reach the square by their moves.
	var movers []Square
	for b := p.Pieces(us, parts.piece); b != 0; {
		from := b.PopFirst()
		switch {
		case parts.fromFile >= 0 && int(from.File()) != parts.fromFile:
		case parts.fromRank >= 0 && int(from.Rank()) != parts.fromRank:
		case p.board[parts.to] != NoPiece && p.board[parts.to].Color() == us:
		case !p.reaches(from, parts.to):
		case parts.piece == Pawn && parts.fromFile < 0 && from.File() != parts.to.File():
		default:
			movers = append(movers, from)
		}
	}
	if len(movers) == 0 {
		if parts.piece == Pawn && parts.fromFile < 0 {
			return MoveError{Why: WhyNoPawnMove, Color: us, Piece: Pawn, To: parts.to}
		}
		if parts.piece == King && !p.chess960 {
			for i := castleIndex(us, false); i <= castleIndex(us, true); i++ {
				if c := &castles[i]; p.KingSquare(us) == c.kingFrom && parts.to == c.kingTo {
					return p.whyNoCastle(i)
				}
			}
		}
		return MoveError{Why: WhyNoPieceCanMove, Color: us, Piece: parts.piece, To: parts.to}
	}
	return p.whyIllegal(movers[0], parts.to, parts.promo)
}

// SANMoves returns moves, played in sequence from p, each in SAN. The moves
// must be legal in sequence from p; a line that comes from elsewhere (a
// search's principal variation, say) may not be, so the list stops before
// the first move that is not legal where it stands, and its length says how
// many were. It is empty, not nil, when none was.
func (p *Position) SANMoves(moves []Move) []string {
	sans := make([]string, 0, len(moves))
	q := *p
	var ml MoveList
	for _, m := range moves {
		q.GenerateMoves(&ml, AllMoves)
		if !ml.Contains(m) {
			break
		}
		sans = append(sans, q.san(m, &ml))
		q.MakeMove(m)
	}
	return sans
}

// SANLine returns moves, played in sequence from p, in SAN with move
// numbers as people write a line: "N." before each of White's moves and
// "N..." before the first move when it is Black's, so "1. e4 e5 2. Nf3" from
// the start and "12... Nf6 13. Bg5" from a position with Black to move. The
// moves must be legal in sequence from p: as with [Position.SANMoves], the
// line ends before the first move that is not. No moves give "".
func (p *Position) SANLine(moves []Move) string {
	var sb strings.Builder
	num, side := p.FullmoveNumber(), p.side
	for i, san := range p.SANMoves(moves) {
		if i > 0 {
			sb.WriteByte(' ')
		}
		switch {
		case side == White:
			fmt.Fprintf(&sb, "%d. ", num)
		case i == 0:
			fmt.Fprintf(&sb, "%d... ", num)
		}
		sb.WriteString(san)
		if side == Black {
			num++
		}
		side = side.Other()
	}
	return sb.String()
}

package chess

import "fmt"

// A position's checks tell of the move that led to it. After a move, the
// side to move is checked by the piece that moved (or the piece a pawn
// promoted to, or the rook of a castling move), from its new square, and
// by the bishops, rooks and queens whose line to the king the move opened:
// through the square the piece left, or, for an en-passant capture, the
// square of the pawn it took. A vacated square opens at most one line to
// the king. So, in any position a game can reach:
//
//   - at most two pieces give check;
//   - two checkers are never on one line through the king: a moved piece
//     does not give check on the line it opened, and two opened lines are
//     two lines;
//   - of two checkers one is a bishop, rook or queen whose line was
//     opened: pawns and knights check only by moving there;
//   - a pawn gives double check only by a capture (en passant or not) from
//     the king's file, two ranks from the king, opening the file for a
//     rook or queen behind it: a pawn's push, or a capture onto the file,
//     leaves a square on no open line to the king;
//   - an en-passant square says the last move was a double pawn push: the
//     king was not in check before it, so every check is the pushed pawn's
//     or opened by the square it left.
//
// checkError and enPassantError reject positions with checks that break
// these rules, as shakmaty (the library lichess checks positions with)
// rejects them as an "impossible check"; the rule on pawns goes further
// than shakmaty's. Like shakmaty, they leave alone an en-passant square
// whose push would have blocked a check while giving none (the perft
// suite's 8/8/1k6/8/2pP4/8/5BK1/8 b - d3): no check is there to explain.

// checkError returns why no legal move leads to the checks on the side to
// move's king, or nil if one may. p's board, side to move and checkers are
// set.
func (p *Position) checkError() error {
	checkers := p.checkers
	if !checkers.MoreThanOne() {
		return nil
	}
	us := p.side
	ksq := p.KingSquare(us)
	if n := checkers.Count(); n > 2 {
		return parseErrorf("impossible_check", map[string]any{"color": us.String()}, "chess: FEN has the %v king checked by %d pieces; no legal move gives more than two checks", us, n)
	}
	a, b := checkers.First(), checkers.Last()
	pair := fmt.Sprintf("the %v king checked by the %s on %v and the %s on %v", us,
		pieceName[p.board[a].Type()], a, pieceName[p.board[b].Type()], b)
	sliders := p.byType[Bishop] | p.byType[Rook] | p.byType[Queen]
	switch {
	case lineBB[a][b].Has(ksq):
		return parseErrorf("impossible_check", map[string]any{"color": us.String()}, "chess: FEN has %s, on one line; no legal move leads to two checks along one line", pair)
	case checkers&sliders == 0:
		return parseErrorf("impossible_check", map[string]any{"color": us.String()}, "chess: FEN has %s; no legal move leads there: in a double check one checker is a bishop, rook or queen uncovered by the other's move", pair)
	}
	if pawn := checkers & p.byType[Pawn]; pawn != 0 {
		if !betweenBB[(checkers &^ pawn).First()][ksq].Has(pawnCaptureOrigin(us, ksq)) {
			return parseErrorf("impossible_check", map[string]any{"color": us.String()}, "chess: FEN has %s; no legal move leads there: a pawn gives double check only by capturing from the king's file to uncover a rook or queen on it", pair)
		}
	}
	return nil
}

// pawnCaptureOrigin returns the square on the file of the king of color us
// on ksq, two ranks towards the enemy's pawns' start, from which an enemy
// pawn's capture can uncover a check along the file while the pawn checks
// the king; or NoSquare off the board.
func pawnCaptureOrigin(us Color, ksq Square) Square {
	if us == Black {
		if ksq.Rank() < Rank3 {
			return NoSquare
		}
		return ksq - 16
	}
	if ksq.Rank() > Rank6 {
		return NoSquare
	}
	return ksq + 16
}

// enPassantError returns why the en-passant square ep, which says that the
// side not to move just pushed a pawn two squares past it, contradicts the
// checks on the side to move's king, or nil: the position before that push
// must not have had the king in check. p's board, side to move and
// checkers are set, and ep follows a double push as parseEnPassant checks.
func (p *Position) enPassantError(ep Square) error {
	if p.checkers == 0 {
		return nil
	}
	us := p.side
	them := us.Other()
	pushed, start := ep+8, ep-8
	if us == White {
		pushed, start = ep-8, ep+8
	}
	before := *p
	before.remove(pushed)
	before.put(NewPiece(them, Pawn), start)
	ksq := p.KingSquare(us)
	attackers := before.AttackersTo(ksq, before.Occupied()) & before.byColor[them]
	if attackers == 0 {
		return nil
	}
	s := attackers.First()
	return parseErrorf("ep_check", map[string]any{"square": ep.String(), "color": us.String()}, "chess: FEN en-passant square %v says the last move was %v%v, but the %v king was in check before it, from the %s on %v",
		ep, start, pushed, us, pieceName[before.board[s].Type()], s)
}

package chess

import (
	"fmt"
	"strings"
)

// MoveError is why a move cannot be played in a position: the error of
// ParseMove, ParseSAN, ParseUCI, Game.Play and the other calls that take a
// move. Error says it in English ("chess: \"Ke3\" is illegal: no white king
// can move to e3"); Why and the fields it names say it as data, so that a
// front end can say it in another language. Fields a reason does not name
// are zero.
type MoveError struct {
	Move string // the move as given (text, or UCI for a Move)
	Why  Why
	// What the reason is about.
	Color     Color     // the side concerned
	Piece     PieceType // the piece concerned (for WhyBadPromotion, the piece promoted to)
	From, To  Square
	Queenside bool     // castling: the side of the board
	Options   []string // WhyAmbiguous: the moves it could be, in SAN

	form moveForm // how Error introduces the reason
}

// moveForm is how a move was given, which Error's wording follows.
type moveForm uint8

const (
	formSAN  moveForm = iota // "\"Ke3\" is illegal: ..."
	formMove                 // "move \"e1e3\" is illegal in this position: ..."
)

// Why is the reason a move cannot be played. Its String is a stable name
// ("own_piece"), for the codes of an API and the keys of a catalogue.
type Why uint8

const (
	WhyNotAMove             Why = iota // the text is empty or has no move in it
	WhyNotSAN                          // not a move in algebraic notation
	WhyNotUCI                          // not a move in UCI notation
	WhyNullMove                        // the null move "0000"
	WhyNoPieceOn                       // there is no piece on From
	WhyNotYourPiece                    // the Piece on From is Color's, and it is the other side's turn
	WhySameSquare                      // from and to are the same square
	WhyOwnPieceOn                      // Color's own Piece stands on To
	WhyCannotReach                     // the Piece on From cannot move to To
	WhyMustPromote                     // a pawn reaching To must promote
	WhyOnlyPawnsPromote                // only a pawn reaching the last rank promotes
	WhyBadPromotion                    // a pawn cannot promote to Piece
	WhyInCheck                         // the Color king is in check and the move does not answer it
	WhyLeavesKingInCheck               // it would leave the Color king in check
	WhyNoMatch                         // it matches no legal move (made for another position?)
	WhyNoPawnCapture                   // no Color pawn can capture on To
	WhyNoPawnMove                      // no Color pawn can move to To
	WhyNoPieceCanMove                  // no Color Piece can move to To
	WhyCastlingRightLost               // Color has lost the right to castle (Queenside or not)
	WhyCastlingOutOfCheck              // Color cannot castle out of check
	WhyCastlingBlocked                 // pieces stand between the Color king and rook
	WhyCastlingThroughCheck            // the Color king would cross or land on an attacked square
	WhyIncomplete                      // SAN without its promotion piece: a pawn reaching To must promote
	WhyNoSuchPromotion                 // no such promotion
	WhyAmbiguous                       // more than one move fits: Options
)

var whyNames = [...]string{
	WhyNotAMove: "not_a_move", WhyNotSAN: "not_san", WhyNotUCI: "not_uci", WhyNullMove: "null_move",
	WhyNoPieceOn: "no_piece", WhyNotYourPiece: "not_your_piece", WhySameSquare: "same_square",
	WhyOwnPieceOn: "own_piece", WhyCannotReach: "cannot_reach", WhyMustPromote: "must_promote",
	WhyOnlyPawnsPromote: "only_pawns_promote", WhyBadPromotion: "bad_promotion", WhyInCheck: "in_check",
	WhyLeavesKingInCheck: "leaves_king_in_check", WhyNoMatch: "no_match", WhyNoPawnCapture: "no_pawn_capture",
	WhyNoPawnMove: "no_pawn_move", WhyNoPieceCanMove: "no_piece_can_move", WhyCastlingRightLost: "castling_right_lost",
	WhyCastlingOutOfCheck: "castling_out_of_check", WhyCastlingBlocked: "castling_blocked",
	WhyCastlingThroughCheck: "castling_through_check", WhyIncomplete: "incomplete",
	WhyNoSuchPromotion: "no_such_promotion", WhyAmbiguous: "ambiguous",
}

// String returns the reason's stable name: "own_piece", "ambiguous".
func (w Why) String() string {
	if int(w) < len(whyNames) {
		return whyNames[w]
	}
	return fmt.Sprintf("Why(%d)", w)
}

// NamesFrom reports whether the reason is about the square a piece moves
// from (MoveError.From); NamesTo, the square it goes to (MoveError.To).
func (w Why) NamesFrom() bool {
	return w == WhyNoPieceOn || w == WhyNotYourPiece || w == WhySameSquare || w == WhyOwnPieceOn || w == WhyCannotReach
}

// NamesTo reports whether the reason is about the square a piece goes to.
func (w Why) NamesTo() bool {
	switch w {
	case WhyNotAMove, WhyNotSAN, WhyNotUCI, WhyNullMove, WhyNoMatch, WhyOnlyPawnsPromote, WhyBadPromotion, WhyNoSuchPromotion:
		return false
	}
	return true
}

// Error says the error in English, with the package's prefix.
func (e *MoveError) Error() string {
	switch e.Why {
	case WhyNotAMove:
		return fmt.Sprintf("chess: %q is not a move", e.Move)
	case WhyNotSAN:
		return fmt.Sprintf("chess: %q is not a move in algebraic notation (like \"Nf3\", \"exd5\", \"O-O\" or \"e8=Q\")", e.Move)
	case WhyNotUCI:
		return fmt.Sprintf("chess: %q is not a UCI move (want two squares and an optional promotion piece, like \"e2e4\" or \"e7e8q\")", e.Move)
	case WhyNullMove:
		return fmt.Sprintf("chess: move %q is the null move, which is never legal", e.Move)
	case WhyIncomplete:
		return fmt.Sprintf("chess: %q is incomplete: a pawn reaching %v must promote (add =Q, =R, =B or =N)", e.Move, e.To)
	case WhyAmbiguous:
		return fmt.Sprintf("chess: %q is ambiguous: %s", e.Move, strings.Join(e.Options, ", "))
	}
	if e.form == formMove {
		return fmt.Sprintf("chess: move %q is illegal in this position: %s", e.Move, e.Reason())
	}
	return fmt.Sprintf("chess: %q is illegal: %s", e.Move, e.Reason())
}

// Reason says in English why the move is illegal, without the move: "no
// white king can move to e3".
func (e *MoveError) Reason() string {
	side := "kingside"
	if e.Queenside {
		side = "queenside"
	}
	switch e.Why {
	case WhyNoPieceOn:
		return fmt.Sprintf("there is no piece on %v", e.From)
	case WhyNotYourPiece:
		return fmt.Sprintf("the %v on %v is %v's and it is %v's turn", pieceName[e.Piece], e.From, e.Color, e.Color.Other())
	case WhySameSquare:
		return "a move must change squares"
	case WhyOwnPieceOn:
		return fmt.Sprintf("%v's own %v stands on %v", e.Color, pieceName[e.Piece], e.To)
	case WhyCannotReach:
		return fmt.Sprintf("the %v on %v cannot move to %v", pieceName[e.Piece], e.From, e.To)
	case WhyMustPromote:
		return fmt.Sprintf("a pawn reaching %v must promote (to a queen, rook, bishop or knight)", e.To)
	case WhyOnlyPawnsPromote:
		return "only a pawn reaching the last rank promotes"
	case WhyBadPromotion:
		return fmt.Sprintf("a pawn cannot promote to a %v", pieceName[e.Piece])
	case WhyInCheck:
		return fmt.Sprintf("the %v king is in check and the move does not answer it", e.Color)
	case WhyLeavesKingInCheck:
		return fmt.Sprintf("it would leave the %v king in check", e.Color)
	case WhyNoPawnCapture:
		return fmt.Sprintf("no %v pawn can capture on %v", e.Color, e.To)
	case WhyNoPawnMove:
		return fmt.Sprintf("no %v pawn can move to %v (a pawn capture names its file, like \"exd5\")", e.Color, e.To)
	case WhyNoPieceCanMove:
		return fmt.Sprintf("no %v %v can move to %v", e.Color, pieceName[e.Piece], e.To)
	case WhyCastlingRightLost:
		return fmt.Sprintf("%v has lost the right to castle %s", e.Color, side)
	case WhyCastlingOutOfCheck:
		return fmt.Sprintf("%v cannot castle out of check", e.Color)
	case WhyCastlingBlocked:
		return fmt.Sprintf("the squares between the %v king and rook are not empty", e.Color)
	case WhyCastlingThroughCheck:
		return fmt.Sprintf("the %v king would cross or land on an attacked square", e.Color)
	case WhyNoSuchPromotion:
		return "no such promotion"
	case WhyNoMatch:
		return "it does not match a legal move of this position (was it made for another one?)"
	}
	return strings.TrimPrefix(e.Error(), "chess: ")
}

// NoDrawError is ClaimDraw's error when no draw can be claimed: how often
// the position has occurred (3 allow a claim) and the halfmove clock (100
// allow one).
type NoDrawError struct {
	Repetitions   int
	HalfmoveClock int
}

func (e *NoDrawError) Error() string {
	return fmt.Sprintf("chess: no draw to claim: the position has occurred %s (a claim needs three times) "+
		"and %d half-moves were played since the last capture or pawn move (a claim needs 100)", times(e.Repetitions), e.HalfmoveClock)
}

// times says how often: "once", "twice", "3 times".
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

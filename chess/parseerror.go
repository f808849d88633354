package chess

import "fmt"

// ParseError is a FEN or a PGN move that the rules refuse, in a form a
// front end can say in any language: Check names the check that failed
// and Values holds its values by name; Error is the English sentence.
//
// The checks and their values (colours are "white" or "black", squares
// and ranks as FEN writes them, "e3" and "3"):
//
//	fen_fields      n: the number of fields, least: the fewest allowed
//	board_ranks     n: the number of ranks ("/"-separated rows)
//	board_char      rank, char: a character that is no piece or number
//	rank_long       rank: a rank of more than 8 squares
//	rank_short      rank, n: a rank of n squares, fewer than 8
//	side            value: the side-to-move field
//	castling_char   char: not K, Q, k or q (in Chess960 also a file letter)
//	castling_repeat char
//	castling_king   char, color, square: no such king where it starts
//	castling_king_rank char, color, rank: Chess960, no king on its first rank
//	castling_rook   char, color, square: no such rook where it starts
//	castling_rook_right char, color, rank: Chess960 K/k, no rook right of the king
//	castling_rook_left  char, color, rank: Chess960 Q/q, no rook left of the king
//	castling_side   char, color, side ("kingside", "queenside"): Chess960
//	                rights for two rooks on one side of the king
//	ep_square       value: not a square
//	ep_rank         square, rank: not on the rank it must be on
//	ep_push         square: no pawn just pushed two squares past it
//	ep_check        square, color: the king was in check before the push
//	halfmove_clock  value, least, most: not a number in range
//	fullmove_number value, least, most
//	kings           color, n: not one king
//	pieces          color, n: more than 16 pieces
//	pawns           color, n: more than 8 pawns
//	pawn_rank       (none): a pawn on the first or last rank
//	opponent_check  color: the side not to move is in check
//	impossible_check color: a check no legal move gives
//	illegal_move    move: a PGN move ("2. Ke3") that is not legal
//	after_end       move: a PGN move after the game ended
type ParseError struct {
	Check  string
	Values map[string]any
	text   string
}

// Error returns the English sentence ("chess: FEN board has 7 ranks, want
// 8").
func (e *ParseError) Error() string { return e.text }

// parseErrorf returns a ParseError for check with values, its text as
// fmt.Sprintf(format, args...) says it.
func parseErrorf(check string, values map[string]any, format string, args ...any) *ParseError {
	return &ParseError{Check: check, Values: values, text: fmt.Sprintf(format, args...)}
}

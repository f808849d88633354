package chess

import (
	"fmt"
	"math/rand/v2"
)

// Chess960Positions is the number of Chess960 start positions, numbered 0
// to 959 by Scharnagl's scheme; Chess960Standard (518) is the standard
// starting position.
const (
	Chess960Positions = 960
	Chess960Standard  = 518
)

// knightPlaces lists, for the quotient 0 to 9 of Scharnagl's scheme, the
// two of the five squares left after the bishops and the queen (counted
// from the a-file) that the knights take.
var knightPlaces = [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}

// Chess960BackRank returns the pieces of White's back rank, a-file first,
// of Chess960 start position n (0 to 959) by Scharnagl's numbering: n mod 4
// places the light-squared bishop (b, d, f, h), the next base-4 digit the
// dark-squared one (a, c, e, g), the next base-6 digit the queen on one of
// the six empty squares, the quotient (0 to 9) the knights on two of the
// five left, and the rooks and king take the last three, king in the
// middle. Position 518 is RNBQKBNR.
func Chess960BackRank(n int) ([8]PieceType, error) {
	var rank [8]PieceType
	if n < 0 || n >= Chess960Positions {
		return rank, fmt.Errorf("chess: Chess960 position %d does not exist: they are numbered 0 to %d", n, Chess960Positions-1)
	}
	rank[2*(n%4)+1] = Bishop
	n /= 4
	rank[2*(n%4)] = Bishop
	n /= 4
	putNth(&rank, n%6, Queen)
	n /= 6
	k := knightPlaces[n]
	putNth(&rank, k[1], Knight) // the later one first, so the earlier keeps its count
	putNth(&rank, k[0], Knight)
	for _, t := range []PieceType{Rook, King, Rook} {
		putNth(&rank, 0, t)
	}
	return rank, nil
}

// putNth puts t on the i-th (from 0) empty square of rank.
func putNth(rank *[8]PieceType, i int, t PieceType) {
	for f := range rank {
		if rank[f] != NoPieceType {
			continue
		}
		if i == 0 {
			rank[f] = t
			return
		}
		i--
	}
}

// NewChess960 returns Chess960 start position n (0 to 959, Scharnagl's
// numbering; see Chess960BackRank): the pieces of the back rank in that
// order for White and mirrored for Black, pawns in front, all four
// castling rights, White to move. Its Chess960 reports true; position 518
// is the standard starting position played with Chess960's rules and
// notation.
func NewChess960(n int) (*Position, error) {
	rank, err := Chess960BackRank(n)
	if err != nil {
		return nil, err
	}
	fen := ""
	for _, t := range rank {
		fen += NewPiece(Black, t).String()
	}
	fen += "/pppppppp/8/8/8/8/PPPPPPPP/"
	for _, t := range rank {
		fen += NewPiece(White, t).String()
	}
	return ParseFEN960(fen + " w KQkq - 0 1")
}

// RandomChess960 returns a Chess960 start position drawn uniformly from the
// 960 by r (a nil r uses the global source), with its number.
func RandomChess960(r *rand.Rand) (*Position, int) {
	n := 0
	if r == nil {
		n = rand.IntN(Chess960Positions)
	} else {
		n = r.IntN(Chess960Positions)
	}
	p, err := NewChess960(n)
	if err != nil {
		panic("chess: " + err.Error()) // every number below 960 is a position
	}
	return p, n
}

// Chess960Number returns the number (0 to 959) of p when p is a Chess960
// start position, as NewChess960 makes it, and false otherwise.
func (p *Position) Chess960Number() (int, bool) {
	if !p.chess960 {
		return 0, false
	}
	var rank [8]PieceType
	for f := FileA; f <= FileH; f++ {
		rank[f] = p.board[NewSquare(f, Rank1)].Type()
	}
	n, ok := scharnagl(rank)
	if !ok {
		return 0, false
	}
	start, _ := NewChess960(n)
	start.chess960 = true
	if start.board != p.board || start.side != p.side || start.castling != p.castling ||
		start.castleRooks != p.castleRooks || start.halfmoves != p.halfmoves || start.fullmoves != p.fullmoves {
		return 0, false
	}
	return n, true
}

// scharnagl returns the number of the Chess960 back rank rank, false when
// no start position has it. It inverts Chess960BackRank by trying each.
func scharnagl(rank [8]PieceType) (int, bool) {
	for n := range Chess960Positions {
		if r, _ := Chess960BackRank(n); r == rank {
			return n, true
		}
	}
	return 0, false
}

package chess

// Color is a side: White or Black.
type Color uint8

// The two colors.
const (
	White Color = iota
	Black
)

// Other returns the opposing color.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black": the colour as data names it (JSON,
// the web app's API, the store).
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Name returns "White" or "Black": the side as an English sentence names
// it ("White wins on time").
func (c Color) Name() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// PieceType is a kind of piece without a color. NoPieceType is the zero value.
type PieceType uint8

// The piece types.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// String returns the type's lower-case letter ("p", "n", ..., "k"), or "" for
// NoPieceType.
func (t PieceType) String() string {
	if t == NoPieceType || t > King {
		return ""
	}
	return string(" pnbrqk"[t])
}

// Piece is a colored piece: its type in the low three bits and its color in
// bit 3. NoPiece (0) marks an empty square.
type Piece uint8

// The pieces.
const (
	NoPiece     Piece = 0
	WhitePawn   Piece = Piece(Pawn)
	WhiteKnight Piece = Piece(Knight)
	WhiteBishop Piece = Piece(Bishop)
	WhiteRook   Piece = Piece(Rook)
	WhiteQueen  Piece = Piece(Queen)
	WhiteKing   Piece = Piece(King)
	BlackPawn   Piece = 8 | Piece(Pawn)
	BlackKnight Piece = 8 | Piece(Knight)
	BlackBishop Piece = 8 | Piece(Bishop)
	BlackRook   Piece = 8 | Piece(Rook)
	BlackQueen  Piece = 8 | Piece(Queen)
	BlackKing   Piece = 8 | Piece(King)
)

// NewPiece returns the piece of type t and color c.
func NewPiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's color. It is meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3) }

// String returns the piece's FEN letter: upper case for White ("N"), lower
// case for Black ("n"); "" for NoPiece.
func (p Piece) String() string {
	s := p.Type().String()
	if s != "" && p.Color() == White {
		return string(s[0] - 'a' + 'A')
	}
	return s
}

// pieceFromChar returns the piece for a FEN letter, or NoPiece.
func pieceFromChar(ch byte) Piece {
	for t := Pawn; t <= King; t++ {
		switch ch {
		case " pnbrqk"[t]:
			return NewPiece(Black, t)
		case " PNBRQK"[t]:
			return NewPiece(White, t)
		}
	}
	return NoPiece
}

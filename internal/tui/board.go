package tui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/outpost-chess/outpost/chess"
)

// boardSize is the size of one square on screen, in terminal cells. A
// terminal cell is about twice as high as it is wide, so 7x3 and 5x2 are
// close to square; 3x1 is the compact board for small terminals.
type boardSize struct{ w, h int }

var (
	hugeBoard   = boardSize{11, 5} // fits 124x48 with the panel
	xlBoard     = boardSize{9, 4}  // fits 108x40 with the panel
	largeBoard  = boardSize{7, 3}  // fits 100x35 with the panel
	mediumBoard = boardSize{5, 2}  // fits 80x24 with the panel
	smallBoard  = boardSize{3, 1}
)

// boardSizes are the sizes of the board, the largest first.
var boardSizes = []boardSize{hugeBoard, xlBoard, largeBoard, mediumBoard, smallBoard}

// rankLabelWidth is the width of the rank numbers left of the board (" 8 ").
const rankLabelWidth = 3

// width returns the width of the drawn board with its labels.
func (b boardSize) width() int { return rankLabelWidth + 8*b.w + 1 }

// height returns the height of the drawn board with the file letters.
func (b boardSize) height() int { return 8*b.h + 1 }

// boardView is what the board shows: the position and the marks on it.
type boardView struct {
	pos      *chess.Position
	flipped  bool           // Black at the bottom
	cursor   chess.Square   // NoSquare: no cursor shown
	selected chess.Square   // the piece picked up, or NoSquare
	dests    chess.Bitboard // where the selected piece may go
	lastFrom chess.Square   // the last move, or NoSquare
	lastTo   chess.Square
	ascii    bool // letters instead of chess glyphs
}

// squareAt returns the square drawn at row and column (from the top left)
// of the 8x8 grid.
func squareAt(row, col int, flipped bool) chess.Square {
	if flipped {
		return chess.NewSquare(chess.File(7-col), chess.Rank(row))
	}
	return chess.NewSquare(chess.File(col), chess.Rank(7-row))
}

// The colours of the board. The squares are mid tones so that both the
// white and the black pieces (drawn with the same solid glyphs in
// different colours) stand out on both.
var (
	colLight     = lipgloss.Color("#AD9270")
	colDark      = lipgloss.Color("#7C5E42")
	colLastLight = lipgloss.Color("#BDAE58")
	colLastDark  = lipgloss.Color("#978838")
	colDestLight = lipgloss.Color("#8FA36A")
	colDestDark  = lipgloss.Color("#6E8450")
	colSelected  = lipgloss.Color("#5E9C4C")
	colCursor    = lipgloss.Color("#4F7FBF")
	colCheck     = lipgloss.Color("#C8453A")
	colWhite     = lipgloss.Color("#FFFFFF")
	colBlack     = lipgloss.Color("#101010")
	colMarker    = lipgloss.Color("#1E2E1E")
)

// glyphs maps pieces to what is drawn: outline glyphs for White and solid
// ones for Black (so the sides differ by shape, not only by colour), or
// letters.
var (
	solidGlyphs   = [...]string{chess.Pawn: "♟", chess.Knight: "♞", chess.Bishop: "♝", chess.Rook: "♜", chess.Queen: "♛", chess.King: "♚"}
	outlineGlyphs = [...]string{chess.Pawn: "♙", chess.Knight: "♘", chess.Bishop: "♗", chess.Rook: "♖", chess.Queen: "♕", chess.King: "♔"}
)

// glyph returns how piece p is drawn.
func (v *boardView) glyph(p chess.Piece) string {
	switch {
	case v.ascii && p.Color() == chess.White:
		return strings.ToUpper(p.Type().String())
	case v.ascii:
		return p.Type().String()
	case p.Color() == chess.White:
		return outlineGlyphs[p.Type()]
	default:
		return solidGlyphs[p.Type()]
	}
}

// render draws the board at size b, with rank numbers on the left and file
// letters below.
func (v *boardView) render(b boardSize) string {
	var out strings.Builder
	label := lipgloss.NewStyle().Faint(true)
	var check chess.Square = chess.NoSquare
	if v.pos.InCheck() {
		check = v.pos.KingSquare(v.pos.SideToMove())
	}
	for row := range 8 {
		for line := range b.h {
			if line == b.h/2 {
				rank := squareAt(row, 0, v.flipped).Rank()
				out.WriteString(label.Render(" " + rank.String() + " "))
			} else {
				out.WriteString(strings.Repeat(" ", rankLabelWidth))
			}
			for col := range 8 {
				sq := squareAt(row, col, v.flipped)
				out.WriteString(v.cell(sq, b, line == b.h/2, sq == check))
			}
			out.WriteByte('\n')
		}
	}
	out.WriteString(strings.Repeat(" ", rankLabelWidth))
	for col := range 8 {
		f := squareAt(0, col, v.flipped).File()
		pad := (b.w - 1) / 2
		out.WriteString(label.Render(strings.Repeat(" ", pad) + f.String() + strings.Repeat(" ", b.w-1-pad)))
	}
	return out.String()
}

// cell draws one line of square sq; middle says it is the line that holds
// the piece and the markers.
func (v *boardView) cell(sq chess.Square, b boardSize, middle, check bool) string {
	light := chess.LightSquares.Has(sq)
	bg := colDark
	if light {
		bg = colLight
	}
	isDest := v.dests.Has(sq)
	switch {
	case sq == v.cursor:
		bg = colCursor
	case sq == v.selected:
		bg = colSelected
	case check:
		bg = colCheck
	case isDest && light:
		bg = colDestLight
	case isDest:
		bg = colDestDark
	case (sq == v.lastFrom || sq == v.lastTo) && light:
		bg = colLastLight
	case sq == v.lastFrom || sq == v.lastTo:
		bg = colLastDark
	}
	base := lipgloss.NewStyle().Background(bg)
	if !middle {
		return base.Render(strings.Repeat(" ", b.w))
	}
	// The middle three characters: a marker, the piece, a marker.
	left, right := " ", " "
	switch {
	case sq == v.cursor:
		left, right = "[", "]"
	case sq == v.selected:
		left, right = "(", ")"
	}
	dot := "·"
	if v.ascii {
		dot = "."
	}
	p := v.pos.PieceAt(sq)
	center := " "
	fg := colMarker
	switch {
	case p != chess.NoPiece:
		center = v.glyph(p)
		fg = colBlack
		if p.Color() == chess.White {
			fg = colWhite
		}
		if isDest && left == " " {
			left, right = dot, dot
		}
	case isDest:
		center = dot
	}
	pad := (b.w - 3) / 2
	marks := base.Foreground(colMarker).Bold(true)
	return base.Render(strings.Repeat(" ", pad)) +
		marks.Render(left) +
		base.Foreground(fg).Bold(true).Render(center) +
		marks.Render(right) +
		base.Render(strings.Repeat(" ", b.w-3-pad))
}

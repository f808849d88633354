package tui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/chess"
)

// moveNumber returns the number written before a move from p: "12. " before
// White's move, "12... " before Black's when first says it starts a line,
// and "" otherwise.
func moveNumber(p *chess.Position, first bool) string {
	switch {
	case p.SideToMove() == chess.White:
		return strconv.Itoa(p.FullmoveNumber()) + ". "
	case first:
		return strconv.Itoa(p.FullmoveNumber()) + "... "
	}
	return ""
}

// pieceValue is the material value of each piece type in pawns, as players
// count it.
var pieceValue = [...]int{chess.Pawn: 1, chess.Knight: 3, chess.Bishop: 3, chess.Rook: 5, chess.Queen: 9, chess.King: 0}

// material returns White's material minus Black's, in pawns.
func material(p *chess.Position) int {
	diff := 0
	for t := chess.Pawn; t <= chess.Queen; t++ {
		diff += pieceValue[t] * (p.Pieces(chess.White, t).Count() - p.Pieces(chess.Black, t).Count())
	}
	return diff
}

// surplus returns the pieces color c has more of than the other side,
// most valuable first: the material imbalance, as lichess shows it beside
// each player. It needs no start position, so a game from a FEN with
// pieces missing is shown right.
func surplus(p *chess.Position, c chess.Color) []chess.Piece {
	var out []chess.Piece
	for t := chess.Queen; t >= chess.Pawn; t-- {
		for range max(0, p.Pieces(c, t).Count()-p.Pieces(c.Other(), t).Count()) {
			out = append(out, chess.NewPiece(c, t))
		}
	}
	return out
}

// moveListLines returns the game's moves in SAN, one full move a line:
// " 1. e4     e5", with "..." for a missing White move when Black moved
// first.
func moveListLines(g *chess.Game) []string {
	sans := g.SANMoves()
	start := g.StartPosition()
	num := start.FullmoveNumber()
	var lines []string
	i := 0
	if start.SideToMove() == chess.Black && len(sans) > 0 {
		lines = append(lines, fmt.Sprintf("%3d. %-8s %s", num, "...", sans[0]))
		i, num = 1, num+1
	}
	for ; i < len(sans); i += 2 {
		black := ""
		if i+1 < len(sans) {
			black = sans[i+1]
		}
		lines = append(lines, strings.TrimRight(fmt.Sprintf("%3d. %-8s %s", num, sans[i], black), " "))
		num++
	}
	return lines
}

// clockText writes a clock's time as a chess clock shows it: "4:32",
// "1:02:03", and under 10 seconds with tenths, "0:09.3" (cut, not rounded:
// a clock never shows time that is not left).
func clockText(d time.Duration) string {
	d = max(d, 0)
	if d < 10*time.Second {
		tenths := int(d / (time.Second / 10))
		return fmt.Sprintf("0:%02d.%d", tenths/10, tenths%10)
	}
	s := int(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

package browsertest

import (
	"testing"
	"time"
)

// TestChess960 starts Chess960 games from the New game dialog: by number
// against the AI, where the opening's place names the start position; and
// between two people from a position where both can castle at once, White
// by dropping the king on its rook (the king does not move: the rook
// jumps over it) and Black by dropping it on its destination.
func TestChess960(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "ai", color: "white", level: "1", chess960: true, number: "0", screenshot: "chess960-dialog"})
	p.waitFor("the start position's number", `document.getElementById('opening').textContent === 'Chess960 #0'`, 5*time.Second)
	p.waitPiece("a1", "white bishop")
	p.waitPiece("g1", "white king")

	p.startGame(newGame{mode: "hvh", chess960: true, fen: "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1"})
	p.dragMove("g1", "h1")
	p.waitPly(1, 10*time.Second)
	p.waitPiece("f1", "white rook")
	p.waitPiece("g1", "white king")
	p.dragMove("g8", "c8")
	p.waitPly(2, 10*time.Second)
	p.waitPiece("c8", "black king")
	p.waitPiece("d8", "black rook")
	if m := p.moves(); len(m) != 2 || m[0] != "O-O" || m[1] != "O-O-O" {
		t.Errorf("moves %q, want [O-O O-O-O]", m)
	}
	if got := p.text("#opening"); got != "Chess960" {
		t.Errorf("the opening's place says %q, want Chess960", got)
	}
	p.screenshot("chess960-castled")
}

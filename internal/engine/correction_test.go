package engine

import (
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

func TestCorrectionHistory(t *testing.T) {
	start := mustPosition(t, chess.StartFEN)
	// Same pawns, different pieces: the same pawn entry, other piece entries.
	samePawns := mustPosition(t, "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2")
	otherPawns := mustPosition(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1")
	blackToMove := mustPosition(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")

	// The opponent's last move, as the search passes it: a black knight to
	// f6 (the table does not ask whether it was played), or a pawn to e5.
	lastPiece, lastTo := chess.NewPiece(chess.Black, chess.Knight), chess.F6
	otherPiece, otherTo := chess.NewPiece(chess.Black, chess.Pawn), chess.E5

	var c correctionHistory
	if got := c.correct(start, lastPiece, lastTo, 25); got != 25 {
		t.Fatalf("empty history corrects 25 to %d", got)
	}
	// Repeated deep results 50 above the evaluation pull the entries most
	// of the way there, never past them.
	for range 200 {
		c.update(start, lastPiece, lastTo, 20, 50)
	}
	if got := c.correct(start, lastPiece, lastTo, 0); got < 115 || got > 125 {
		t.Errorf("after results +50: correction %d, want 115..125 (the pawn entry plus half the two piece entries and the last move's)", got)
	}
	if got := c.correct(start, otherPiece, otherTo, 0); got < 90 || got > 100 {
		t.Errorf("after results +50: another last move corrected by %d, want 90..100", got)
	}
	if got := c.correct(samePawns, otherPiece, otherTo, 0); got < 45 || got > 50 {
		t.Errorf("after results +50: same pawns, other pieces corrected by %d, want 45..50", got)
	}
	if got := c.correct(otherPawns, otherPiece, otherTo, 0); got < 45 || got > 50 {
		t.Errorf("other pawns, same pieces: corrected by %d, want 45..50", got)
	}
	if got := c.correct(blackToMove, lastPiece, lastTo, 0); got != 0 {
		t.Errorf("the other side to move is corrected by %d", got)
	}
	// Huge differences are bounded.
	for range 200 {
		c.update(start, lastPiece, lastTo, 20, -5000)
	}
	if got, limit := c.correct(start, lastPiece, lastTo, 0), Score(-5*correctionLimit/2/correctionGrain); got != limit {
		t.Errorf("after results -5000: correction %d, want the limit %d", got, limit)
	}
}

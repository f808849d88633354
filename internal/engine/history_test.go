package engine

import (
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// mustPosition parses fen or ends the test.
func mustPosition(t *testing.T, fen string) *chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// mustMove parses the UCI move uci in p or ends the test.
func mustMove(t *testing.T, p *chess.Position, uci string) chess.Move {
	t.Helper()
	m, err := p.ParseUCI(uci)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestGravityStaysInBounds(t *testing.T) {
	for _, bonus := range []int32{historyBonus(1), historyBonus(20), -historyBonus(20)} {
		var h int32
		for range 1000 {
			gravity(&h, bonus)
			if h > historyMax || h < -historyMax {
				t.Fatalf("bonus %d: history %d beyond ±%d", bonus, h, historyMax)
			}
		}
		if (bonus > 0) != (h > 0) {
			t.Errorf("bonus %d repeated: history %d, want its sign", bonus, h)
		}
	}
}

func TestRecordCaptureCutoff(t *testing.T) {
	// White's knight on c3 and pawn on d4 can both take on e5 (a pawn) and
	// the knight can take on d5 (a pawn).
	p := mustPosition(t, "4k3/8/8/3pp3/3P4/2N5/8/4K3 w - - 0 1")
	dxe5, nxd5 := mustMove(t, p, "d4e5"), mustMove(t, p, "c3d5")
	tables := new(orderingTables)
	tables.recordCaptureCutoff(p, dxe5, []chess.Move{nxd5}, 5)
	if got := *tables.captureEntry(p, dxe5); got <= 0 {
		t.Errorf("capture history of the cutoff move %v = %d, want > 0", dxe5, got)
	}
	if got := *tables.captureEntry(p, nxd5); got >= 0 {
		t.Errorf("capture history of the move tried before it %v = %d, want < 0", nxd5, got)
	}
	if got := tables.captures[chess.NewPiece(chess.White, chess.Pawn)][chess.E5][chess.Knight]; got != 0 {
		t.Errorf("entry for another victim = %d, want 0", got)
	}
}

func TestRecordCutoffPawnHistory(t *testing.T) {
	p := mustPosition(t, chess.StartFEN)
	// The same pieces with other pawns: another pawn history row.
	otherPawns := mustPosition(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1")
	nf3, nc3 := mustMove(t, p, "g1f3"), mustMove(t, p, "b1c3")
	knight := chess.NewPiece(chess.White, chess.Knight)
	tables := new(orderingTables)
	rows := tables.rows(p, nil, nil)
	tables.recordCutoff(p, nf3, []chess.Move{nc3}, chess.NoMove, chess.NoPiece, &rows, 0, 5)
	if got := tables.pawnRow(p)[knight][chess.F3]; got <= 0 {
		t.Errorf("pawn history of the cutoff move Nf3 = %d, want > 0", got)
	}
	if got := tables.pawnRow(p)[knight][chess.C3]; got >= 0 {
		t.Errorf("pawn history of Nc3, tried before it = %d, want < 0", got)
	}
	if got := tables.pawnRow(otherPawns)[knight][chess.F3]; got != 0 {
		t.Errorf("pawn history of Nf3 with other pawns = %d, want 0", got)
	}
	otherRows := tables.rows(otherPawns, nil, nil)
	if a, b := tables.quietScore(chess.White, nf3, knight, &rows), tables.quietScore(chess.White, nf3, knight, &otherRows); a <= b {
		t.Errorf("quietScore of Nf3 with the rewarded pawns %d, with others %d: want the first higher", a, b)
	}
}

// TestRecordReSearch checks that a late move's re-search result moves
// its continuation history rows (by its sign) and nothing else.
func TestRecordReSearch(t *testing.T) {
	p := mustPosition(t, chess.StartFEN)
	nf3 := mustMove(t, p, "g1f3")
	knight := chess.NewPiece(chess.White, chess.Knight)
	tables := new(orderingTables)
	var cont1, cont2 contRow
	rows := tables.rows(p, &cont1, &cont2)
	tables.recordReSearch(p, nf3, &rows, 5, true)
	if cont1[knight][chess.F3] <= 0 || cont2[knight][chess.F3] <= 0 {
		t.Errorf("after a good re-search: continuation history %d and %d, want both > 0", cont1[knight][chess.F3], cont2[knight][chess.F3])
	}
	if h, pawns := tables.history[chess.White][chess.G1][chess.F3], tables.pawnRow(p)[knight][chess.F3]; h != 0 || pawns != 0 {
		t.Errorf("butterfly %d and pawn history %d, want both untouched", h, pawns)
	}
	tables.recordReSearch(p, nf3, &rows, 5, false)
	tables.recordReSearch(p, nf3, &rows, 5, false)
	if cont1[knight][chess.F3] >= 0 {
		t.Errorf("after two failed re-searches: continuation history %d, want < 0", cont1[knight][chess.F3])
	}
	// No previous moves (the root's children): nothing to update, and no
	// nil row dereferenced (a panic fails the test).
	noRows := tables.rows(p, nil, nil)
	tables.recordReSearch(p, nf3, &noRows, 5, true)
}

// TestRecordEvalChange checks the history of a quiet move judged by the
// change in static evaluation it caused: credited to the side that played
// it, signed and capped, and in the pawn history only for pieces.
func TestRecordEvalChange(t *testing.T) {
	before := mustPosition(t, chess.StartFEN)
	nf3 := mustMove(t, before, "g1f3")
	after := mustPosition(t, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1")
	knight := chess.NewPiece(chess.White, chess.Knight)
	tables := new(orderingTables)
	// White saw +20 before Nf3, Black sees -50 after it: the move gained 30.
	tables.recordEvalChange(after, nf3, knight, 20+(-50))
	if got := tables.history[chess.White][chess.G1][chess.F3]; got != 900 {
		t.Errorf("butterfly history of Nf3 after a gain of 30 = %d, want 30 × 30 = 900", got)
	}
	if got := tables.pawnRow(after)[knight][chess.F3]; got != 225 {
		t.Errorf("pawn history of Nf3 = %d, want a quarter of 900", got)
	}
	if got := tables.history[chess.Black][chess.G1][chess.F3]; got != 0 {
		t.Errorf("Black's butterfly history = %d, want untouched", got)
	}
	// A huge loss is capped.
	tables.clear()
	tables.recordEvalChange(after, nf3, knight, 1000)
	if got := tables.history[chess.White][chess.G1][chess.F3]; got != -3800 {
		t.Errorf("butterfly history after a loss of 1000 = %d, want the cap -3800", got)
	}
	// A pawn move changes the pawn structure: its pawn history is left alone.
	e4 := mustMove(t, before, "e2e4")
	afterE4 := mustPosition(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	pawn := chess.NewPiece(chess.White, chess.Pawn)
	tables.recordEvalChange(afterE4, e4, pawn, -30)
	if h, ph := tables.history[chess.White][chess.E2][chess.E4], tables.pawnRow(afterE4)[pawn][chess.E4]; h != 900 || ph != 0 {
		t.Errorf("after e4 gained 30: butterfly %d, pawn history %d; want 900 and 0", h, ph)
	}
}

package uci

import "testing"

// TestPositionRejected checks that a position command that cannot be read
// whole leaves no position: every go then answers an error and bestmove
// 0000 (after stop, for go infinite), d and go perft answer the error, and
// the next good position command searches again. Before, the last good
// position stayed, and go played a move for a board the GUI did not mean.
func TestPositionRejected(t *testing.T) {
	tests := []struct {
		name, line, reason string
	}{
		{"no arguments", "position", `position wants "startpos" or "fen <FEN>", then optionally "moves ..."`},
		{"neither startpos nor fen", "position e2e4", `position wants "startpos" or "fen", not "e2e4"`},
		{"moves without the keyword", "position startpos e2e4", `position: want "moves" after the position, not "e2e4"`},
		{"illegal move", "position startpos moves e2e4 e7e5 e1e3",
			`position: move 3: move "e1e3" is illegal in this position: the king on e1 cannot move to e3`},
		{"not a move", "position startpos moves e2-e4", `position: move 1: "e2-e4" is not a UCI move*`},
		{"malformed FEN", "position fen 8/8/8 w - - 0 1", "position: FEN board has 3 ranks, want 8"},
		{"missing FEN", "position fen", `position: FEN "" has 0 fields, want 1 to 6`},
		{"FEN and a move without the keyword", "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 e1e2", `position: FEN "4k3/* has 7 fields, want 1 to 6`},
		{"no king", "position fen 8/8/8/8/8/8/8/K7 w - - 0 1", "position: FEN has 0 black kings, want 1"},
		{"two kings", "position fen kk6/8/8/8/8/8/8/K7 w - - 0 1", "position: FEN has 2 black kings, want 1"},
		{"side not to move in check", "position fen 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "position: FEN has the side not to move (black) in check"},
		{"pawn on the last rank", "position fen 3Pk3/8/8/8/8/8/8/4K3 w - - 0 1", "position: FEN has a pawn on the first or last rank"},
		{"pawn on the first rank", "position fen 4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "position: FEN has a pawn on the first or last rank"},
		{"nine pawns", "position fen 4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "position: FEN has 9 black pawns, more than 8"},
		{"two checks along one line (issue 59)", "position fen 4k3/8/8/8/8/8/8/1r2K2r w - - 0 1",
			"position: FEN has the white king checked by the rook on b1 and the rook on h1, on one line; no legal move leads to two checks along one line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake()
			s := startSession(t, t.Context(), f)
			s.send("position startpos moves e2e4", tt.line)
			s.expect("info string error: " + tt.reason)
			noPosition := "info string error: no position to search: the last position command was rejected (" + tt.reason + ")"
			s.send("go depth 1")
			s.expect(noPosition, "bestmove 0000")
			s.send("go wtime 1000 btime 1000 searchmoves e2e4")
			s.expect(noPosition, "bestmove 0000")
			s.send("go infinite")
			s.expect(noPosition, quiet)
			s.send("stop", "go ponder wtime 100 btime 100")
			s.expect("bestmove 0000", noPosition, quiet)
			s.send("ponderhit", "d", "go perft 1")
			s.expect("bestmove 0000", noPosition, noPosition) // for d and for go perft
			s.send("position startpos", "go depth 1")
			s.expect(infoStart, bestStart)
			s.quit()
			if len(f.searches) != 1 {
				t.Errorf("%d searches, want only the last", len(f.searches))
			}
		})
	}
}

// TestPositionLenient checks that "position fen" reads FENs as lichess and
// python-chess do, with a warning for each fix, and searches the position
// read.
func TestPositionLenient(t *testing.T) {
	tests := []struct {
		name, line string
		warnings   []string
		root       string // the FEN searched
	}{
		{"the issue's kings with KQkq", "position fen 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", []string{
			"info string warning: position: FEN castling right 'K' but no white rook on h1: right dropped",
			"info string warning: position: FEN castling right 'Q' but no white rook on a1: right dropped",
			"info string warning: position: FEN castling right 'k' but no black rook on h8: right dropped",
			"info string warning: position: FEN castling right 'q' but no black rook on a8: right dropped",
		}, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		{"an impossible en-passant square", "position fen 4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
			[]string{"info string warning: position: FEN en-passant square e3 is not on rank 6: square dropped"},
			"4k3/8/8/8/4P3/8/8/4K3 w - - 0 1"},
		{"an en-passant square whose push did not give the check", "position fen R3k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
			[]string{"info string warning: position: FEN en-passant square e3 says the last move was e2e4, but the black king was in check before it, from the rook on a8: square dropped"},
			"R3k3/8/8/8/4P3/8/8/4K3 b - - 0 1"},
		{"the board alone, then moves", "position fen 4k3/8/8/8/8/8/8/4K3 moves e1e2",
			[]string{"info string warning: position: FEN has no side to move: White to move"},
			"4k3/8/8/8/8/8/4K3/8 b - - 1 1"},
		{"a fullmove number of 0", "position fen 4k3/8/8/8/8/8/8/4K3 b - - 3 0",
			[]string{`info string warning: position: FEN fullmove number "0" is not a number from 1 to 65535: read as 1`},
			"4k3/8/8/8/8/8/8/4K3 b - - 3 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake()
			s := startSession(t, t.Context(), f)
			s.send(tt.line, "go depth 1")
			s.expect(tt.warnings...)
			s.expect("info depth *", "bestmove *")
			s.quit()
			if got := f.last(t).Position.FEN(); got != tt.root {
				t.Errorf("searched %q, want %q", got, tt.root)
			}
		})
	}
}

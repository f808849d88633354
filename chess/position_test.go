package chess

import (
	"fmt"
	"testing"
)

// TestPerftLeavesPositionUnchanged is the make/unmake round trip: after a
// perft from every suite position, the position (FEN and hash) is as it was.
// Copy-make makes this true by construction; the test keeps it true if
// MakeMove ever becomes make/unmake in place.
func TestPerftLeavesPositionUnchanged(t *testing.T) {
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, e := range append(loadPerftSuite(t), loadPerft960Suite(t)...) {
		p := e.Position
		fen, hash, before := p.FEN(), p.Hash(), *p
		Perft(p, depth)
		PerftNoBulk(p, depth-1)
		if p.FEN() != fen || p.Hash() != hash || *p != before {
			t.Errorf("perftsuite.epd:%d: after perft %q (hash %x), want %q (hash %x)", e.Line, p.FEN(), p.Hash(), fen, hash)
		}
	}
}

// TestTreeConsistency walks the move tree below every suite position and
// checks each node: the incremental hash equals the hash computed from
// scratch, the FEN parses back to the same position, the bitboards agree
// with the mailbox, the checkers are right, and the en-passant square is set
// exactly when an en-passant capture is legal; and for every move,
// GivesCheck and Checks.GivesCheck say what making it does, and HashHint
// is the hash after it when it promises to be.
func TestTreeConsistency(t *testing.T) {
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, e := range append(loadPerftSuite(t), loadPerft960Suite(t)...) {
		var path []Move
		nodes := 0
		var walk func(p *Position, depth int) bool
		walk = func(p *Position, depth int) bool {
			nodes++
			if msg := checkPosition(p); msg != "" {
				t.Errorf("perftsuite.epd:%d: after %v: %s\n%v", e.Line, path, msg, p)
				return false
			}
			if depth == 0 {
				return true
			}
			var ml MoveList
			p.GenerateMoves(&ml, AllMoves)
			checks := p.Checks()
			for _, m := range ml.Slice() {
				child := *p
				child.MakeMove(m)
				path = append(path, m)
				if got := p.GivesCheck(m); got != child.InCheck() {
					t.Errorf("perftsuite.epd:%d: after %v: GivesCheck = %v, InCheck after the move = %v\n%v", e.Line, path, got, child.InCheck(), p)
					return false
				}
				if got := checks.GivesCheck(p, m); got != child.InCheck() {
					t.Errorf("perftsuite.epd:%d: after %v: Checks.GivesCheck = %v, InCheck after the move = %v\n%v", e.Line, path, got, child.InCheck(), p)
					return false
				}
				plain := m.kind() == kindQuiet || m.kind() == kindDoublePush || m.kind() == kindCapture
				if plain && p.castling == child.castling && p.epSquare == NoSquare && child.epSquare == NoSquare && p.HashHint(m) != child.Hash() {
					t.Errorf("perftsuite.epd:%d: after %v: HashHint = %x, Hash after the move = %x\n%v", e.Line, path, p.HashHint(m), child.Hash(), p)
					return false
				}
				ok := walk(&child, depth-1)
				path = path[:len(path)-1]
				if !ok {
					return false
				}
			}
			return true
		}
		walk(e.Position, depth)
		if nodes < 2 && e.Position.HasLegalMoves() {
			t.Errorf("perftsuite.epd:%d: walked %d nodes", e.Line, nodes)
		}
	}
}

// checkPosition returns what is wrong with p, or "".
func checkPosition(p *Position) string {
	if h := p.computeHash(); p.Hash() != h {
		return fmt.Sprintf("incremental hash %x != computed %x", p.Hash(), h)
	}
	parse := ParseFEN
	if p.Chess960() {
		parse = ParseFEN960
	}
	q, err := parse(p.FEN())
	if err != nil {
		return "FEN does not parse: " + err.Error()
	}
	if q.Hash() != p.Hash() || q.FEN() != p.FEN() || *q != *p {
		return "FEN round trip gives another position: " + q.FEN()
	}
	for s := A1; s <= H8; s++ {
		pc := p.PieceAt(s)
		for c := White; c <= Black; c++ {
			for pt := Pawn; pt <= King; pt++ {
				if want := pc == NewPiece(c, pt); p.Pieces(c, pt).Has(s) != want {
					return "bitboards disagree with the mailbox on " + s.String()
				}
			}
		}
	}
	if p.ByColor(White)&p.ByColor(Black) != 0 {
		return "a square holds both colors"
	}
	us, them := p.SideToMove(), p.SideToMove().Other()
	if want := p.AttackersTo(p.KingSquare(us), p.Occupied()) & p.ByColor(them); p.Checkers() != want {
		return fmt.Sprintf("checkers %x, want %x", uint64(p.Checkers()), uint64(want))
	}
	if p.IsAttacked(p.KingSquare(them), us) {
		return "the side not to move is in check"
	}
	var ml MoveList
	p.GenerateMoves(&ml, AllMoves)
	hasEP := false
	for _, m := range ml.Slice() {
		hasEP = hasEP || m.IsEnPassant()
	}
	if hasEP != (p.EnPassant() != NoSquare) {
		return "en-passant square " + p.EnPassant().String() + " disagrees with the legal moves"
	}
	return ""
}

// TestMakeNullMove checks that a null move keeps the hash consistent, passes
// the turn, clears the en-passant square, and that two null moves come back
// to the same pieces and side (the en-passant right is lost).
func TestMakeNullMove(t *testing.T) {
	fens := []string{
		StartFEN,
		"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", // e.p. square set
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 5 20",
	}
	for _, e := range loadPerftSuite(t) {
		fens = append(fens, e.Position.FEN())
	}
	for _, fen := range fens {
		p := MustParseFEN(fen)
		if p.InCheck() {
			continue // a null move is not allowed in check
		}
		once := *p
		once.MakeNullMove()
		if once.Hash() != once.computeHash() {
			t.Errorf("%s: after a null move, hash %x != computed %x", fen, once.Hash(), once.computeHash())
		}
		if once.SideToMove() != p.SideToMove().Other() || once.EnPassant() != NoSquare {
			t.Errorf("%s: after a null move, side %v and e.p. %v", fen, once.SideToMove(), once.EnPassant())
		}
		if once.HalfmoveClock() != p.HalfmoveClock()+1 {
			t.Errorf("%s: after a null move, halfmove clock %d", fen, once.HalfmoveClock())
		}
		if q, err := ParseFEN(once.FEN()); err != nil || q.Hash() != once.Hash() {
			t.Errorf("%s: after a null move, FEN %q does not round trip (%v)", fen, once.FEN(), err)
		}
		if once.IsAttacked(once.KingSquare(once.SideToMove()), p.SideToMove()) != once.InCheck() {
			t.Errorf("%s: after a null move, InCheck %v is wrong", fen, once.InCheck())
		}
		twice := once
		twice.MakeNullMove()
		want := *p
		if want.epSquare != NoSquare {
			want.hash ^= zobristEP[want.epSquare.File()]
			want.epSquare = NoSquare
		}
		if twice.Hash() != want.Hash() || twice.board != want.board || twice.SideToMove() != want.SideToMove() {
			t.Errorf("%s: two null moves give %q, want %q", fen, twice.FEN(), want.FEN())
		}
	}
}

// TestMakeMoveCounters checks the halfmove clock, the fullmove number and
// the castling rights after a few kinds of moves, and that the counters
// stop at MaxMoveCounter.
func TestMakeMoveCounters(t *testing.T) {
	tests := []struct {
		fen  string
		move string
		want string // FEN after the move
	}{
		{StartFEN, "g1f3", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"},
		{StartFEN, "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "g8f6",
			"rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 10", "e1g1", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 4 10"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 10", "e8c8", "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 4 11"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 10", "a1a8", "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 10"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 10", "h1h2", "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 4 10"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 7 40", "b7b8n", "1N2k3/8/8/8/8/8/8/4K3 b - - 0 40"},
		{"4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2", "d5c6", "4k3/8/2P5/8/8/8/8/4K3 b - - 0 2"},
		// The counters stop at MaxMoveCounter rather than wrap to 0.
		{"4k3/8/8/8/8/8/8/4K3 b - - 65534 65535", "e8d8", "3k4/8/8/8/8/8/8/4K3 w - - 65535 65535"},
		{"4k3/8/8/8/8/8/8/4K3 b - - 65535 65535", "e8d8", "3k4/8/8/8/8/8/8/4K3 w - - 65535 65535"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 65535 65535", "e1d1", "4k3/8/8/8/8/8/8/3K4 b - - 65535 65535"},
	}
	for _, tt := range tests {
		p := MustParseFEN(tt.fen)
		var m Move
		for _, lm := range p.LegalMoves() {
			if lm.String() == tt.move {
				m = lm
			}
		}
		if m == NoMove {
			t.Errorf("%s: %s is not legal", tt.fen, tt.move)
			continue
		}
		p.MakeMove(m)
		if got := p.FEN(); got != tt.want {
			t.Errorf("%s + %s = %q, want %q", tt.fen, tt.move, got, tt.want)
		}
		if p.Hash() != p.computeHash() {
			t.Errorf("%s + %s: hash %x != computed %x", tt.fen, tt.move, p.Hash(), p.computeHash())
		}
	}
}

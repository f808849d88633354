package chess

import (
	"fmt"
	"strings"
	"testing"
)

// malformedFENs are FENs ParseFEN must reject, each with a substring its
// error must contain.
var malformedFENs = []struct {
	name, fen, err string
}{
	{"empty", "", "has 0 fields, want 4 to 6"},
	{"three fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "has 3 fields, want 4 to 6"},
	{"seven fields", StartFEN + " 0", "has 7 fields, want 4 to 6"},
	{"7 ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board has 7 ranks, want 8"},
	{"9 ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board has 9 ranks, want 8"},
	{"9 squares in a rank", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "rank 1 has more than 8 squares"},
	{"9 squares by digits", "rnbqkbnr/pppppppp/8/8/71p/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 4 has more than 8 squares"},
	{"7 squares in a rank", "rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 4 has 7 squares, want 8"},
	{"empty rank", "rnbqkbnr/pppppppp/8//8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 5 has 0 squares, want 8"},
	{"bad piece letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "rank 1 has invalid character 'X'"},
	{"digit 9", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "invalid character '9'"},
	{"digit 0", "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "invalid character '0'"},
	{"bad side", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", `side to move is "x"`},
	{"side in capitals", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", `side to move is "W"`},
	{"bad castling char", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", `castling field "KQkx" has invalid character 'x'`},
	{"castling dash and letters", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K- - 0 1", "invalid character '-'"},
	{"repeated castling char", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", `repeats 'K'`},
	{"castling without rook", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling right 'K' but no white rook on h1"},
	{"castling without black rook", "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "castling right 'q' but no black rook on a8"},
	{"castling without king", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w K - 0 1", "castling right 'K' but no white king on e1"},
	{"bad e.p. square", StartFEN[:strings.Index(StartFEN, " - ")] + " e9 0 1", `en-passant square "e9" is not a square`},
	{"bad e.p. text", StartFEN[:strings.Index(StartFEN, " - ")] + " x 0 1", `en-passant square "x" is not a square`},
	{"e.p. on the wrong rank", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "en-passant square e3 is not on rank 6"},
	{"e.p. on the wrong rank for black", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq e6 0 1", "en-passant square e6 is not on rank 3"},
	{"e.p. without the pawn", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", "en-passant square e3 does not follow a double pawn push"},
	{"e.p. with the start square taken", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPBPPP/RNBQK1NR b KQkq e3 0 1", "does not follow a double pawn push"},
	{"e.p. with the square taken", "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1", "does not follow a double pawn push"},
	{"negative halfmove clock", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", `halfmove clock "-1"`},
	{"non-numeric halfmove clock", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", `halfmove clock "x"`},
	{"huge halfmove clock", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 70000 1", `halfmove clock "70000"`},
	{"fullmove 0", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", `fullmove number "0"`},
	{"negative fullmove", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", `fullmove number "-3"`},
	{"non-numeric fullmove", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", `fullmove number "one"`},
	{"no white king", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "has 0 white kings, want 1"},
	{"no kings", "8/8/8/8/8/8/8/8 w - - 0 1", "has 0 white kings, want 1"},
	{"two black kings", "k6k/8/8/8/8/8/8/4K3 w - - 0 1", "has 2 black kings, want 1"},
	{"white pawn on rank 1", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn on the first or last rank"},
	{"black pawn on rank 8", "p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on the first or last rank"},
	{"white pawn on rank 8", "P3k3/8/8/8/8/8/8/4K3 b - - 0 1", "pawn on the first or last rank"},
	{"side not to move in check", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "the side not to move (black) in check"},
	{"white not to move in check", "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1", "the side not to move (white) in check"},
	{"two rooks along one rank (issue 59)", "4k3/8/8/8/8/8/8/1r2K2r w - - 0 1", "the white king checked by the rook on b1 and the rook on h1, on one line; no legal move leads to two checks along one line"},
	{"queen and bishop on one diagonal", "q5k1/8/8/3K4/8/8/8/7b w - - 0 1", "no legal move leads to two checks along one line"},
	{"rook and queen on one file", "3q2k1/8/8/3K4/8/8/8/3r4 w - - 0 1", "no legal move leads to two checks along one line"},
	{"the perft suite's bishops on one diagonal", "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", "the black king checked by the bishop on h1 and the bishop on a8, on one line"},
	{"three checkers", "4r1k1/8/8/8/1b6/5n2/8/4K3 w - - 0 1", "the white king checked by 3 pieces; no legal move gives more than two checks"},
	{"two knights", "6k1/8/8/8/8/3n1n2/8/4K3 w - - 0 1", "the white king checked by the knight on d3 and the knight on f3; no legal move leads there"},
	{"two pawns", "6k1/8/8/3p1p2/4K3/8/8/8 w - - 0 1", "checked by the pawn on d5 and the pawn on f5; no legal move leads there: in a double check one checker is a bishop, rook or queen"},
	{"pawn and knight", "6K1/8/8/8/4k3/2N2P2/8/8 b - - 0 1", "the black king checked by the knight on c3 and the pawn on f3; no legal move leads there"},
	{"pawn and rook along a rank", "6k1/8/8/5p2/r3K3/8/8/8 w - - 0 1", "checked by the rook on a4 and the pawn on f5; no legal move leads there: a pawn gives double check only by capturing from the king's file"},
	{"pawn and rook on the file below the king", "6k1/8/8/3p4/4K3/4r3/8/8 w - - 0 1", "a pawn gives double check only by capturing from the king's file"},
	{"pawn and bishop", "6K1/8/3k4/2P5/8/8/7B/8 b - - 0 1", "a pawn gives double check only by capturing from the king's file"},
	{"e.p. after a check the push did not give", "R3k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "en-passant square e3 says the last move was e2e4, but the black king was in check before it, from the rook on a8"},
	{"e.p. by black with a double check", "2r1k3/8/8/3pP3/2K5/8/8/8 w - d6 0 1", "en-passant square d6 says the last move was d7d5, but the white king was in check before it, from the rook on c8"},
	{"17 white pieces", "rnbqkbnr/pppppppp/8/8/8/7N/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "has 17 white pieces, more than 16"},
	{"9 white pawns", "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/R1BQKBNR w KQkq - 0 1", "has 9 white pawns, more than 8"},
	{"9 black pawns", "rnbqkb1r/pppppppp/p7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "has 9 black pawns, more than 8"},
}

func TestParseFENRejectsMalformed(t *testing.T) {
	for _, tt := range malformedFENs {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err == nil {
				t.Fatalf("ParseFEN(%q) = %q, want an error containing %q", tt.fen, p.FEN(), tt.err)
			}
			if !strings.HasPrefix(err.Error(), "chess: ") || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseFEN(%q) error %q, want \"chess: ...%s...\"", tt.fen, err, tt.err)
			}
			if p != nil {
				t.Errorf("ParseFEN(%q) returned a position with its error", tt.fen)
			}
		})
	}
}

func TestParseFENAccepts(t *testing.T) {
	tests := []struct {
		name, fen, want string // want: the FEN printed back
	}{
		{"start", StartFEN, StartFEN},
		{"no clocks (EPD)", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", StartFEN},
		{"no fullmove", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 1"},
		{"extra spaces", "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  KQkq -  0   1 ", StartFEN},
		{"castling in any order", "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"black to move", "4k3/8/8/8/8/8/8/4K3 b - - 99 200", "4k3/8/8/8/8/8/8/4K3 b - - 99 200"},
		{"largest clocks", "4k3/8/8/8/8/8/8/4K3 w - - 65535 65535", "4k3/8/8/8/8/8/8/4K3 w - - 65535 65535"},
		{"16 pieces, 8 pawns", StartFEN, StartFEN},
		{"promoted pieces", "4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1", "4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1"},
		{"side to move in double check", "4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1", "4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1"},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Errorf("%s: ParseFEN(%q): %v", tt.name, tt.fen, err)
			continue
		}
		if got := p.FEN(); got != tt.want {
			t.Errorf("%s: ParseFEN(%q).FEN() = %q, want %q", tt.name, tt.fen, got, tt.want)
		}
	}
}

// TestFENRoundTrip prints, parses and prints every suite position and every
// position two plies below it: the second print equals the first, and the
// position read back equals the one printed.
func TestFENRoundTrip(t *testing.T) {
	for _, e := range loadPerftSuite(t) {
		p := e.Position
		if q, err := ParseFEN(p.FEN()); err != nil || *q != *p {
			t.Errorf("perftsuite.epd:%d: ParseFEN(%q) = %v, %v", e.Line, p.FEN(), q, err)
			continue
		}
		var ml1, ml2 MoveList
		p.GenerateMoves(&ml1, AllMoves)
		for _, m1 := range ml1.Slice() {
			c1 := *p
			c1.MakeMove(m1)
			c1.GenerateMoves(&ml2, AllMoves)
			for _, m2 := range ml2.Slice() {
				c2 := c1
				c2.MakeMove(m2)
				fen := c2.FEN()
				q, err := ParseFEN(fen)
				if err != nil {
					t.Fatalf("perftsuite.epd:%d after %v %v: FEN %q does not parse: %v", e.Line, m1, m2, fen, err)
				}
				if q.FEN() != fen || q.Hash() != c2.Hash() || *q != c2 {
					t.Fatalf("perftsuite.epd:%d after %v %v: FEN %q parses to %q", e.Line, m1, m2, fen, q.FEN())
				}
			}
		}
	}
}

// TestEnPassantNormalization checks that ParseFEN keeps an en-passant square
// only when an en-passant capture is legal, so equal positions print and
// hash equal.
func TestEnPassantNormalization(t *testing.T) {
	tests := []struct {
		name, fen string
		keep      bool
	}{
		{"no pawn to capture", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false},
		{"capture from the left", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", true},
		{"capture from the right", "rnbqkbnr/ppppp1pp/8/8/4Pp2/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", true},
		{"white captures", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", true},
		{"pawn on the far side is no capture", "rnbqkbnr/ppp1pppp/8/3p3P/8/8/PPPPPPP1/RNBQKBNR w KQkq d6 0 3", false},
		{"capturer pinned to its king", "8/6k1/8/8/3pP3/8/8/B3K3 b - e3 0 1", false},
		{"both pawns leave the king's rank", "8/8/8/8/k2pP2Q/8/8/4K3 b - e3 0 1", false},
		{"both pawns leave the king's rank (white)", "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", false},
		{"capture that ends the check", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", true},
		{"capture that does not end the check", "8/8/8/k7/3Pp3/8/8/4BK2 b - d3 0 1", false},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		fields := strings.Fields(tt.fen)
		fields[3] = "-"
		without := MustParseFEN(strings.Join(fields, " "))
		hasEPMove := false
		for _, m := range p.LegalMoves() {
			hasEPMove = hasEPMove || m.IsEnPassant()
		}
		switch {
		case tt.keep && (p.EnPassant() == NoSquare || !hasEPMove || p.FEN() != tt.fen || p.Hash() == without.Hash()):
			t.Errorf("%s: ParseFEN(%q) = %q (e.p. move %v), want the e.p. square kept and a hash of its own", tt.name, tt.fen, p.FEN(), hasEPMove)
		case !tt.keep && (p.EnPassant() != NoSquare || hasEPMove || p.FEN() != without.FEN() || p.Hash() != without.Hash()):
			t.Errorf("%s: ParseFEN(%q) = %q (e.p. move %v), want %q with the same hash", tt.name, tt.fen, p.FEN(), hasEPMove, without.FEN())
		}
	}
}

// FuzzParseFEN checks that ParseFEN never panics, and that any FEN it
// accepts gives a sound position: its FEN parses to an equal position (same
// FEN, same hash), its hash is the one computed from scratch, and move
// generation runs on it.
func FuzzParseFEN(f *testing.F) {
	for _, e := range loadPerftSuite(f) {
		f.Add(e.Position.FEN())
	}
	for _, tt := range malformedFENs {
		f.Add(tt.fen)
	}
	f.Add("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			if p != nil || !strings.HasPrefix(err.Error(), "chess: ") {
				t.Fatalf("ParseFEN(%q): position %v, error %q", fen, p, err)
			}
			return
		}
		printed := p.FEN()
		q, err := ParseFEN(printed)
		if err != nil {
			t.Fatalf("ParseFEN(%q) accepted, but its FEN %q does not parse: %v", fen, printed, err)
		}
		if q.FEN() != printed || q.Hash() != p.Hash() || *q != *p {
			t.Fatalf("ParseFEN(%q): FEN %q parses back to %q (hash %x, want %x)", fen, printed, q.FEN(), q.Hash(), p.Hash())
		}
		if msg := checkPosition(p); msg != "" {
			t.Fatalf("ParseFEN(%q) = %q: %s", fen, printed, msg)
		}
		Perft(p, 2)
	})
}

// FuzzMoveCounters starts from positions with any move counters ParseFEN
// accepts, plays up to 255 plies (null moves among them) and checks that
// every position on the way prints a FEN that parses back to it: the
// counters never wrap, and they stop at MaxMoveCounter.
func FuzzMoveCounters(f *testing.F) {
	f.Add(uint8(0), uint16(0), uint16(1), uint8(10), uint64(0))
	f.Add(uint8(1), uint16(65535), uint16(65535), uint8(255), uint64(7))
	f.Add(uint8(2), uint16(65534), uint16(65535), uint8(3), uint64(1<<63))
	f.Add(uint8(3), uint16(99), uint16(65500), uint8(200), uint64(12345))
	f.Fuzz(func(t *testing.T, start uint8, half, full uint16, plies uint8, choices uint64) {
		if full == 0 {
			full = 1
		}
		fields := strings.Fields(fuzzPositions[int(start)%len(fuzzPositions)])
		fen := fmt.Sprintf("%s %s %s %s %d %d", fields[0], fields[1], fields[2], fields[3], half, full)
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", fen, err)
		}
		for ply := range int(plies) {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				return
			}
			before := *p
			// The choices pick each move (or, for 0 when not in check, a
			// null move), 3 bits a ply, cycling.
			c := int(choices >> (3 * (ply % 21)) & 7)
			if c == 0 && !p.InCheck() {
				p.MakeNullMove()
			} else {
				p.MakeMove(moves[c%len(moves)])
			}
			if msg := checkPosition(p); msg != "" {
				t.Fatalf("%s after %d plies: %s", fen, ply+1, msg)
			}
			wantFull := before.FullmoveNumber()
			if before.SideToMove() == Black {
				wantFull = min(wantFull+1, MaxMoveCounter)
			}
			if p.FullmoveNumber() != wantFull || p.HalfmoveClock() > MaxMoveCounter ||
				(p.HalfmoveClock() != 0 && p.HalfmoveClock() != min(before.HalfmoveClock()+1, MaxMoveCounter)) {
				t.Fatalf("%s after %d plies: %q follows %q", fen, ply+1, p.FEN(), before.FEN())
			}
		}
	})
}

// lenientFixes are the malformedFENs that ParseFENLenient reads, by name:
// the FEN it reads and a substring of each fix it reports.
var lenientFixes = map[string]struct {
	want  string
	fixes []string
}{
	"three fields":                {StartFEN, nil},
	"repeated castling char":      {StartFEN, []string{`castling field "KQkqK" repeats 'K': counted once`}},
	"castling without rook":       {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1", []string{"castling right 'K' but no white rook on h1: right dropped"}},
	"castling without black rook": {"1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1", []string{"castling right 'q' but no black rook on a8: right dropped"}},
	"castling without king":       {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w - - 0 1", []string{"castling right 'K' but no white king on e1: right dropped"}},
	"e.p. on the wrong rank":      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", []string{"en-passant square e3 is not on rank 6: square dropped"}},
	"e.p. on the wrong rank for black": {"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
		[]string{"en-passant square e6 is not on rank 3: square dropped"}},
	"e.p. without the pawn": {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
		[]string{"en-passant square e3 does not follow a double pawn push: square dropped"}},
	"e.p. with the start square taken": {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPPBPPP/RNBQK1NR b KQkq - 0 1",
		[]string{"does not follow a double pawn push: square dropped"}},
	"e.p. with the square taken": {"rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq - 0 1",
		[]string{"does not follow a double pawn push: square dropped"}},
	"e.p. after a check the push did not give": {"R3k3/8/8/8/4P3/8/8/4K3 b - - 0 1",
		[]string{"en-passant square e3 says the last move was e2e4, but the black king was in check before it, from the rook on a8: square dropped"}},
	"e.p. by black with a double check": {"2r1k3/8/8/3pP3/2K5/8/8/8 w - - 0 1", []string{"from the rook on c8: square dropped"}},
	"huge halfmove clock": {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 65535 1",
		[]string{`halfmove clock "70000" is not a number from 0 to 65535: read as 65535`}},
	"fullmove 0": {StartFEN, []string{`fullmove number "0" is not a number from 1 to 65535: read as 1`}},
}

func TestParseFENLenient(t *testing.T) {
	tests := []struct {
		name, fen, want string
		fixes           []string // a substring of each fix, in order
	}{
		{"the issue's kings with KQkq", "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", []string{
			"castling right 'K' but no white rook on h1: right dropped",
			"castling right 'Q' but no white rook on a1: right dropped",
			"castling right 'k' but no black rook on h8: right dropped",
			"castling right 'q' but no black rook on a8: right dropped"}},
		{"a valid FEN is read as ParseFEN reads it", "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 40", "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 40", nil},
		{"the board alone", "4k3/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", []string{"FEN has no side to move: White to move"}},
		{"board and side", "4k3/8/8/8/8/8/8/4K3 b", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", nil},
		{"counters too large", "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999999 70000", "4k3/8/8/8/8/8/8/4K3 w - - 65535 65535", []string{
			`halfmove clock "99999999999999999999999" is not a number from 0 to 65535: read as 65535`,
			`fullmove number "70000" is not a number from 1 to 65535: read as 65535`}},
		{"every fix at once", "r3k3/8/8/8/8/8/8/4K3 w KkqK e6 0 0", "r3k3/8/8/8/8/8/8/4K3 w q - 0 1", []string{
			"castling right 'K' but no white rook on h1", "castling right 'k' but no black rook on h8",
			"repeats 'K'", "en-passant square e6 does not follow a double pawn push", `fullmove number "0"`}},
	}
	for _, mf := range malformedFENs {
		if fix, ok := lenientFixes[mf.name]; ok {
			tests = append(tests, struct {
				name, fen, want string
				fixes           []string
			}{"malformed: " + mf.name, mf.fen, fix.want, fix.fixes})
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, fixes, err := ParseFENLenient(tt.fen)
			if err != nil {
				t.Fatalf("ParseFENLenient(%q): %v", tt.fen, err)
			}
			if got := p.FEN(); got != tt.want {
				t.Errorf("ParseFENLenient(%q) = %q, want %q", tt.fen, got, tt.want)
			}
			if msg := checkPosition(p); msg != "" {
				t.Errorf("ParseFENLenient(%q): %s", tt.fen, msg)
			}
			if len(fixes) != len(tt.fixes) {
				t.Fatalf("fixes %q, want %d like %q", fixes, len(tt.fixes), tt.fixes)
			}
			for i, want := range tt.fixes {
				if !strings.Contains(fixes[i], want) || strings.HasPrefix(fixes[i], "chess: ") {
					t.Errorf("fix %d = %q, want it to contain %q (without the package name)", i, fixes[i], want)
				}
			}
		})
	}
}

// TestParseFENLenientRejectsImpossible checks that every malformed FEN
// that ParseFENLenient does not fix gets ParseFEN's error from it.
func TestParseFENLenientRejectsImpossible(t *testing.T) {
	used := 0
	for _, tt := range malformedFENs {
		if _, ok := lenientFixes[tt.name]; ok {
			used++
			continue
		}
		p, fixes, err := ParseFENLenient(tt.fen)
		_, strictErr := ParseFEN(tt.fen)
		lenientWording := strings.Replace(strictErr.Error(), "want 4 to 6", "want 1 to 6", 1)
		if err == nil || p != nil || fixes != nil || err.Error() != lenientWording {
			t.Errorf("%s: ParseFENLenient(%q) = %v, %q, %v; want the error %q", tt.name, tt.fen, p, fixes, err, lenientWording)
		}
	}
	if used != len(lenientFixes) {
		t.Errorf("%d of the %d lenientFixes name a malformed FEN", used, len(lenientFixes))
	}
}

// FuzzParseFENLenient checks that ParseFENLenient never panics, that what it
// accepts is a sound position whose FEN ParseFEN reads back to it, that it
// reads what ParseFEN accepts the same way with no fixes, and that it
// reports fixes only for FENs ParseFEN rejects.
func FuzzParseFENLenient(f *testing.F) {
	for _, tt := range malformedFENs {
		f.Add(tt.fen)
	}
	f.Add("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1")
	f.Add("r3k3/8/8/8/8/8/8/4K3 w KkqK e6 0 0")
	f.Add("4k3/8/8/8/8/8/8/4K3")
	f.Fuzz(func(t *testing.T, fen string) {
		p, fixes, err := ParseFENLenient(fen)
		strict, strictErr := ParseFEN(fen)
		if err != nil {
			if p != nil || fixes != nil || !strings.HasPrefix(err.Error(), "chess: ") {
				t.Fatalf("ParseFENLenient(%q): position %v, fixes %q, error %q", fen, p, fixes, err)
			}
			if strictErr == nil {
				t.Fatalf("ParseFENLenient(%q) rejects what ParseFEN accepts: %v", fen, err)
			}
			return
		}
		if msg := checkPosition(p); msg != "" {
			t.Fatalf("ParseFENLenient(%q) = %q: %s", fen, p.FEN(), msg)
		}
		if strictErr == nil && (*strict != *p || len(fixes) > 0) {
			t.Fatalf("ParseFENLenient(%q) = %q with fixes %q; ParseFEN reads %q", fen, p.FEN(), fixes, strict.FEN())
		}
		if strictErr != nil && len(fixes) == 0 && len(strings.Fields(fen)) >= 4 {
			t.Fatalf("ParseFENLenient(%q) fixed nothing, but ParseFEN says %v", fen, strictErr)
		}
		for _, fix := range fixes {
			if fix == "" || strings.HasPrefix(fix, "chess: ") {
				t.Fatalf("ParseFENLenient(%q): fix %q", fen, fix)
			}
		}
		Perft(p, 2)
	})
}

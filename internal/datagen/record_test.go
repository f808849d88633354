package datagen

import (
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/fixture"
)

// suiteFENs returns the positions of the perft suite: every kind of piece
// placement, castling rights and en-passant square.
func suiteFENs(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, e := range fixture.PerftSuite(t) {
		out = append(out, e.Position.FEN())
	}
	return out
}

func TestRecordRoundTrip(t *testing.T) {
	fens := append(suiteFENs(t),
		"r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 37 112",                // en passant, odd rights, clocks
		"8/8/8/8/8/8/8/K6k b - - 255 65535",                        // the largest clocks that fit
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // 32 pieces
	)
	if len(fens) < 100 {
		t.Fatalf("only %d positions", len(fens))
	}
	scores := []engine.Score{0, 1, -1, 35, -2999, 32767, -32768}
	for i, fen := range fens {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		score, result := scores[i%len(scores)], uint8(i%3)
		r := NewRecord(p, score, result)
		if err := r.Check(); err != nil {
			t.Errorf("%s: %v", fen, err)
			continue
		}
		back, err := r.Position()
		if err != nil {
			t.Errorf("%s: %v", fen, err)
			continue
		}
		if back.FEN() != p.FEN() || back.Hash() != p.Hash() {
			t.Errorf("%s came back as %s", p.FEN(), back.FEN())
		}
		if r.Score() != int(score) || r.Result() != result || r.SideToMove() != p.SideToMove() {
			t.Errorf("%s: score %d result %d side %v, want %d %d %v", fen, r.Score(), r.Result(), r.SideToMove(), score, result, p.SideToMove())
		}
		occ := r.Occupancy()
		for i := 0; occ != 0; i++ {
			sq := occ.PopFirst()
			if r.Piece(i) != p.PieceAt(sq) {
				t.Errorf("%s: piece %d on %v is %v, want %v", fen, i, sq, r.Piece(i), p.PieceAt(sq))
			}
		}
	}
}

func TestRecordLayout(t *testing.T) {
	// The layout is a file format: pin it byte by byte for one position.
	p, err := chess.ParseFEN("4k3/8/8/8/8/8/8/R3K2n b Q - 3 40")
	if err != nil {
		t.Fatal(err)
	}
	r := NewRecord(p, -300, Win)
	want := Record{
		0x91, 0, 0, 0, 0, 0, 0, 0x10, // a1, e1, h1, e8
		0x53, 0xd9, // white rook, white king, black knight, black king
		24: 0xd4, 0xfe, // -300
		26: 2,         // a win for Black
		27: 0x21,      // Black to move, white queenside castling
		28: 64, 3, 40, // no en passant, halfmove clock 3, move 40
	}
	if r != want {
		t.Errorf("record\n%x, want\n%x", r, want)
	}
	if back, err := r.Position(); err != nil || back.FEN() != p.FEN() {
		t.Errorf("position %v, %v; want %s", back, err, p.FEN())
	}
}

func TestRecordCheck(t *testing.T) {
	good := NewRecord(chess.StartingPosition(), 20, Draw)
	tests := []struct {
		name   string
		change func(r *Record)
		want   string
	}{
		{"zeros", func(r *Record) { *r = Record{} }, "0 white and 0 black kings"},
		{"a piece code 6", func(r *Record) { r[8] = 6 }, "piece code 6"},
		{"no black king", func(r *Record) { r[8+28/2] = 0xac }, "1 white and 0 black kings"},
		{"a code past the pieces", func(r *Record) { r[0] = 0xfe; r[23] = 0xd0 }, "beyond its pieces"},
		{"result 3", func(r *Record) { r[26] = 3 }, "result 3"},
		{"en passant 65", func(r *Record) { r[28] = 65 }, "en-passant square 65"},
		{"flag bits", func(r *Record) { r[27] |= 2 }, "unused flag bits"},
	}
	for _, tt := range tests {
		r := good
		tt.change(&r)
		err := r.Check()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.want)
		}
		if _, err := r.Position(); err == nil {
			t.Errorf("%s: Position accepted the record", tt.name)
		}
	}
}

func TestGameRecords(t *testing.T) {
	white, _ := chess.ParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	black, _ := chess.ParseFEN("4k3/8/8/8/8/4P3/8/4K3 b - - 0 1")
	for _, tt := range []struct {
		result    chess.Result
		wantWhite uint8
		wantBlack uint8
	}{
		{chess.WhiteWins, Win, Loss},
		{chess.BlackWins, Loss, Win},
		{chess.Draw, Draw, Draw},
	} {
		g := Game{Result: tt.result, Positions: []Position{{*white, 50}, {*black, -60}}}
		recs := g.Records()
		if len(recs) != 2 || recs[0].Result() != tt.wantWhite || recs[1].Result() != tt.wantBlack ||
			recs[0].Score() != 50 || recs[1].Score() != -60 {
			t.Errorf("%v: records %x", tt.result, recs)
		}
	}
}

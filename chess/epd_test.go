package chess

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
)

func TestParseEPD(t *testing.T) {
	tests := []struct {
		line string
		fen  string
		ops  []EPDOp
	}{
		{ // Win at Chess
			`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`,
			"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
			[]EPDOp{{"bm", []string{"Qg6"}}, {"id", []string{"WAC.001"}}},
		},
		{ // a perft suite: a full FEN, operations after a semicolon, the last without one
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400",
			StartFEN,
			[]EPDOp{{"D1", []string{"20"}}, {"D2", []string{"400"}}},
		},
		{ // counters by operation, as make-openings writes them; several moves
			`r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - hmvc 2; fmvn 3; am Nxe5 Ng5; c0 "Petrov; or not";`,
			"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
			[]EPDOp{{"hmvc", []string{"2"}}, {"fmvn", []string{"3"}}, {"am", []string{"Nxe5", "Ng5"}}, {"c0", []string{"Petrov; or not"}}},
		},
		{ // the operations override the counters of a full FEN
			"8/8/4k3/8/8/4K3/4P3/8 b - - 12 40 hmvc 7;",
			"8/8/4k3/8/8/4K3/4P3/8 b - - 7 40",
			[]EPDOp{{"hmvc", []string{"7"}}},
		},
		{ // only the halfmove clock, and no operation at all
			"  8/8/4k3/8/8/4K3/4P3/8 b - - 12  ",
			"8/8/4k3/8/8/4K3/4P3/8 b - - 12 1",
			nil,
		},
		{ // zurichess's quiet-labeled form; an operation without operands; empty operations
			`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 "1/2-1/2";; noop ; ; x_1 "";`,
			StartFEN,
			[]EPDOp{{"c9", []string{"1/2-1/2"}}, {"noop", nil}, {"x_1", []string{""}}},
		},
		{ // comments
			`4k3/8/8/8/8/8/8/4K2R w K - 0 2 # the rook's mate; bm Rh8`,
			"4k3/8/8/8/8/8/8/4K2R w K - 0 2",
			nil,
		},
		{
			`4k3/8/8/8/8/8/8/4K2R w K - bm Rh8# ; c0 "no # comment here"; # but here`,
			"4k3/8/8/8/8/8/8/4K2R w K - 0 1",
			[]EPDOp{{"bm", []string{"Rh8#"}}, {"c0", []string{"no # comment here"}}},
		},
		{ // a semicolon right after the fields, and tabs
			"4k3/8/8/8/8/8/8/4K2R\tw\tK\t-;D1 15",
			"4k3/8/8/8/8/8/8/4K2R w K - 0 1",
			[]EPDOp{{"D1", []string{"15"}}},
		},
	}
	for _, tt := range tests {
		e, err := ParseEPD(tt.line)
		if err != nil {
			t.Errorf("ParseEPD(%q): %v", tt.line, err)
			continue
		}
		if got := e.Position.FEN(); got != tt.fen {
			t.Errorf("ParseEPD(%q): position %q, want %q", tt.line, got, tt.fen)
		}
		if !reflect.DeepEqual(e.Ops, tt.ops) {
			t.Errorf("ParseEPD(%q): operations %q, want %q", tt.line, e.Ops, tt.ops)
		}
	}
}

func TestParseEPDErrors(t *testing.T) {
	const wac = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -"
	tests := []struct {
		line string
		want string // the error
	}{
		{"", `chess: EPD "" has 0 of the 4 fields of a FEN position (placement, side to move, castling, en passant) before its operations`},
		{"8/8/8/8/8/8/8/8 w; bm e4;", `chess: EPD "8/8/8/8/8/8/8/8 w; bm e4;" has 2 of the 4 fields`},
		{"8/8/8/8/8/8/8/8 w bm e4;", `chess: FEN castling field "bm" has invalid character 'b'`},
		{";D1 20", `has 0 of the 4 fields`},
		{"2rr3k/pp3pp1 w - - bm Qg6;", "chess: FEN board has 2 ranks, want 8"},
		{wac + " bm Qg6; 1x 2;", `chess: EPD operation "1x": an opcode is a letter followed by letters, digits and underscores`},
		{wac + ` id"x";`, `chess: EPD operation "id\"x\""`},
		{wac + ` c0 "no end;`, `chess: EPD operation c0: the string "no end; has no closing quote`},
		{wac + " bm Qg6; bm Qh5;", "chess: EPD operation bm appears twice"},
		{wac + " hmvc x;", `chess: EPD hmvc "x": want one number`},
		{wac + " fmvn;", `chess: EPD fmvn "": want one number`},
		{wac + " fmvn 0;", `chess: FEN fullmove number "0" is not a number from 1 to 65535`},
		{wac + " 99999 1 bm Qg6;", `chess: FEN halfmove clock "99999" is not a number from 0 to 65535`},
		{wac + " 1 2 3 bm Qg6;", `chess: EPD operation "3"`},
	}
	for _, tt := range tests {
		e, err := ParseEPD(tt.line)
		if err == nil {
			t.Errorf("ParseEPD(%q) = %v, want an error", tt.line, e)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseEPD(%q): error %q, want %q", tt.line, err, tt.want)
		}
	}
}

func TestEPDOperands(t *testing.T) {
	e, err := ParseEPD(`4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+ Kd2; id "a test"; noop;`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		opcode   string
		operands []string
		ok       bool
		operand  string
	}{
		{"bm", []string{"Rh8+", "Kd2"}, true, "Rh8+"},
		{"id", []string{"a test"}, true, "a test"},
		{"noop", nil, true, ""},
		{"am", nil, false, ""},
	} {
		operands, ok := e.Operands(tt.opcode)
		if !reflect.DeepEqual(operands, tt.operands) || ok != tt.ok {
			t.Errorf("Operands(%q) = %q, %v; want %q, %v", tt.opcode, operands, ok, tt.operands, tt.ok)
		}
		if got := e.Operand(tt.opcode); got != tt.operand {
			t.Errorf("Operand(%q) = %q, want %q", tt.opcode, got, tt.operand)
		}
	}
}

func TestEPDMoves(t *testing.T) {
	e, err := ParseEPD(`k7/4P3/1K6/8/8/8/8/8 w - - bm e8=Q# e8R; am Kc7; pm; c0 Kb7;`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		opcode string
		want   string // the moves in UCI, or the error
	}{
		{"bm", "[e7e8q e7e8r]"},
		{"am", "[b6c7]"},
		{"id", "[]"},
		{"pm", "chess: EPD operation pm has no move"},
		{"c0", `chess: EPD c0 Kb7: "Kb7" is illegal: it would leave the white king in check`},
	} {
		moves, err := e.Moves(tt.opcode)
		got := fmt.Sprint(moves)
		if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("Moves(%q) = %s, want %s", tt.opcode, got, tt.want)
		}
	}
}

func TestReadEPD(t *testing.T) {
	file := strings.Join([]string{
		"# a suite",
		"",
		StartFEN + " ;D1 20",
		"not a position",
		"   ",
		`4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+; id "two";`,
		"4k3/8/8/8/8/8/8/4K2R w K - bm; bm;",
		"4k3/8/8/8/8/8/8/4K2R w K - 3 7",
	}, "\n")
	got, err := ReadEPD(strings.NewReader(file))
	var lines []int
	for _, e := range got {
		lines = append(lines, e.Line)
	}
	if want := []int{3, 6, 8}; !reflect.DeepEqual(lines, want) {
		t.Errorf("positions from lines %v, want %v", lines, want)
	}
	if len(got) == 3 && got[2].Position.FEN() != "4k3/8/8/8/8/8/8/4K2R w K - 3 7" {
		t.Errorf("line 8: %q", got[2].Position.FEN())
	}
	want := `chess: EPD line 4: EPD "not a position" has 3 of the 4 fields of a FEN position (placement, side to move, castling, en passant) before its operations` + "\n" +
		"chess: EPD line 7: EPD operation bm appears twice"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	var lineErr *EPDError
	if !errors.As(err, &lineErr) || lineErr.Line != 4 {
		t.Errorf("error %v is not an *EPDError of line 4", err)
	}
}

func TestEPDReaderReadError(t *testing.T) {
	er := NewEPDReader(io.MultiReader(strings.NewReader(StartFEN+"\n"), errReader{}))
	if e, err := er.Next(); err != nil || e.Line != 1 {
		t.Fatalf("Next() = %v, %v; want the position of line 1", e, err)
	}
	_, err := er.Next()
	if !errors.Is(err, errBroken) || err.Error() != "chess: EPD line 2: broken" {
		t.Errorf("Next() error %v, want the read error at line 2", err)
	}
}

var errBroken = errors.New("broken")

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errBroken }

// FuzzParseEPD checks that ParseEPD never panics and that what it accepts
// reads back the same from its canonical form (a full FEN, then each
// operation with its operands, quoted when they must be).
func FuzzParseEPD(f *testing.F) {
	for _, s := range []string{
		`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`,
		StartFEN + " ;D1 20 ;D2 400",
		`r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - hmvc 2; fmvn 3; c0 "a; b";`,
		`4k3/8/8/8/8/8/8/4K2R w K - c9 "1-0";; x ""`,
		"8/8/8/8/8/8/8/8 w - - bm e4",
		`4k3/8/8/8/8/8/8/4K2R w K - c0 "open`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEPD(line)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "chess: ") {
				t.Errorf("ParseEPD(%q): error %q does not start with \"chess: \"", line, err)
			}
			return
		}
		var b strings.Builder
		b.WriteString(e.Position.FEN())
		for _, op := range e.Ops {
			b.WriteString(" " + op.Opcode)
			for _, v := range op.Operands {
				if v == "" || strings.ContainsAny(v, " \t;") || v[0] == '"' {
					v = `"` + v + `"`
				}
				b.WriteString(" " + v)
			}
			b.WriteString(";")
		}
		again, err := ParseEPD(b.String())
		if err != nil {
			t.Fatalf("ParseEPD(%q) = %q, whose canonical form %q does not parse: %v", line, e.Ops, b.String(), err)
		}
		if *again.Position != *e.Position || !reflect.DeepEqual(again.Ops, e.Ops) {
			t.Errorf("ParseEPD(%q) = %q %q; its canonical form %q reads %q %q",
				line, e.Position.FEN(), e.Ops, b.String(), again.Position.FEN(), again.Ops)
		}
	})
}

package chess

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// EPD is one line of Extended Position Description, the format of test
// suites, perft suites and opening files: a position and operations on it,
//
//	2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";
//
// The position is a FEN's first four fields. Its move counters come from
// the hmvc and fmvn operations, or from two numbers written after the four
// fields as in a full FEN, as perft suites do:
//
//	rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400
//
// Without either they are 0 and 1.
type EPD struct {
	Position *Position
	Ops      []EPDOp // the operations, in the order of the line
	Line     int     // the line of its file, from 1, when read by an EPDReader
}

// EPDOp is one operation of an EPD line: its opcode ("bm", "id", "D1") and
// its operands, a string operand without its double quotes.
type EPDOp struct {
	Opcode   string
	Operands []string
}

// Operands returns the operands of the operation with the given opcode, and
// whether the line has it.
func (e *EPD) Operands(opcode string) ([]string, bool) {
	for _, op := range e.Ops {
		if op.Opcode == opcode {
			return op.Operands, true
		}
	}
	return nil, false
}

// Operand returns the first operand of the operation with the given
// opcode, or "" when the line has no such operation or it has no operand:
// the value of a one-operand operation such as id.
func (e *EPD) Operand(opcode string) string {
	if ops, _ := e.Operands(opcode); len(ops) > 0 {
		return ops[0]
	}
	return ""
}

// Moves returns the moves of the operation with the given opcode, its
// operands read as SAN in the EPD's position, as the standard operations bm
// (best moves), am (avoid moves) and pm (predicted move) are written; nil
// when the line has no such operation. The error names the move that is
// not legal here.
func (e *EPD) Moves(opcode string) ([]Move, error) {
	operands, ok := e.Operands(opcode)
	if !ok {
		return nil, nil
	}
	if len(operands) == 0 {
		return nil, fmt.Errorf("chess: EPD operation %s has no move", opcode)
	}
	moves := make([]Move, 0, len(operands))
	for _, s := range operands {
		m, err := e.Position.ParseSAN(s)
		if err != nil {
			return nil, fmt.Errorf("chess: EPD %s %s: %s", opcode, s, strings.TrimPrefix(err.Error(), "chess: "))
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// ParseEPD parses one line of EPD (see EPD), leniently as files are written:
// operations are separated by semicolons, and the last may lack one; empty
// operations are skipped; an operand in double quotes may hold spaces and
// semicolons; a '#' where an operation could begin starts a comment that
// runs to the end of the line. An opcode starts with a letter and holds letters, digits and
// underscores, and appears once in a line. The position is checked as
// ParseFEN checks it. The error says what is wrong; it never panics.
func ParseEPD(line string) (*EPD, error) { return parseEPD(line, ParseFEN) }

// parseEPD is ParseEPD with the position read by parseFEN.
func parseEPD(line string, parseFEN func(string) (*Position, error)) (*EPD, error) {
	rest := strings.TrimSpace(line)
	var fields []string
	for len(fields) < 6 && rest != "" {
		field, after := epdField(rest)
		if field == "" || len(fields) >= 4 && !isDigits(field) {
			break // the operations begin
		}
		fields, rest = append(fields, field), after
	}
	if len(fields) < 4 {
		return nil, fmt.Errorf("chess: EPD %.60q has %d of the 4 fields of a FEN position (placement, side to move, castling, en passant) before its operations", line, len(fields))
	}
	ops, err := parseEPDOps(rest)
	if err != nil {
		return nil, err
	}
	e := &EPD{Ops: ops}
	counters := fields[4:]
	for i, name := range [2]string{"hmvc", "fmvn"} {
		v, ok := e.Operands(name)
		if !ok {
			continue
		}
		if len(v) != 1 || !isDigits(v[0]) {
			return nil, fmt.Errorf("chess: EPD %s %q: want one number", name, strings.Join(v, " "))
		}
		if len(counters) == 0 {
			counters = []string{"0", "1"}
		}
		if len(counters) == 1 {
			counters = append(counters, "1")
		}
		counters[i] = v[0]
	}
	fen := strings.Join(append(fields[:4:4], counters...), " ")
	if e.Position, err = parseFEN(fen); err != nil {
		return nil, err
	}
	return e, nil
}

// epdField returns the first field of s, which starts with no space, and
// what follows it: a field ends at white space or a semicolon.
func epdField(s string) (field, rest string) {
	end := strings.IndexAny(s, " \t;")
	if end < 0 {
		return s, ""
	}
	return s[:end], strings.TrimLeft(s[end:], " \t")
}

// parseEPDOps parses the operations of an EPD line.
func parseEPDOps(s string) ([]EPDOp, error) {
	var ops []EPDOp
	for {
		s = strings.TrimLeft(s, " \t;")
		if s == "" || s[0] == '#' { // the end, or a comment to the end of the line
			return ops, nil
		}
		var op EPDOp
		op.Opcode, s = epdField(s)
		if err := checkOpcode(op.Opcode); err != nil {
			return nil, err
		}
		for _, other := range ops {
			if other.Opcode == op.Opcode {
				return nil, fmt.Errorf("chess: EPD operation %s appears twice", op.Opcode)
			}
		}
		for s != "" && s[0] != ';' {
			operand := ""
			if s[0] == '"' {
				end := strings.IndexByte(s[1:], '"')
				if end < 0 {
					return nil, fmt.Errorf("chess: EPD operation %s: the string %s has no closing quote", op.Opcode, s)
				}
				operand, s = s[1:1+end], strings.TrimLeft(s[2+end:], " \t")
			} else {
				operand, s = epdField(s)
			}
			op.Operands = append(op.Operands, operand)
		}
		ops = append(ops, op)
	}
}

// checkOpcode reports whether op is an EPD opcode: a letter, then letters,
// digits and underscores.
func checkOpcode(op string) error {
	for i, r := range op {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || !(r >= '0' && r <= '9' || r == '_')) {
			return fmt.Errorf("chess: EPD operation %q: an opcode is a letter followed by letters, digits and underscores", op)
		}
	}
	return nil
}

// isDigits reports whether s is a non-empty run of ASCII digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// EPDError reports a line of an EPD file that could not be read.
type EPDError struct {
	Line int   // from 1
	Err  error // what is wrong
}

func (e *EPDError) Error() string {
	return fmt.Sprintf("chess: EPD line %d: %s", e.Line, strings.TrimPrefix(e.Err.Error(), "chess: "))
}

// Unwrap returns the underlying error.
func (e *EPDError) Unwrap() error { return e.Err }

// EPDReader reads the lines of an EPD file one at a time. Blank lines and
// lines starting with '#' (comments, which EPD itself lacks but suites
// carry) are skipped. With Chess960 set, positions are read as
// ParseFEN960 reads them (Shredder-FEN or X-FEN castling fields).
type EPDReader struct {
	Chess960 bool

	sc   *bufio.Scanner
	line int
}

// maxEPDLine is the longest line an EPDReader reads.
const maxEPDLine = 1 << 20

// NewEPDReader returns a reader of the EPD file r.
func NewEPDReader(r io.Reader) *EPDReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxEPDLine)
	return &EPDReader{sc: sc}
}

// Next returns the next position of the file, with its Line set. A line
// that is not EPD gives an *EPDError, and the next call goes on with the
// next line; after the last line Next returns io.EOF, or the error that
// stopped the reading.
func (er *EPDReader) Next() (*EPD, error) {
	for er.sc.Scan() {
		er.line++
		line := strings.TrimSpace(er.sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		parse := ParseFEN
		if er.Chess960 {
			parse = ParseFEN960
		}
		e, err := parseEPD(line, parse)
		if err != nil {
			return nil, &EPDError{Line: er.line, Err: err}
		}
		e.Line = er.line
		return e, nil
	}
	if err := er.sc.Err(); err != nil {
		return nil, fmt.Errorf("chess: EPD line %d: %w", er.line+1, err)
	}
	return nil, io.EOF
}

// ReadEPD reads every position of an EPD file (see EPDReader). A bad line
// does not stop the others: ReadEPD returns all the positions it could
// read, in order, and an error joining (errors.Join) one *EPDError per bad
// line, and the read error if reading r failed.
func ReadEPD(r io.Reader) ([]*EPD, error) {
	er := NewEPDReader(r)
	var out []*EPD
	var errs []error
	for {
		e, err := er.Next()
		var lineErr *EPDError
		switch {
		case err == io.EOF:
			return out, errors.Join(errs...)
		case errors.As(err, &lineErr):
			errs = append(errs, err)
		case err != nil:
			return out, errors.Join(append(errs, err)...)
		default:
			out = append(out, e)
		}
	}
}

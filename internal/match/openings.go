package match

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/outpost-chess/outpost/chess"
)

// Opening is a starting position for a pair of games.
type Opening struct {
	FEN  string // a full six-field FEN
	Name string // from the EPD "id" or "c0" operation, or ""
	Line int    // line number in the file it came from, or 0
}

// ParseOpenings reads opening positions, one a line, as FEN (six fields) or
// EPD (four fields, then operations such as `id "Sicilian";` or `hmvc 0;`).
// Blank lines and lines starting with '#' are skipped, as is anything after a
// " #" on a line. Every position must be legal and have a legal move. All bad
// lines are reported, each as "name:line: problem"; name is used only in
// those messages. An input with no position at all is an error.
func ParseOpenings(r io.Reader, name string) ([]Opening, error) {
	var (
		out  []Opening
		errs []error
	)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if i := strings.Index(line, " #"); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		if line == "" || line[0] == '#' {
			continue
		}
		o, err := parseOpeningLine(line)
		if err != nil {
			errs = append(errs, fmt.Errorf("match: %s:%d: %v", name, n, err))
			continue
		}
		o.Line = n
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Errorf("match: %s: %v", name, err))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("match: %s: no opening positions", name)
	}
	return out, nil
}

// LoadOpenings reads the openings file at path (see ParseOpenings).
func LoadOpenings(path string) ([]Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("match: openings: %v", err)
	}
	defer f.Close()
	return ParseOpenings(f, path)
}

// parseOpeningLine parses one FEN or EPD line.
func parseOpeningLine(line string) (Opening, error) {
	fields := strings.Fields(line)
	if len(fields) < 4 {
		return Opening{}, fmt.Errorf("want a FEN or EPD position, got %q", line)
	}
	var o Opening
	fen := strings.Join(fields[:4], " ")
	if len(fields) >= 6 && isUint(fields[4]) && isUint(fields[5]) {
		fen += " " + fields[4] + " " + fields[5]
		if rest := strings.Join(fields[6:], " "); rest != "" {
			o.Name = epdName(parseEPDOps(rest))
		}
	} else {
		ops := parseEPDOps(strings.Join(fields[4:], " "))
		hmvc, fmvn := "0", "1"
		if v, ok := ops["hmvc"]; ok && isUint(v) {
			hmvc = v
		}
		if v, ok := ops["fmvn"]; ok && isUint(v) {
			fmvn = v
		}
		fen += " " + hmvc + " " + fmvn
		o.Name = epdName(ops)
	}
	p, err := chess.ParseFEN(fen)
	if err != nil {
		return Opening{}, err
	}
	if !p.HasLegalMoves() {
		return Opening{}, fmt.Errorf("position %q has no legal move", fen)
	}
	o.FEN = p.FEN()
	return o, nil
}

// parseEPDOps splits EPD operations `opcode operand...;` into a map from
// opcode to its operands, with surrounding double quotes removed. Semicolons
// inside quotes do not end an operation.
func parseEPDOps(s string) map[string]string {
	ops := map[string]string{}
	var cur strings.Builder
	inQuote := false
	flush := func() {
		op := strings.TrimSpace(cur.String())
		cur.Reset()
		if op == "" {
			return
		}
		code, operand, _ := strings.Cut(op, " ")
		ops[code] = strings.Trim(strings.TrimSpace(operand), `"`)
	}
	for _, r := range s {
		switch {
		case r == '"':
			inQuote = !inQuote
			cur.WriteRune(r)
		case r == ';' && !inQuote:
			flush()
		default:
			cur.WriteRune(r)
		}
	}
	flush()
	return ops
}

func epdName(ops map[string]string) string {
	if v := ops["id"]; v != "" {
		return v
	}
	return ops["c0"]
}

func isUint(s string) bool {
	_, err := strconv.ParseUint(s, 10, 32)
	return err == nil
}

// balancedEPD is the default set of openings: see testdata/balanced.epd
// for how it was made.
//
//go:embed testdata/balanced.epd
var balancedEPD string

// DefaultOpenings returns the openings shipped with Outpost: about a hundred
// varied, roughly balanced positions a few moves into well-known openings.
func DefaultOpenings() ([]Opening, error) {
	return ParseOpenings(strings.NewReader(balancedEPD), "balanced.epd")
}

// ShuffleOpenings returns a copy of openings in an order fixed by seed, so
// a match with --random-openings can be replayed.
func ShuffleOpenings(openings []Opening, seed uint64) []Opening {
	out := append([]Opening(nil), openings...)
	r := rand.New(rand.NewPCG(seed, 0x6f7574706f7374)) // "outpost"
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

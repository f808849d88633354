package tuner

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/outpost-chess/outpost/chess"
)

// Sample is one training position: a position and the result of the game
// it was taken from, from White's point of view (1 win, 0.5 draw, 0 loss).
type Sample struct {
	Pos    chess.Position
	Result float64
}

// FormatSample returns the data-file line of a position and a White-view
// result: the FEN, a space and the result in brackets, "[1.0]", "[0.5]" or
// "[0.0]" (the format most Texel tuners read).
func FormatSample(p *chess.Position, result float64) string {
	return fmt.Sprintf("%s [%.1f]", p.FEN(), result)
}

// ParseSample parses one data-file line: a position followed by the game's
// result from White's point of view, written as a number from 0 to 1 in
// brackets ("[0.5]", "[1]") or as a PGN result in brackets ("[1-0]"), or
// an EPD line with the PGN result in its c9 operation (`c9 "1/2-1/2";`, the
// zurichess quiet-labeled format). The position is read by
// chess.ParseEPD: four to six FEN fields, and any operations are ignored.
// It returns an error saying what is wrong.
func ParseSample(line string) (Sample, error) {
	s, err := parseSample(line)
	if err != nil {
		return Sample{}, fmt.Errorf("tuner: %w", err)
	}
	return s, nil
}

// parseSample is ParseSample with errors that do not name the package.
func parseSample(line string) (Sample, error) {
	line = strings.TrimSpace(line)
	position, result, bracketed := line, "", false
	if i := strings.LastIndexByte(line, '['); i >= 0 && strings.HasSuffix(line, "]") {
		position, result, bracketed = line[:i], line[i+1:len(line)-1], true
	}
	e, err := chess.ParseEPD(position)
	if err != nil {
		return Sample{}, err
	}
	if !bracketed {
		if _, ok := e.Operands("c9"); !ok {
			return Sample{}, fmt.Errorf("no result in %q: want the position followed by [1.0], [0.5] or [0.0], or an EPD c9 operation", line)
		}
		result = e.Operand("c9")
	}
	res, err := parseResult(strings.TrimSpace(result))
	if err != nil {
		return Sample{}, fmt.Errorf("%w in %q", err, line)
	}
	return Sample{Pos: *e.Position, Result: res}, nil
}

// parseResult parses a White-view game result: a number from 0 to 1, or a
// PGN result.
func parseResult(s string) (float64, error) {
	switch s {
	case "1-0":
		return 1, nil
	case "0-1":
		return 0, nil
	case "1/2-1/2", "1/2":
		return 0.5, nil
	}
	r, err := strconv.ParseFloat(s, 64)
	if err != nil || r < 0 || r > 1 {
		return 0, fmt.Errorf("result %q is not a number from 0 to 1 or a PGN result", s)
	}
	return r, nil
}

// ReadSamples reads a data file: one sample per line (see ParseSample);
// blank lines and lines starting with # are skipped. The error names the
// first bad line.
func ReadSamples(r io.Reader) ([]Sample, error) {
	var out []Sample
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		s, err := parseSample(line)
		if err != nil {
			return nil, fmt.Errorf("tuner: line %d: %w", n, err)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("tuner: reading samples: %w", err)
	}
	return out, nil
}

package match

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"
)

// errorOutput is an engine's standard error. Every line goes to the match
// log; the first and the last few non-blank lines are kept, so that the
// reason given for an abandoned game can quote them (a program's first
// lines of error output usually say what went wrong, as a Go panic does,
// and its last ones what it was doing). It is safe for concurrent use.
type errorOutput struct {
	mu      sync.Mutex
	log     *logger
	partial []byte   // the line being written, until its newline
	head    []string // the first errorLinesKept lines
	tail    []string // the last errorLinesKept lines after head
	skipped int      // lines between head and tail that were not kept
}

const (
	// errorLinesKept is how many lines errorOutput keeps at each end.
	errorLinesKept = 4
	// errorLineMax is the length in bytes at which a kept line is cut.
	errorLineMax = 200
	// errorPartialMax is the length at which a line with no newline yet
	// is taken as a whole line, so that an endless line cannot fill memory.
	errorPartialMax = 4096
)

func newErrorOutput(log *logger) *errorOutput {
	return &errorOutput{log: log.with("stderr")}
}

// Write records p, line by line. It never fails.
func (o *errorOutput) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.partial = append(o.partial, p...)
	for {
		i := bytes.IndexByte(o.partial, '\n')
		if i < 0 {
			break
		}
		o.addLine(string(o.partial[:i]))
		o.partial = o.partial[i+1:]
	}
	if len(o.partial) >= errorPartialMax {
		o.addLine(string(o.partial))
		o.partial = nil
	}
	return len(p), nil
}

func (o *errorOutput) addLine(line string) {
	line = strings.TrimRight(line, "\r")
	o.log.printf("%s", line)
	if strings.TrimSpace(line) == "" {
		return
	}
	line = cutLine(line)
	if len(o.head) < errorLinesKept {
		o.head = append(o.head, line)
		return
	}
	if len(o.tail) == errorLinesKept {
		copy(o.tail, o.tail[1:])
		o.tail = o.tail[:errorLinesKept-1]
		o.skipped++
	}
	o.tail = append(o.tail, line)
}

// cutLine shortens line to errorLineMax bytes (on a character boundary),
// marking the cut with "...".
func cutLine(line string) string {
	if len(line) <= errorLineMax {
		return line
	}
	n := errorLineMax
	for n > 0 && !utf8.RuneStart(line[n]) {
		n--
	}
	return line[:n] + "..."
}

// String returns the kept lines, and a line not yet ended by a newline,
// joined by " | ", with a count where lines were left out; "" when the
// engine wrote nothing but blank lines.
func (o *errorOutput) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	lines := append([]string(nil), o.head...)
	if o.skipped > 0 {
		lines = append(lines, fmt.Sprintf("(%d more lines)", o.skipped))
	}
	lines = append(lines, o.tail...)
	if last := strings.TrimSpace(string(o.partial)); last != "" {
		lines = append(lines, cutLine(last))
	}
	return strings.Join(lines, " | ")
}

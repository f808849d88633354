package uci

import (
	"bufio"
	"bytes"
	"io"
)

// maxLineBytes bounds an input line. The longest a GUI sends is "position
// ... moves" with a whole game, a few kilobytes.
const maxLineBytes = 1 << 20

// inputLine is a line read from the GUI, without its end of line, or, when
// tooLong > 0, the news that a line of tooLong bytes was skipped.
type inputLine struct {
	text    string
	tooLong int
}

// readLines sends the lines of in to lines until the end of in, a read
// error (which it returns; nil at the end), or the closing of done. A line
// longer than maxLineBytes is not kept: it is read through and reported by
// its length, so that one runaway line costs neither the session nor more
// than maxLineBytes of memory.
func readLines(in io.Reader, lines chan<- inputLine, done <-chan struct{}) error {
	r := bufio.NewReaderSize(in, 64<<10)
	var line []byte
	length := 0 // of the line so far, kept or not
	for {
		chunk, err := r.ReadSlice('\n')
		full := err == bufio.ErrBufferFull // the line goes on
		if full {
			err = nil
		}
		text := bytes.TrimSuffix(chunk, []byte("\n"))
		length += len(text)
		if length <= maxLineBytes {
			line = append(line, text...)
		} else {
			line = nil
		}
		// A line ends at its newline, or at the end of the input.
		if !full && (len(text) < len(chunk) || length > 0) {
			next := inputLine{text: string(line)}
			if length > maxLineBytes {
				next = inputLine{tooLong: length}
			}
			select {
			case lines <- next:
			case <-done:
				return nil
			}
			line, length = line[:0], 0
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

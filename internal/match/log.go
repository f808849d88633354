package match

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// logger writes the engines' conversations, one line per message, to a
// shared writer. A nil *logger discards everything.
type logger struct {
	mu    *sync.Mutex // guards w
	w     io.Writer
	start time.Time
	tag   string
}

// newLogger returns a logger writing to w, or nil if w is nil.
func newLogger(w io.Writer) *logger {
	if w == nil {
		return nil
	}
	return &logger{mu: new(sync.Mutex), w: w, start: time.Now()}
}

// with returns a logger that adds tag to the prefix of its lines
// ("g1" then "engine2" gives "g1.engine2").
func (l *logger) with(tag string) *logger {
	if l == nil {
		return nil
	}
	c := *l
	if c.tag != "" {
		tag = c.tag + "." + tag
	}
	c.tag = tag
	return &c
}

func (l *logger) printf(format string, args ...any) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "%9.3f %s %s\n", time.Since(l.start).Seconds(), l.tag, fmt.Sprintf(format, args...))
}

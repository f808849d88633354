package match

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

func TestErrorOutput(t *testing.T) {
	// "é" is two bytes: after the "a", the cut at errorLineMax falls inside one.
	long := "a" + strings.Repeat("é", errorLineMax)
	tests := []struct {
		name   string
		writes []string
		want   string
	}{
		{"nothing", nil, ""},
		{"blank lines only", []string{"\n  \r\n\n"}, ""},
		{"one line in pieces", []string{"fatal", " error: out of memory\r", "\n"}, "fatal error: out of memory"},
		{"unfinished last line", []string{"a\nb\nc"}, "a | b | c"},
		{"head and tail", []string{"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n"}, "1 | 2 | 3 | 4 | (3 more lines) | 8 | 9 | 10 | 11"},
		{"long line cut on a character", []string{long + "\n"}, long[:errorLineMax-1] + "..."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := newErrorOutput(nil)
			for _, w := range tt.writes {
				if n, err := o.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write(%q) = %d, %v", w, n, err)
				}
			}
			if got := o.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestErrorOutputEndlessLine checks that a line with no newline is taken as
// a whole line once it is errorPartialMax long, so it cannot grow memory.
func TestErrorOutputEndlessLine(t *testing.T) {
	o := newErrorOutput(nil)
	chunk := strings.Repeat("x", 1000)
	for range 10 {
		o.Write([]byte(chunk))
	}
	if len(o.partial) >= errorPartialMax {
		t.Errorf("%d bytes held without a newline, want fewer than %d", len(o.partial), errorPartialMax)
	}
	if len(o.head) != 2 || len(o.head[0]) != errorLineMax+len("...") {
		t.Errorf("head = %d lines (first %d bytes), want 2 cut lines", len(o.head), len(o.head[0]))
	}
}

// TestErrorOutputLogged checks that every line, blank or long, reaches the
// match log in full, tagged as the engine's standard error.
func TestErrorOutputLogged(t *testing.T) {
	var buf bytes.Buffer
	o := newErrorOutput(newLogger(&buf).with("g1.engine2"))
	long := strings.Repeat("y", 2*errorLineMax)
	fmt.Fprintf(o, "first\n\n%s\n", long)
	out := buf.String()
	for _, want := range []string{"g1.engine2.stderr first\n", "g1.engine2.stderr \n", "g1.engine2.stderr " + long + "\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
}

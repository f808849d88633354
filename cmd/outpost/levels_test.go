package main

import (
	"strings"
	"testing"
)

func TestLevelsPrintsEveryLevel(t *testing.T) {
	var sb strings.Builder
	if err := levels(nil, &sb); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(sb.String()), "\n")
	if got, want := len(lines), 11; got != want {
		t.Fatalf("got %d lines, want %d (header and 10 levels):\n%s", got, want, sb.String())
	}
	for i, name := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "classic", "max"} {
		if f := strings.Fields(lines[i+1]); f[0] != name {
			t.Errorf("line %d names level %q, want %q", i+1, f[0], name)
		}
	}
	if !strings.Contains(lines[9], "classic") {
		t.Errorf("classic level not marked as the classic search: %q", lines[9])
	}
	if err := levels([]string{"extra"}, &sb); err == nil {
		t.Error("an unexpected argument was accepted")
	}
}

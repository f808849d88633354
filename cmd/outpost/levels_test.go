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
	names := []string{"1", "2", "3", "4", "5", "6", "7", "2000", "2200", "2400", "2600", "8", "classic", "max"}
	if got, want := len(lines), len(names)+1; got != want {
		t.Fatalf("got %d lines, want %d (header and the levels):\n%s", got, want, sb.String())
	}
	for i, name := range names {
		if f := strings.Fields(lines[i+1]); f[0] != name {
			t.Errorf("line %d names level %q, want %q", i+1, f[0], name)
		}
	}
	if !strings.Contains(lines[13], "classic") {
		t.Errorf("classic level not marked as the classic search: %q", lines[13])
	}
	sb.Reset()
	if err := levels([]string{"--numbers"}, &sb); err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(strings.TrimSpace(sb.String()), "\n")
	if got, want := len(lines), 1+(2800-800)/50+1; got != want {
		t.Fatalf("--numbers: got %d lines, want %d:\n%s", got, want, sb.String())
	}
	if f := strings.Fields(lines[29]); f[0] != "2200" || f[1] != "2200" {
		t.Errorf("--numbers line 29: %q, want 2200's", lines[29])
	}
	if err := levels([]string{"extra"}, &sb); err == nil {
		t.Error("an unexpected argument was accepted")
	}
}

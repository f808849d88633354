package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDatagenUsage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "data.txt")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--out", out}, "--games must be at least 1"},
		{[]string{"--games", "2"}, "--out is required"},
		{[]string{"--games", "2", "--out", out, "--nodes", "100", "--depth", "2"}, "--depth and --nodes cannot be used together: give one"},
		{[]string{"--games", "2", "--out", out, "--nodes", "0"}, "--nodes 0: want a positive number of nodes"},
		{[]string{"--games", "2", "--out", out, "--depth", "0"}, "--depth 0 is out of range 1..100"},
		{[]string{"--games", "2", "--out", out, "--random-plies", "-1"}, "--random-plies must not be negative"},
		{[]string{"--games", "2", "--out", out, "--first", "-1"}, "--first must not be negative"},
		{[]string{"--games", "2", "--out", out, "--concurrency", "0"}, "--concurrency must be at least 1"},
		{[]string{"--games", "2", "--out", out, "extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := dispatch(append([]string{"datagen"}, tt.args...), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "outpost datagen: "+tt.want) {
			t.Errorf("outpost datagen %q: exit %d, stderr %q; want 2 and %q", tt.args, code, stderr.String(), tt.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a usage error created the output file")
	}
}

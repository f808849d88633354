package chess_test

import (
	"os"
	"strings"
	"testing"
)

// TestREADMEExample checks that the README's example of the package (the
// first Go block under "## The chess package") is the code of Example,
// which compiles and whose output is checked: the README cannot drift.
func TestREADMEExample(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## The chess package\n")
	if !ok {
		t.Fatal(`README.md has no "## The chess package" section`)
	}
	_, block, ok := strings.Cut(section, "```go\n")
	block, _, closed := strings.Cut(block, "```\n")
	if !ok || !closed {
		t.Fatal(`README.md's "The chess package" section has no Go block`)
	}
	_, body, ok := strings.Cut(string(src), "\nfunc Example() {\n")
	body, _, ended := strings.Cut(body, "\t// Output:\n")
	if !ok || !ended {
		t.Fatal("example_test.go has no func Example with an Output comment")
	}
	var want strings.Builder
	for line := range strings.Lines(body) {
		want.WriteString(strings.TrimPrefix(line, "\t"))
	}
	if block != want.String() {
		t.Errorf("README.md's example differs from Example in example_test.go:\n--- README.md\n%s--- Example\n%s", block, want.String())
	}
}

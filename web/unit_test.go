package web

import (
	"io/fs"
	"os"
	"os/exec"
	"testing"
)

// TestUnits runs the front end's unit tests (test/*.test.ts, see test.mjs)
// with Node.js. Like the browser tests, it fails rather than skips when
// what it needs is missing: scripts/test installs Node.js and runs npm ci.
func TestUnits(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("the front end's unit tests need Node.js: apt-get install nodejs npm (scripts/test does this)")
	}
	if _, err := os.Stat("node_modules/esbuild"); err != nil {
		t.Fatal("the front end's unit tests need its packages: (cd web && npm ci)")
	}
	// Read what node will read, so that go test's cache knows the result
	// depends on it.
	for _, dir := range []string{"src", "test"} {
		if err := fs.WalkDir(os.DirFS(dir), ".", func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				_, err = fs.ReadFile(os.DirFS(dir), path)
			}
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command(node, "test.mjs").CombinedOutput()
	if err != nil {
		t.Fatalf("node test.mjs: %v\n%s", err, out)
	}
}

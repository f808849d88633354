package storetest

import (
	"os"
	"os/exec"
	"testing"
)

// MakeReadOnly makes the file path read-only for this process until the
// end of the test: by its permissions (0444), and, for root (whom
// permissions do not stop), with the immutable attribute (chattr +i). It
// skips the test when neither works (root on a file system without the
// attribute).
func MakeReadOnly(t testing.TB, path string) {
	t.Helper()
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(path, 0o644) })
	if f, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
		f.Close()
		if out, err := exec.Command("chattr", "+i", path).CombinedOutput(); err != nil {
			t.Skipf("cannot make %s read-only for root: chattr +i: %v %s", path, err, out)
		}
		t.Cleanup(func() { exec.Command("chattr", "-i", path).Run() })
	}
}

package browsertest

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestAIMoveCannotBeSaved makes the database refuse writes while the AI
// thinks (the immutable attribute on its write-ahead log, which stops even
// the server's open file): the page says the AI could not save its move,
// with a button to try again, which works once the database does.
func TestAIMoveCannotBeSaved(t *testing.T) {
	dir := t.TempDir()
	url, stop, err := startServer(dir, "--movetime", "1500")
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	p := newPage(t, desktop)
	p.base = url
	p.startGame(newGame{mode: "ai", color: "white", level: "max"})
	p.clickMove("e2", "e4")
	p.waitPly(1, 10*time.Second) // kept; the AI thinks for 1.5 s

	wal := filepath.Join(dir, "outpost.db-wal")
	if out, err := exec.Command("chattr", "+i", wal).CombinedOutput(); err != nil {
		t.Skipf("cannot make the database read-only (chattr +i needs root and ext4 or the like): %v %s", err, out)
	}
	defer exec.Command("chattr", "-i", wal).Run()
	p.waitFor("the AI to give up", `!document.getElementById('ai-error').hidden`, 30*time.Second)
	if msg := p.text("#ai-error-text"); !strings.Contains(msg, "could not be saved") {
		t.Errorf("the error says %q", msg)
	}
	if st := p.text("#status"); !strings.Contains(st, "could not save its move") {
		t.Errorf("the status says %q", st)
	}
	p.screenshot("gave-up")

	if out, err := exec.Command("chattr", "-i", wal).CombinedOutput(); err != nil {
		t.Fatalf("chattr -i: %v %s", err, out)
	}
	p.click("#btn-ai-retry")
	p.waitPly(2, 20*time.Second)
	p.waitFor("the error gone", `document.getElementById('ai-error').hidden`, 5*time.Second)
}

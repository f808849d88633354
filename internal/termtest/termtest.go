// Package termtest runs a program in a real terminal for tests: a tmux
// session of a given size, keys sent as a person types them, and the screen
// read back as text or with its colours (ANSI escapes), and saved as
// artifacts/screenshots/NAME.txt and NAME.ansi (the browser tests turn the
// latter into pictures). Tests that use it fail, not skip, without tmux:
// scripts/test installs it.
package termtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Term is a program running in a tmux terminal of its own (its own tmux
// server, so tests do not meet each other or a person's tmux).
type Term struct {
	t       testing.TB
	socket  string
	session string
}

// Start runs argv in a terminal of width×height with env added to the
// environment, and ends it when the test ends.
func Start(t testing.TB, width, height int, env []string, argv ...string) *Term {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatal("termtest: the terminal tests need tmux: apt-get install tmux (scripts/test does this)")
	}
	tm := &Term{t: t, socket: filepath.Join(t.TempDir(), "tmux.sock"), session: "test"}
	args := []string{"new-session", "-d", "-s", tm.session, "-x", fmt.Sprint(width), "-y", fmt.Sprint(height)}
	for _, e := range env {
		args = append(args, "-e", e)
	}
	args = append(args, shellJoin(argv))
	tm.tmux(args...)
	// Keep the pane after the program ends, to read its last screen.
	tm.tmux("set-option", "-t", tm.session, "remain-on-exit", "on")
	t.Cleanup(func() { exec.Command("tmux", "-S", tm.socket, "kill-server").Run() })
	return tm
}

// tmux runs a tmux command on the test's server and returns its output.
func (tm *Term) tmux(args ...string) string {
	tm.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", tm.socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// Send types keys: each is a string typed as is, or a tmux key name in
// braces ("{Enter}", "{Escape}", "{Down}").
func (tm *Term) Send(keys ...string) {
	tm.t.Helper()
	for _, k := range keys {
		if name, ok := strings.CutPrefix(k, "{"); ok && strings.HasSuffix(name, "}") {
			tm.tmux("send-keys", "-t", tm.session, strings.TrimSuffix(name, "}"))
		} else {
			tm.tmux("send-keys", "-t", tm.session, "-l", k)
		}
	}
}

// Screen returns what the terminal shows, as text; with colours, as text
// with ANSI escapes.
func (tm *Term) Screen(colours bool) string {
	tm.t.Helper()
	args := []string{"capture-pane", "-p", "-t", tm.session}
	if colours {
		args = append(args, "-e")
	}
	return tm.tmux(args...)
}

// WaitFor waits until the screen shows every one of texts and returns it.
func (tm *Term) WaitFor(timeout time.Duration, texts ...string) string {
	tm.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		screen := tm.Screen(false)
		missing := Missing(screen, texts...)
		if missing == "" {
			return screen
		}
		if time.Now().After(deadline) {
			tm.Save("TIMEOUT")
			tm.t.Fatalf("termtest: the screen did not show %q within %v:\n%s", missing, timeout, screen)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// WaitExit waits until the program has ended and returns its exit status;
// known is false when tmux has seen the program end (its terminal closed)
// but not yet collected its status. It asks tmux about the pane rather than
// looking for tmux's "Pane is dead" line, which tmux does not always draw.
func (tm *Term) WaitExit(timeout time.Duration) (status int, known bool) {
	tm.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		dead, code, _ := strings.Cut(strings.TrimSpace(tm.tmux("display-message", "-p", "-t", tm.session, "#{pane_dead} #{pane_dead_status}")), " ")
		if dead == "1" {
			status, err := strconv.Atoi(code)
			return status, err == nil
		}
		if time.Now().After(deadline) {
			tm.Save("TIMEOUT")
			tm.t.Fatalf("termtest: the program did not end within %v:\n%s", timeout, tm.Screen(false))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Scrollback returns the text of the screen and of the lines scrolled off
// its top.
func (tm *Term) Scrollback() string {
	tm.t.Helper()
	return tm.tmux("capture-pane", "-p", "-S", "-", "-t", tm.session)
}

// Save writes the screen to artifacts/screenshots/TEST-NAME.txt (text) and
// .ansi (with colours), at the repository's root.
func (tm *Term) Save(name string) {
	tm.t.Helper()
	dir, err := screenshots()
	if err != nil {
		tm.t.Errorf("termtest: %v", err)
		return
	}
	base := filepath.Join(dir, strings.ReplaceAll(tm.t.Name(), "/", "-")+"-"+name)
	for ext, colours := range map[string]bool{".txt": false, ".ansi": true} {
		if err := os.WriteFile(base+ext, []byte(tm.Screen(colours)), 0o644); err != nil {
			tm.t.Errorf("termtest: %v", err)
		}
	}
}

// screenshots returns artifacts/screenshots at the repository's root.
func screenshots() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			out := filepath.Join(dir, "artifacts", "screenshots")
			return out, os.MkdirAll(out, 0o755)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

// shellJoin quotes argv for the shell tmux runs it in.
func shellJoin(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

// Missing returns the first of texts that screen does not show, or "" when
// it shows them all.
func Missing(screen string, texts ...string) string {
	for _, s := range texts {
		if !strings.Contains(screen, s) {
			return s
		}
	}
	return ""
}

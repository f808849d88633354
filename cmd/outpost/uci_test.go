package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
)

// uciTimeout bounds each wait for an answer: generous, for loaded machines.
const uciTimeout = 30 * time.Second

// quitDeadline is how soon "outpost uci" must exit after quit, even in the
// middle of a search (a second, plus slack for a loaded machine).
const quitDeadline = 2 * time.Second

// uciProcess is "outpost uci" running as a separate process (the test
// binary in main mode, see TestMain), talked to through pipes.
type uciProcess struct {
	t      *testing.T
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan string   // stdout, closed at its end
	stderr bytes.Buffer  // read it only once exited is closed
	exited chan struct{} // closed when the process has exited
	err    error         // cmd.Wait's result, once exited is closed
}

func startUCI(t *testing.T) *uciProcess {
	t.Helper()
	p := &uciProcess{t: t, lines: make(chan string, 1000), exited: make(chan struct{})}
	p.cmd = exec.Command(os.Args[0], "-test.run=^$", "--", "uci")
	p.cmd.Env = append(os.Environ(), "OUTPOST_TEST_MAIN=1")
	p.cmd.Stderr = &p.stderr
	var err error
	if p.in, err = p.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
		p.err = p.cmd.Wait()
		close(p.exited)
	}()
	t.Cleanup(func() {
		p.in.Close()
		select {
		case <-p.exited:
		case <-time.After(uciTimeout):
			p.cmd.Process.Kill()
			t.Errorf("outpost uci did not exit at the end of its input")
		}
	})
	return p
}

// send writes command lines to the engine.
func (p *uciProcess) send(lines ...string) {
	p.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(p.in, l+"\n"); err != nil {
			p.t.Fatalf("sending %q: %v", l, err)
		}
	}
}

// waitFor reads lines until one starts with prefix, and returns it with the
// lines before it. Every line must be a UCI output line.
func (p *uciProcess) waitFor(prefix string) (string, []string) {
	p.t.Helper()
	var before []string
	deadline := time.After(uciTimeout)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				<-p.exited
				p.t.Fatalf("output ended waiting for %q: %v (stderr: %s)", prefix, p.err, p.stderr.String())
			}
			if !isUCIOutput(l) {
				p.t.Fatalf("output line %q is not UCI", l)
			}
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-deadline:
			p.t.Fatalf("no %q within %v; got %q", prefix, uciTimeout, before)
		}
	}
}

// isUCIOutput reports whether l is a line a UCI engine may send.
func isUCIOutput(l string) bool {
	for _, p := range []string{"id name ", "id author ", "option name ", "info ", "bestmove "} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return l == "uciok" || l == "readyok"
}

// bestMove checks that a bestmove line names a legal move of pos, and a
// legal reply if it names a ponder move.
func bestMove(t *testing.T, line string, pos *chess.Position) {
	t.Helper()
	f := strings.Fields(line)
	if len(f) != 2 && !(len(f) == 4 && f[2] == "ponder") {
		t.Fatalf("malformed %q", line)
	}
	m, err := pos.ParseUCI(f[1])
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	if len(f) == 4 {
		child := *pos
		child.MakeMove(m)
		if _, err := child.ParseUCI(f[3]); err != nil {
			t.Fatalf("%q: ponder move: %v", line, err)
		}
	}
}

func TestUCIProcess(t *testing.T) {
	t.Run("handshake", func(t *testing.T) {
		p := startUCI(t)
		p.send("uci")
		_, before := p.waitFor("uciok")
		if len(before) < 3 || !strings.HasPrefix(before[0], "id name Outpost ") ||
			before[1] != "id author The Outpost developers" ||
			!strings.Contains(strings.Join(before, "\n"), "option name Level type combo default Max var 1") {
			t.Errorf("uci answered %q", before)
		}
		p.send("isready")
		if _, before := p.waitFor("readyok"); len(before) > 0 {
			t.Errorf("lines before readyok: %q", before)
		}
		p.send("quit")
	})
	t.Run("go depth 2", func(t *testing.T) {
		p := startUCI(t)
		p.send("ucinewgame", "position startpos moves e2e4 e7e5", "go depth 2")
		line, before := p.waitFor("bestmove")
		pos := chess.StartingPosition()
		for _, s := range []string{"e2e4", "e7e5"} {
			m, _ := pos.ParseUCI(s)
			pos.MakeMove(m)
		}
		bestMove(t, line, pos)
		if len(before) == 0 || !strings.HasPrefix(before[len(before)-1], "info depth ") {
			t.Errorf("no info line before %q: %q", line, before)
		}
		p.send("quit")
	})
	t.Run("go infinite then stop", func(t *testing.T) {
		p := startUCI(t)
		p.send("go infinite", "isready")
		p.waitFor("readyok") // waitFor fails on a bestmove before it
		p.send("stop")
		line, _ := p.waitFor("bestmove")
		bestMove(t, line, chess.StartingPosition())
		p.send("quit")
	})
	t.Run("two threads: go wtime, then infinite and stop", func(t *testing.T) {
		p := startUCI(t)
		p.send("setoption name Threads value 2", "position startpos moves e2e4", "go wtime 3000 btime 3000 winc 30 binc 30")
		line, before := p.waitFor("bestmove")
		pos := chess.StartingPosition()
		m, _ := pos.ParseUCI("e2e4")
		pos.MakeMove(m)
		bestMove(t, line, pos)
		if len(before) == 0 || !strings.HasPrefix(before[len(before)-1], "info depth ") {
			t.Errorf("no info line before %q: %q", line, before)
		}
		p.send("go infinite", "isready")
		p.waitFor("readyok")
		p.send("stop")
		line, _ = p.waitFor("bestmove")
		bestMove(t, line, pos)
		p.send("quit")
	})
	t.Run("bad input", func(t *testing.T) {
		p := startUCI(t)
		for _, bad := range []string{"xyzzy", "position fen garbage", "position startpos moves e2e5",
			"go depth x", "setoption name Nope value 1", "setoption name Hash value 0"} {
			p.send(bad)
			if line, _ := p.waitFor("info string"); !strings.HasPrefix(line, "info string error: ") {
				t.Errorf("%q: got %q", bad, line)
			}
		}
		p.send("go depth 1")
		line, _ := p.waitFor("bestmove")
		bestMove(t, line, chess.StartingPosition())
		p.send("quit")
	})
	t.Run("quit mid-search", func(t *testing.T) {
		p := startUCI(t)
		p.send("go infinite", "isready")
		p.waitFor("readyok")
		start := time.Now()
		p.send("quit")
		select {
		case <-p.exited:
			if p.err != nil {
				t.Errorf("outpost uci: %v (stderr: %s)", p.err, p.stderr.String())
			}
			if d := time.Since(start); d > quitDeadline {
				t.Errorf("outpost uci exited %v after quit, want within %v", d, quitDeadline)
			}
		case <-time.After(uciTimeout):
			t.Fatalf("outpost uci still running %v after quit", uciTimeout)
		}
		if p.stderr.Len() > 0 {
			t.Errorf("stderr: %s", p.stderr.String())
		}
	})
}

// TestUCIMain runs "outpost uci" in-process on a script.
func TestUCIMain(t *testing.T) {
	var out strings.Builder
	in := strings.NewReader("uci\nisready\nposition startpos\ngo depth 1\n")
	if err := uciMain(context.Background(), nil, in, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if !slices.Contains(lines, "uciok") || !slices.Contains(lines, "readyok") || !strings.HasPrefix(lines[len(lines)-1], "bestmove ") {
		t.Errorf("output:\n%s", out.String())
	}
	bestMove(t, lines[len(lines)-1], chess.StartingPosition())
	if err := uciMain(context.Background(), []string{"extra"}, strings.NewReader(""), io.Discard); err == nil {
		t.Error("outpost uci extra: no error")
	}
}

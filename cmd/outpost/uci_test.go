package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/fixture"
)

// uciTimeout bounds each wait for an answer: generous, for loaded machines.
const uciTimeout = 30 * time.Second

// quitDeadline is how soon "outpost uci" must exit after quit, even in the
// middle of a search (a second, plus slack for a loaded machine).
const quitDeadline = 2 * time.Second

// uciProcess is "outpost uci" running as a separate process (the binary
// outpostBinary builds), talked to through pipes.
type uciProcess struct {
	t      *testing.T
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan string   // stdout, closed at its end
	stderr bytes.Buffer  // read it only once exited is closed
	exited chan struct{} // closed when the process has exited
	err    error         // cmd.Wait's result, once exited is closed
}

// builtOutpost is the outpost binary that "go build" makes of this
// package, built once per test run (see outpostBinary) in dir, which
// TestMain removes.
var builtOutpost struct {
	once      sync.Once
	dir, path string
	err       error
}

// outpostBinary builds cmd/outpost as a user does, once per test run, and
// returns the binary's path: the UCI process tests talk to it through
// pipes, as a GUI does.
func outpostBinary(t *testing.T) string {
	t.Helper()
	b := &builtOutpost
	b.once.Do(func() {
		if b.dir, b.err = os.MkdirTemp("", "outpost-test-"); b.err != nil {
			return
		}
		b.path, b.err = fixture.Build(b.dir)
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

// removeBuiltOutpost removes the binary outpostBinary built, if any.
func removeBuiltOutpost() {
	if builtOutpost.dir != "" {
		os.RemoveAll(builtOutpost.dir)
	}
}

func startUCI(t *testing.T) *uciProcess {
	t.Helper()
	p := &uciProcess{t: t, lines: make(chan string, 1000), exited: make(chan struct{})}
	p.cmd = exec.Command(outpostBinary(t), "uci")
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
		for _, bad := range []string{"xyzzy", "setoption name Nope value 1", "setoption name Hash value 0", "go perft x"} {
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

// collectFor returns the lines the engine prints within d.
func (p *uciProcess) collectFor(d time.Duration) []string {
	p.t.Helper()
	var got []string
	deadline := time.After(d)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.t.Fatalf("output ended: %v (stderr: %s)", p.err, p.stderr.String())
			}
			got = append(got, l)
		case <-deadline:
			return got
		}
	}
}

// positionAfter returns the position after playing moves (UCI notation) from fen.
func positionAfter(t *testing.T, fen string, moves ...string) *chess.Position {
	t.Helper()
	pos := chess.MustParseFEN(fen)
	for _, s := range moves {
		m, err := pos.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
	}
	return pos
}

// TestUCIProcessRobust checks, as a GUI sees them through pipes, the
// answers issue 44 asked for: a rejected position leaves none (9), every
// go gets one bestmove (10), a fixed movetime is used (11), and long lines,
// commands during go infinite and finished positions are handled as
// Stockfish handles them (12).
func TestUCIProcessRobust(t *testing.T) {
	const kings = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
	t.Run("9: an impossible position is no position", func(t *testing.T) {
		p := startUCI(t)
		p.send("position startpos moves e2e4", "position fen 8/8/8/8/8/8/8/K7 w - - 0 1")
		if line, _ := p.waitFor("info string"); line != "info string error: position: FEN has 0 black kings, want 1" {
			t.Errorf("rejected position: %q", line)
		}
		p.send("go depth 3")
		line, before := p.waitFor("bestmove")
		if line != "bestmove 0000" || !slices.Contains(before, "info string error: no position to search: "+
			"the last position command was rejected (position: FEN has 0 black kings, want 1)") {
			t.Errorf("go after a rejected position: %q after %q, want bestmove 0000 after the error", line, before)
		}
		p.send("position startpos moves e2e4 e7e5 e1e3", "go wtime 1000 btime 1000")
		if line, _ := p.waitFor("bestmove"); line != "bestmove 0000" {
			t.Errorf("go after an illegal move: %q, want bestmove 0000", line)
		}
		p.send("quit")
	})
	t.Run("9: a sloppy FEN is read as lichess reads it", func(t *testing.T) {
		p := startUCI(t)
		p.send("position fen 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "go depth 3")
		line, before := p.waitFor("bestmove")
		bestMove(t, line, chess.MustParseFEN(kings)) // not Black's e7e6 from the last position
		warnings := 0
		for _, l := range before {
			if strings.HasPrefix(l, "info string warning: position: FEN castling right ") {
				warnings++
			}
		}
		if warnings != 4 {
			t.Errorf("%d castling warnings, want 4: %q", warnings, before)
		}
		p.send("quit")
	})
	t.Run("10: every go gets one bestmove", func(t *testing.T) {
		p := startUCI(t)
		for _, goCmd := range []string{"go movetime 0", "go depth 0", "go nodes 0", "go wtime abc", "go foo 3",
			"go depth -2 mate 0", "go btime 500"} {
			p.send(goCmd)
			line, before := p.waitFor("bestmove")
			bestMove(t, line, chess.StartingPosition())
			if !slices.ContainsFunc(before, func(l string) bool { return strings.HasPrefix(l, "info string warning: go") }) {
				t.Errorf("%q: no warning before %q: %q", goCmd, line, before)
			}
		}
		p.send("go searchmoves e2e5 a1a8 movetime 100")
		if line, before := p.waitFor("bestmove"); line != "bestmove 0000" || !slices.Contains(before,
			"info string error: go searchmoves: none of the moves listed is legal; nothing to search") {
			t.Errorf("go searchmoves with no legal move: %q after %q", line, before)
		}
		p.send("isready")
		if _, before := p.waitFor("readyok"); len(before) > 0 {
			t.Errorf("lines after the last bestmove: %q", before)
		}
		p.send("quit")
	})
	t.Run("11: go movetime uses its time", func(t *testing.T) {
		// A pawn ending's iterations are short: a search that starts none
		// after 60% of the time (as before) answers soon after 60%.
		const pawns = "8/5pk1/6p1/3K4/7P/6P1/8/8 w - - 0 40"
		p := startUCI(t)
		for _, fen := range []string{chess.StartFEN, pawns} {
			position := "position fen " + fen
			p.send(position, "isready")
			p.waitFor("readyok")
			const movetime = time.Second
			start := time.Now()
			p.send(fmt.Sprintf("go movetime %d", movetime.Milliseconds()))
			line, _ := p.waitFor("bestmove")
			elapsed := time.Since(start)
			bestMove(t, line, chess.MustParseFEN(fen))
			t.Logf("%s, go movetime %v: bestmove after %v (%.0f%%; the Move Overhead is 30 ms)",
				position, movetime, elapsed, 100*elapsed.Seconds()/movetime.Seconds())
			if elapsed < movetime*8/10 {
				t.Errorf("%s, go movetime %v: bestmove after %v, before 80%% of it", position, movetime, elapsed)
			}
		}
		p.send("quit")
	})
	t.Run("12: a line over 1 MiB is skipped", func(t *testing.T) {
		p := startUCI(t)
		long := "position startpos moves" + strings.Repeat(" g1f3 g8f6 f3g1 f6g8", 60_000)
		p.send("isready", long, "isready", "go depth 1")
		p.waitFor("readyok")
		if line, _ := p.waitFor("info string"); line != fmt.Sprintf("info string error: a line of %d bytes is longer than 1048576 bytes (1 MiB); skipped", len(long)) {
			t.Errorf("long line: %q", line)
		}
		p.waitFor("readyok")
		line, _ := p.waitFor("bestmove")
		bestMove(t, line, chess.StartingPosition())
		p.send("quit")
	})
	t.Run("12: during go infinite, commands wait for stop", func(t *testing.T) {
		p := startUCI(t)
		p.send("go infinite", "isready")
		p.waitFor("readyok")
		p.send("position startpos moves e2e4", "ucinewgame", "setoption name Hash value 32", "isready")
		for _, l := range p.collectFor(500 * time.Millisecond) {
			if !strings.HasPrefix(l, "info depth ") {
				t.Fatalf("%q before stop", l)
			}
		}
		p.send("stop")
		line, _ := p.waitFor("bestmove")
		bestMove(t, line, chess.StartingPosition())
		if _, before := p.waitFor("readyok"); slices.ContainsFunc(before, func(l string) bool { return !strings.HasPrefix(l, "info depth ") }) {
			t.Errorf("before readyok: %q", before)
		}
		p.send("go depth 2")
		line, _ = p.waitFor("bestmove")
		bestMove(t, line, positionAfter(t, chess.StartFEN, "e2e4"))
		p.send("quit")
	})
	t.Run("12: finished positions say mate 0 or cp 0", func(t *testing.T) {
		p := startUCI(t)
		for _, tt := range []struct{ fen, info string }{
			{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "info depth 0 score mate 0"},
			{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "info depth 0 score cp 0"},
		} {
			p.send("position fen "+tt.fen, "go depth 5")
			line, before := p.waitFor("bestmove")
			if line != "bestmove (none)" || len(before) != 1 || before[0] != tt.info {
				t.Errorf("%s: %q after %q, want %q then bestmove (none)", tt.fen, line, before, tt.info)
			}
		}
		p.send("quit")
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

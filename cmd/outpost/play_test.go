package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/hinshun/vt10x"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/termtest"
)

// playPlain runs "outpost play" in line mode on input and returns its
// output.
func playPlain(t *testing.T, input string, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if err := play(context.Background(), args, strings.NewReader(input), &out, false); err != nil {
		t.Fatalf("outpost play %q: %v\n%s", args, err, out.String())
	}
	return out.String()
}

// containsInOrder reports the first of wants that text lacks, in order, or "".
func containsInOrder(text string, wants ...string) string {
	for _, want := range wants {
		i := strings.Index(text, want)
		if i < 0 {
			return want
		}
		text = text[i+len(want):]
	}
	return ""
}

func TestPlayPlain(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "games.db")
	pgn := filepath.Join(dir, "saved.pgn")
	writeFile(t, pgn, "[Event \"x\"]\n\n1. d4 d5 2. c4 *\n")
	writeFile(t, filepath.Join(dir, "empty.pgn"), "")
	writeFile(t, filepath.Join(dir, "broken.pgn"), "1. e4 e4 *\n")

	tests := []struct {
		name  string
		args  []string
		input string
		want  []string
	}{
		{"the example of the help", []string{"--black", "ai:1"}, "e4\nNf3\n",
			[]string{"White: You. Black: Outpost level 1.", "You played 1. e4.", "Outpost level 1 played 1... ", "You played 2. Nf3.", "Outpost level 1 played 2... ", "End of input.", "The game is kept"}},
		{"a strength by number", []string{"--black", "elo:2200"}, "e4\n", []string{"White: You. Black: Outpost 2200.", "You played 1. e4.", "Outpost 2200 played 1... "}},
		{"no flags: you against level 3", nil, "quit\n", []string{"White: You. Black: Outpost level 3."}},
		{"--white alone: a person plays Black", []string{"--white", "ai:2"}, "quit\n", []string{"White: Outpost level 2. Black: You.", "Outpost level 2 played 1. "}},
		{"--plain with a terminal", []string{"--plain", "--white", "human", "--black", "human"}, "e4\n", []string{"White: White. Black: Black.", "White played 1. e4."}},
		{"--fen", []string{"--fen", "4k3/8/4K3/8/8/8/8/7Q w - - 0 1", "--black", "ai:1"}, "Qh8#\n", []string{"You played 1. Qh8#.", "Game over. 1-0: White wins by checkmate"}},
		{"--load", []string{"--load", pgn, "--white", "ai:1", "--black", "human"}, "moves\n", []string{"1. d4       d5", "2. c4"}},
		{"the AI against itself", []string{"--white", "ai:1", "--black", "ai:1", "--fen", "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"}, "",
			[]string{"Outpost level 1 played 1. ", "Game over. 1"}},
		{"--chess960 N", []string{"--chess960", "0", "--white", "human", "--black", "human"}, "O-O\nNf3\ng1h1\n",
			[]string{"Chess960 #0.", "8 b b q n n r k r 8", "1 B B Q N N R K R 1", `"O-O" is illegal`, "White played 1. Nf3."}},
		{"--chess960=N castled as the king takes its rook", []string{"--chess960=518", "--white", "human", "--black", "human"}, "e4\ne5\nNf3\nNc6\nBc4\nBc5\ne1h1\n",
			[]string{"Chess960 #518.", "White played 4. O-O.", "1 R N B Q . R K . 1"}},
		{"--chess960 at random", []string{"--chess960", "--white", "human", "--black", "human"}, "quit\n", []string{"Chess960 #"}},
		{"--chess960 --fen", []string{"--chess960", "--fen", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", "--white", "human", "--black", "human"}, "g1h1\ng8b8\n",
			[]string{"Chess960.", "White played 1. O-O.", "Black played 1... O-O-O."}},
		{"on a clock: none runs before a side's first move", []string{"--black", "ai:1", "--clock", "5+3"}, "e4\nNf3\n",
			[]string{"Clocks (5+3): White 5:00 · Black 5:00.", "You played 1. e4.", "Clocks: White 5:00 · Black 5:00.", "Outpost level 1 played 1... ",
				"Clocks: White ▶ ", " · Black 5:00.", "You played 2. Nf3.", "Clocks: White 5:0", " · Black ▶ ", "End of input."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"--store", db, "--seed", "3"}, tc.args...)
			out := playPlain(t, tc.input, args...)
			if missing := containsInOrder(out, tc.want...); missing != "" {
				t.Errorf("output lacks %q (in order):\n%s", missing, out)
			}
		})
	}
}

func TestPlayErrors(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "games.db")
	writeFile(t, filepath.Join(dir, "empty.pgn"), "")
	writeFile(t, filepath.Join(dir, "broken.pgn"), "1. e4 e4 *\n")
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"bad player", []string{"play", "--white", "robot"}, 2, `--white: tui: player "robot": want human, ai:LEVEL`},
		{"bad level", []string{"play", "--black", "ai:11"}, 2, `--black: tui: player "ai:11"`},
		// A number is refused in the words of every front end.
		{"strength between steps", []string{"play", "--black", "elo:2210"}, 2, `--black: tui: player "elo:2210": ` + engine.CheckElo(2210).Error()},
		{"strength too high", []string{"play", "--white", "elo:2850"}, 2, engine.CheckElo(2850).Error()},
		{"bad FEN", []string{"play", "--fen", "8/8 w - -", "--store", db}, 2, "--fen: chess: FEN"},
		{"two starts", []string{"play", "--fen", "x", "--resume"}, 2, "--fen, --load and --resume cannot be used together"},
		{"resume with players", []string{"play", "--resume", "--white", "human"}, 2, "--white, --black and --clock cannot change them"},
		{"resume with a clock", []string{"play", "--resume", "--clock", "3+2"}, 2, "--white, --black and --clock cannot change them"},
		{"bad clock", []string{"play", "--clock", "3"}, 2, `--clock: play: clock "3": no "+" between the minutes and the increment`},
		{"clock of nothing", []string{"play", "--clock", "0+0"}, 2, `both are 0`},
		{"bad movetime", []string{"play", "--movetime", "0"}, 2, "--movetime 0"},
		{"bad delay", []string{"play", "--delay", "-1"}, 2, "--delay -1"},
		{"positional", []string{"play", "e4"}, 2, `unexpected argument "e4"`},
		{"Chess960 960", []string{"play", "--chess960", "960"}, 2, "--chess960: Chess960 position 960 does not exist: they are numbered 0 to 959"},
		{"Chess960 -1", []string{"play", "--chess960=-1"}, 2, "Chess960 position -1 does not exist: they are numbered 0 to 959"},
		{"Chess960 word", []string{"play", "--chess960", "x"}, 2, `--chess960: "x": want a start position number, 0 to 959`},
		{"Chess960 two numbers", []string{"play", "--chess960", "3", "4"}, 2, `unexpected argument "4"`},
		{"Chess960 number and FEN", []string{"play", "--chess960", "3", "--fen", "x"}, 2, "give --fen or a Chess960 number, not both"},
		{"Chess960 and load", []string{"play", "--chess960", "--resume"}, 2, "--chess960 cannot change it"},
		{"missing PGN", []string{"play", "--plain", "--store", db, "--load", filepath.Join(dir, "none.pgn")}, 1, "no such file"},
		{"empty PGN", []string{"play", "--plain", "--store", db, "--load", filepath.Join(dir, "empty.pgn")}, 1, "empty.pgn holds no game"},
		{"unreadable PGN", []string{"play", "--plain", "--store", db, "--load", filepath.Join(dir, "broken.pgn")}, 1, "outpost play: --load: " + filepath.Join(dir, "broken.pgn") + ": chess: PGN line 1"},
		{"nothing to resume", []string{"play", "--plain", "--store", db, "--resume"}, 1, "outpost play: no unfinished terminal game to resume"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := dispatch(tc.args, &stdout, &stderr); code != tc.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tc.stderr, stderr.String())
			}
		})
	}
}

// TestPlayResume plays in line mode, stops at the end of the input, and
// continues the game with --resume.
func TestPlayResume(t *testing.T) {
	db := filepath.Join(t.TempDir(), "games.db")
	playPlain(t, "e4\nNf3\n", "--store", db, "--black", "ai:1", "--seed", "5")
	out := playPlain(t, "moves\nd4\nmoves\n", "--store", db, "--resume", "--seed", "5")
	if missing := containsInOrder(out, "White: You. Black: Outpost level 1.", "1. e4", "2. Nf3", "You played 3. d4", "3. d4"); missing != "" {
		t.Errorf("resumed output lacks %q:\n%s", missing, out)
	}
}

// runOutpostWithInput runs "outpost args..." as a process with input on
// its standard input, and returns its standard output and exit status.
func runOutpostWithInput(t *testing.T, input string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), "OUTPOST_TEST_MAIN=1")
	cmd.Stdin = strings.NewReader(input)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	code := 0
	switch {
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		t.Fatalf("running outpost %q: %v", args, err)
	}
	if errOut.Len() > 0 {
		t.Errorf("outpost %q wrote to stderr: %s", args, errOut.String())
	}
	return out.String(), code
}

// TestPlayPipe runs the example of the help as a process whose standard
// input is a pipe: without --plain, too, since a pipe is not a terminal.
func TestPlayPipe(t *testing.T) {
	db := filepath.Join(t.TempDir(), "games.db")
	for _, plain := range [][]string{{"--plain"}, nil} {
		args := append([]string{"play", "--black", "ai:1", "--store", db, "--seed", "9"}, plain...)
		out, code := runOutpostWithInput(t, "e4\nNf3\n", args...)
		if code != 0 {
			t.Errorf("outpost %q: exit %d", args, code)
		}
		if missing := containsInOrder(out, "You played 1. e4.", "Outpost level 1 played 1... ", "You played 2. Nf3.", "Outpost level 1 played 2... ", "End of input."); missing != "" {
			t.Errorf("outpost %q: output lacks %q:\n%s", args, missing, out)
		}
	}
}

// screen is a terminal emulator showing what a program in a pseudo-terminal
// draws.
type screen struct {
	t    *testing.T
	vt   vt10x.Terminal
	pty  *os.File
	done chan error // the process's exit
}

// startInTerminal runs "outpost args..." in a cols x rows pseudo-terminal.
func startInTerminal(t *testing.T, cols, rows int, args ...string) *screen {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	// CI is cleared: termenv takes any CI variable to mean "not a terminal"
	// and would draw the monochrome board.
	cmd.Env = append(os.Environ(), "OUTPOST_TEST_MAIN=1", "TERM=xterm-256color", "COLORTERM=truecolor", "NO_COLOR=", "CI=")
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(cols), Rows: uint16(rows)})
	if err != nil {
		t.Fatalf("starting outpost in a pseudo-terminal: %v", err)
	}
	// The emulator answers the terminal's queries (the cursor position
	// report that Lip Gloss asks for at start) as a real terminal does.
	s := &screen{t: t, vt: vt10x.New(vt10x.WithSize(cols, rows), vt10x.WithWriter(f)), pty: f, done: make(chan error, 1)}
	go func() {
		br := bufio.NewReader(f)
		for s.vt.Parse(br) == nil {
		}
	}()
	go func() { s.done <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		f.Close()
	})
	return s
}

// text returns the screen's text, one line per row.
func (s *screen) text() string { return s.vt.String() }

// cell returns the character at column x and row y.
func (s *screen) cell(x, y int) rune {
	s.vt.Lock()
	defer s.vt.Unlock()
	return s.vt.Cell(x, y).Char
}

// waitFor waits until the screen shows each of wants.
func (s *screen) waitFor(wants ...string) {
	s.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		text := s.text()
		missing := termtest.Missing(text, wants...)
		if missing == "" {
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("the screen does not show %q:\n%s", missing, text)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitExit waits for the program to exit without an error, after keys.
func (s *screen) waitExit(keys string) {
	s.t.Helper()
	select {
	case err := <-s.done:
		if err != nil {
			s.t.Fatalf("outpost play exited with %v\n%s", err, s.text())
		}
	case <-time.After(10 * time.Second):
		s.t.Fatalf("outpost play did not exit after %s\n%s", keys, s.text())
	}
}

// keys types keys into the terminal.
func (s *screen) keys(k string) {
	s.t.Helper()
	if _, err := s.pty.Write([]byte(k)); err != nil {
		s.t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond) // one key press at a time, as a person types
}

// TestPlayInTerminal runs the real program in a 120x40 pseudo-terminal,
// plays e2-e4 with the arrow keys and Enter and Nf3 typed in SAN against
// level 1, checks what the screen shows, quits, and resumes the game in line
// mode.
func TestPlayInTerminal(t *testing.T) {
	db := filepath.Join(t.TempDir(), "games.db")
	s := startInTerminal(t, 120, 40, "play", "--black", "ai:1", "--seed", "11", "--store", db, "--delay", "0")
	s.waitFor("White: You   Black: Outpost level 1", "White to move.", " 8 ", "a        b        c")

	// At 120x40 the board's squares are 9x4 and the screen starts a line
	// down (the block is centred): square (file f, rank r) has its piece
	// at column 3+9f+4, row 1+2+4(7-r)+2. White's pieces are outlines.
	at := func(sq string) rune {
		f, r := int(sq[0]-'a'), int(sq[1]-'1')
		return s.cell(3+9*f+4, 1+2+4*(7-r)+2)
	}
	if at("e2") != '♙' || at("e4") != ' ' || at("g8") != '♞' {
		t.Fatalf("start position: e2 %q, e4 %q, g8 %q\n%s", at("e2"), at("e4"), at("g8"), s.text())
	}

	s.keys("\r") // pick up the pawn on e2 (the cursor starts there)
	s.waitFor("Pawn on e2: choose where it goes")
	s.keys("\x1b[A")
	s.keys("\x1b[A")
	s.keys("\r")
	s.waitFor("1. e4", "Outpost level 1 played 1... ", "Outpost thought", "depth ")
	if at("e4") != '♙' || at("e2") != ' ' {
		t.Errorf("after e4: e4 %q, e2 %q\n%s", at("e4"), at("e2"), s.text())
	}

	s.keys("N")
	s.keys("f")
	s.keys("3")
	s.waitFor("Move: Nf3")
	s.keys("\r")
	s.waitFor("2. Nf3", "Outpost level 1 played 2... ")
	if at("f3") != '♘' || at("g1") != ' ' {
		t.Errorf("after Nf3: f3 %q, g1 %q\n%s", at("f3"), at("g1"), s.text())
	}

	s.keys("?")
	s.waitFor("Outpost — keys")
	s.keys("x")
	s.waitFor("2. Nf3")

	s.keys("q")
	s.waitFor("Quit? The game is unfinished (it is kept: outpost play --resume continues it)")
	s.keys("y")
	s.waitExit("q y")
	s.waitFor("The game is kept: outpost play --resume continues it.")

	out := playPlain(t, "moves\n", "--store", db, "--resume")
	if missing := containsInOrder(out, "1. e4", "2. Nf3"); missing != "" {
		t.Errorf("the resumed game lacks %q:\n%s", missing, out)
	}
}

// TestPlayOnAClockInTerminal plays a game on a clock in a pseudo-terminal:
// the side panel shows both clocks, the AI answers within its time, and
// when the person's time runs out the game ends on time by itself.
func TestPlayOnAClockInTerminal(t *testing.T) {
	db := filepath.Join(t.TempDir(), "games.db")
	s := startInTerminal(t, 120, 40, "play", "--black", "ai:1", "--clock", "0.1+1", "--seed", "11", "--store", db)
	s.waitFor("White: You   Black: Outpost level 1", "0:0") // 6 seconds each: shown with tenths under 10
	s.keys("e")
	s.keys("4")
	s.keys("\r")
	s.waitFor("1. e4", "Outpost level 1 played 1... ")
	// White's clock runs out: nobody types anything more.
	s.waitFor("0-1: Black wins on time")
	if text := s.text(); !strings.Contains(text, "0:00.0") {
		t.Errorf("White's clock at the flag:\n%s", text)
	}
	s.keys("q") // the game is over: q quits at once
	s.waitExit("q")
	s.waitFor("0-1: Black wins on time")
	if out := playPlain(t, "quit\n", "--store", db, "--black", "ai:1", "--clock", "1+0"); !strings.Contains(out, "Clocks (1+0)") {
		t.Errorf("a new game on a clock:\n%s", out)
	}
}

// TestReviewInTerminal runs the real program in an 80x24 pseudo-terminal on
// a loaded game with a blunder (3... Qg5?? hangs the queen): R shows the
// review (the opening, the moves with their judgements, the graph and the
// summary), n goes to the blunder with the better move, Esc goes back to
// the board, whose panel names the opening. The review is kept with the
// game: resumed, the game's review prints at once in line mode.
func TestReviewInTerminal(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "games.db")
	pgn := filepath.Join(dir, "blunder.pgn")
	writeFile(t, pgn, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Qg5 4. Nxg5 Nh6 *\n")
	s := startInTerminal(t, 80, 24, "play", "--white", "human", "--black", "human", "--load", pgn, "--store", db)
	s.waitFor("Italian Game (C50)", "4. Nxg5", "White to move.")
	s.keys("R")
	s.waitFor("Review", "Opening: Italian Game (C50), out of the book after 3... Qg5", "Move 1 of 8", "ACPL", "▲")
	s.keys("n")
	s.waitFor("3... Qg5??  Blunder", "Better: 3... ", "Move 6 of 8")
	s.keys("\x1b")
	s.waitFor("White to move.", "The review is ready")
	s.keys("q")
	s.waitFor("Quit? The game is unfinished")
	s.keys("y")
	s.waitExit("q y")
	out := playPlain(t, "review\nquit\n", "--store", db, "--resume")
	if missing := containsInOrder(out, "3... Qg5", "?? blunder", "average centipawn loss"); missing != "" || strings.Contains(out, "Reviewing the game") {
		t.Errorf("the kept review (%q missing, or searched again):\n%s", missing, out)
	}
}

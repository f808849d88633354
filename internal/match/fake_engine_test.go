package match

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
)

// fakeFlag, as the first argument of the test binary, makes it act as a
// scripted UCI engine (see fakeEngine) instead of running the tests.
const fakeFlag = "-fake-uci-engine"

func TestMain(m *testing.M) {
	if len(os.Args) >= 2 && os.Args[1] == fakeFlag {
		os.Exit(fakeEngine(strings.Join(os.Args[2:], " ")))
	}
	os.Exit(m.Run())
}

// fake returns the command that starts the test binary as a fake engine
// following script: words separated by spaces, each one of
//
//	first        play the first legal move (the default)
//	illegal      answer every "go" with an illegal move
//	none         answer every "go" with "bestmove (none)"
//	crash        exit as soon as asked to move, with a panic's trace on stderr
//	crashafter:N the same when asked for its move number N+1 of a game
//	illegalevery:N  in every N-th game, answer the first "go" illegally
//	silent       never answer "uci"
//	hang         never answer "go" (not even "stop"); say so on stderr
//	slow:MS      wait MS milliseconds before answering "go"
//	score:CP     report this score (side to move's view) with every move
//	garbage      print junk lines around every answer
//	name:NAME    report "id name NAME"
//	once:FILE    if FILE exists, never answer "uci"; else create it (so only
//	             the first start of the engine works)
func fake(script string) []string {
	return append([]string{os.Args[0], fakeFlag}, strings.Fields(script)...)
}

// fakeEngine runs the scripted engine on stdin and stdout and returns the
// exit status.
func fakeEngine(script string) int {
	var (
		mode         = "first"
		crashAfter   = -1
		illegalEvery = 0
		games        = 0
		slow         time.Duration
		score        = 0
		garbage      bool
		name         = "Fake"
	)
	for _, w := range strings.Fields(script) {
		k, v, _ := strings.Cut(w, ":")
		n, _ := strconv.Atoi(v)
		switch k {
		case "first", "illegal", "none", "crash", "silent", "hang":
			mode = k
		case "crashafter":
			crashAfter = n
		case "illegalevery":
			illegalEvery = n
		case "slow":
			slow = time.Duration(n) * time.Millisecond
		case "score":
			score = n
		case "garbage":
			garbage = true
		case "name":
			name = v
		case "once":
			if _, err := os.Stat(v); err == nil {
				mode = "silent"
			} else if err := os.WriteFile(v, nil, 0o644); err != nil {
				return 2
			}
		}
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, args ...any) {
		if garbage {
			fmt.Fprintln(out, "%%% garbage ☃ info score cp notanumber depth x")
		}
		fmt.Fprintf(out, format+"\n", args...)
		out.Flush()
	}
	var pos *chess.Position
	moved := 0
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			if mode == "silent" {
				continue
			}
			say("id name %s", name)
			say("option name Hash type spin default 16 min 1 max 1024")
			say("option name Skill Level type spin default 20 min 0 max 20")
			say("uciok")
		case "isready":
			say("readyok")
		case "ucinewgame":
			moved = 0
			games++
		case "position":
			pos = fakePosition(f[1:])
		case "go":
			if crashAfter >= 0 && moved >= crashAfter || mode == "crash" {
				// Like a Go panic: what went wrong, then a long trace.
				fmt.Fprintf(os.Stderr, "panic: fake crash at move %d\n\ngoroutine 1 [running]:\n", moved+1)
				for i := range 10 {
					fmt.Fprintf(os.Stderr, "main.frame%d()\n", i)
				}
				return 3
			}
			moved++
			time.Sleep(slow)
			switch {
			case mode == "hang":
				fmt.Fprintln(os.Stderr, "fake: thinking forever")
			case mode == "illegal", illegalEvery > 0 && games%illegalEvery == 0 && moved == 1:
				say("bestmove a1a1")
			case mode == "none" || pos == nil:
				say("bestmove (none)")
			default:
				moves := pos.LegalMoves()
				if len(moves) == 0 {
					say("bestmove (none)")
					break
				}
				say("info depth 1 score cp %d nodes 1 pv %v", score, moves[0])
				say("bestmove %v", moves[0])
			}
		case "quit":
			return 0
		}
	}
	return 0
}

// fakePosition follows a "position" command: "fen F... moves ..." or
// "startpos moves ...". It returns nil if the position cannot be followed.
func fakePosition(f []string) *chess.Position {
	var fen []string
	rest := f
	switch {
	case len(f) > 0 && f[0] == "startpos":
		fen, rest = []string{chess.StartFEN}, f[1:]
	case len(f) > 0 && f[0] == "fen":
		rest = f[1:]
		for len(rest) > 0 && rest[0] != "moves" {
			fen, rest = append(fen, rest[0]), rest[1:]
		}
	}
	p, err := chess.ParseFEN(strings.Join(fen, " "))
	if err != nil {
		return nil
	}
	if len(rest) > 0 && rest[0] == "moves" {
		for _, s := range rest[1:] {
			m, ok := findMove(p, s)
			if !ok {
				return nil
			}
			p.MakeMove(m)
		}
	}
	return p
}

// findMove returns the legal move written s in UCI notation.
func findMove(p *chess.Position, s string) (chess.Move, bool) {
	for _, m := range p.LegalMoves() {
		if m.String() == s {
			return m, true
		}
	}
	return chess.NoMove, false
}

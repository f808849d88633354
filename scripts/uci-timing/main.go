// Command uci-timing measures, through pipes as a GUI does, how long a UCI
// engine takes to answer: "go movetime N" (when its bestmove arrives, as a
// share of N), and "ucinewgame" followed by "isready" with a large hash
// table, just after setting its size and again after a search has filled
// it. It reports; it asserts nothing.
//
//	go run ./scripts/uci-timing                          # builds and measures outpost uci
//	go run ./scripts/uci-timing -engine stockfish        # any UCI engine, for comparison
//	go run ./scripts/uci-timing -movetimes 1000,2000 -repeat 5 -hash 1024
//
// The time of an answer is from writing the command to reading the
// bestmove (or readyok) line, so it includes the pipes' and the engine's
// start of the command; the Move Overhead is set with -overhead (Outpost
// subtracts it from movetime, Stockfish does not).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// positions are searched in turn: the start, a middlegame with many
// captures, a queenless middlegame, and a pawn ending where iterations are
// short (a search that stops starting them early stops well before the
// time).
var positions = []string{
	"startpos",
	"fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9",
	"fen r4rk1/1b2bppp/p3pn2/1p6/3N4/1BN1P3/PP3PPP/2R2RK1 w - - 0 16",
	"fen 8/5pk1/6p1/3K4/7P/6P1/8/8 w - - 0 40",
}

func main() {
	engineCmd := flag.String("engine", "", "the UCI engine to run, with its arguments (default: build cmd/outpost and run \"outpost uci\")")
	movetimes := flag.String("movetimes", "100,500,1000,2000", "the go movetime values to measure, in ms")
	repeat := flag.Int("repeat", 2, "searches per movetime and position")
	overhead := flag.Int("overhead", -1, "the Move Overhead option to set, in ms (-1: the engine's default)")
	hash := flag.Int("hash", 1024, "the hash size for the clearing measurement, in MiB (0: skip it)")
	detail := flag.Bool("detail", false, "print each search's time too")
	flag.Parse()
	log.SetFlags(0)

	args := strings.Fields(*engineCmd)
	if len(args) == 0 {
		dir, err := os.MkdirTemp("", "uci-timing-")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(dir)
		bin := filepath.Join(dir, "outpost")
		if out, err := exec.Command("go", "build", "-o", bin, "./cmd/outpost").CombinedOutput(); err != nil {
			log.Fatalf("go build: %v\n%s", err, out)
		}
		args = []string{bin, "uci"}
	}
	e, err := start(args)
	if err != nil {
		log.Fatal(err)
	}
	defer e.quit()
	e.send("uci")
	e.wait("uciok")
	if *overhead >= 0 {
		e.send(fmt.Sprintf("setoption name Move Overhead value %d", *overhead))
	}
	fmt.Printf("engine: %s\n", strings.Join(args, " "))

	if *hash > 0 {
		fmt.Printf("\nucinewgame with Hash %d MiB, time to readyok:\n", *hash)
		e.send(fmt.Sprintf("setoption name Hash value %d", *hash))
		fmt.Printf("  setoption name Hash:           %v\n", e.timeReady())
		e.send("ucinewgame")
		fmt.Printf("  ucinewgame after setting Hash: %v\n", e.timeReady())
		e.send("position startpos", "go movetime 3000")
		e.wait("bestmove")
		e.send("ucinewgame")
		fmt.Printf("  ucinewgame after a 3 s search: %v\n", e.timeReady())
		e.send("setoption name Hash value 16")
		e.timeReady()
	}

	fmt.Printf("\ngo movetime: time to bestmove (%d positions x %d), min / median / max, and as a share of movetime\n", len(positions), *repeat)
	for _, f := range strings.Split(*movetimes, ",") {
		mt, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || mt <= 0 {
			log.Fatalf("bad movetime %q", f)
		}
		var times []time.Duration
		for range *repeat {
			for _, pos := range positions {
				e.send("ucinewgame", "position "+pos)
				e.timeReady()
				start := time.Now()
				e.send(fmt.Sprintf("go movetime %d", mt))
				e.wait("bestmove")
				times = append(times, time.Since(start))
				if *detail {
					fmt.Printf("  movetime %d ms, position %s: %.0f ms\n", mt, pos, ms(times[len(times)-1]))
				}
			}
		}
		slices.Sort(times)
		share := func(d time.Duration) string { return fmt.Sprintf("%.0f%%", 100*d.Seconds()/(float64(mt)/1000)) }
		lo, mid, hi := times[0], times[len(times)/2], times[len(times)-1]
		fmt.Printf("  movetime %5d ms: %7.0f / %7.0f / %7.0f ms   %4s / %4s / %4s\n", mt,
			ms(lo), ms(mid), ms(hi), share(lo), share(mid), share(hi))
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// engine is a UCI engine process.
type engine struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines *bufio.Scanner
}

func start(args []string) (*engine, error) {
	cmd := exec.Command(args[0], args[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 1<<20)
	return &engine{cmd: cmd, in: in, lines: sc}, nil
}

func (e *engine) send(lines ...string) {
	for _, l := range lines {
		if _, err := io.WriteString(e.in, l+"\n"); err != nil {
			log.Fatalf("writing %q: %v", l, err)
		}
	}
}

// wait reads lines until one starts with prefix.
func (e *engine) wait(prefix string) {
	for e.lines.Scan() {
		if strings.HasPrefix(e.lines.Text(), prefix) {
			return
		}
	}
	log.Fatalf("the engine ended before %q: %v", prefix, e.lines.Err())
}

// timeReady sends isready and returns how long readyok took.
func (e *engine) timeReady() time.Duration {
	start := time.Now()
	e.send("isready")
	e.wait("readyok")
	return time.Since(start)
}

func (e *engine) quit() {
	e.send("quit")
	e.in.Close()
	_ = e.cmd.Wait()
}

// Command stw-stall shows the Go runtime freeze that "outpost uci" works
// around (see pollable in cmd/outpost/stdin_unix.go), in a program of its
// own: a child process reads lines from a blocking pipe, as an engine reads
// a GUI's commands, and answers each on a new goroutine that allocates
// 4 MiB, so that nearly every line starts a garbage collection, just as
// the reading goroutine goes back into its read system call. The parent
// sends a line and waits up to two seconds for the answer; a stall is a
// line not answered in time (the parent then sends another, which ends
// the child's read and the stall).
//
// Usage:
//
//	go run ./scripts/stw-stall [-n 300000] [-pollable] [-dump]
//
// With -pollable the child reads its standard input through the runtime's
// poller instead, as "outpost uci" does. With -dump the first stall ends
// the run with the child's goroutine stacks (GOTRACEBACK=system shows the
// runtime's frames): one goroutine "stopping the world" in gcStart, the
// reader in a read system call. A run of 300,000 lines takes about nine
// minutes with another beside it on two cores; docs/record/strength.md
// ("The engine stalls") has the measured stalls.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	child := flag.Bool("child", false, "run as the child (internal)")
	pollable := flag.Bool("pollable", false, "the child reads through the poller")
	n := flag.Int("n", 300000, "lines to send")
	dump := flag.Bool("dump", false, "at the first stall, print the child's goroutines and stop")
	flag.Parse()
	if *child {
		answer(*pollable)
		return
	}
	if err := send(*n, *pollable, *dump); err != nil {
		fmt.Fprintln(os.Stderr, "stw-stall:", err)
		os.Exit(1)
	}
}

// answer reads lines from standard input and answers each on a new
// goroutine that allocates 4 MiB.
func answer(pollable bool) {
	in := os.Stdin
	if pollable {
		if err := syscall.SetNonblock(syscall.Stdin, true); err != nil {
			fmt.Fprintln(os.Stderr, "stw-stall: child:", err)
			os.Exit(1)
		}
		in = os.NewFile(uintptr(syscall.Stdin), "/dev/stdin")
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	for line := range lines {
		go func() {
			b := make([]byte, 4<<20) // always on the heap: too big for a stack
			fmt.Println(line, b[len(line)])
		}()
	}
}

// send starts the child, sends it n lines one at a time and counts the
// stalls.
func send(n int, pollable, dump bool) error {
	args := []string{"-child"}
	if pollable {
		args = append(args, "-pollable")
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Stderr = os.Stderr
	cmd.Env = append(os.Environ(), "GOTRACEBACK=system")
	w, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	r, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	answers := make(chan string, 2)
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			answers <- sc.Text()
		}
		close(answers)
	}()
	stalls, start := 0, time.Now()
	for i := range n {
		if _, err := fmt.Fprintf(w, "line %d\n", i); err != nil {
			return err
		}
		select {
		case <-answers:
			continue
		case <-time.After(2 * time.Second):
		}
		stalls++
		fmt.Printf("stall at line %d\n", i)
		if dump {
			_ = cmd.Process.Signal(syscall.SIGQUIT)
			_ = cmd.Wait()
			return fmt.Errorf("stopped at the first stall")
		}
		if _, err := fmt.Fprintf(w, "wake %d\n", i); err != nil {
			return err
		}
		<-answers
		<-answers
	}
	fmt.Printf("pollable=%v lines=%d stalls=%d in %v\n", pollable, n, stalls, time.Since(start).Round(time.Second))
	w.Close()
	return cmd.Wait()
}

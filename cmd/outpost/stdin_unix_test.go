//go:build unix

package main

import (
	"errors"
	"os"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// blockingPipe returns the ends of a pipe in blocking mode, as a parent
// process hands them to a child (os.Pipe's are non-blocking).
func blockingPipe(t *testing.T) (r, w *os.File) {
	t.Helper()
	var fds [2]int
	if err := unix.Pipe2(fds[:], unix.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	r, w = os.NewFile(uintptr(fds[0]), "r"), os.NewFile(uintptr(fds[1]), "w")
	t.Cleanup(func() { r.Close(); w.Close() })
	return r, w
}

// nonblocking reports whether the open file behind fd is in non-blocking mode.
func nonblocking(t *testing.T, fd uintptr) bool {
	t.Helper()
	flags, err := unix.FcntlInt(fd, unix.F_GETFL, 0)
	if err != nil {
		t.Fatal(err)
	}
	return flags&unix.O_NONBLOCK != 0
}

func TestPollableMakesABlockingPipePollableAndPutsItBack(t *testing.T) {
	r, w := blockingPipe(t)
	fd := r.Fd() // r is blocking already (Fd would make it so)
	if err := r.SetReadDeadline(time.Now()); err == nil {
		t.Fatal("a blocking pipe took a read deadline: the test cannot tell pollable from not")
	}
	f, restore := pollable(r)
	if !nonblocking(t, fd) {
		t.Fatal("pollable left the pipe blocking")
	}
	// A pollable file takes a deadline, and a read past it returns
	// instead of blocking in a system call.
	if err := f.SetReadDeadline(time.Now().Add(10 * time.Millisecond)); err != nil {
		t.Fatalf("SetReadDeadline on pollable's file: %v", err)
	}
	if _, err := f.Read(make([]byte, 1)); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("read from an empty pipe: %v, want a deadline error", err)
	}
	if err := f.SetReadDeadline(time.Time{}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte("go\n")); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 8)
	if n, err := f.Read(buf); err != nil || string(buf[:n]) != "go\n" {
		t.Fatalf("read %q, %v; want \"go\\n\"", buf[:n], err)
	}
	restore()
	if nonblocking(t, fd) {
		t.Error("restore left the pipe non-blocking")
	}
}

func TestPollableLeavesOtherFilesAlone(t *testing.T) {
	regular, err := os.CreateTemp(t.TempDir(), "in")
	if err != nil {
		t.Fatal(err)
	}
	defer regular.Close()
	nonblockingPipe, _, err := os.Pipe() // already pollable
	if err != nil {
		t.Fatal(err)
	}
	defer nonblockingPipe.Close()
	for _, in := range []*os.File{regular, nonblockingPipe} {
		f, restore := pollable(in)
		if f != in {
			t.Errorf("pollable(%s) returned a new file", in.Name())
		}
		restore()
	}
	if nonblocking(t, regular.Fd()) {
		t.Error("pollable made a regular file non-blocking")
	}
	if err := nonblockingPipe.SetReadDeadline(time.Time{}); err != nil {
		t.Errorf("pollable made a pollable pipe unpollable: %v", err)
	}
}

//go:build unix

package main

import (
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// pollable returns a file that reads what in reads and that the Go
// runtime's poller waits on, when in is a blocking pipe or socket (how a
// GUI or a match runner talks to an engine), and a function to call when
// done with it, which puts the pipe back in blocking mode and closes the
// file (a duplicate of in's descriptor); until then, read only the file.
// Any other file (a terminal, a regular file, one already pollable) comes
// back as it is, with a function that does nothing.
//
// Why: a goroutine blocked reading a blocking descriptor is inside a
// system call, and Go's stop-the-world (in 1.26.8 and 1.27.3) can miss a
// goroutine that enters one just as the world stops: reentersyscall
// checks for a pending stop before it marks the goroutine as in a system
// call, and stopTheWorldWithSema looks for such goroutines only once. The
// garbage collector then waits, and every goroutine with it, until the
// read returns, that is until the GUI's next line: a search froze until
// the GUI gave up waiting for its bestmove (at a clock, a loss on time).
// A read through the poller parks the goroutine instead, and the world
// stops without it. scripts/stw-stall shows the freeze and the cure.
func pollable(in *os.File) (*os.File, func()) {
	unchanged := func() {}
	info, err := in.Stat()
	if err != nil || info.Mode()&(os.ModeNamedPipe|os.ModeSocket) == 0 {
		return in, unchanged
	}
	if in.SetReadDeadline(time.Time{}) == nil {
		return in, unchanged // already pollable
	}
	conn, err := in.SyscallConn() // not in.Fd(), which makes a file blocking
	if err != nil {
		return in, unchanged
	}
	var fd uintptr
	if err := conn.Control(func(d uintptr) { fd = d }); err != nil {
		return in, unchanged
	}
	dup, err := unix.FcntlInt(fd, unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return in, unchanged
	}
	// The mode belongs to the open pipe, which in shares: until the
	// function is called, read only the returned file.
	if err := unix.SetNonblock(dup, true); err != nil {
		unix.Close(dup)
		return in, unchanged
	}
	f := os.NewFile(uintptr(dup), in.Name()) // non-blocking, so pollable
	return f, func() {
		_ = unix.SetNonblock(dup, false) // whoever else reads the pipe expects blocking reads
		f.Close()
	}
}

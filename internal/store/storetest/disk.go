package storetest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// Disk is a small file system of a test's own (a tmpfs), for the failures
// of a real disk: full, or mounted read-only.
type Disk struct {
	t   testing.TB
	Dir string // where it is mounted
}

// SmallDisk mounts a tmpfs of size bytes on a new directory, unmounted at
// the end of the test. It skips the test when the process may not mount
// (only root may).
func SmallDisk(t testing.TB, size int) *Disk {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "disk")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	opts := "size=" + strconv.Itoa(size) + ",mode=0700"
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", opts, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small disk (a tmpfs; root may): %v %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", "-l", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
	return &Disk{t: t, Dir: dir}
}

// Fill writes a file on the disk until no byte more fits, and returns the
// function that removes it.
func (d *Disk) Fill() (free func()) {
	d.t.Helper()
	path := filepath.Join(d.Dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		d.t.Fatal(err)
	}
	block := make([]byte, 4096)
	for {
		if _, err = f.Write(block); err != nil {
			break
		}
	}
	f.Close()
	if !errors.Is(err, syscall.ENOSPC) {
		d.t.Fatalf("filling %s: %v, want ENOSPC", d.Dir, err)
	}
	return func() {
		if err := os.Remove(path); err != nil {
			d.t.Fatal(err)
		}
	}
}

// ReadOnly remounts the disk read-only, and read-write again at the end of
// the test.
func (d *Disk) ReadOnly() {
	d.t.Helper()
	d.remount("ro")
	d.t.Cleanup(func() { d.remount("rw") })
}

func (d *Disk) remount(mode string) {
	if out, err := exec.Command("mount", "-o", "remount,"+mode, d.Dir).CombinedOutput(); err != nil {
		d.t.Fatalf("remount %s %s: %v %s", mode, d.Dir, err, out)
	}
}

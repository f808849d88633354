//go:build unix

package datagen

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// LockDir takes an exclusive lock on the file at path (created if needed),
// the lock of the directory it is in, and returns the function that
// releases it. It fails at once if another open file description (another
// Store or training run, in this process or another) holds the lock; the
// system releases it when the holder exits, however it ends.
func LockDir(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("datagen: %v", err)
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("datagen: another run is writing to this directory (%s is locked)", path)
	}
	return func() { f.Close() }, nil
}

package server

import (
	"runtime"
	"syscall"
)

// lowerPriority locks the calling goroutine to its thread and lowers that
// thread's scheduling priority to nice (Linux keeps a nice value per
// thread), so that the kernel runs the HTTP goroutines' threads first when
// the cores are busy. The thread ends with the goroutine.
func lowerPriority(nice int) error {
	runtime.LockOSThread()
	return syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), nice)
}

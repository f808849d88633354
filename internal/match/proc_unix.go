//go:build unix

package match

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts the engine in a process group of its own, so that
// a Ctrl-C at the terminal reaches only the runner (which then stops the
// engines itself) and killProcess can reach any children the engine started.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcess kills the engine's whole process group.
func killProcess(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		_ = cmd.Process.Kill()
	}
}

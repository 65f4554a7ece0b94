//go:build unix

package uci

import (
	"os/exec"
	"syscall"
)

// ownGroup makes cmd start in a process group of its own, so that
// endGroup ends the programs it starts too (an engine behind a wrapper
// script).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// endGroup kills cmd's process group: cmd and whatever it started that
// is still in the group. It is harmless once they have all exited.
func endGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}

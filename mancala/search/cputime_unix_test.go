//go:build unix

package search_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) that the process has
// used so far.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

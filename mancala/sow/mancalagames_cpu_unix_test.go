//go:build unix

package sow_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) used so far by this
// process, for the speed table of the MancalaGames comparison.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

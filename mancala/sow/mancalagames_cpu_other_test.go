//go:build !unix

package sow_test

import "time"

var cpuStart = time.Now()

// cpuTime falls back to wall time where the process's CPU time is not at
// hand; the speed table then says wall seconds of a single goroutine.
func cpuTime() time.Duration { return time.Since(cpuStart) }

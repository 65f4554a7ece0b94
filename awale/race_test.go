//go:build race

package awale_test

// raceEnabled: the race detector is on (see norace_test.go).
const raceEnabled = true

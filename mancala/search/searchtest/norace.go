//go:build !race

package searchtest

// raceEnabled: the race detector is off (see race.go).
const raceEnabled = false

//go:build !race

package search_test

// raceEnabled: the race detector is off. Tests too slow under it skip
// themselves when it is on; .ci/run runs them in a step without it.
const raceEnabled = false

//go:build !race

package awale_test

// raceEnabled: the race detector is off. The brute-force tests of the
// bound tables check smaller boards when it is on; .ci/run runs them in a
// step without it.
const raceEnabled = false

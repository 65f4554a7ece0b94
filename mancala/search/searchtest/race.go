//go:build race

package searchtest

// raceEnabled: the race detector is on. Allocation checks are skipped
// then, as the standard library skips its own: under the detector,
// sync.Pool drops some of what it is given, so code that reuses buffers
// through a pool allocates now and then.
const raceEnabled = true

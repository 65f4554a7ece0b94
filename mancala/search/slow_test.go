package search_test

import (
	"os"
	"testing"
)

// envLongTests names the environment variable that runs the slowest
// checks: .ci/run sets it (SOWING_LONG_TESTS=1).
const envLongTests = "SOWING_LONG_TESTS"

// slow skips t unless $SOWING_LONG_TESTS is set. It marks the few checks
// that took most of the package's test time (a cold go test ./... on a
// loaded 2-core machine must stay far from Go's 10-minute timeout): CI
// runs them, and so does anyone who sets the variable.
func slow(t testing.TB) {
	t.Helper()
	if os.Getenv(envLongTests) == "" {
		t.Skip("a slow check: " + envLongTests + "=1 runs it (.ci/run sets it)")
	}
}

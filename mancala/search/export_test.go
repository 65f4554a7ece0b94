package search

// Hooks for the tests in package search_test.

// SetSameDepthOnly makes a's table cut off only with entries searched to
// exactly the remaining depth, so that its values equal plain minimax.
func SetSameDepthOnly(a *AlphaBeta, on bool) { a.sameDepthOnly = on }

// SetGeneral keeps a's searches on the general path even for a
// [Stepper], so that tests can compare both paths.
func SetGeneral(a *AlphaBeta, on bool) { a.general = on }

// CompactHash is compactHash, for the tests of a Stepper's hashes.
var CompactHash = compactHash

// Stepped reports whether a's last search took a Stepper's path.
func Stepped(a *AlphaBeta) bool { return a.stepped }

package search

// Hooks for the tests in package search_test.

// SetSameDepthOnly makes a's table cut off only with entries searched to
// exactly the remaining depth, so that its values equal plain minimax.
func SetSameDepthOnly(a *AlphaBeta, on bool) { a.sameDepthOnly = on }

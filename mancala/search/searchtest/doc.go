// Package searchtest checks the solver capabilities of a ruleset, in the
// manner of package mancalatest for the Ruleset contract: a wrong
// capability gives the solver of package search wrong values silently, so
// every ruleset that has one runs [TestSolver] in its tests:
//
//	func TestSolverCapabilities(t *testing.T) {
//		searchtest.TestSolver(t, myRules)
//	}
//
// TestSolver plays random games from the ruleset's start (and the
// positions given with [WithStarts]) and checks, at every position, each
// capability that the ruleset has, in a subtest of its own (skipped when
// the ruleset lacks it), reporting every misbehaviour it finds at once:
//
//   - Bounds ([search.ScoreBounder]): lo <= hi; the store difference at
//     the end of the game played from the position lies within the
//     bounds, and so does the value under perfect play, where the brute
//     force can find it.
//   - StoreIndependent ([search.StoreIndependent] that reports true): the
//     position with its stores' seeds moved between the stores (when the
//     ruleset's Setup accepts it) has the same legal moves, and each move
//     adds the same seeds to each store and leads to the same position
//     but for the stores.
//   - Endgame ([search.Endgamer]): the oracle answers only positions with
//     one player to move, answers the same question the same way, and
//     each answer equals the brute force's.
//   - Packer ([search.Packer]): the ruleset is store-independent and not a
//     mancala.Cycler; Pack is deterministic; PackedChildren lists exactly
//     one child per legal move, whose Over, Next, Again and Gain agree
//     with Apply; PackedSeeds bounds the mover's future gain in the game
//     played and under perfect play; PackedEndgame agrees with the brute
//     force; PackedChildren and Pack do not allocate (not checked under
//     the race detector, whose sync.Pool drops items on purpose).
//
// The brute force is [mancalatest.Minimax], run on positions with at most
// a few seeds in houses ([WithBruteSeeds]) of rulesets that are not
// mancala.Cyclers (whose values depend on the game's history).
//
// [ReferencePacker] gives any simple store-independent ruleset a slow,
// obviously correct Packer: a model for a fast one, and a way to run the
// solver's packed path in tests.
//
// # Concurrency
//
// TestSolver may run in parallel tests; it runs the ruleset's methods from
// its own goroutine only.
package searchtest

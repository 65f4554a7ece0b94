// Package mancalatest checks that a [mancala.Ruleset] keeps its contract,
// in the manner of testing/fstest.TestFS: one call in a ruleset's tests
// runs every check and reports every property that fails.
//
//	func TestRules(t *testing.T) {
//		r, err := mygame.New(mygame.Options{})
//		if err != nil {
//			t.Fatal(err)
//		}
//		mancalatest.TestRuleset(t, r)
//	}
//
// # Properties
//
// [TestRuleset] plays random games (drawn with pgregory.net/rapid, which
// shrinks a failing game to a small one) from r.Start() and any
// [WithStarts] positions, and checks, in one subtest each:
//
//   - Conservation: after every legal move the board holds as many seeds
//     (houses, stores and hands: [mancala.Board.Total]) as at the start,
//     and as many houses.
//   - Legal: Legal gives no move exactly when the game is over; every move
//     is made by the players to move (m.Turn() == p.ToMove), names houses
//     that exist, and appears once.
//   - Simultaneous: at a simultaneous decision ([mancala.BothTurn]) Legal
//     gives every pair of a South choice and a North choice.
//   - Append: Legal only appends to dst: the moves in it stay, and what it
//     adds is what it gives for an empty dst.
//   - Determinism: Start, Legal (with its order), Play, Apply and Setup
//     give the same results when called again, after other calls, and from
//     two goroutines at once (run the tests with -race to catch shared
//     state).
//   - Play: every legal move plays without error, to what Apply returns.
//   - Illegal: Play refuses moves that Legal does not give (the zero move,
//     moves of the wrong side, joint moves at a single player's turn and
//     the reverse, houses beyond the board, empty houses, ...) with an error
//     wrapping [mancala.ErrIllegalMove], and returns the position it was
//     given.
//   - Setup: Setup accepts every position the ruleset reaches, the start
//     included, and returns it unchanged.
//   - Notation: position text ([mancala.Position.String],
//     [mancala.ParsePosition]) and move text ([mancala.Move.String],
//     [mancala.ParseMove]) read back to equal values.
//   - Over: in a finished game Legal gives nothing, Play refuses every
//     move (zero, single, joint) with [mancala.ErrIllegalMove] and returns
//     the position unchanged, and the outcome is a result.
//   - Length: games end within the bound a [mancala.Bounded] ruleset
//     states. Games of rulesets that state none are cut after
//     [WithMaxPlies] moves; that is no error, and the subtest logs how many
//     were cut.
//   - Game: a [mancala.Game] fed the same moves follows the ruleset, ends a
//     game whose position repeats by the ruleset's Cycle, and its Undo and
//     Redo restore positions, moves and legal moves exactly.
//   - Cycle (a [mancala.Cycler] only): a repeated position ends the game in
//     a finished position with the same seeds, which Setup accepts
//     unchanged. The subtest logs how many games ended this way.
//   - Perft (a [mancala.Perfter] only): the ruleset's Perft equals
//     [mancala.PerftSlow] from random positions of random games, to the
//     depth at which the count passes 20000, and leaves its history
//     argument alone.
//   - Playout (a [mancala.Playouter] only): Playout ends in a finished
//     position with the same seeds, which Setup accepts unchanged, and
//     leaves its history argument alone. A call that has not returned after
//     10 seconds is reported.
//   - Trace (a [mancala.Tracer] only): for every legal move, Trace returns
//     what Play returns; its events, replayed with [mancala.ApplyEvent] on
//     the board before the move, give the board after it; the last
//     EventTurnEnd names who decides next. Refused moves emit nothing.
//   - Ending (a [mancala.Explainer] only): a position that is not over has
//     the zero [mancala.Ending]; a finished one, whether Apply or Cycle
//     finished it, gives a known reason other than EndNone (never a
//     concession, which only a Game records) and names as the player
//     concerned nobody or one player.
//
// A panic in the ruleset fails the property being checked, with the
// position and the stack.
//
// # Reports
//
// Each failing subtest reports one violation, after rapid has shrunk the
// random game that showed it: what was wrong, the position (its text, see
// [mancala.ParsePosition]), the start and the moves from the start. rapid
// prints how to replay it (-rapid.seed or -rapid.failfile).
//
// # Cost
//
// Each property plays [DefaultChecks] games (see [WithChecks]), each cut
// after [DefaultMaxPlies] moves at most (see [WithMaxPlies]). The
// Determinism and Play subtests try every legal move of every position
// reached, and Illegal some thirty illegal ones, so the time grows with the
// length of the games: rulesets with long games may want fewer checks or a
// lower cut in their ordinary test runs, and more with -rapid.checks in a
// longer one.
//
// # Brute force
//
// [Minimax] gives the exact value of a tiny game by plain minimax over
// every line: the reference that a ruleset's solver or endgame database
// can be tested against.
//
// # Concurrency
//
// TestRuleset may run in parallel tests, on the same ruleset or different
// ones; it calls the ruleset from several goroutines at once itself (see
// Determinism), as the contract allows.
package mancalatest

// Package kalah implements Kalah, the commercial sowing game solved by
// Irving, Donkers and Uiterwijk ("Solving Kalah", ICGA Journal 23(3),
// 2000), as a [mancala.Ruleset]. It is written the way a third party would
// write a ruleset: it uses only the exported API of package mancala (and
// the exported types of package mancala/search, for the solver's packed
// path) and passes the conformance checks of package mancalatest.
//
// # Rules
//
// The rule ids below are cited by this package's tests.
//
//   - KA-1 Board. Two rows of m houses (the Houses option, 6 by default)
//     with n seeds in each (the Seeds option, 4 by default), and a store
//     for each player. Kalah(m, n) in the paper's notation.
//   - KA-2 Sowing. The mover takes every seed of one of his non-empty
//     houses and drops them one by one counter-clockwise: the rest of his
//     row, his own store, the opponent's row, his own row again. The
//     opponent's store is skipped; the house the seeds came from is not
//     skipped when a sowing laps the board.
//   - KA-3 Move again. If the last seed falls into the mover's own store,
//     the same player moves again.
//   - KA-4 Capture. If the last seed falls into an empty house of the
//     mover's own row, that seed and every seed in the opposite house go
//     to his store, even when the opposite house is empty (the "empty
//     capture" of the paper, [CaptureEmpty], the default). Option
//     [CaptureStandard]: the capture happens only when the opposite house
//     holds seeds; otherwise the last seed stays where it fell.
//   - KA-5 End. The game ends as soon as a move leaves either player's
//     row empty; each player then adds the seeds left in his own row to
//     his store.
//   - KA-6 Result. The player with more seeds in his store wins; equal
//     stores are a draw. The value of a game is South's store minus
//     North's. South moves first.
//
// Houses are lettered in their owner's sowing order, as everywhere in this
// module: South's A, B, ... run from his left towards his store, North's
// a, b, ... likewise; house i of one player is opposite house m-1-i of the
// other. Moves are [mancala.Single](player, house). Positions use Round 0
// and State 0; a player who moves again is simply to move again in the
// next position.
//
// # Options and names
//
// [New] builds the rules from [Options]; bad options are refused with an
// error wrapping [mancala.ErrUnsupported]. [Rules.String] names the
// ruleset ("kalahdemo", "kalahdemo capture=standard houses=4 seeds=3": Kalah(4,3)
// of the paper with the standard capture) and [ParseName] reads the name
// back. The package registers the "kalahdemo" family with package mancala
// ([Family]: presets, the params houses and seeds, and rules for players,
// [PlayersText]), so that [mancala.NewRuleset] builds a Kalah ruleset from
// its name. The rule ids KA-1 to KA-6 are those above; [Rules.Trace]
// puts them on the steps of a move, so that [mancala.Narrate] tells a
// capture (KA-4), a move again (KA-3) and the end (KA-5), and the web
// game, the engine protocol and the match runner offer Kalah with no line
// of theirs naming it (thirdparty_test.go does each through their public
// API).
//
// # Length of a game
//
// [Rules.MaxPlies] is a proven bound, not a guess. Call a move scoring if
// it puts at least one seed into a store (it reaches the mover's store, or
// captures), and quiet otherwise. Stores never lose seeds, so a game of T
// seeds has at most T scoring moves. A quiet move only moves seeds of the
// mover's own row towards his store: it lowers the sum, over the seeds in
// houses, of their distance to their owner's store by at least one, and no
// quiet move raises it. After j scoring moves at most T-j seeds are in
// houses, each at distance at most m, so at most m(T-j) quiet moves
// follow before the next scoring move. In all, a game lasts at most
// T + m·T(T+1)/2 moves (7104 for Kalah(6,4)).
//
// # Solving
//
// Rules implements the optional capabilities that the exact solver of
// package mancala/search looks for: ScoreBounds (search.ScoreBounder:
// stores never lose seeds) and StoreIndependent (search.StoreIndependent:
// the rules never look at the stores, so positions that differ only in
// their stores share the solver's table entries). On boards of up to
// [MaxPackedHouses] houses a side it is also a search.Packer, and the
// solver then plays on two 64-bit words, the mover's row and his
// opponent's, a byte a house ([Rules.Pack]): [Rules.PackedChildren] sows
// from a table, made once for each board size, of what s seeds sown from
// house i add to each row and the store and where the last one lands, then
// applies KA-3 to KA-5 on the words.
//
// # Endgame databases
//
// A Rules holds no endgame database. [Rules.Retrograde] is the capability
// from which package mancala/endgame builds them (egdb.Build, in memory
// or one file a seed count under a directory, resumable; egdb.Load): the
// exact value, for the player to move, of every configuration of up to k
// seeds in the houses. A Kalah position's future store gains depend only
// on the two rows and on who is to move, so a configuration is the pair
// (the mover's row, his opponent's row), and the databases of a board and
// capture rule serve every game of them, whatever its seeds a house. The
// configurations of j seeds in 2m houses are C(j+2m-1, 2m-1), a byte
// each: up to 16 seeds on six houses a side, 30 million (29 MiB); up to
// 22, 548 million (523 MiB).
//
// [WithDatabase] hands a database to the solver with the rules: the
// [Oracle] it returns answers Endgame (search.Endgamer) and PackedEndgame
// from it. PackedEndgame ranks the packed words itself, in the database's
// order: the rank sums one table term for each house, chosen by the seeds
// up to and including that house, and the two rows' prefix sums come from
// one multiplication each, so that a rank costs independent loads from a
// table of a few kilobytes and an answer one random read of the database.
//
// # Concurrency
//
// A [*Rules] and an [*Oracle] are immutable once built and safe for
// concurrent use by any number of goroutines; positions and moves are
// values. The sowing tables of the packed form are shared by all rulesets
// of a board size and built once, under a sync.Once, at the first use.
package kalah

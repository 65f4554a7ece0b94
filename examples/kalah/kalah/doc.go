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
// ruleset in the paper's notation: "kalah(6,4)", with " standard capture"
// appended for that option.
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
// stores never lose seeds), StoreIndependent (search.StoreIndependent:
// the rules never look at the stores, so positions that differ only in
// their stores share the solver's table entries) and Endgame
// (search.Endgamer: exact values of positions with few seeds in houses).
// On boards of up to [MaxPackedHouses] houses a side it is also a
// search.Packer, and the solver then plays on two 64-bit words, the
// mover's row and his opponent's, a byte a house ([Rules.Pack]):
// [Rules.PackedChildren] sows from a table, made once for each board
// size, of what s seeds sown from house i add to each row and the store
// and where the last one lands, then applies KA-3 to KA-5 on the words;
// [Rules.PackedEndgame] answers from the same database as Endgame.
//
// Endgame answers from an endgame database of every position with at most
// [Options.EndgameSeeds] seeds in houses (by default a third of the game's
// seeds, at most 16 with six houses: beyond that, and in smaller games,
// the database computes more than it saves the solver).
// Such a position's future store gains depend only on the two rows and on
// who is to move, so an entry is the value for the player to move of the
// pair (his row, his opponent's row): a signed byte at the rank of the
// rows' seed counts among all placements of at most k seeds in 2m houses,
// C(k+2m, 2m) entries in all (30 million, 29 MiB, for six houses and 16
// seeds). The rank sums one table term for each house, chosen by the
// seeds up to and including that house, so that it costs independent
// loads from a table of a few kilobytes (the two rows' prefix sums come
// from one multiplication each). The table is allocated at the first
// question and filled in on demand: an unknown entry is computed by
// minimax over the moves, recursively and memoised. The recursion ends
// because a position with k seeds in houses leads only to positions with
// at most k, and a move that keeps k (it puts no seed into a store) moves
// only the mover's seeds towards his store (see the proof under "Length of
// a game"). Options.EndgameSeeds = -1 turns the database off.
//
// [Rules.BuildEndgame] computes the whole database at once instead, each
// entry in about half the time the on-demand fill takes, and on several
// cores. It goes up by the seeds in houses and, among positions of as many
// seeds, down by the sum of their seeds' house numbers, which a move that
// keeps the seeds in houses raises, so that a position's children are
// known when it is computed; it ranks the children of sixteen positions
// before it reads any of their entries, so that the reads, random in a
// table of tens or hundreds of megabytes, overlap. On this project's
// 2-core machine it builds the 16-seed database of Kalah(6,4) in about
// 3 s and the 22-seed one (548 million entries) in about 50 s.
// [Rules.WriteEndgame] and [Rules.ReadEndgame] save a database to a file
// and load it back (checked: header, ranges, checksum, and a sample of
// entries recomputed), so that a large one is built once: the solver
// then searches Kalah(6,4) in about 2 s with 22 seeds, against 13 s with
// 16 (on both cores).
//
// # Concurrency
//
// A [*Rules] is immutable once built and safe for concurrent use by any
// number of goroutines; positions and moves are values. Its endgame
// database is the one thing that changes: its entries are read with atomic
// loads and computed under a lock, so concurrent questions are safe (a
// question that must compute waits for any other that is computing, and
// for BuildEndgame and ReadEndgame, which hold the lock while they change
// the table; BuildEndgame's own goroutines store entries by compare and
// swap). The
// sowing tables of the packed form are shared by all rulesets of a board
// size and built once, under a sync.Once, at the first use.
package kalah

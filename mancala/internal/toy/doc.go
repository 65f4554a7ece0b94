// Package toy is a small configurable sowing game for the module's own
// tests: the core's tests, the self-tests of package mancalatest and the
// tests of package search run against it, since they must not depend on
// the real games.
//
// # Rules
//
// Two rows of n houses with s seeds each; South moves first and the players
// alternate. The mover takes every seed of one of his non-empty houses and
// sows them one by one into the following holes (but in Match). Three
// variants:
//
//   - Kalah (the default): the mover's own store is on the sowing path
//     (after his last house; the opponent's store is skipped). A last seed in
//     his store gives him another move; a last seed in an empty house of his
//     own row captures it with the seeds of the opposite house, if there are
//     any. The game ends when either row is empty after a move; each player
//     then takes the seeds of his own row. Games are finite and
//     [Rules.MaxPlies] states a bound.
//   - Loop: the stores are off the path (as in Awalé); a lap skips the house
//     sown from; a last seed that makes an opponent's house hold 2 or 3
//     captures them (no chain). The game ends when the player to move has no
//     seeds (his opponent takes the rest), or when a position repeats
//     ([Rules.Cycle]: each player takes his own row). No bound is stated.
//   - Match: every decision is simultaneous: each player chooses one of his
//     non-empty houses; if they have the same index South puts both houses'
//     seeds into his store, otherwise North does. The game ends when a row
//     is empty; each player then takes his own row. Its values under
//     perfect play are those of mixed strategies, fractions.
//
// Options.EmptyCapture makes a Kalah capture in an empty house of the
// mover's take the last seed even when the opposite house is empty (the
// "empty capture" of Kalah as Irving et al. solved it); Options.Chain
// makes a Loop capture go on backwards over the opponent's houses that
// hold 2 or 3, as in Awalé.
//
// With Options.Simultaneous the first decision is taken by both players at
// once ([mancala.BothTurn]): South's sowing is done first, then North's on
// the board South left (a house emptied by South's capture sows nothing),
// with no extra move; South moves next.
//
// Every variant's stores only grow, and [Rules.ScoreBounds] says so to a
// solver. [Acyclic] is the Kalah or Match variant without the Cycle
// method, for the solver's tests: its games never repeat a position.
//
// # Concurrency
//
// A *Rules or *Acyclic is immutable and safe for concurrent use.
package toy

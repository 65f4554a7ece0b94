// Package sowing is a library for mancala ("sowing") games with pluggable
// rulesets. This root package holds no code; the work is in its
// sub-packages:
//
//   - mancala: the core. Boards, moves and positions as small values, the
//     Ruleset contract and its optional capabilities (among them why a
//     game ended), the Game driver (history, undo, outcome), the notation
//     that all games share, and a registry that builds a ruleset again
//     from its name. It knows no particular game.
//   - mancala/mancalatest: a conformance checker that any ruleset, ours or
//     a third party's, runs in one line of its tests.
//   - mancala/record: game records (a PGN-like text and JSON) that any
//     ruleset's games can be written to and read from.
//   - mancala/search: engines that choose moves for any ruleset (random,
//     greedy, alpha-beta, Monte Carlo tree search) and an exact solver,
//     simultaneous decisions included; mancala/search/searchtest checks a
//     ruleset's solver capabilities.
//   - mancala/endgame: endgame databases by retrograde analysis, for any
//     ruleset that can rank its configurations.
//   - mancala/uci: the engine protocol of Oware programs, both sides, for
//     any ruleset.
//   - mancala/svg: SVG diagrams of any ruleset's board.
//   - mancala/match: matches and tournaments between engines, with
//     openings, tallies, Elo and SPRT, for any ruleset.
//   - mancala/web: the web game as an http.Handler that any Go program
//     can mount, for the rulesets it is given.
//   - mancala/book: opening books for any ruleset.
//   - mancala/rulesflag: command-line flags that take any registered
//     ruleset by name (-game, -rules and its params), for any program.
//   - awale: Awalé (Oware, Abapa family), with the Abapa and Awari presets;
//     awale/ogn reads and writes the OGN files of the Aualé program, and
//     awale/tune fits its evaluation.
//   - congkak: Congkak, with its simultaneous opening, rounds and burnt
//     houses.
//   - examples: runnable programs built on the public API only, and Kalah
//     (examples/kalah/kalah) written as a third party would write a
//     ruleset.
//
// Data flows one way: values, then a ruleset (pure transitions), then a
// game (history), then engines and tools.
package sowing

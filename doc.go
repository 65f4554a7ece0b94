// Package sowing is a library for mancala ("sowing") games with pluggable
// rulesets. This root package holds no code; the work is in its
// sub-packages:
//
//   - mancala: the core. Boards, moves and positions as small values, the
//     Ruleset contract, the Game driver (history, undo, outcome) and the
//     notation that all games share. It knows no particular game.
//   - mancala/mancalatest: a conformance checker that any ruleset, ours or
//     a third party's, runs in one line of its tests.
//   - awale: Awalé (Oware, Abapa family), with the Abapa and Awari presets.
//   - congkak: Congkak, with its simultaneous opening, rounds and burnt
//     houses.
//   - examples: runnable programs built on the public API only.
//
// Data flows one way: values, then a ruleset (pure transitions), then a
// game (history), then engines and tools.
package sowing

// Package rulesflags gives the example programs of the sowing module one
// set of command-line flags for choosing a game and its options, and
// builds the ruleset they describe.
//
// # Flags
//
// [Register] defines these flags on a [flag.FlagSet]:
//
//	-game awale|congkak                 the game (default awale)
//	-rules NAME                         a preset: awale default|abapa|awari, congkak default|overbeck
//	-houses N, -seeds N                 board size (both games)
//	-opening simultaneous|sequential    congkak only (CK-8)
//	-starter south|north                congkak, sequential opening only
//	-first-hand south|north             congkak, simultaneous opening only (CK-8.2)
//	-empty-capture store|stay           congkak only (CK-5)
//	-round-end empty-row|pass-reply     congkak only (CK-9)
//	-rounds N                           congkak only: at most N rounds, 0 for a full set (CK-14)
//
// Individual flags override the preset. After parsing, [Flags.Ruleset]
// checks the values and builds the ruleset; a bad value, or a flag that
// does not apply to the chosen game, is an error that names the flag.
// [ParsePosition] reads a -position flag's text for the chosen game, and
// [Flags.NewGame] builds the ruleset and starts a game from such a text.
//
// A program may change the default of -rounds with [DefaultRounds], and a
// program that supports more games (its own rulesets) can read
// [Flags.Game], [Flags.Houses], [Flags.Seeds] and [Flags.Set] and build
// those itself.
//
// # Concurrency
//
// A [Flags] belongs to its flag set and is meant for one goroutine, like
// the flag set itself. [ParsePosition] is safe for concurrent use.
package rulesflags

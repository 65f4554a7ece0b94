// Package rulesflag lets a command-line program take any ruleset
// registered with package mancala by name, knowing no game: the program
// names no game, and a game package that registers a new
// [mancala.Family] adds no flag code to it.
//
// [Register] defines these flags on a [flag.FlagSet]:
//
//	-game NAME                   a family registered with package mancala
//	-rules 'PRESET KEY=VALUE...' one of its presets (default: its first),
//	                             then KEY=VALUE words of its ruleset names
//	-KEY N                       one flag for each param (mancala.Param) of
//	                             the registered families (-houses, -seeds, ...):
//	                             the word KEY=N of the ruleset's name
//
// The param flags are made from the families registered when Register is
// called (game packages register theirs in init functions, so a program
// that imports them has them all by then); their usage comes from each
// param's Label and Description. [Flags.Ruleset] builds the ruleset the
// parsed flags name, through [mancala.NewRuleset]; [WriteGames] writes
// the list of registered families, their presets, params and options'
// words, for a program's -h, and [WriteOptions] one game's options
// ([mancala.Option]) in full: the game [HelpGame] finds in the flags, so
// that "-game NAME -h" tells NAME's options. An option is no flag of its
// own: its word goes in -rules ("-rules 'abapa cycle=split'").
//
// [Value] is a [flag.Value] that holds a ruleset given by its whole name
// ("awale abapa houses=4"), for a program that takes the rules in a single
// flag. [Resolve] is what both use: it reads a game, a -rules text and
// params into a ruleset name and builds it.
//
// Errors are [*Error] values that name the flag at fault and wrap the
// cause: [mancala.ErrUnsupported] for a name, preset or value that no
// family takes.
//
// A [Flags] belongs to its flag set and is meant for one goroutine, like
// the flag set itself; the functions are safe for concurrent use.
package rulesflag

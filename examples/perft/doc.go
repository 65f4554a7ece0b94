// Command perft counts the move sequences of a sowing game to a given
// depth: the standard regression and speed test for move generators.
//
// # Usage
//
//	go run ./examples/perft [game flags] [-position TEXT] -depth N [-divide] [-quiet]
//
// The game flags are those of package mancala/rulesflag, the same in
// every example program: -game NAME (any registered game), -rules
// 'PRESET KEY=VALUE...', and a flag for each param of the registered
// games (-houses, -seeds, -rounds); run with -h to list the games.
// -position takes the position text of [mancala.ParsePosition], or, for
// awale, the Aalina form of
// [github.com/sowing-games/sowing/awale.ParseAalina]; the ruleset's Setup
// checks it. By default the count starts from the game's start position.
//
// # Output
//
// For each depth d from 1 to N, one line
//
//	depth d leaves L terminal T
//
// where L counts the sequences of exactly d moves that never pass through
// a finished game before their last move, and T those of them that end the
// game (see [mancala.Perft], which uses the ruleset's fast
// [mancala.Perfter] when it has one). A simultaneous decision counts each
// pair of choices as one move. With -divide, one line per first move
//
//	move M leaves L terminal T
//
// gives the counts at depth N of the sequences that start with M. A last
// line gives the time taken and the leaves counted per second. A count
// that runs longer than about a second shows what it is counting on
// standard error, unless -quiet.
//
// # Exit status
//
// 0 on success, and for -h, which prints the usage; 2, with a one-line
// error on standard error, for bad flags or a bad position.
//
// # Concurrency
//
// The program is single-threaded.
package main

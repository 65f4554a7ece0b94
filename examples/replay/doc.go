// Command replay plays a game through a sowing ruleset and prints every
// position on the way: the moves of -moves, or a saved game.
//
// # Usage
//
//	go run ./examples/replay [game flags] [-position TEXT] -moves "FfBe..." [-json]
//	go run ./examples/replay -record FILE [-record-game N] [-moves MOVES] [-json]
//
// The game flags are those of package mancala/rulesflag, the same in
// every example program: -game NAME (any registered game), -rules
// 'PRESET KEY=VALUE...', and a flag for each param of the registered
// games (-houses, -seeds, -rounds); run with -h to list the games;
// -position is read as by the perft command. Moves are written as for
// [mancala.Game.PlayText]: house letters run together, optionally
// separated by spaces or commas, with two letters (South's then North's)
// for one move at a simultaneous decision.
//
// -record replays the game saved in FILE, in any form the play command
// saves or the record package reads: record text ("[Rules "awale"] 1. C b
// 2. A d"), JSON, or an OGN file of Aualé. The record names its rules and
// start position, so the game flags and -position do not apply; -moves
// then goes on from the record's last move. A file may hold several
// games: -record-game N picks the Nth (from 1).
//
// # Output
//
// Text mode prints the start position and the position after each move,
// numbered from 1: the board diagram ([mancala.Board.String]), the
// position text, who is to move and the legal moves, or, once the game is
// over, the result with the winner's score first ("over: North wins,
// 29–19, endless cycle (AW-8)", [mancala.Outcome.Summary]) and why the
// game ended, with the rule. A record whose result
// was decided outside the rules (its Termination tag says "adjudicated",
// as the tournament command writes for a game it capped) ends with that
// result, said to be adjudicated; in -json its last line has the result
// and the ending {"reason": "adjudicated"}, with over false.
//
// With -json it prints one JSON object per line, for the start position
// and after each move: a record.Step (ply, move, position, houses,
// stores, toMove, legal or legalSouth and legalNorth, over, result,
// scores, ending, and for a ruleset played in rounds round, burnt and
// inHand), as package mancala/record documents it.
//
// # Exit status
//
// An illegal move stops the replay, after the positions before it, with a
// one-line message on standard error that names the move, its number
// (from 1, as in the listing), its column in -moves (or its line and
// column in the record file) and the reason with its rule, and exit
// status 1; so does a record file that cannot be read. Bad flags, a bad
// position or malformed move text: a one-line message and exit status 2.
// -h prints the usage and exits 0.
//
// # Concurrency
//
// The program is single-threaded.
package main

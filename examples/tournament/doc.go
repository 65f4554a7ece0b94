// Command tournament plays a match between two players on one of the
// module's games and reports the result with its statistical uncertainty.
// It is a thin command over package mancala/match, which documents the
// match itself: numbering from 1, colours, seeds, openings, caps,
// forfeits, the statistics and the shards.
//
// # Usage
//
//	go run ./examples/tournament [game flags] -a SPEC -b SPEC [-games N]
//		[-parallel P] [-seed N] [-random-plies N] [-max-plies N]
//		[-endgame DIR [-endgame-stones K] [-endgame-approx] [-endgame-for a|b|both]]
//		[-records FILE] [-results FILE] [-shard i/K] [-resume] [-quiet]
//	go run ./examples/tournament merge [-records FILE] PART...
//
// A SPEC is read by uci.ParseEngine: "random", "greedy",
// "alphabeta:depth=8", "mcts:playouts=20000", ... or
// "uci:movetime=50ms,cmd=PATH ARGS..." for an external engine, started
// afresh for each game; one that fails to start, crashes, answers late or
// plays an illegal move loses that game, whose line says so (it has no
// record if it never started), and the match goes on. The game flags are
// those of package mancala/rulesflag (-game, -rules, -houses, -seeds,
// ...; -h lists the games). Game i (from 1) gives A South when i is odd. -seed (default 1)
// and the game's number alone seed the engines and the openings, so the
// output does not depend on -parallel (default GOMAXPROCS; at most 4 per
// CPU, or 8: more is refused). -random-plies N opens each pair of games
// with the same N random moves. -max-plies (10000) caps every game: a
// game still going on is scored by the stores and marked "capped".
//
// -endgame DIR loads the endgame databases of the rules from DIR (see
// rulesflags; -endgame-for a, b or both says who searches with them), and
// a line on standard error and the header say so. -records FILE writes
// every game's record in game order (JSON lines if FILE ends in .json or
// .jsonl), with the specs as South and North and the game's number as
// Round; replay -record FILE -record-game N replays game N.
//
// # Shards
//
// -shard i/K plays only games i+1, i+1+K, ... (i from 0); -shard auto/K
// takes i from $JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) or
// $SLURM_ARRAY_TASK_ID (a SLURM array numbered from 0). A shard needs
// -results FILE, the results as JSON lines; tournament merge reads the K
// files (in any order) and prints the games and the summary exactly as
// one run of the whole match would, and -records writes their records.
//
// # Resuming
//
// While the match runs, its results go to FILE.partial, each game's line
// on the disk as the game ends. A match stopped early (an interrupt, a
// killed process or a lost machine) leaves it, and the same command line
// with -resume goes on from it: the games it holds are reported and
// written again, records included, and only the rest are played. With
// nothing to resume it starts the match, so that a batch system can pass
// -resume to every start; after a match that ended it plays nothing.
//
// # Output
//
// A header line; then, unless standard output is a terminal, one line per
// game in game order (match.Result.Line); then A's wins, draws and
// losses, A's score rate with its 95% Wilson interval, and the Elo
// difference A-B with its interval; when one player won every game, the
// finite bound alone ("> +166"). Progress goes to standard error after
// about a second, unless -quiet. Files are written whole or not at all.
//
// # Exit status
//
// 0 on success; bad flags or specs: one line and 2 (-h: the usage, 0); a
// file that cannot be written, a player that fails or an interrupt (the
// summary then counts the games played): one line and 1.
package main

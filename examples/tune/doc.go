// Command tune fits the tables of Awalé's evaluation (awale.Rules.Estimate)
// to the results of self-play games, by Texel's method: a logistic
// regression of each position's final result (won 1, drawn 1/2, lost 0,
// for the player to move) on the evaluation's value v, through
// 1/(1+exp(-k*v)).
//
// Usage:
//
//	go run ./examples/tune gen -o FILE [-games N] [-depth D] [-workers W] [-duration T] [-seed S]
//	go run ./examples/tune fit -i FILE [-o awale/estimate_tables.go] [-iters N] [-lambda L] [-fix TABLES]
//
// gen plays self-play games under the Abapa rules, each opened by 4 to 12
// random plies (-random-min, -random-max; the count and the moves drawn
// from -seed and the game's number), then played by alpha-beta at -depth
// with quiescence and the evaluation of examples/uci/ELO.md's change 1
// (the row evaluation) on both sides, and writes every position after the
// opening with its game's number and result, one a line (see the record
// type). -duration stops it after that long, keeping the games finished;
// it shows progress on standard error and writes the file at the end
// (a temporary file renamed into place).
//
// fit reads those positions, holds out every game whose number is a
// multiple of -holdout, and fits the weights of the evaluation's features
// (see features.go: a value per house and seed count for the mover's row
// and for his opponent's, per store count for each, and per largest
// immediate capture for each) and the scale k, by Adam on the
// cross-entropy, starting from the row evaluation and pulled towards it
// by -lambda (so that cells that few positions reach stay near it). It
// prints the loss of the row evaluation and of the fitted one on the
// positions fitted and on those held out, and with -o writes the tables
// as the Go source of the awale package (estimate_tables.go), with the
// command at its top.
//
// The tables in the awale package were made by the commands in
// examples/uci/ELO.md (change 8), which also gives the matches that
// measured them.
package main

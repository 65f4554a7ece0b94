// Command tune fits the tables of Awalé's evaluation (awale.Rules.Estimate)
// to the results of self-play games by Texel's method, with package
// awale/tune, which documents the method, the records and the features.
//
// Usage:
//
//	go run ./examples/tune gen -o FILE [-games N] [-depth D] [-parallel W] [-seed S] [-shard I/K] [-resume] [-duration T] [-quiet]
//	go run ./examples/tune merge -o FILE SHARD...
//	go run ./examples/tune fit -i FILE [-o awale/estimate_tables.go] [-iters N] [-lambda L] [-holdout H] [-fix TABLES] [-quiet]
//
// gen plays games 0 to N-1 and writes their records, in game order, to
// -o. -shard I/K plays the games g with g mod K = I (auto/K: I from
// JOB_COMPLETION_INDEX, a Kubernetes Indexed Job's, or SLURM_ARRAY_TASK_ID);
// merge joins the shards' files into exactly the file of one run
// (README.md). -duration stops after that long, keeping the games
// finished; so does an interrupt (SIGINT, SIGTERM), then exiting 1;
// -resume with the same flags plays the games -o lacks. fit fits the
// tables from the row evaluation (examples/uci/ELO.md's change 1), prints
// the losses before and after on the positions fitted and held out (every
// game whose number is a multiple of -holdout), and with -o writes the
// awale package's estimate_tables.go. Files are written to a temporary
// name, synced and renamed; progress goes to standard error.
//
// The tables in the awale package were made by the commands of
// examples/uci/ELO.md (change 8). Bad flags give a one-line error and exit
// status 2; -h prints usage and exits 0.
package main

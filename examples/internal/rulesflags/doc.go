// Package rulesflags gives the example programs of the sowing module one
// set of command-line flags, with the same names, types and defaults in
// every program: the game and its options, the random seed, -quiet, and
// the parsing that makes -h and bad flags behave alike. It also reads the
// record files the programs exchange.
//
// # Game flags
//
// [Register] defines the game flags of package mancala/rulesflag on a
// [flag.FlagSet]: -game NAME (any family registered with package mancala;
// this package registers the module's games by importing them), -rules
// 'PRESET KEY=VALUE...', and one flag for each param of the registered
// families (-houses, -seeds, -rounds, ...). No game is named here: a new
// game registered with package mancala gets the flags, and [Parse] lists
// it under -h. [Flags.NewGame] builds the ruleset and starts a game from
// a -position text, which [ParsePosition] and [ParsePositionFor] read: the
// core position text, or the game's own ([mancala.PositionNotation],
// Awalé's Aalina text). [Named] builds a ruleset from a -game and a -rules
// flag that a program defines itself (with defaults of its own).
//
// # Endgame databases
//
// [RegisterEndgame] defines the flags of the programs that search:
//
//	-endgame DIR        load the endgame databases of the rules played from DIR
//	                    (as go run ./examples/endgame build saved them; cache: its default directory)
//	-endgame-stones K   the counts 0 to K (default: every count in a row from 0 that DIR holds)
//	-endgame-approx     Awalé rules without exact databases use those of the nearest exact rules
//
// [EndgameFlags.Load] (or [LoadEndgame]) loads them, building nothing, for
// the ruleset built from the game flags, through its retrograde
// capability (mancala/endgame's Retrograder): awale's exact rules (the
// Awari preset; any grand slam rule with the split cycle rule and no stop
// at a majority) and Kalah. Rules without exact databases may name the
// nearest exact ones (endgame.Approximator). Abapa and the documents' rules have no exact
// databases (their cycle rule gives each player his own row, which depends
// on where the cycle is met; Abapa stops at a majority, which depends on
// the stores): -endgame-approx gives them those of the same board and
// grand slam rule with the split cycle rule and no stop at a majority
// ("awale grandslam=nocapture cycle=split" for Abapa), whose values are
// then estimates, and [Endgame.Exact] says so. A search takes a value the
// databases hold as the position's value: under exact databases that is a
// proof, under estimates a strong evaluation, not a proof, and an exact
// solver must refuse them. [Endgame.String] is the one line a program
// writes on standard error (unless -quiet) to say what it loaded;
// [Endgame.Rules] and [Endgame.Engine] give the searchers the oracle
// (search.WithEndgame) while the game keeps its own rules.
//
// # Program flags and exit statuses
//
// [RandSeed] defines -seed (int64, default 1), the seed of every
// random choice, and [Quiet] defines -quiet, which turns off progress lines
// on standard error. [Parse] parses a program's arguments: -h prints the
// usage and the registered games on standard output and exits 0; a bad
// flag or value gives one line on standard error that says what was
// expected, and [ExitUsage]. A
// program exits [ExitFailure] when the work itself fails. [Quote] and
// [Line] keep messages short and on one line.
//
// # Records
//
// [ReadRecords] reads a record file in any form the programs write (record
// text, JSON, OGN) and [Resolve] builds the ruleset a record names, for
// [record.Record.Replay].
//
// # Concurrency
//
// A [Flags] belongs to its flag set and is meant for one goroutine, like
// the flag set itself. The functions are safe for concurrent use.
package rulesflags

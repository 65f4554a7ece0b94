// Command analyze searches a position of a sowing game with the alpha-beta
// searcher of package mancala/search and prints what each iteration of the
// search found: the best move, its value and whose value it is, the
// principal variation and, at a simultaneous decision (Congkak's opening),
// both players' optimal mixed strategies.
//
// # Usage
//
//	go run ./examples/analyze [game flags] [-position TEXT] [-moves MOVES]
//		[-depth N | -solve] [-time D] [-seed N]
//		[-endgame DIR [-endgame-stones K] [-endgame-approx]] [-quiet]
//	go run ./examples/analyze -record FILE [-record-game N] [-ply N] [-moves MOVES] ...
//
// The game flags are those of package examples/internal/rulesflags, the
// same in every example program (-game awale|oware|congkak|kalah, -rules,
// -houses, -seeds and each game's options; run with -h to list them). The
// position analysed is the game's start, or -position (position text of
// [mancala.ParsePosition], or Aalina for awale), after the moves of -moves
// (move notation, as in [mancala.Game.PlayText]). With -record it is the
// position of a saved game (record text as the play command saves it,
// JSON or OGN; -record-game N picks the Nth game of the file) after its
// first -ply moves (default: all of them), then -moves.
//
// The search deepens one decision at a time, from depth 1, until depth N
// (-depth; 0: no limit), until the whole game is solved, or until the time
// budget -time runs out (a duration such as 30s; default 10s; 0: none, then
// -depth is required). -seed seeds the sampling of a move from a
// mixed strategy. A search that runs longer than about a second shows the
// depth it is on on standard error, unless -quiet.
//
// # Output
//
// A first line gives the position, the moves played to reach it and who is
// to move. Then, for each completed depth d, one line
//
//	depth d value +V for South (seeds) nodes N time T move M pv MOVES
//
// where V is the value of the position, with its sign, for the player who
// decides (South at a simultaneous decision), the line names: the store
// difference in seeds (his store minus the other's) where lines reach the
// end of the game, the evaluator's estimate in seeds at the horizon.
// "exact" follows "(seeds)" when every line reached the end of the game.
// At a simultaneous decision two more lines give each player's optimal
// mixed strategy in the matrix game of the joint moves, as the probability
// of each house:
//
//	south A 0.000 B 0.250 ...
//	north a 0.000 b 0.125 ...
//
// An iteration cut short by the time budget is not printed; the last line
// gives the total time.
//
// # Solving
//
// -solve solves the position exactly with search.Solve instead: it prints
//
//	value V
//
// on a line of its own, V being South's final store minus North's under
// perfect play (at a simultaneous decision the value of the matrix games,
// the expected difference when both play their optimal mixed strategies),
// then "fraction P/Q" when V is a simple fraction, the two strategy lines
// at a simultaneous decision, and "pv MOVES". Nodes and time go to
// standard error. A board too large to solve within -time says so (exit
// status 1). congkak/ANALYSIS.md holds the values of small Congkak boards
// solved this way, each with its command.
//
// # Endgame databases
//
// -endgame DIR gives the search and the solver the endgame databases of
// the rules analysed (those of the game flags, or of the record), from
// DIR, as go run ./examples/endgame build saved them (-endgame-stones K:
// the counts 0 to K only); a line on standard error says what was loaded,
// unless -quiet. A position whose seeds on the board they hold is not
// searched: its value is read. Under Abapa and the documents' rules,
// which have no exact databases, -endgame-approx loads those of the
// nearest exact rules: the search then takes their values as estimates,
// and its lines say "exact up to the databases' estimates" where they
// would say "exact"; -solve refuses them, since its value must be exact
// (exit status 2). See package examples/internal/rulesflags.
//
//	go run ./examples/analyze -rules awari -position "0,2,0,1,0,1/1,0,2,0,1,0 21,19 S" -solve -endgame cache
//
// # Exit status
//
// 0 on success; -h prints the usage and exits 0. Bad flags, a bad position
// or move text, a finished game (the message says why it ended), or
// -endgame naming no databases of the rules: a one-line error and exit
// status 2. A move the rules refuse (named by its number from 1 and its
// column in -moves), a record file that cannot be read, or a damaged
// database file: a one-line error and exit status 1.
package main

// Command analyze searches a position of a sowing game with the alpha-beta
// searcher of package mancala/search and prints what each iteration of the
// search found: the best move, its value, the principal variation and, at a
// simultaneous decision (Congkak's opening), both players' optimal mixed
// strategies.
//
// # Usage
//
//	go run ./examples/analyze [game flags] [-position TEXT] [-moves MOVES]
//		[-depth N] [-time D] [-seed S]
//
// The game flags are -game awale|congkak, -rules and the options of package
// examples/internal/rulesflags (run with -h to list them). The position
// analysed is the game's start, or -position (position text of
// [mancala.ParsePosition], or Aalina for awale), after the moves of -moves
// (move notation, as in [mancala.Game.PlayText]).
//
// The search deepens one decision at a time, from depth 1, until depth N
// (-depth; 0: no limit), until the whole game is solved, or until the time
// budget -time runs out (default 10s; 0: none, then -depth is required).
//
// # Output
//
// For each completed depth d, one line
//
//	depth d value V nodes N time T move M pv MOVES
//
// where V is the value of the position for the player who decides (South
// at a simultaneous decision): the store difference in seeds where lines
// reach the end of the game, the evaluator's estimate in seeds at the
// horizon. "exact" follows V when every line reached the end of the game.
// At a simultaneous decision two more lines give each player's optimal
// mixed strategy in the matrix game of the joint moves, as the probability
// of each house:
//
//	south A 0.000 B 0.250 ...
//	north a 0.000 b 0.125 ...
//
// An iteration cut short by the time budget is not printed; the last line
// gives the total time. Bad flags, a bad position or an illegal move: a
// one-line error and exit status 2.
package main

// Command analyze searches a position of a sowing game and prints what
// each depth of the search found, or solves it exactly (-solve); the
// work and the lines are package mancala/analysis's.
//
// # Usage
//
//	go run ./examples/analyze [game flags] [-position TEXT] [-moves MOVES]
//		[-depth N | -solve] [-time D] [-seed N]
//		[-endgame DIR [-endgame-stones K] [-endgame-approx]] [-quiet]
//	go run ./examples/analyze -record FILE [-record-game N] [-ply N] [-moves MOVES] ...
//	go run ./examples/analyze -review -record FILE [-record-game N] [-lost-by NAME] [-depth N]
//		[-each-move] [-given N] [-opening-plies N] [-ending-seeds N] [-lost V] [-endgame DIR ...]
//
// The game flags are those of package examples/internal/rulesflags. The
// position is the game's start or -position, after -moves; with -record,
// the position of a saved game (record text, JSON or OGN; -record-game N
// picks the Nth game) after its first -ply moves (default: all), then
// -moves. The search deepens from depth 1 to -depth (0: no limit), until
// the game is solved or the time budget -time runs out (default 10s; 0:
// none, then give -depth); -seed seeds the sampling of a move from a
// mixed strategy. Progress goes to standard error after about a second,
// unless -quiet.
//
// # Output
//
// A line gives the position, the moves played and who is to move; then a
// line a completed depth (analysis.Iteration.Lines):
//
//	depth d value +V for South (seeds) nodes N time T move M pv MOVES
//
// V being the value for the player who decides (South at a simultaneous
// decision), "exact" after "(seeds)" when every line reached the end,
// with both players' mixed strategies at a simultaneous decision; the
// last line gives the total time. -solve prints "value V" (South's final
// store minus North's under perfect play), "fraction P/Q" for a value
// that is a simple fraction, the strategies, and "pv MOVES"
// (analysis.SolutionLines); nodes and time go to standard error.
//
// -endgame DIR gives the search and the solver the endgame databases of
// the rules analysed (see package rulesflags); -endgame-approx, those of
// the nearest exact rules, whose values are estimates ("exact up to the
// databases' estimates"), which -solve refuses.
//
//	go run ./examples/analyze -rules awari -position "0,2,0,1,0,1/1,0,2,0,1,0 21,19 S" -solve -endgame cache
//
// # Review
//
// -review reviews whole games (package mancala/analysis's Review): every
// position of each game of the -record file (or of -record-game N) is
// searched at -depth (default 16), and for each lost game it says where
// the game was decided (the ply from which the loser's value stays at or
// below -lost seeds, default 4), in which phase (the opening: the first
// -opening-plies moves, default 20; the endgame: at most -ending-seeds
// seeds in the houses, default 20; the middle game between), and the
// loser's costliest move before it; -each-move adds a line a move. A last
// line counts the lost games decided in each phase. -lost-by NAME keeps the
// games lost by a player whose South or North tag holds NAME, and -given N
// says that the first N moves were nobody's choice (the random opening of
// a match), so that none of them is the costliest move. The games that
// uci match writes with -records are such a file:
//
//	go run ./examples/analyze -review -record m500.records -lost-by sowing -given 6 -depth 20 \
//		-endgame ~/.cache/sowing/endgame -endgame-approx
//
// # Exit status
//
// 0 on success and for -h. Bad flags, a bad position or move text, a
// finished game, or -endgame naming no databases of the rules: a one-line
// error and exit status 2. A move the rules refuse, a record file that
// cannot be read, a damaged database file or a board too large to solve
// within -time: a one-line error and exit status 1.
package main

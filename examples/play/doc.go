// Command play is a terminal game of Awalé, Congkak or Kalah against the
// computer (or between two people at one keyboard, or two computer
// players). The game itself is package mancala/play; this program wires
// the examples' flags to it.
//
// Usage:
//
//	go run ./examples/play [-game NAME] [-rules 'PRESET KEY=VALUE...'] [-houses N ...] \
//		[-ai SPEC] [-human south|north|both|none] [-seed N] [-color auto|always|never] \
//		[-verbose|-quiet] [-width N] [-endgame DIR [-endgame-stones K] [-endgame-approx]]
//
// Without flags it starts Awalé under the documents' rules, the human
// playing South against play.DefaultAI. The rule flags are the examples'
// shared ones (package rulesflags). -ai takes any spec of
// search.ParseEngine ("random", "greedy", "alphabeta:depth=6",
// "mcts:playouts=5000", "level:easy" ... "level:max"); -seed seeds the
// computer's random choices. -verbose shows the board after every
// decision; -quiet gives one short line a turn and the board only before
// a human decides and at the end. -width wraps the rules command's text
// (0: the COLUMNS environment variable, else 80). -endgame DIR gives the
// computer and the hint the endgame databases of the rules played, as
// go run ./examples/endgame build saved them (see package rulesflags).
//
// # Playing
//
// Type the letter of one of your houses (A, B, ... South's; a, b, ...
// North's) or a command: help, rules [ID], board, hint, undo, redo,
// save FILE, load FILE, resign, quit (see package mancala/play). save
// never destroys an older file, and refuses to replace a file that is not
// a game record; load reads record text, JSON or OGN
// (rulesflags.ReadRecords) and continues the game under its own rules.
// Colour is used on a terminal unless NO_COLOR is set; -color always or
// never decides.
//
// # Exit status
//
// 0 when the game ends, the human quits or resigns, or the input ends;
// 1 when the output cannot be written, the input fails (a line over 1
// MiB), a computer player fails or a database file is damaged; 2 for bad
// flags, with one line saying why. -h prints the usage and exits 0.
//
// # Concurrency
//
// The program runs one game on one goroutine.
package main

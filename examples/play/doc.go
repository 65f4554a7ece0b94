// Command play is a terminal game of Awalé or Congkak against the computer
// (or between two people at one keyboard, or two computer players).
//
// Usage:
//
//	go run ./examples/play [-game awale|congkak] [rule flags] \
//		[-ai SPEC] [-human south|north|both|none] [-seed N] [-color auto|always|never]
//
// Without flags it starts Awalé under the documents' rules, the human
// playing South against alpha-beta search limited to a fraction of a
// second a move ("alphabeta:depth=12,time=300ms"). The rule flags are the
// examples' shared ones (-rules, -houses, -seeds, -opening, -rounds, ...;
// see package rulesflags). -ai takes any spec of search.ParsePlayer
// ("random", "greedy", "alphabeta:depth=6", "alphabeta:time=1s",
// "mcts:playouts=5000", ...); -seed seeds the computer's random choices.
//
// # Playing
//
// At each of his decisions the human types the letter of a house: A, B, ...
// for South, a, b, ... for North (either case is accepted for the player
// whose prompt it is). A refused move is explained with the rule that
// forbids it (AW-5, CK-3, ...) and the prompt comes back. Commands:
//
//	help          the commands
//	board         the board again
//	hint          the computer's suggestion for the decision at hand
//	undo, redo    take back (replay) the moves back to the human's previous
//	              (next) decision, past the computer's replies
//	save FILE     write the game as a record (package mancala/record text)
//	load FILE     continue the game of a record written by save
//	resign        concede the game
//	quit          leave the program
//
// A Congkak turn in which the last seed reaches the player's store (CK-3)
// simply asks the same player again. In the simultaneous opening of a
// Congkak set (CK-8) the computer commits to its choice first ("the
// computer has chosen"), without showing it; the human then types his
// letter, both are revealed and the joint move is played. Two humans at a
// simultaneous decision type both letters at South's prompt ("Ab"), or
// one letter at each of the two prompts.
//
// # Display
//
// The board is drawn with box-drawing characters: North's row on top,
// read right to left (house a at the right), South's row below, read left
// to right, North's store at the left and South's at the right, so that
// sowing runs counter-clockwise round the diagram. Burnt Congkak houses
// show as ×; seeds in hands, the round and whose turn it is are written
// beneath. After each move a line says what it did to the stores
// (captures, seeds sown into a store) and which round began.
//
// Colour (ANSI escapes) is used when standard output is a terminal and
// the NO_COLOR environment variable is empty or unset; -color always or
// never overrides the test.
//
// # Exit status
//
// 0 when the game ends, the human quits or resigns, or the input ends
// (the game is then abandoned); 1 when the output cannot be written or a
// computer player fails; 2 for bad flags.
//
// # Saved games
//
// save writes the game in the record text of package mancala/record, with
// the ruleset's name in the Rules tag ("awale abapa", "congkak
// opening=sequential rounds=1") and who played each side in the South and
// North tags; load reads the first game of such a file, builds its ruleset
// from the Rules tag, replays and checks its moves, and continues it under
// its own rules, whatever the flags said.
//
// # Concurrency
//
// The program runs one game on one goroutine; the computer players are
// made for it alone.
package main

// Command replay plays a sequence of moves through a sowing game and
// prints every position on the way.
//
// # Usage
//
//	go run ./examples/replay [game flags] [-position TEXT] -moves "FfBe..." [-json]
//
// The game flags are those of package examples/internal/rulesflags (run
// with -h to list them); -position is read as by the perft command. Moves
// are written as for [mancala.Game.PlayText]: house letters run together,
// optionally separated by spaces or commas, with two letters (South's then
// North's) for one move at a simultaneous decision.
//
// # Output
//
// Text mode prints the start position and the position after each move:
// the board diagram ([mancala.Board.String]), the position text, who is to
// move and the legal moves, or the result once the game is over.
//
// With -json it prints one JSON object per line, for the start position and
// after each move:
//
//	ply         moves played so far
//	move        the move just played (absent at the start)
//	position    the position text
//	houses      seeds in South's houses A.. then North's a..
//	stores      [South, North]
//	toMove      "south", "north" or "both"; absent once the game is over
//	legal       the legal moves' letters; [] once over; absent at a
//	            simultaneous decision, which has instead
//	legalSouth, legalNorth   each side's choices ([mancala.Choices])
//	over        whether the game is over
//	result      "south", "north" or "draw", once over
//	scores      [South, North], once over
//
// and for congkak also round, burnt (the burnt houses' letters) and inHand
// ([South, North] seeds in flight).
//
// # Exit status
//
// An illegal move stops the replay, after the positions before it, with a
// one-line message on standard error that names the move, its index
// (counted from 0), its offset in -moves and the reason, and exit status 1.
// Bad flags, a bad position or malformed move text exit with status 2.
//
// # Concurrency
//
// The program is single-threaded.
package main

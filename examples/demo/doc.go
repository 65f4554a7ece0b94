// Command demo plays one game of Awalé between two simple built-in
// strategies and prints every move, the board after it, and the result.
//
// # Usage
//
//	go run ./examples/demo [-seed N]
//
// South plays greedily: the move that puts the most seeds into his store at
// once, the lowest house on ties. North plays at random, from a PCG
// generator with a fixed seed (-seed, default 1), so the game is the same
// every time and on every platform. The rules are the documents' rules of
// package awale ([awale.Documents]), played through [mancala.Game]. The
// last line gives the result and why the game ended, with the rule
// ([mancala.Ending]): "South (greedy) wins 37 to 11 after 108 moves (no
// move for South, AW-7)."
//
// # Concurrency
//
// The program is single-threaded.
package main

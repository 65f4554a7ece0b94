// Command uci is our engine behind the mancala engine protocol (the UCI
// dialect of Aalina and Aualé; see package mancala/uci), for Awalé by
// default or any registered game, and a match tool that measures one
// engine against another.
//
// Usage:
//
//	go run ./examples/uci [-game FAMILY] [-rules NAME] [-level easy|medium|hard|max] [-hash MB] [-min-answer D]
//		[-ownbook] [-book FILE] [-endgame DIR [-endgame-stones K] [-endgame-approx]]
//	go run ./examples/uci match -a SPEC -b SPEC [-games N] [-openings N] [-sprt ELO0,ELO1] ...
//	go run ./examples/uci book -plies N [-depth D] [-time T] [-rules PRESET] -out FILE
//
// Without a subcommand it reads protocol commands on stdin and answers on
// stdout, so that a GUI can run it as its engine: point the GUI at a built
// binary (go build ./examples/uci). -rules NAME is a ruleset name of any
// registered family ("congkak", "congkak overbeck", "awale awari") or an
// Awalé preset (abapa, the default, awari or default); -game FAMILY
// serves that family's first preset, or with -rules the family's ruleset
// that it names. -min-answer D (default 50ms) is the
// least time from a go with a movetime to its bestmove: the Aualé program
// loses an answer that comes sooner (see package mancala/uci); 0 turns the
// wait off.
//
// -endgame DIR gives the engine the endgame databases of the -rules
// ruleset from DIR, as go run ./examples/endgame build saved them
// (-endgame-stones K: the counts 0 to K only; -endgame-approx: under abapa
// or default, which have no exact databases, those of the nearest exact
// rules, as estimates; see package examples/internal/rulesflags), and
// says so in one line on standard error. They serve those rules only: if
// the GUI switches to others, the engine searches without them.
//
// -ownbook starts the engine with the option OwnBook on (a GUI can turn
// it on too; see package mancala/uci): the engine then plays the first
// moves from its opening book, the embedded Abapa book (under the Abapa
// rules), or with -book FILE a book file of the -rules ruleset. It is off
// by default (README.md says why).
//
// # Book
//
// book builds an opening book for the -rules ruleset (-game as above): every position within
// -plies moves of the start, searched by the engine (level max) to -depth
// or for -time each, into -out (saved every 30 seconds, atomically; the
// same command after an interruption resumes from the file), with a
// progress line for each position on standard error. The engine's
// embedded book was built with
//
//	go run ./examples/uci book -plies 3 -time 5s -out mancala/uci/abapa.book
//
// # Match
//
// match plays A against B under the Abapa rules from a set of balanced
// openings (a few random moves from the start, kept when a shallow search
// finds them even), each opening twice with the colours swapped, and
// prints A's wins, draws and losses, its score and the Elo difference with
// a 95% interval. With -sprt it runs a sequential probability ratio test of
// H0 "A is ELO0 stronger" against H1 "A is ELO1 stronger" (alpha = beta =
// 0.05) and stops as soon as it decides, or after -games.
//
// A SPEC is one of
//
//	engine:time=50ms,quiesce=on,eval=default  our engine in process (keys below)
//	uci:movetime=50ms,cmd=PATH ARGS...         an external engine (see uci.ParseEngine)
//	alphabeta:depth=6, level:hard, random ...   search.ParseEngine's players
//
// engine: keys are level (search.LevelOptions, the options the other keys
// change, wherever it stands), depth, time, nodes, table, threads, and
// the strength switches that ELO.md measures: quiesce=on|off, and eval=
// rules (the ruleset's own Estimate, also called awale; the default),
// default, store, or w:ROW:SMALL:KROO:MOBILITY (search.Weights;
// w:0.15:0.5:0:0.5 is the row evaluation, Awalé's Estimate before ELO.md's
// change 8); and book=on|off: on plays from the engine's embedded Abapa
// book where it can (book.Engine), off (the default) searches every move.
//
// Every spec but uci: also takes the keys endgame=DIR, endgame-stones=K
// and endgame-approx=on, the -endgame flags of the engine for that player
// alone, so that a match with databases against without is one command:
//
//	go run ./examples/uci match -rules awari -a engine:time=100ms,endgame=DIR -b engine:time=100ms
package main

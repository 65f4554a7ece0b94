// Command play is a terminal game of Awalé, Congkak or Kalah against the computer
// (or between two people at one keyboard, or two computer players).
//
// Usage:
//
//	go run ./examples/play [-game awale|congkak] [rule flags] \
//		[-ai SPEC] [-human south|north|both|none] [-seed N] [-color auto|always|never] \
//		[-verbose|-quiet] [-endgame DIR [-endgame-stones K] [-endgame-approx]]
//
// Without flags it starts Awalé under the documents' rules, the human
// playing South against alpha-beta search limited to a fraction of a
// second a move ("alphabeta:depth=12,time=300ms"). The rule flags are the
// examples' shared ones (-rules, -houses, -seeds, -opening, -rounds, ...;
// see package rulesflags). -ai takes any spec of search.ParseEngine
// ("random", "greedy", "alphabeta:depth=6", "alphabeta:time=1s",
// "mcts:playouts=5000", ...), including the strength levels "level:easy",
// "level:medium", "level:hard" and "level:max", the same engine as the
// engine protocol's levels (see search.LevelOptions); -seed seeds
// the computer's random choices.
// -verbose shows the board after every decision; -quiet gives one short
// line per turn ("South plays F E B.", a Congkak turn of three decisions)
// and the board only before a human decides and at the end.
//
// -endgame DIR gives the computer (and hint) the endgame databases of the
// rules played, as go run ./examples/endgame build saved them in DIR
// (-endgame-stones K: the counts 0 to K only; -endgame-approx: for Abapa
// or the documents' rules, those of the nearest exact rules, whose values
// are estimates: see package examples/internal/rulesflags). An alpha-beta
// player then plays every position they hold perfectly (under estimates,
// as well as they estimate); a line on standard error says what was
// loaded, unless -quiet. A game loaded with other rules is played without
// them, and the program says so. For example:
//
//	go run ./examples/endgame build -rules awari -stones 16
//	go run ./examples/play -rules awari -endgame cache
//
// # Playing
//
// At each of his decisions the human types the letter of one of his houses:
// capital letters A, B, ... are South's houses, small letters a, b, ...
// North's, as in every record. The other side's letter is refused with a
// reminder of whose it is (the prompt lists the houses the player may
// choose). A refused move is explained with the rule that forbids it
// (AW-5, CK-3, ...) and the prompt comes back. A line longer than 1 MiB
// ends the program with an error; messages repeat at most 60 bytes of a
// line typed. Commands:
//
//	help          the commands
//	rules [ID]    the rules of the game as its package states them
//	              (awale.RulesText, congkak.RulesText), or one rule: rules CK-4
//	board         the board again
//	hint          the engine's suggestion for the decision at hand, the
//	              value of the position for the player, in seeds, and the
//	              line it expects; at a simultaneous decision (Congkak's
//	              opening, CK-8) both players' optimal mixed strategies
//	undo, redo    take back (replay) the moves back to the human's previous
//	              (next) decision, past the computer's replies
//	save FILE     write the game as a record (package mancala/record text)
//	load FILE     continue the game of a record written by save
//	resign        concede the game
//	quit          leave the program; at a terminal, with moves that no
//	              save holds, it first offers to save them
//
// At the end of the input the program leaves, saying whether the game
// had moves that no save holds. hint asks alpha-beta search: the -ai
// player if it is one, else the default spec.
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
// beneath.
//
// Each decision gets one line, built from the ruleset's event stream
// ([mancala.Tracer]): the house sown, the relays (CK-4), the captures
// (AW-4, CK-5), a last seed stopped in an empty house of the opponent
// (CK-6) or reaching the mover's store so that he plays again (CK-3), and
// what the decision did to the mover's store. The two hands of a
// simultaneous decision get a line each. The board follows when the turn
// passes to the other player or a round begins, so that a Congkak turn of
// many decisions fills a few lines, not many boards. A round's end gives
// each player's seeds (CK-10), who starts the next (CK-13) and its burnt
// houses (CK-11); rounds are numbered from the round ends
// (congkak.Rules.RoundEnded), since a full set keeps Position.Round at 1;
// the game's end says why it ended and under which rule, when the ruleset
// says ([mancala.EndingOf]): "Game over: endless cycle (AW-8). North
// wins, 29–19.", "North cannot fill a house for the next round (CK-14)",
// "the next round would start as an earlier one did (CK-16)".
//
// Colour (ANSI escapes) is used when standard output is a terminal and
// the NO_COLOR environment variable is empty or unset; -color always or
// never overrides the test.
//
// # Exit status
//
// 0 when the game ends, the human quits or resigns, or the input ends
// (the game is then abandoned); 1 when the output cannot be written, the
// input fails (a line over 1 MiB), a computer player fails or a database
// file is damaged; 2 for bad flags (-endgame naming no databases of the
// rules among them), with one line saying why. -h prints the usage and
// exits 0.
//
// # Saved games
//
// save writes the game in the record text of package mancala/record, with
// the ruleset's name in the Rules tag ("awale abapa", "congkak
// opening=sequential rounds=1") and who played each side in the South and
// North tags (the -ai spec as parsed, without blanks). It writes a
// temporary file in the same directory, syncs it and renames it over the
// name (package examples/internal/atomicfile, mode 0644), so a failed save
// never destroys the file it was to replace; names that are not regular
// files (a directory, /dev/full) are refused. load reads record text,
// JSON or OGN (rulesflags.ReadRecords): it takes the first game of the
// file, builds its ruleset from the Rules tag (rulesflags.Resolve),
// replays and checks its moves, and continues it under its own rules,
// whatever the flags said.
//
// # Concurrency
//
// The program runs one game on one goroutine; the computer players are
// made for it alone.
package main

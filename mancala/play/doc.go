// Package play is a game of any sowing ruleset at a text terminal: people
// type house letters and commands, the computer answers with an engine of
// package search, and every decision is told in words.
//
// A [Session] reads lines from an io.Reader and writes to an io.Writer,
// so a program wires it to a terminal (as examples/play does) and a test
// to a script:
//
//	s, err := play.New(play.Config{Rules: r, Human: [2]bool{true, false}, AI: "greedy"})
//	...
//	err = s.Run(os.Stdin, os.Stdout)
//
// The package knows no game by name: it plays any [mancala.Ruleset]. What
// it says of a game comes from the core: the game's name from
// [mancala.Label], the rules from its registered family
// ([mancala.FamilyOf], [mancala.Family].RulesText), each decision from
// [mancala.Narrate] over the steps that [mancala.Game.PlayTrace] reports,
// the rounds from [mancala.Game.Round], the ending from
// [mancala.EndingOf].
//
// # Playing
//
// At each of his decisions a person types the letter of one of his
// houses: capital letters A, B, ... are South's, small letters a, b, ...
// North's, as in every record; the prompt lists the houses he may
// choose. The other side's letter is refused with a reminder of whose it
// is, and a refused move is explained with the rule that forbids it. At
// a simultaneous decision the computer commits to its choice first,
// hidden; two people type both letters at South's prompt ("Ab") or one
// at each prompt. Commands:
//
//	help          the commands
//	rules [ID]    the rules for players, wrapped to Config.Width, or one rule
//	board         the board again
//	hint          the engine's suggestion, its value in seeds and its line
//	undo, redo    take back (replay) the moves back to the person's
//	              previous (next) decision, past the computer's replies
//	save FILE     write the game as a record (record.WriteFile)
//	load FILE     continue the first game of a record file
//	resign        concede the game
//	quit          leave; at a terminal with unsaved moves, offer to save
//
// save never destroys an older file: it writes through a temporary file
// and a rename, and refuses to replace a file that holds something else
// than game records (any game's records may be replaced). load replays
// and checks the record's moves and continues it under its own rules.
//
// # Output
//
// The board is drawn with box-drawing characters, North's row on top
// read right to left, South's below read left to right, North's store at
// the left and South's at the right, with the houses that changed since
// the last board in bold when Config.Color is set. Each decision gets a
// line, followed by the notes of [mancala.Narrate] (captures, relays,
// moving again, the end of a round, each with its rule id); the board
// follows when the turn passes ([Normal]), after every decision
// ([Verbose]), or only before a person decides ([Quiet], one short line
// a turn). The result puts the winner's score first: "Game over: endless
// cycle (AW-8). North wins, 29–19." ([ResultLine]).
//
// # Errors
//
// [New] refuses a configuration it cannot play with an error wrapping
// [ErrConfig]. [Session.Run] returns nil when the game ends, a person
// quits or resigns, or the input ends; otherwise the first error writing
// the output, an error wrapping [ErrLineTooLong] for a line over
// [MaxLine] bytes, the input's error, or one wrapping [ErrEngine] when a
// computer player fails. Nothing a person types makes it panic; messages
// repeat at most 60 bytes of a line typed.
//
// # Concurrency
//
// A Session belongs to one goroutine: Run plays one game on the
// goroutine that calls it, and its computer players are made for it
// alone. Distinct sessions may run concurrently. [Wrap] and [ResultLine]
// are safe for concurrent use.
package play

// Package book holds opening books: positions mapped to the moves to play
// there, found by deep searches ahead of time, so that an engine answers
// the first moves of a game at once and better than its clock allows.
//
// A [Book] maps a position (a mancala.Position, compared with ==) to an
// [Entry]: the move, and the value and depth of the search that chose it.
// [Book.Lookup] allocates nothing; [Book.Move] adds the checks that an
// engine needs before it plays a book move (the rules, the game's history,
// the move's legality). A book is tied to one ruleset by its name (the
// ruleset's String, as mancala.NewRuleset reads it). [Engine] is a
// search.Engine that plays from a book and asks another engine out of it.
//
// # Building
//
// [Build] searches every position within a number of moves of the start,
// both players' moves, with search.AlphaBeta and the options given, and
// records the best move; with [BuildOptions].Extend it then follows each
// line at that depth further, along the book's own moves, or with
// [BuildOptions].Reply against an opponent whose moves a search of its
// own finds (the lines the book will meet in games). It is a long
// job: it reports each position on a progress writer, saves the book to
// its file as it goes (atomically: [WriteFile]), stops when its context
// is done, and resumes from the file when run again.
//
// # The file
//
// A book file is text, a line an entry, after the rules and plies lines
// (# begins a comment):
//
//	# sowing opening book: position; move value depth
//	rules awale abapa
//	plies 3
//	4,4,4,4,4,4/4,4,4,4,4,4 0,0 S; F -0.1 16
//
// [Write] and [WriteFile] write it, [Read] and [ReadFile] read it (never
// panicking: bad text gives a *[ParseError] wrapping [ErrSyntax]), and
// [Load] reads it and checks it against a ruleset ([Book.Check]).
//
// # Concurrency
//
// A Book that no one adds to may be read by any number of goroutines at
// once. Build uses one goroutine (one search thread unless its options ask
// for more).
package book

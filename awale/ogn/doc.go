// Package ogn reads and writes OGN, the Oware Game Notation of the Aualé
// program (by Joan Sala Soler), as game records of package
// [github.com/sowing-games/sowing/mancala/record] played under Awalé rules
// ([github.com/sowing-games/sowing/awale]).
//
// An OGN file holds one game of Oware Abapa, the rules of [awale.Abapa]:
//
//	[Variant "Oware Abapa"]
//	[Event "?"]
//	[Site "?"]
//	[Date "?"]
//	[Round "?"]
//	[South "Ann"]
//	[North "Bob"]
//	[Result "25-19"]
//
//	1. C c 2. B b+2 { a comment } 3. ...
//	25-19
//
// The tags come first: Aualé's roster (Variant, Event, Site, Date, Round,
// South, North, Result, with "?" for unknown and "*" for a game not
// finished), then any others in name order, among them FEN for a start
// position other than the usual one. FEN holds 2n house counts (South's
// A, B, ..., then North's a, b, ...), the two stores and the player to move,
// joined by '-': "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S". The moves follow: a
// number before every other move, the house letter, and "+k" when the
// mover's store grew by k seeds; comments in braces; variations in
// parentheses, which the reader skips; and the result, the final stores as
// "South-North".
//
// [Read] returns a [record.Record]; [Resolve] is the [record.Resolver]
// that rebuilds its ruleset from the Rules tag (any Awalé ruleset name) or
// from Aualé's Variant tag; [Write] writes a record as Aualé does.
//
// # Errors
//
// Errors are *[record.Error] values, as the record package's own: malformed
// text wraps [mancala.ErrSyntax] and gives the line and column; a file over
// the record package's default limits ([record.MaxBytes], [record.MaxTags],
// [record.MaxMoves]) wraps [record.ErrTooLarge]. Records read from OGN
// replay with [record.Record.Replay]; its errors give the ply of a refused
// move, not its place in the OGN text.
//
// # Concurrency
//
// The functions are safe for concurrent use on distinct arguments.
package ogn

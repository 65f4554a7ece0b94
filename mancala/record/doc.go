// Package record reads and writes game records: whole games with their
// tags, start position, moves, comments and result, as text in the manner of
// chess's PGN, and as JSON. (Package
// [github.com/sowing-games/sowing/awale/ogn] reads and writes Awalé games in
// the OGN files of the Aualé program.)
//
// A [Record] is plain data. [New] makes one from a [mancala.Game];
// [Record.Replay] plays one back into a new Game, checking every move
// against the rules. The package knows no particular game: any ruleset whose
// moves use the core's move notation can be recorded, and the caller says
// how to build the ruleset from a record's tags with a [Resolver]:
//
//	rec, err := record.New(g, record.Tag{Name: "South", Value: "Ann"})
//	err = record.Write(w, rec)
//	...
//	recs, err := record.Load(r) // record text or JSON
//	g, err := recs[0].Replay(nil) // nil: rebuild the ruleset by name
//
// # Record text
//
// A record is a tag section and a movetext section, separated by a blank
// line:
//
//	[Rules "awale abapa"]
//	[South "Ann"]
//	[North "Bob"]
//	[Result "1-0"]
//	[Termination "no-move AW-7 north"]
//
//	1. C c 2. B {a quiet move} f 3. ...
//	1-0
//
// Each tag pair is [Name "value"] on a line of its own: the name is an ASCII
// letter followed by letters, digits and underscores; the value is UTF-8
// text on one line, with \" and \\ for a quote and a backslash. Names are
// unique. [Write] writes the record's [Tags] in their order, then Result,
// then Termination if the record says why the game ended ([Record.Ending];
// see [TagTermination]: the reason, the rule's id, the player concerned),
// and, if the game does not start from the ruleset's start position, Start
// with the start position in position text ([mancala.ParsePosition]).
// [TagRules] conventionally names the ruleset; [New] fills it in.
//
// The movetext lists the moves in the core's move notation, separated by
// white space: one letter for a player's decision ("C" is South's house C,
// "c" North's house c), two for a simultaneous decision, South's first
// ("Cb"). The letter's case says who moves, so a player who moves several
// times in a row (a Kalah or Congkak turn) simply has several moves in a row.
// A move number "N." stands before every other move, as in PGN; numbers are
// for people, and the reader checks only their form. A comment in braces
// ({...}, any text without a closing brace, line breaks included) may
// follow any move or precede the first. The result token ends the
// movetext: "1-0" (South won), "0-1" (North won), "1/2-1/2" (a draw) or "*"
// (the game goes on, or its result is unknown); it must agree with the
// Result tag. Movetext lines are kept within 79 columns where the tokens
// allow.
//
// A file may hold any number of records. A record ends at its result
// token, at the next tag section or at the end of the input; the reader
// accepts records without tags, without a Result tag or without a result
// token, and a UTF-8 byte order mark at the start.
//
// A [Reader] keeps within [Limits]: by default a record holds at most
// [MaxBytes] bytes of text, [MaxTags] tags and [MaxMoves] moves, a call of
// [Read] returns at most [MaxRecords] records, and more is refused with an
// error wrapping [ErrTooLarge].
//
// # Replaying
//
// [Record.Replay] builds the ruleset with a [Resolver], starts a game
// from the record's start position, plays the moves, and checks the result
// and the ending against the game: a result or ending that the moves
// contradict is refused ([ErrMismatch]); a win that the moves do not reach
// is a concession by the loser ([mancala.Game.Concede]) when the record
// says so (Termination "conceded north"), a result decided outside the
// rules stands when the record says so ([Adjudicated]), and any other is
// refused ([ErrUnreached]), so that a record cut short never passes for a
// finished game. The default resolver, [ByName], builds the ruleset that
// [TagRules] names through the registry of [mancala.NewRuleset]; [Fixed]
// is a resolver for one known ruleset. The module's rulesets' names are
// their String method's: the game, the preset and every option that
// differs from it.
//
// # JSON
//
// A Record encodes as a JSON object through its MarshalJSON and
// UnmarshalJSON methods (see [Record.MarshalJSON]):
//
//	{"tags":{"Rules":"awale abapa"},"moves":["C","c","B"],"result":"1-0","ending":"conceded north"}
//
// Positions and moves encode as JSON strings by themselves, through their
// MarshalText and UnmarshalText methods. [ReadJSON] reads a file of JSON
// records: one a line (JSON Lines), an array, or a single record. [Load]
// reads a file in either format, telling them apart by its first bytes;
// [Read] refuses JSON with an error that says so (wrapping [ErrFormat]).
//
// # Files
//
// [ReadFile] loads the records of a regular file; [WriteFile] saves
// records through a temporary file and a rename, so that a failed save
// never destroys the file it was to replace, and it replaces only a file
// that is empty or holds game records (of any game): a file of anything
// else is refused with an error wrapping [ErrNotRecord], untouched.
//
// # Errors
//
// The readers, [Record.Replay] and the JSON decoder return *[Error] values
// that give the line and column of the problem (for records read from
// text) and wrap its cause:
// [mancala.ErrSyntax] for malformed text, [ErrTooLarge] for a record over
// the reader's [Limits], a *[mancala.MoveError] (wrapping
// [mancala.ErrIllegalMove]) for a move the rules refuse, [ErrMismatch] and
// [ErrUnreached] for a result or ending that the moves contradict or do not
// reach, and so on. [New] and [Tags.Set] refuse tags that record text
// cannot hold, so that a record is never found unwritable half way through
// writing it; the writers check every record before they write a byte. Nothing
// in this package panics on bad input. Messages quote at most 60 bytes of
// the input.
//
// # Concurrency
//
// Records are plain values with slices and a map: share them read-only, or
// give each goroutine a [Record.Clone]. A [Reader] belongs to one
// goroutine. The functions are safe for concurrent use on distinct
// arguments.
package record

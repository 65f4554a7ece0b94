// Package uci speaks the engine protocol of mancala programs: the dialect
// of the Universal Chess Interface that the Oware engine Aalina and the
// Aualé program use, for any ruleset. It has both sides: [Serve] runs our
// engine ([search.AlphaBeta]) behind the protocol for the ruleset it is
// given, and a [Client] plays through any engine that speaks it, as a
// [search.Engine]. [ParseEngine] makes either kind of player from a text
// spec. The package knows no game: the ruleset says what the positions,
// the moves, the evaluation and the presets of the option Rules are.
//
// # Commands
//
// Commands, one a line, from the GUI or client: uci, isready, ucinewgame,
// setoption name N [value V], position startpos|fen F [moves M], go [wtime
// W] [btime B] [winc I] [binc I] [movestogo N] [movetime T] [depth D]
// [nodes N] [infinite] [ponder], stop, ponderhit, debug on|off, quit.
// Unknown words before a command are skipped.
//
// Positions: fen F is the ruleset's own position text when it has one
// (mancala.PositionNotation: for Awalé, Aalina's "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"),
// and the core's text otherwise (mancala.ParsePosition:
// "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S", which has spaces: F runs to "moves"
// or the end of the line). Moves are house letters, South's A, B, ... and
// North's a, b, ..., run together ("moves AfBa") or separated by spaces.
// At a simultaneous decision (mancala.BothTurn) a joint move is South's
// letter then North's ("Ab"): the engine reads the letters against the
// game, and joins the two that follow at such a decision.
//
// go: times are in milliseconds; South is white (wtime, winc), North
// black. Every number must be positive, but increments, which may be 0: a
// go with a zero or negative movetime, clock, movestogo, depth or nodes
// is refused as a whole (an info string, no bestmove). go ponder searches
// as go infinite. The limits pass to the search (search.Limits, whose
// search.TimeManager decides how long a move takes with a clock); the
// level's own limits apply too, the tighter of the two.
//
// # Answers
//
// id name/author, option lines and uciok; readyok; while thinking "info
// depth D score cp S nodes N nps R time T pv M..." after each completed
// iteration at a single player's decision, and one such line before every
// bestmove; then "bestmove X", or "bestmove 0000" when the game is over.
// At a simultaneous decision the bestmove is a joint move ("bestmove
// Ab"): each player's letter drawn from his optimal mixed strategy (see
// search.Result), so that a client that plays one side takes its side's
// letter, and the engine needs not know which side it plays. Scores are in
// hundredths of a seed from the side to move (from South at a
// simultaneous decision); a proven result of d seeds is reported beyond
// ±[ProvenScore] (ProvenScore+100·d for a win). The engine never writes
// an empty line.
//
// # Options
//
//   - Hash (spin, 1 to [MaxHashMB], default [DefaultHashMB]): the MB of
//     the engine's transposition tables in all: one table that the
//     threads share, or with SharedTable false, shared evenly among the
//     threads' tables.
//   - Threads (spin, 1 to [MaxThreads], default 1): search threads (see
//     search.AlphaBetaOptions.Threads).
//   - SharedTable (check, default true): the threads share one table and
//     each searches the whole tree (lazy SMP); false shares out the
//     root's moves among threads with tables of their own (see
//     search.AlphaBetaOptions.SharedTable).
//   - Rules (combo): the presets of the family of [EngineConfig].Rules
//     (mancala.FamilyOf), each named without the family's first word
//     ("abapa" for "awale abapa"), and the starting ruleset's name if it
//     is not one of them; setoption also reads any other ruleset name of
//     that family. A new value starts a new game. A ruleset without a
//     name has no option Rules.
//   - Level (combo: easy, medium, hard, max; see search.LevelOptions).
//   - OwnBook (check, default [EngineConfig].OwnBook): play from the
//     opening book, below.
//
// Option names are case-sensitive. A value out of its bounds is refused,
// before anything changes, with an info string that gives the
// *[OptionError], and the option keeps its value; so are unknown options.
//
// # The opening book
//
// With OwnBook on and a book ([EngineConfig].Book), a go in a position of
// the book answers the book's move without a search (after MinAnswer,
// like any quick answer), with "info string book move X (value V, depth
// D)" and an info line of the book's depth and score, then bestmove. The
// book answers only at level max, for a go without depth or nodes (a GUI
// that limits the depth asks for a weaker move) and not for go infinite
// or ponder (analysis), under the rules it was built for (by name), and
// within its plies of the start (see book.Book.Move). The library embeds
// no book: the examples/uci program gives the engine its Abapa book.
//
// # Endgame databases
//
// With [EngineConfig].Endgame the engine's searches consult an endgame
// oracle under the rules it started with. The engine answers uci with
// uciok and isready with readyok at once, whether or not the databases
// behind the oracle are loaded through: databases checked in the
// background (endgame.Open) answer for the counts found sound so far, and
// a search asks the oracle at each node, so it uses what is ready when it
// asks (the rest it searches as without databases). readyok does not wait
// for the check: a GUI's timeout on it is as short as on uciok, and the
// counts that matter are reached only late in a game. An error that the
// check finds later ([EngineConfig].EndgameCheck: a damaged file, whose
// count is then left out) is said once in an info string, before the
// readyok of the next isready or before the next go's search.
// [EngineConfig].EndgameNote says news the same way, once each: that
// databases built in the background have become available, say (the
// oracle behind Endgame may answer for more positions as time goes on).
//
// # Where we differ from Aalina
//
//   - isready is answered at once, even while a search runs; go during a
//     search is refused (with an info string), position is accepted and
//     applies to the next go, setoption is refused until the search ends,
//     and ucinewgame stops it. Aalina ignores all but stop, quit and
//     ponderhit while it thinks.
//   - Every refused or unknown command is explained in an "info string"
//     line, without debug on; Aalina drops a bad position silently.
//   - A position is refused as a whole (the previous one stays) when its
//     text is malformed, the board is not one of the rules', or a move is
//     illegal; the info string says which move.
//   - In the Aalina text the player to move must be S, N or - (a
//     finished game), where Aalina reads anything but S as North.
//   - We do not ponder: go ponder searches as go infinite, and ponderhit
//     ends the search as stop does. There are no options UseLeaves,
//     NoiseLevel, EngineTurn, UseCache or DrawSearch.
//   - info lines carry nodes, nps and time, which Aalina does not send.
//
// # The Aualé program
//
// The engine serves the Aualé program as its GUI sends its commands
// (testdata/auale holds sessions that its own engine code sent, and
// TestAualeRecordedSessions replays them; examples/uci/README.md says how
// they were recorded). Aualé reads only a house letter in bestmove and
// stops reading at an empty line, and its window drops a bestmove that
// comes while it is still sending the go: [EngineConfig].MinAnswer keeps
// a quick answer back.
//
// # The client
//
// A [Client] starts an engine ([Start]) or talks over given pipes
// ([NewClient]), waits for uciok within a generous time
// ([DefaultStartTimeout]), and for each move sends ucinewgame (for a game
// it has not seen, with the option Rules set to the game's ruleset when
// the engine lists that option: the preset's value that it lists, or the
// ruleset's name), the position from the game's start and a go with its
// time control: a fixed movetime, a clock with increment that it keeps
// for the engine, or a depth. An engine that refuses the rules (an info
// string that says so, as Serve writes) fails the game's first Choose
// with an error wrapping mancala.ErrUnsupported. At a simultaneous
// decision it takes its side's letter of the engine's joint bestmove (or
// a single letter of its side). An engine that crashes, does not answer
// within its time and a grace, or answers an illegal or unreadable move
// loses the game: Choose returns an *[EngineError] ([Forfeits] reports
// it) and the Client stays dead, its engine ended. An engine that [Start]
// runs is started in a process group of its own (on unix), and ending it
// ends the group: the programs that a wrapper script started with it end
// too. Lines it does not understand are skipped, as the protocol asks. An
// engine that lists the option EngineTurn (Aalina's: the side it plays,
// by which it signs its score of a draw) is told before a search whenever
// its side changes: "setoption name EngineTurn value south" (or north).
//
// # Concurrency
//
// Serve runs one search goroutine besides its own and returns after it
// ends. A Client is not safe for concurrent use; make one per game.
package uci

import "github.com/sowing-games/sowing/mancala/search"

var _ search.Engine = (*Client)(nil)

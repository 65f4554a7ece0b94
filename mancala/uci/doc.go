// Package uci speaks the engine protocol of Oware programs: the dialect of
// the Universal Chess Interface that the Aalina engine and the Aualé
// program use. It has both sides: [Serve] runs our engine (Awalé,
// [search.AlphaBeta]) behind the protocol, and a [Client] plays through any
// engine that speaks it, as a [search.Engine], so that tournaments can
// pit our engine against others and two builds of ours against each other.
// [ParseEngine] makes either kind of player from a text spec.
//
// # The dialect
//
// Commands, one a line, from the GUI or client: uci, isready, ucinewgame,
// setoption name N [value V], position startpos|fen F [moves M], go [wtime
// W] [btime B] [winc I] [binc I] [movestogo N] [movetime T] [depth D]
// [nodes N] [infinite] [ponder], stop, ponderhit, debug on|off, quit.
// Times are in milliseconds; South is white (wtime, winc), North black.
// Moves are house letters, South's A-F and North's a-f, run together
// ("moves AfBa"). A fen is the Aalina position text (see awale.ParseAalina):
// 12 house counts (South's A..F, North's a..f), the two stores and the
// player to move, dash-separated: "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S".
//
// Answers: id name/author, option lines and uciok; readyok; while thinking
// "info depth D score cp S nodes N nps R time T pv AbCd" after each
// completed iteration; then "bestmove X", or "bestmove 0000" when the game
// is over. Scores are in centiseeds from the side to move; a proven result
// of d seeds is reported beyond ±[ProvenScore] (ProvenScore+100·d for a
// win). Options: Hash (spin, MB per thread), Rules (combo: abapa, awari,
// default; see awale.Preset), Level (combo: easy, medium, hard, max; see
// search.LevelOptions), Threads (spin; see search.AlphaBetaOptions.Threads)
// and OwnBook (check, default true: play from the opening book, below).
// With a clock, the engine aims to spend on a move what is left shared
// over the moves it expects to come (30, fewer as the seeds on the board
// run out) plus three quarters of the increment: less when its best move
// has stood for several iterations, more when it has just changed. It
// begins no iteration that it expects to end past the move's hard limit
// (4 times the aim, at most a quarter of the clock), where one under way
// is stopped, and it answers a forced move at once.
//
// # The opening book
//
// With OwnBook on (off by default: the book showed no gain that 400 games
// could tell from none, examples/uci/ELO.md, change 9; the GUI turns it
// on, or [EngineConfig].OwnBook starts with it on), a go in a position of
// the book answers the book's move without a search (after MinAnswer,
// like any quick answer), with
// "info string book move X (value V, depth D)" and an info line of the
// book's depth and score, then bestmove. The book answers only at level
// max, for a go without depth or nodes (a GUI that limits the depth asks
// for a weaker move) and not for go infinite or ponder (analysis), under
// the rules it was built for, and within its plies of the start (see
// book.Book.Move: Abapa's endless-cycle rule makes the history matter
// only once a position repeats, which does not happen so early). The
// default book ([DefaultBook], embedded) holds every position of the Abapa
// rules within 3 moves of the start, each searched by the engine for 5
// seconds, built from the repository's root with
//
//	go run ./examples/uci book -plies 3 -time 5s -out mancala/uci/abapa.book
//
// [EngineConfig].Book gives another (mancala/book builds and reads them).
//
// # Where we differ from Aalina
//
//   - isready is answered at once, even while a search runs; go during a
//     search is refused (with an info string), position is accepted and
//     applies to the next go, setoption waits for the search to end, and
//     ucinewgame stops it. Aalina ignores all but stop, quit and ponderhit
//     while it thinks.
//   - Every refused or unknown command is explained in an "info string"
//     line, without debug on; Aalina drops a bad position silently.
//   - A position is refused as a whole (the previous one stays) when its
//     text is malformed, the board is not one of the rules', or a move is
//     illegal; the info string says which move. Moves may also be
//     separated by spaces.
//   - The fen's player to move must be S, N or - (a finished game), where
//     Aalina reads anything but S as North.
//   - We do not ponder: go ponder searches as go infinite, and ponderhit
//     ends the search as stop does. There are no options UseLeaves,
//     NoiseLevel, EngineTurn, UseCache or DrawSearch (setting them gives
//     an info string).
//   - Our opening book is our own (below), not Aalina's.
//   - info lines carry nodes, nps and time, which Aalina does not send.
//
// # The Aualé program
//
// We ran the Aualé program's own engine code against our engine: its
// uci.Engine and uci.Client (the process and the protocol), its Strength
// levels, its game.Match (which builds the position commands) and the
// window's GameLoop (which asks players for moves, ponders and stops), from
// github.com/joansalasoler/auale (uci/client.py at commit cceb448,
// uci/engine.py 8c6614e, uci/strength.py 83e1899, gui/services/game_loop.py
// 2aef5b5; game/match.py and game/oware.py of its 2.x series), headless on
// a GLib main loop, driving the examples/uci binary through whole games:
// engine against engine at each of its levels, a random player against the
// engine with pondering, a game from a set-up position, new games and a
// stop. The window itself was not run: its board texture and sounds are
// binary files that our copy of the program lacked.
//
// Aualé sends uci and waits 8 seconds for uciok; for each new match,
// ucinewgame and isready; then for each move "position startpos moves ..."
// or, after a capture, "position fen F moves ..." from the position after
// the last capture, and "go depth D movetime T" at its levels easy (2, 600
// ms), medium (6, 1200) and hard (16, 2400), or "go movetime 3600" (expert).
// At hard and expert the engine that has just moved ponders: "go ponder" on
// the position with its opponent to move, then stop once he has moved. It
// also sends stop to an engine whose bestmove it has just had (ignored). It
// reads only a house letter in bestmove ("bestmove 0000" is unknown to it)
// and stops reading at an empty line, so the engine never writes either. It
// never asks about a finished game (it could, pondering on the reply an
// engine predicts in "bestmove X ponder Y", but ours names none), and it
// sends nothing that our engine refuses. Its window drops a bestmove that
// comes while it is still sending the go (GameLoop holds a lock that the
// reading thread checks), and the game then waits for ever: a search that
// ends at once (a small depth, a proven result) must not answer at once. So
// the engine answers a go with a movetime no sooner than
// [EngineConfig.MinAnswer] (50ms in examples/uci). testdata/auale holds the
// commands that Aualé's code sent in those games; TestAualeRecordedSessions
// replays them and checks each answer as Aualé reads it.
//
// # The client
//
// A [Client] starts an engine ([Start]) or talks over given pipes
// ([NewClient]), waits for uciok within a generous time
// ([DefaultStartTimeout], for engines on a virtual machine), and for each
// move sends ucinewgame (for a game it has not seen), the position from the
// game's start and a go with its time control: a fixed movetime, a clock
// with increment that it keeps for the engine, or a depth. An engine that
// crashes, does not answer within its time and a grace, or answers an
// illegal or unreadable move loses the game: Choose returns an
// *[EngineError] ([Forfeits] reports it) and the Client stays dead. Lines
// it does not understand are skipped, as the protocol asks. An engine that
// lists the option EngineTurn (Aalina's: the side it plays, by which it
// signs its score of a draw) is told before a search whenever its side
// changes: "setoption name EngineTurn value south" (or north).
//
// # Concurrency
//
// Serve runs one search goroutine besides its own and returns after it
// ends. A Client is not safe for concurrent use; make one per game.
package uci

import "github.com/sowing-games/sowing/mancala/search"

var _ search.Engine = (*Client)(nil)

// Command uci is our engine behind the mancala engine protocol (the UCI
// dialect of Aalina and Aualé; see package mancala/uci), for Awalé by
// default or any registered game, and a match tool that measures one
// engine against another.
//
// Usage:
//
//	go run ./examples/uci [-game NAME] [-rules 'PRESET KEY=VALUE...'] [-houses N ...] [-level easy|medium|hard|max] [-hash MB] [-min-answer D]
//		[-ownbook] [-book FILE] [-endgame DIR [-endgame-stones K] [-endgame-approx] | -endgame-auto K [-endgame-auto-time D]]
//	go run ./examples/uci match -a SPEC -b SPEC [-games N] [-openings N] [-sprt ELO0,ELO1[,ALPHA,BETA]]
//		[-records FILE] [-results FILE] [-shard i/K|auto/K] [-resume] ...
//	go run ./examples/uci match merge FILE...
//	go run ./examples/uci book -plies N [-extend E [-reply-depth D] [-reply-time T]] [-depth D] [-time T] [-rules PRESET] -out FILE
//
// Without a subcommand it reads protocol commands on stdin and answers on
// stdout, so that a GUI can run it as its engine: point the GUI at a built
// binary (go build ./examples/uci). The game flags are those of package
// mancala/rulesflag, as in the other programs (-h lists the registered
// games, their presets and params): -game NAME serves that game's first
// preset, or the preset and words of -rules; -rules alone may be a whole
// ruleset name ("congkak overbeck", "kalah capture=standard houses=4") or
// a preset of the default game. Without either, the engine plays the
// rules of its embedded opening book (Awalé's Abapa). -min-answer D (default 50ms) is the
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
// the GUI switches to others, the engine searches without them. The
// engine opens them without reading them through (endgame.Open: on Linux
// the files are memory-mapped), so that it answers uci at once whatever
// their size (a GUI waits a few seconds for uciok; the 24-seed Awalé
// databases are 1.2 GiB); what cannot be opened (a missing count, a
// file of other rules, a wrong length, a named pipe) stops it before it
// serves, as before. The values and checksums are checked in the
// background, count after count from 0: isready is answered at once too,
// and until a count is checked the searches go without it. When the
// check is through the engine says so on standard error, with the time
// it took; a damaged file found then is said on standard error and, in an
// info string, to the GUI (see package mancala/uci), and its count is
// left out. ELO.md gives the time to uciok and to the end of the check.
//
// the GUI switches to others, the engine searches without them. Under
// abapa or default, a DIR that holds their bound tables (go run
// ./examples/endgame build -rules abapa -stones K) gives the engine those:
// proven wins, draws and losses where the bounds decide them, after a
// capture (search.EndgameBounder); -endgame-approx keeps its meaning
// there (the nearest exact rules' databases, not the bound tables, which
// with those as an evaluation measured no better: ELO.md change 12a).
//
// Without -endgame, the engine finds its databases itself (package
// examples/internal/autoendgame): at start it opens those of the rules it
// plays (under abapa or default, those of the nearest exact rules, as
// -endgame-approx would) that the user's cache directory holds, where go
// run ./examples/endgame build keeps them by default; once it has
// answered uciok it builds the missing counts there in the background,
// on one core, up to -endgame-auto K (default 20) and for at most
// -endgame-auto-time D a run (default 30m), after checking that the disk
// and the memory can hold them, with progress lines on standard error.
// The searches use them once the counts reach the bound (before, the
// engine plays as without databases), and an info string says so to the
// GUI before the next readyok or go. quit stops the build, and the
// next start goes on from the last count finished. -endgame-auto 0 turns
// it off. README.md gives the costs.
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
// -plies moves of the start, then with -extend E each line at -plies
// followed E moves further along the book's own moves (with -reply-depth
// or -reply-time, twice: the book to move and its opponent, the
// opponent's moves those of this engine searching so deep or so long,
// its positions not in the book), every book position
// searched by the engine (level max) to -depth
// or for -time each, into -out (saved every 30 seconds, atomically; the
// same command after an interruption resumes from the file), with a
// progress line for each position on standard error. The engine's
// embedded book was built with
//
//	go run ./examples/uci book -plies 2 -extend 20 -time 1500ms -reply-time 40ms -out examples/uci/abapa.book
//
// # Match
//
// match plays A against B under -rules (a whole ruleset name or a preset
// of the default game; default: the embedded book's rules, Abapa)
// from a set of balanced openings (-plies random moves from the start,
// kept when a depth-8 search values them within -balance seeds), each
// opening twice with the colours swapped, and prints A's wins, draws and
// losses, its score and the Elo difference with a 95% interval; each
// game's line, with the running score, goes to standard error. It is a
// thin command over package mancala/match. Games are numbered from 1, A
// South in the odd ones; -seed and the game's number alone seed the
// openings and the engines, so the output does not depend on -parallel.
// With -sprt ELO0,ELO1[,ALPHA,BETA] it runs a sequential probability
// ratio test of H0 "A is ELO0 stronger" against H1 "A is ELO1 stronger"
// (ALPHA and BETA default to 0.05) and stops after the first game, in
// game order, at which it decides, or after -games.
//
// An engine that fails as uci.Forfeits says (an external engine that
// fails to start, crashes, answers late or plays an illegal move) loses
// that game, whose line says so, and the match goes on; any other error
// stops the match (exit status 1, the summary counting the games played).
//
// -records FILE writes every game's record in game order (record text, or
// JSON lines if FILE ends in .json or .jsonl), as tournament -records
// does; -results FILE writes the games' results as JSON lines. Both are
// written whole or not at all. -shard i/K plays games i+1, i+1+K, ...
// only (auto/K: i from $JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID) and
// needs -results; uci match merge FILE... reads the -results files of the
// K shards and reports them as one run of the whole match would.
//
// While the match runs, its results go to FILE.partial, each game's line
// on the disk as the game ends. A match stopped early (Ctrl-C, a killed
// process, a lost machine) leaves it, and the same command line with
// -resume goes on from it: the games it holds are reported and written
// again, records included, and only the rest are played. With nothing to
// resume it starts the match, so that a batch system can pass -resume to
// every start; after a match that ended it plays nothing.
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
// uci.Players reads these specs (uci.ParseEngineOptions the engine: keys).
//
// Every spec but uci: also takes the keys endgame=DIR, endgame-stones=K
// and endgame-approx=on (rulesflags.EndgameKeys), the -endgame flags of
// the engine for that player alone, so that a match with databases
// against without is one command:
//
//	go run ./examples/uci match -rules awari -a engine:time=100ms,endgame=DIR -b engine:time=100ms
package main
